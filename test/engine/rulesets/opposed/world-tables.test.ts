// Seed 003_094b90e5b0802384.txt, "Attacking" 2 ("Reverse your 'Roll to hit' Test
// result to determine a Hit Location (Table)"), "Criticals and Fumbles" ("Roll on
// the Oops! Table") and "Move" (Flee's free attack): every resolution reads the
// tables it is given, so a group's own Hit Locations or Oops! table changes the
// result of the same dice. Exact dice, exact outcomes; ours beside the group's.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import {
  DEFAULT_OPPOSED_TABLES,
  flee,
  fumbleEffects,
  landsOn,
  readHitLocationTable,
  readOopsTable,
  resolveFumble,
  resolveMeleeAttack,
  resolveRangedAttack,
  readTest,
  type Band,
  type HitTables,
  type Location,
  type MeleeAttackInput,
  type OopsEffect,
} from "../../../../src/engine/rulesets/opposed";

const must = <T>(o: { ok: true; value: T } | { ok: false }): T => {
  if (!o.ok) throw new Error("refused");
  return o.value;
};

/** A group's own Hit Locations: the head takes 01-40, the body the rest (read through the engine's reader, as the shell does). */
const headHeavy: readonly Band<Location>[] = must(
  readHitLocationTable([
    { from: 1, to: 40, value: "head" },
    { from: 41, to: 100, value: "body" },
  ]),
);
/** A group's own Oops!: every fumble loses the next Action, except 91-00 (hits someone nearby). */
const harshOops: readonly Band<OopsEffect>[] = must(
  readOopsTable([
    { from: 1, to: 90, value: "loseAction" },
    { from: 91, to: 100, value: "hitsAlly" },
  ]),
);
const theirs: HitTables = { hitLocations: headHeavy, oops: harshOops };

const noArmour = { head: 0, leftArm: 0, rightArm: 0, body: 0, leftLeg: 0, rightLeg: 0 };
const melee = (tables: HitTables): MeleeAttackInput => ({
  attacker: { id: "a", test: { target: 45 }, damage: 7, advantage: 0 },
  defender: { id: "d", test: { target: 40 }, surprised: false, toughnessBonus: 3, armour: { ...noArmour, rightArm: 2 }, woundsNow: 12, advantage: 0 },
  tables,
});

describe("seed 003 'Attacking' 2: the hit lands where the fight's Hit Locations table says", () => {
  it("the same dice (23 vs 45 against 57 vs 40, reversed 32) land on the right arm on ours and the head on the group's; the head has no armour, so one more Wound", () => {
    const ours = must(resolveMeleeAttack(melee(DEFAULT_OPPOSED_TABLES), new FixedDice({ 100: [23, 57] }))).result;
    expect(ours.hit).toMatchObject({ reversed: 32, location: "rightArm", damage: 10, wounds: { suffered: 5, woundsNow: 7 } });
    const group = must(resolveMeleeAttack(melee(theirs), new FixedDice({ 100: [23, 57] }))).result;
    expect(group.hit).toMatchObject({ reversed: 32, location: "head", damage: 10, wounds: { suffered: 7, woundsNow: 5 } });
  });

  it("a shot reads it too: 31 reversed is 13, the left arm on ours and the head on the group's", () => {
    const shot = (tables: HitTables) =>
      must(
        resolveRangedAttack(
          {
            attacker: { id: "a", test: { target: 50 }, damage: 8, pistol: false, blackpowder: false, engaged: false, advantage: 1 },
            defender: { id: "d", opposition: "none", test: null, toughnessBonus: 3, armour: noArmour, woundsNow: 10, pointBlank: false, largeShield: false },
            tables,
          },
          new FixedDice({ 100: [31] }),
        ),
      ).result.hit?.location;
    expect([shot(DEFAULT_OPPOSED_TABLES), shot(theirs)]).toEqual(["leftArm", "head"]);
  });

  it("'Combat Difficulty' (Hard): a called shot still lands where it was called, whatever the table", () => {
    expect(landsOn(21, "leftLeg", headHeavy)).toEqual({ reversed: 12, location: "leftLeg" });
    expect(landsOn(21, null, headHeavy)).toEqual({ reversed: 12, location: "head" });
  });

  it("'Move' (Flee): the free attack 43 vs 55 reverses to 34, the right arm on ours and the head on the group's", () => {
    const run = (tables: HitTables) =>
      must(
        flee(
          {
            fleer: { id: "f", cool: { target: 40 }, toughnessBonus: 3, armour: noArmour, woundsNow: 10 },
            opponent: { id: "o", melee: { target: 35 }, damage: 6, advantage: 1 },
            tables,
          },
          new FixedDice({ 100: [43, 61] }),
        ),
      ).result.hit?.location;
    expect([run(DEFAULT_OPPOSED_TABLES), run(theirs)]).toEqual(["rightArm", "head"]);
  });
});

describe("seed 003 'Criticals and Fumbles': a fumble rolls on the fight's Oops! table", () => {
  it("attacker 77 vs 45 fumbles and the Oops! die shows 65: ours loses the next Move, the group's the next Action", () => {
    const ours = must(resolveMeleeAttack(melee(DEFAULT_OPPOSED_TABLES), new FixedDice({ 100: [77, 30, 65] }))).result;
    expect(ours.fumbles.attacker.oops).toEqual({ roll: 65, effect: "loseMove", sl: 5 });
    const group = must(resolveMeleeAttack(melee(theirs), new FixedDice({ 100: [77, 30, 65] }))).result;
    expect(group.fumbles.attacker.oops).toEqual({ roll: 65, effect: "loseAction", sl: 5 });
    expect(group.fumbles.attacker.events.at(-1)).toMatchObject({ type: "oops", data: { who: "a", roll: 65, effect: "loseAction" } });
  });

  it("'Oops!' 91-00 hits someone nearby where the Hit Locations table puts the reversed Oops! roll: 93 reverses to 39, the right arm on ours and the head on the group's", () => {
    const fumble = resolveFumble("ada", readTest(77, { target: 45 }), false, new FixedDice({ 100: [93] }), harshOops);
    expect(fumble.oops).toEqual({ roll: 93, effect: "hitsAlly", sl: 3 });
    const armour = { head: 0, leftArm: 1, rightArm: 2, body: 2, leftLeg: 0, rightLeg: 0 };
    const ctx = { id: "ada", toughnessBonus: 3, armour, woundsNow: 10, weaponDamage: 7, others: [{ id: "bran", toughnessBonus: 3, armour, woundsNow: 12 }] };
    // 7 + SL 3 = 10 Damage, less Toughness Bonus 3 and the location's armour.
    // One other in the fight: no die picks the victim (a one-sided die cannot be rolled).
    expect(fumbleEffects(fumble, ctx, new FixedDice([]), DEFAULT_OPPOSED_TABLES.hitLocations).events[0]).toMatchObject({ data: { on: "bran", location: "rightArm", suffered: 5 } });
    expect(fumbleEffects(fumble, ctx, new FixedDice([]), headHeavy).events[0]).toMatchObject({ data: { on: "bran", location: "head", suffered: 7 } });
  });
});

describe("a group's table is taken whole or refused, with the table's name (seed 003 'Hit Locations' covers 01-00)", () => {
  it("a gap after the first result is refused naming the table and the result", () => {
    const r = readHitLocationTable(
      [
        { from: 1, to: 40, value: "head" },
        { from: 42, to: 100, value: "body" },
      ],
      "Our hit locations",
    );
    expect(r).toEqual({ ok: false, refusal: { code: "opposed.tables.band", message: "BOUT.Opposed.Tables.Refusal.band", data: { where: "Our hit locations", at: 2 } } });
  });
});
