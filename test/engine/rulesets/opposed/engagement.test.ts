// Seed 003_094b90e5b0802384.txt: "Action" ("Attack Engaged: Within range of your ranged weapon and visible //
// Adjacent with your melee weapon(s)"), "Move" (Charge: "If you are not Engaged in combat already"), "Ranged Combat"
// (no shooting whilst Engaged without a Pistol; Dodge at Point Blank) and "Combat Difficulty" ("Shooting at Extreme
// range, up to three times weapon range"). Adjacent (less than a yard between the tokens) and Point Blank (a tenth of
// the weapon's Range) are our defaults: the seed names them without measuring them.
import { describe, expect, it } from "vitest";
import { charge, checkAttackReach, engagedAt, ENGAGED_WITHIN_YARDS, pointBlankAt, POINT_BLANK_SHARE } from "../../../../src/engine/rulesets/opposed";

describe("seed 003: Engaged and Point Blank from measured distances (our defaults)", () => {
  it("tokens that touch are Engaged; a yard's gap or more is not", () => {
    expect(ENGAGED_WITHIN_YARDS).toBe(1);
    expect([0, 0.5, 0.99, 1, 2].map(engagedAt)).toEqual([true, true, true, false, false]);
    expect(engagedAt(Number.NaN)).toBe(false);
  });
  it("a bow of Range 50 is at Point Blank within 5 yards; a weapon with no Range never is", () => {
    expect(POINT_BLANK_SHARE).toBe(0.1);
    expect([3, 5, 5.5].map((y) => pointBlankAt(y, 50))).toEqual([true, true, false]);
    expect(pointBlankAt(0, 0)).toBe(false);
  });
  it("'Charge': an Engaged fighter cannot; from 6 yards (Move 4, Run 16) it gains +1 Advantage", () => {
    expect(charge({ engaged: engagedAt(0), distance: 6, move: 4, advantage: 0 })).toMatchObject({ ok: false, refusal: { code: "opposed.cannotCharge" } });
    expect(charge({ engaged: engagedAt(5), distance: 6, move: 4, advantage: 0 })).toMatchObject({ ok: true, value: { result: { advantage: 1, gained: true } } });
  });
});

describe("seed 003 'Action' (Attack Engaged): what an attack reaches", () => {
  it("a melee attack reaches a foe beside the attacker, not one 3 yards off; without tokens the table's word stands", () => {
    expect(checkAttackReach(false, { engaged: false, yards: 3 }, 0)).toMatchObject({ ok: false, refusal: { code: "opposed.notAdjacent" } });
    expect(checkAttackReach(false, { engaged: true, yards: 1 }, 0).ok).toBe(true);
    expect(checkAttackReach(false, { engaged: null, yards: null }, 0).ok).toBe(true);
  });
  it("a shot reaches up to Extreme range (three times Range 50 = 150 yards), not 151", () => {
    expect(checkAttackReach(true, { engaged: false, yards: 150 }, 50).ok).toBe(true);
    expect(checkAttackReach(true, { engaged: false, yards: 151 }, 50)).toMatchObject({ ok: false, refusal: { code: "opposed.outOfShot", data: { yards: 151, farthest: 150 } } });
    expect(checkAttackReach(true, { engaged: false, yards: 900 }, 0).ok).toBe(true);
  });
});
