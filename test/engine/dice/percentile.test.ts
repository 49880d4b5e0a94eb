// d100 roll-under tests: Success Levels, doubles and reversal from seed 003
// (seeds/003_094b90e5b0802384.txt), criticals for seed 002
// (seeds/002_e3c6bc76ba013433.txt), the percentage thresholds of seed 004
// (seeds/004_2f46e4f6196f6037.txt).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  criticalThreshold,
  DEFAULT_FRACTION_RULE,
  FixedDice,
  isDouble,
  NO_CRITICALS_RULE,
  percentileTest,
  reverseD100,
  rollPercentile,
  SeededDice,
  successLevel,
  type PercentileCriticalRule,
} from "../../../src/engine/dice";

describe("successLevel (seed 003: Damage = Weapon Damage + SL)", () => {
  it.each([
    [23, 45, 2],
    [45, 45, 0],
    [46, 45, 0],
    [1, 45, 4],
    [9, 45, 4],
    [10, 45, 3],
    [99, 45, -5],
    [100, 45, -6], // "00" reads 100, tens 10
    [5, 120, 12],
    [7, -5, -1], // floor(-5/10) = -1
    [7, -25, -3],
    [15, 0, -1],
  ])("roll %i against %i is SL %i", (roll, target, sl) => {
    expect(successLevel(roll, target)).toBe(sl);
  });
});

describe("isDouble (seed 003, 'Criticals and Fumbles'; 00 counts, as its Misfire shows)", () => {
  it("11, 22, ..., 99 and 00 are doubles; nothing else", () => {
    const doubles = [];
    for (let roll = 1; roll <= 100; roll++) if (isDouble(roll)) doubles.push(roll);
    expect(doubles).toEqual([11, 22, 33, 44, 55, 66, 77, 88, 99, 100]);
  });
});

describe("reverseD100 (seed 003, 'Attacking' step 2: reverse the roll for the hit location)", () => {
  it.each([
    [7, 70],
    [70, 7],
    [10, 1], // "10" -> "01"
    [1, 10],
    [100, 100], // "00" -> "00"
    [50, 5],
    [23, 32],
    [99, 99],
    [19, 91], // 91 falls in "90-00 Right Leg"
    [90, 9], // 09 falls in "01-09 Head"
  ])("%i reverses to %i", (roll, reversed) => {
    expect(reverseD100(roll)).toBe(reversed);
  });

  it("is its own inverse and a permutation of 1..100", () => {
    const seen = new Set<number>();
    for (let roll = 1; roll <= 100; roll++) {
      expect(reverseD100(reverseD100(roll))).toBe(roll);
      seen.add(reverseD100(roll));
    }
    expect(seen.size).toBe(100);
  });
});

describe("percentileTest", () => {
  it("seed 003 doubles rule: a successful double is a critical", () => {
    expect(percentileTest(33, 45)).toEqual({ roll: 33, target: 45, success: true, sl: 1, double: true, critical: true, fumble: false });
    expect(percentileTest(44, 44)).toMatchObject({ success: true, sl: 0, critical: true });
  });

  it("seed 003 doubles rule: a failed double is a fumble, 00 included", () => {
    expect(percentileTest(55, 45)).toEqual({ roll: 55, target: 45, success: false, sl: -1, double: true, critical: false, fumble: true });
    expect(percentileTest(100, 45)).toMatchObject({ success: false, sl: -6, double: true, fumble: true });
    expect(percentileTest(100, 100)).toMatchObject({ success: true, sl: 0, critical: true, fumble: false });
  });

  it("a plain success and a plain failure", () => {
    expect(percentileTest(12, 45)).toMatchObject({ success: true, double: false, critical: false, fumble: false });
    expect(percentileTest(46, 45)).toMatchObject({ success: false, sl: 0, critical: false, fumble: false });
  });

  describe("seed 002 section VII names criticals; our fraction rule fills them in", () => {
    it("is a tenth of the target and 96-00 by default", () => {
      expect(DEFAULT_FRACTION_RULE).toEqual({ kind: "fraction", successFraction: 0.1, failureFrom: 96 });
    });
    it.each([
      [4, 45, true, true, false],
      [5, 45, true, false, false],
      [33, 45, true, false, false], // a double is nothing special here
      [95, 45, false, false, false],
      [96, 45, false, false, true],
      [100, 45, false, false, true],
      [1, 5, true, true, false], // floor(0.5) = 0, raised to 1
      [1, 0, false, false, false], // a target of 0 cannot succeed, so no critical
      [96, 150, true, false, false], // a success is never a fumble
      [15, 150, true, true, false],
      [16, 150, true, false, false],
    ])("roll %i vs %i: success %s, critical %s, fumble %s", (roll, target, success, critical, fumble) => {
      expect(percentileTest(roll, target, DEFAULT_FRACTION_RULE)).toMatchObject({ success, critical, fumble });
    });
  });

  it("criticalThreshold rounds down without floating-point slips (seed 004 [18]: 15% and 5% of modSC)", () => {
    expect(criticalThreshold(100, 0.29)).toBe(29); // 100 * 0.29 = 28.999999999999996
    expect(criticalThreshold(100, 0.15)).toBe(15);
    expect(criticalThreshold(67, 0.15)).toBe(10);
    expect(criticalThreshold(60, 0.05)).toBe(3);
    expect(criticalThreshold(19, 0.05)).toBe(1);
    expect(criticalThreshold(-30, 0.1)).toBe(1);
  });

  it("the none rule never reports criticals or fumbles", () => {
    for (let roll = 1; roll <= 100; roll++) {
      const t = percentileTest(roll, 50, NO_CRITICALS_RULE);
      expect(t.critical || t.fumble).toBe(false);
    }
  });

  it("rollPercentile reads one d100", () => {
    expect(rollPercentile(new FixedDice({ 100: [37] }), 50)).toMatchObject({ roll: 37, success: true, sl: 2 });
    expect(rollPercentile(new FixedDice({ 100: [4] }), 45, DEFAULT_FRACTION_RULE).critical).toBe(true);
  });

  it("rejects rolls off the die, fractional targets and malformed rules", () => {
    expect(() => percentileTest(0, 50)).toThrow(RangeError);
    expect(() => percentileTest(101, 50)).toThrow(RangeError);
    expect(() => percentileTest(5.5, 50)).toThrow(RangeError);
    expect(() => percentileTest(5, 49.5)).toThrow("target must be an integer, got 49.5");
    expect(() => successLevel(0, 50)).toThrow(RangeError);
    expect(() => reverseD100(0)).toThrow(RangeError);
    expect(() => isDouble(101)).toThrow(RangeError);
    expect(() => percentileTest(5, 50, { kind: "fraction", successFraction: 1.5, failureFrom: 96 })).toThrow(RangeError);
    expect(() => percentileTest(5, 50, { kind: "fraction", successFraction: 0.1, failureFrom: 95.5 })).toThrow(RangeError);
    expect(() => percentileTest(5, 50, { kind: "best" } as unknown as PercentileCriticalRule)).toThrow("unknown critical rule");
    expect(() => rollPercentile(new SeededDice(1), 50.5)).toThrow(RangeError);
  });

  it("property: criticals are successes, fumbles are failures; under doubles they are exactly the doubles", () => {
    const rules: PercentileCriticalRule[] = [{ kind: "doubles" }, DEFAULT_FRACTION_RULE, NO_CRITICALS_RULE];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: -50, max: 200 }), fc.constantFrom(...rules), (roll, target, rule) => {
        const t = percentileTest(roll, target, rule);
        expect(t.success).toBe(roll <= target);
        if (t.critical) expect(t.success).toBe(true);
        if (t.fumble) expect(t.success).toBe(false);
        if (rule.kind === "doubles") expect(t.critical || t.fumble).toBe(t.double);
      }),
    );
  });
});
