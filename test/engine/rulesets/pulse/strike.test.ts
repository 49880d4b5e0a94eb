// Seed 004_2f46e4f6196f6037.txt, [17] Resolving Attempted Attacks, [17.5] Defense Rating, [18] Damage (grades).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import {
  defenseTerms,
  readStrike,
  resolveStrike,
  shieldCounts,
  strikeChance,
  strikeGrade,
  strikeTerms,
  sumTerms,
  type StrikeInput,
} from "../../../../src/engine/rulesets/pulse";

const base: StrikeInput = {
  attack: "normal",
  baseChance: 40,
  modMD: 15,
  ranked: true,
  rank: 3,
  defense: 0,
  charging: false,
  withdrawingOffensively: false,
  modifiers: [],
};

describe("seed 004 [17.1] Strike Chance", () => {
  it("ranked SC = base + modMD + 4 x rank: 40 + 15 + 12 = 67", () => {
    expect(strikeChance(40, 15, true, 3)).toBe(67);
    expect(sumTerms(strikeTerms(base))).toBe(67);
  });
  it("unranked SC is the base chance alone", () => {
    expect(strikeChance(40, 15, false, 3)).toBe(40);
    expect(sumTerms(strikeTerms({ ...base, ranked: false }))).toBe(40);
  });
  it("the target's Defense and situational modifiers come off: 67 - 18 - 5 = 44", () => {
    expect(sumTerms(strikeTerms({ ...base, defense: 18, modifiers: [{ key: "gm", value: -5 }] }))).toBe(44);
  });
  it("[13.3] an offensive withdrawal strikes at -20", () => {
    expect(sumTerms(strikeTerms({ ...base, withdrawingOffensively: true }))).toBe(47);
  });
  it("[16.5] knockout -15, disarm -20, trip base 40, shield rush base 40 (+20 charging), unranked", () => {
    expect(sumTerms(strikeTerms({ ...base, attack: "knockout" }))).toBe(52);
    expect(sumTerms(strikeTerms({ ...base, attack: "disarm" }))).toBe(47);
    expect(sumTerms(strikeTerms({ ...base, baseChance: 55, attack: "trip" }))).toBe(67);
    expect(sumTerms(strikeTerms({ ...base, attack: "shieldRush" }))).toBe(40);
    expect(sumTerms(strikeTerms({ ...base, attack: "shieldRush", charging: true }))).toBe(60);
    expect(sumTerms(strikeTerms({ ...base, attack: "trip", charging: true }))).toBe(67);
  });
});

describe("seed 004 [18] reading the Strike Check against modSC", () => {
  it("modSC 60: 3 or less grievous (5%), 9 or less through armour (15%), 60 hit, 61 miss", () => {
    expect(strikeGrade(3, 60)).toBe("grievous");
    expect(strikeGrade(4, 60)).toBe("endurance");
    expect(strikeGrade(9, 60)).toBe("endurance");
    expect(strikeGrade(10, 60)).toBe("hit");
    expect(strikeGrade(60, 60)).toBe("hit");
    expect(strikeGrade(61, 60)).toBe("miss");
  });
  it("modSC 67: 5% is 3.35 so 3 is grievous and 4 is not; 15% is 10.05 so 10 goes through armour", () => {
    expect(strikeGrade(3, 67)).toBe("grievous");
    expect(strikeGrade(4, 67)).toBe("endurance");
    expect(strikeGrade(10, 67)).toBe("endurance");
    expect(strikeGrade(11, 67)).toBe("hit");
  });
  it("a modSC below 20 has no grievous roll at all (5% of 19 is under 1)", () => {
    expect(strikeGrade(1, 19)).toBe("endurance");
    expect(strikeGrade(1, 20)).toBe("grievous");
  });
  it("property: the grades never grow better as the roll rises", () => {
    const order = { grievous: 0, endurance: 1, hit: 2, miss: 3 } as const;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99 }), fc.integer({ min: -50, max: 200 }), (roll, sc) => {
        expect(order[strikeGrade(roll, sc)]).toBeLessThanOrEqual(order[strikeGrade(roll + 1, sc)]);
      }),
    );
  });
});

describe("seed 004 [17.4] parry opens more than 30 over modSC, only for an evading defender", () => {
  it("modSC 40: 70 does not open a parry, 71 does; not when the defender is not evading", () => {
    const terms = [{ key: "x", value: 40 }];
    expect(readStrike(70, terms, true).parryOpen).toBe(false);
    expect(readStrike(71, terms, true).parryOpen).toBe(true);
    expect(readStrike(71, terms, false).parryOpen).toBe(false);
  });
});

describe("seed 004 [17.3] 99 may break the weapon, 100 may drop it", () => {
  it("reads the risk from the roll", () => {
    const terms = [{ key: "x", value: 50 }];
    expect(readStrike(99, terms, false).risk).toBe("break");
    expect(readStrike(100, terms, false).risk).toBe("drop");
    expect(readStrike(98, terms, false).risk).toBe(null);
  });
});

describe("seed 004 [17.5] Defense Rating", () => {
  const d = { modAG: 14, shield: 6, from: 0 as const, shieldHand: "left" as const, stunned: false, incapacitated: false, withdrawingDefensively: false };
  it("modAG plus the shield from the front; no shield from the rear", () => {
    expect(sumTerms(defenseTerms(d))).toBe(20);
    expect(sumTerms(defenseTerms({ ...d, from: 3 }))).toBe(14);
  });
  it("no Defense at all when stunned or incapacitated", () => {
    expect(defenseTerms({ ...d, stunned: true })).toEqual([]);
    expect(defenseTerms({ ...d, incapacitated: true })).toEqual([]);
  });
  it("[13.3] a defensive withdrawal with a shield adds 20", () => {
    expect(sumTerms(defenseTerms({ ...d, withdrawingDefensively: true }))).toBe(40);
    expect(sumTerms(defenseTerms({ ...d, shield: 0, withdrawingDefensively: true }))).toBe(14);
  });
  it("optional facing rule: only straight ahead and on the shield's side", () => {
    expect([0, 1, 2, 3, 4, 5].map((s) => shieldCounts(s as 0, "left", true))).toEqual([true, false, false, false, true, true]);
    expect([0, 1, 2, 3, 4, 5].map((s) => shieldCounts(s as 0, "right", true))).toEqual([true, true, true, false, false, false]);
    expect([0, 1, 2, 3, 4, 5].map((s) => shieldCounts(s as 0, "left", false))).toEqual([true, true, true, false, true, true]);
  });
});

describe("seed 004 [17] resolveStrike with exact dice", () => {
  it("rolls one d100 and reports the grade as events", () => {
    const out = resolveStrike({ ...base, evading: false }, new FixedDice({ 100: [5] }));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.result).toMatchObject({ roll: 5, modSC: 67, grade: "endurance", hit: true, toEndurance: true, grievous: false });
    expect(out.value.events.map((e) => e.type)).toEqual(["StrikeHit", "ThroughArmour"]);
  });
  it("refuses a non-number or negative rank without rolling", () => {
    const dice = new FixedDice({ 100: [5] });
    const bad = resolveStrike({ ...base, rank: -1, evading: false }, dice);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.refusal.code).toBe("pulse.outOfRange");
    const nan = resolveStrike({ ...base, modMD: Number.NaN, evading: false }, dice);
    expect(!nan.ok && nan.refusal.code).toBe("pulse.notANumber");
    expect(dice.remaining()).toBe(1);
  });
});
