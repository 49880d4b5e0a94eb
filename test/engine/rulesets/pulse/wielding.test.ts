// Seed 004_2f46e4f6196f6037.txt [16.4] (fire, grapple and melee attacks), [17.3] (a broken weapon "cannot
// strike until repaired"), [16.5] (Disarm: an item in hand; Trip and a stuck weapon on man-sized figures),
// [22] (multi-hex figures): what a figure fights with, exact answers.
import { describe, expect, it } from "vitest";
import { disarmableItems, firesMissiles, hexesCovered, manSized, poleInHand, readyWeapon, shieldCanRush, strikeAction, strikeTypeOf, weaponRank } from "../../../../src/engine/rulesets/pulse/wielding";

const w = (id: string, equipped: boolean, use: string, broken = false) => ({ id, equipped, stats: { use, broken } });

describe("seed 004 [16.4]: the kind of strike a weapon makes", () => {
  it("a bow or a thrown dagger fires; a sword swings in melee, and grapples in close combat; a bow in close combat still fires", () => {
    expect([firesMissiles("missile"), firesMissiles("thrown"), firesMissiles("melee"), firesMissiles("pole"), firesMissiles(undefined)]).toEqual([true, true, false, false, false]);
    expect(strikeTypeOf("missile", false)).toBe("fire");
    expect(strikeTypeOf("missile", true)).toBe("fire");
    expect(strikeTypeOf("melee", false)).toBe("melee");
    expect(strikeTypeOf("melee", true)).toBe("grapple");
    expect([strikeAction("melee"), strikeAction("fire"), strikeAction("grapple")]).toEqual(["meleeAttack", "fire", "grapple"]);
  });
});

describe("seed 004 [17.3]: the weapon in hand (readyWeapon)", () => {
  it("the broken sword is passed over for the dagger; a carried axe is not in hand; none ready: null", () => {
    const weapons = [w("axe", false, "melee"), w("sword", true, "melee", true), w("dagger", true, "melee")];
    expect(readyWeapon(weapons)?.id).toBe("dagger");
    expect(readyWeapon([w("sword", true, "melee", true), w("axe", false, "melee")])).toBeNull();
  });
});

describe("seed 004 [16.5] Disarm: what the target can drop", () => {
  it("the sword and the buckler in hand; not the bare hands, the sheathed dagger or the shield on the back", () => {
    const items = disarmableItems([w("fists", true, "unarmed"), w("sword", true, "melee"), w("dagger", false, "melee")], [{ id: "buckler", equipped: true }, { id: "tower", equipped: false }]);
    expect(items.map((i) => i.id)).toEqual(["sword", "buckler"]);
  });
});

describe("seed 004 [16.5], [22]: man-sized figures", () => {
  it("one hex is man-sized; a token of 4 hexes on the map makes a sheet's 1-hex figure large; off the map the sheet says it", () => {
    expect([manSized(1), manSized(2)]).toEqual([true, false]);
    expect(hexesCovered(1, 4)).toBe(4);
    expect(hexesCovered(3, null)).toBe(3);
    expect(manSized(hexesCovered(1, null))).toBe(true);
  });
});

describe("seed 004 [12.3] 'IV = modAG + PC + Rank', [21]: the rank a figure's weapon counts", () => {
  it("a rank 3 sword: 3; bare fangs of rank 0 with Unarmed Combat 8: 8; bare hands of rank 5 with Unarmed 2: 5; no weapon: 0", () => {
    expect(weaponRank({ use: "melee", rank: 3 }, 8)).toBe(3);
    expect(weaponRank({ use: "unarmed", rank: 0 }, 8)).toBe(8);
    expect(weaponRank({ use: "unarmed", rank: 5 }, 2)).toBe(5);
    expect(weaponRank(null, 8)).toBe(0);
  });
});

describe("seed 004 [14.2-8], [17.3]: \"a pole weapon\" is the one in hand", () => {
  it("a broken boar spear first on the sheet leaves the sword in hand: no pole weapon; mended, it is; unequipped, not", () => {
    expect(poleInHand([w("spear", true, "pole", true), w("sword", true, "melee")])).toBe(false);
    expect(poleInHand([w("spear", true, "pole"), w("sword", true, "melee")])).toBe(true);
    expect(poleInHand([w("spear", false, "pole"), w("sword", true, "melee")])).toBe(false);
    expect(poleInHand([])).toBe(false);
  });
});

describe("seed 004 [16.5] Shield Rush: a shield that can rush", () => {
  it("a buckler carried ready can; a tower shield (cannot rush), a broken buckler, or one not carried cannot", () => {
    const shield = (equipped: boolean, canRush: boolean, broken = false) => ({ equipped, stats: { canRush, broken } });
    expect([shieldCanRush([shield(true, true)]), shieldCanRush([shield(true, false)]), shieldCanRush([shield(true, true, true)]), shieldCanRush([shield(false, true)]), shieldCanRush([shield(true, false), shield(true, true)])]).toEqual([true, false, false, false, true]);
  });
});
