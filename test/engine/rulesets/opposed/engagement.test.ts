// Seed 003_094b90e5b0802384.txt: "Action" ("Attack Engaged: Within range of your ranged weapon and visible //
// Adjacent with your melee weapon(s)"), "Move" (Charge: "If you are not Engaged in combat already"), "Ranged Combat"
// (no shooting whilst Engaged without a Pistol; Dodge at Point Blank) and "Combat Difficulty" ("Shooting at Extreme
// range, up to three times weapon range"). Adjacent (less than a yard between the tokens) and Point Blank (a tenth of
// the weapon's Range) are our defaults: the seed names them without measuring them.
import { describe, expect, it } from "vitest";
import { attackModifier, charge, checkAttackReach, engagedAt, ENGAGED_WITHIN_YARDS, pointBlankAt, POINT_BLANK_SHARE, SHOT_RANGE_MODIFIER, shotRangeAt } from "../../../../src/engine/rulesets/opposed";

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

// "Combat Difficulty": Point Blank Easy (+40), Short Range "less than half weapon range" Average (+20), Long Range "up
// to double weapon range" Difficult (-10), Extreme "up to three times weapon range" Very Hard (-50), else Challenging.
describe("seed 003 'Combat Difficulty': the range a shot goes, from the measured yards and the weapon's Range", () => {
  it("a bow of Range 50: 5 yards Point Blank, 24 Short, 25 and 50 within Range, 51 and 100 Long, 101 and 150 Extreme", () => {
    expect([0, 5, 5.1, 24, 24.9, 25, 50, 51, 100, 101, 150].map((y) => shotRangeAt(y, 50))).toEqual([
      "pointBlank", "pointBlank", "short", "short", "short", "normal", "normal", "long", "long", "extreme", "extreme",
    ]);
    expect(shotRangeAt(30, 0)).toBeNull();
    expect(SHOT_RANGE_MODIFIER).toEqual({ pointBlank: 40, short: 20, normal: 0, long: -10, extreme: -50 });
  });

  it("the range's step joins the shot's modifier beside the others; a blow ignores it", () => {
    const shot = { modifier: 0, actionPenalty: 0, ranged: true, sizeModifier: 0 };
    expect(["pointBlank", "short", "normal", "long", "extreme"].map((r) => attackModifier({ ...shot, shotRange: r as never }))).toEqual([40, 20, 0, -10, -50]);
    expect(attackModifier({ ...shot, shotRange: "long", targetProne: true })).toBe(10);
    expect(attackModifier({ ...shot, ranged: false, shotRange: "extreme" })).toBe(0);
    expect(attackModifier({ ...shot, shotRange: null })).toBe(0);
  });
});
