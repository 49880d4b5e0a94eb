// Seed 004_2f46e4f6196f6037.txt [16.5] (Trip and Shield Rush: a fall; Knockout; Entangle; Restrain, "freed
// by 1 point of effective damage to the holder"), [19] (unconscious, dead, a stun), [20.3] (a poisoned class
// A or B weapon, six hours, handled at 3 x modMD by a non-Assassin): what an attack card puts on whom.
import { describe, expect, it } from "vitest";
import { blockedShotSpendsFire, blowConditions, enduranceDamageTaken, freesRestrained, hostilePS, knocksOut, landingConditions, poisonHandling, stunDrops } from "../../../../src/engine/rulesets/pulse/card-effects";

const blow = { hit: true, kind: "normal" as const, damage: null, prone: false, restrained: false };

describe("seed 004 [16.5], [19]: the conditions a blow leaves on the figure struck", () => {
  it("a plain blow of 9 on EN 20 that leaves it alive and stunned: Stunned only", () => {
    expect(blowConditions({ ...blow, damage: { stun: true, state: "fine", effective: 9 } })).toEqual(["stun"]);
  });
  it("a stunning blow that kills: Dead, and no Stunned; one that leaves it unconscious: Unconscious and Stunned", () => {
    expect(blowConditions({ ...blow, damage: { stun: true, state: "dead", effective: 12 } })).toEqual(["dead"]);
    expect(blowConditions({ ...blow, damage: { stun: true, state: "unconscious", effective: 8 } })).toEqual(["unconscious", "stun"]);
  });
  it("a Trip whose fall check fails: Prone; a Knockout that strikes: knocked out; one that misses: nothing", () => {
    expect(blowConditions({ ...blow, kind: "trip", prone: true })).toEqual(["prone"]);
    expect(blowConditions({ ...blow, kind: "knockout" })).toEqual(["knockout"]);
    expect(blowConditions({ ...blow, kind: "knockout", hit: false })).toEqual([]);
    expect([knocksOut(true, "knockout"), knocksOut(false, "knockout"), knocksOut(true, "normal")]).toEqual([true, false, false]);
  });
  it("an Entangle that strikes: Entangled; a Restrain that held: Restrained", () => {
    expect(blowConditions({ ...blow, kind: "entangle" })).toEqual(["entangled"]);
    expect(blowConditions({ ...blow, kind: "restrain", restrained: true })).toEqual(["restrain"]);
  });
  it("a holder done 1 effective damage frees whom it holds; 0, or no damage, does not", () => {
    expect([freesRestrained({ effective: 1 }), freesRestrained({ effective: 0 }), freesRestrained(null)]).toEqual([true, false, false]);
  });
});

describe("seed 004 [20.3]: a poisoned weapon on the attack", () => {
  const sword = { poisoned: true, weaponClass: "B" as const };
  it("class B, poisoned an hour ago, modMD 15: handled at 45; by an Assassin: no risk", () => {
    expect(poisonHandling(sword, 3600, { assassin: false, modMD: 15 })).toEqual({ handlingTarget: 45 });
    expect(poisonHandling(sword, 3600, { assassin: true, modMD: 15 })).toEqual({ handlingTarget: null });
  });
  it("no poison: class C, seven hours old, or not poisoned; of unknown age it is taken as fresh", () => {
    expect(poisonHandling({ poisoned: true, weaponClass: "C" }, 0, { assassin: false, modMD: 15 })).toBeNull();
    expect(poisonHandling(sword, 7 * 3600, { assassin: false, modMD: 15 })).toBeNull();
    expect(poisonHandling({ ...sword, poisoned: false }, 0, { assassin: false, modMD: 15 })).toBeNull();
    expect(poisonHandling(sword, null, { assassin: false, modMD: 15 })).toEqual({ handlingTarget: 45 });
  });
});

describe("seed 004 [14.1], [19], [24], [13.6]: the smaller effects of cards", () => {
  it("[14.1] a clean landing leaves nothing; a failed one leaves the jumper Prone", () => {
    expect([landingConditions(true), landingConditions(false)]).toEqual([[], ["prone"]]);
  });
  it("[19] a failed weapon check drops the weapon; a passed one, or none, does not", () => {
    expect([stunDrops({ success: false }), stunDrops({ success: true }), stunDrops(null)]).toEqual([true, false, false]);
  });
  it("[24] starting Endurance 15, now 10: 5 taken; healed above the start: 0", () => {
    expect([enduranceDamageTaken(15, 10), enduranceDamageTaken(15, 16)]).toEqual([5, 0]);
  });
  it("[13.6] the hostile PS: Bran 14 and Cole 12 in the tangle, Cole no longer in close combat: 14", () => {
    expect(hostilePS([{ ps: 14, inClose: true }, { ps: 12, inClose: false }])).toBe(14);
    expect(hostilePS([])).toBe(0);
  });
});

describe("seed 004 [16.1]: 'Attacker may never check line of fire without executing the Fire action'", () => {
  it("a blocked shot in the shooter's own turn spends Fire; anywhere else it is refused", () => {
    expect([blockedShotSpendsFire(true), blockedShotSpendsFire(false)]).toEqual([true, false]);
  });
});
