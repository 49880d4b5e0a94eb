// Exact odds (src/engine/dice/odds.ts), checked against exact rational arithmetic
// and against hand-counted values from the seeds' dice.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  contestMarginDistribution,
  contestOdds,
  DEFAULT_FRACTION_RULE,
  dieSuccessChance,
  explodingDistribution,
  percentileDistribution,
  poolBotchProbability,
  poolSuccessDistribution,
  stressDistribution,
  stressReachProbability,
  type TieRule,
} from "../../../src/engine/dice";

// ---- exact rational reference (BigInt) -------------------------------------------

function choose(n: number, k: number): bigint {
  let c = 1n;
  for (let i = 0; i < k; i++) c = (c * BigInt(n - i)) / BigInt(i + 1);
  return c;
}

/** Numerators over faces^count of P(k successes). */
function exactPool(count: number, tn: number, faces: number): bigint[] {
  const good = BigInt(Math.min(faces, Math.max(0, faces - tn + 1)));
  const bad = BigInt(faces) - good;
  return Array.from({ length: count + 1 }, (_, k) => choose(count, k) * good ** BigInt(k) * bad ** BigInt(count - k));
}

/** A ratio of big integers as a double, off by about 2^-70 relative before rounding. */
function ratio(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const shift = Math.max(0, den.toString(2).length - num.toString(2).length + 70);
  return Number((num << BigInt(shift)) / den) / 2 ** shift;
}

function sum(values: Iterable<number>): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}

function expectRelative(actual: number, expected: number, tolerance = 1e-13): void {
  if (expected === 0) expect(actual).toBe(0);
  else expect(Math.abs(actual - expected) / expected).toBeLessThan(tolerance);
}

// ---- pools ----------------------------------------------------------------------------

describe("poolSuccessDistribution (seed 000 pools)", () => {
  it("small cases by hand", () => {
    expect(poolSuccessDistribution(0, 6)).toEqual([1]);
    expect(poolSuccessDistribution(1, 6)).toEqual([0.5, 0.5]);
    expect(poolSuccessDistribution(2, 6)).toEqual([0.25, 0.5, 0.25]);
    const three = poolSuccessDistribution(3, 7);
    [0.216, 0.432, 0.288, 0.064].forEach((p, k) => expect(three[k]).toBeCloseTo(p, 15));
  });

  it("TN at or below 1 always succeeds, TN above the faces never does", () => {
    expect(poolSuccessDistribution(3, 1)).toEqual([0, 0, 0, 1]);
    expect(poolSuccessDistribution(3, -4)).toEqual([0, 0, 0, 1]);
    expect(poolSuccessDistribution(3, 11)).toEqual([1, 0, 0, 0]);
    expect(poolSuccessDistribution(2, 7, 6)).toEqual([1, 0, 0]);
    expect(dieSuccessChance(11)).toBe(0);
    expect(dieSuccessChance(0)).toBe(1);
    expect(dieSuccessChance(8)).toBeCloseTo(0.3, 15);
  });

  it("40 dice at TN 6 is C(40,k) / 2^40 in every bin", () => {
    const dist = poolSuccessDistribution(40, 6);
    expect(dist).toHaveLength(41);
    for (let k = 0; k <= 40; k++) expectRelative(dist[k]!, Number(choose(40, k)) / 2 ** 40, 1e-14);
    expect(dist[0]).toBe(2 ** -40);
  });

  it("every count 0..40 at every TN 0..11 agrees with exact rational arithmetic to 1e-13 relative", () => {
    for (let count = 0; count <= 40; count++) {
      for (let tn = 0; tn <= 11; tn++) {
        const dist = poolSuccessDistribution(count, tn);
        const exact = exactPool(count, tn, 10);
        const den = 10n ** BigInt(count);
        exact.forEach((num, k) => expectRelative(dist[k]!, ratio(num, den)));
      }
    }
  });

  it("does not underflow for large pools", () => {
    const dist = poolSuccessDistribution(400, 10);
    expect(dist[40]).toBeGreaterThan(0.06);
    expect(Math.abs(sum(dist) - 1)).toBeLessThan(1e-12);
  });

  it("property: sums to 1 within 1e-12", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.integer({ min: -2, max: 22 }), fc.integer({ min: 2, max: 20 }), (count, tn, faces) => {
        const dist = poolSuccessDistribution(count, tn, faces);
        expect(dist).toHaveLength(count + 1);
        expect(dist.every((p) => p >= 0)).toBe(true);
        expect(Math.abs(sum(dist) - 1)).toBeLessThan(1e-12);
      }),
    );
  });

  it("rejects bad arguments with a RangeError", () => {
    expect(() => poolSuccessDistribution(-1, 6)).toThrow(RangeError);
    expect(() => poolSuccessDistribution(3, 6.5)).toThrow(RangeError);
    expect(() => poolSuccessDistribution(3, 6, 1)).toThrow(RangeError);
  });
});

describe("poolBotchProbability (seed 000 fumble: no successes and two or more 1s)", () => {
  it("by hand", () => {
    expect(poolBotchProbability(0, 6)).toBe(0);
    expect(poolBotchProbability(1, 6)).toBe(0);
    expect(poolBotchProbability(2, 6)).toBeCloseTo(0.01, 17);
    // 3 dice at TN 6: 5^3 - 4^3 - 3 * 4^2 = 13 outcomes in 1000.
    expect(poolBotchProbability(3, 6)).toBeCloseTo(0.013, 17);
    expect(poolBotchProbability(5, 1)).toBe(0);
    expect(poolBotchProbability(5, -2)).toBe(0);
    // TN 2: only 1s fail, so a botch is all 1s.
    expect(poolBotchProbability(4, 2)).toBeCloseTo(1e-4, 18);
  });

  it("agrees with exact arithmetic for counts 0..40 and TNs 0..12", () => {
    for (let count = 0; count <= 40; count++) {
      for (let tn = 0; tn <= 12; tn++) {
        const fail = BigInt(Math.min(10, Math.max(0, tn - 1)));
        const other = fail - 1n;
        const n = BigInt(count);
        let num = 0n;
        if (fail > 0n && count >= 2) num = fail ** n - (other < 0n ? 0n : other ** n) - n * (other < 0n ? 0n : other ** (n - 1n));
        expectRelative(poolBotchProbability(count, tn), ratio(num, 10n ** n));
      }
    }
  });

  it("is the botch share of the zero-success bin", () => {
    for (let count = 0; count <= 12; count++) {
      for (let tn = 2; tn <= 11; tn++) expect(poolBotchProbability(count, tn)).toBeLessThanOrEqual(poolSuccessDistribution(count, tn)[0]! + 1e-18);
    }
  });
});

// ---- contests -------------------------------------------------------------------------

describe("contestMarginDistribution (seed 000, Margin of Success)", () => {
  it("1 die against 1 die at TN 6", () => {
    expect(contestMarginDistribution(1, 6, 1, 6)).toEqual(
      new Map([
        [-1, 0.25],
        [0, 0.5],
        [1, 0.25],
      ]),
    );
  });

  it("leaves out margins that cannot happen, keeps ascending order", () => {
    expect([...contestMarginDistribution(2, 1, 3, 11).keys()]).toEqual([2]);
    const keys = [...contestMarginDistribution(3, 6, 2, 6).keys()];
    expect(keys).toEqual([-2, -1, 0, 1, 2, 3]);
  });

  it("8 dice at TN 6 against 6 dice at TN 7 agrees with exact arithmetic", () => {
    const a = exactPool(8, 6, 10);
    const b = exactPool(6, 7, 10);
    const den = 10n ** 14n;
    const dist = contestMarginDistribution(8, 6, 6, 7);
    for (let m = -6; m <= 8; m++) {
      let num = 0n;
      for (let i = 0; i <= 8; i++) if (i - m >= 0 && i - m <= 6) num += a[i]! * b[i - m]!;
      expectRelative(dist.get(m) ?? 0, ratio(num, den));
    }
  });

  it("property: sums to 1, and swapping the pools mirrors the margins exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 12 }),
        (n1, tn1, n2, tn2) => {
          const ab = contestMarginDistribution(n1, tn1, n2, tn2);
          const ba = contestMarginDistribution(n2, tn2, n1, tn1);
          expect(Math.abs(sum(ab.values()) - 1)).toBeLessThan(1e-12);
          expect(ba.size).toBe(ab.size);
          for (const [m, p] of ab) expect(ba.get(-m)).toBe(p);
        },
      ),
    );
  });
});

describe("contestOdds", () => {
  it("ties go where the rule says", () => {
    expect(contestOdds(1, 6, 1, 6, "none")).toEqual({ first: 0.25, second: 0.25, tie: 0.5 });
    expect(contestOdds(1, 6, 1, 6, "first")).toEqual({ first: 0.75, second: 0.25, tie: 0 });
    expect(contestOdds(1, 6, 1, 6, "second")).toEqual({ first: 0.25, second: 0.75, tie: 0 });
    expect(contestOdds(0, 6, 0, 6, "first")).toEqual({ first: 1, second: 0, tie: 0 });
    expect(() => contestOdds(1, 6, 1, 6, "both" as TieRule)).toThrow(RangeError);
  });
});

// ---- percentile -------------------------------------------------------------------------

describe("percentileDistribution", () => {
  it("target 45, seed 003 doubles: 11-44 critical, 55-00 fumble", () => {
    const d = percentileDistribution(45);
    expect(d.success).toBe(0.45);
    expect(d.critical).toBe(0.04);
    expect(d.fumble).toBe(0.06);
    expect(d.sl).toEqual(
      new Map([
        [-6, 0.01],
        [-5, 0.1],
        [-4, 0.1],
        [-3, 0.1],
        [-2, 0.1],
        [-1, 0.1],
        [0, 0.1],
        [1, 0.1],
        [2, 0.1],
        [3, 0.1],
        [4, 0.09],
      ]),
    );
  });

  it("target 45, our fraction rule for seed 002: 01-04 critical, 96-00 fumble", () => {
    const d = percentileDistribution(45, DEFAULT_FRACTION_RULE);
    expect(d).toMatchObject({ success: 0.45, critical: 0.04, fumble: 0.05 });
  });

  it("targets out of 1..100", () => {
    expect(percentileDistribution(0)).toMatchObject({ success: 0, critical: 0, fumble: 0.1 });
    expect(percentileDistribution(100)).toMatchObject({ success: 1, critical: 0.1, fumble: 0 });
    expect(percentileDistribution(-20, DEFAULT_FRACTION_RULE)).toMatchObject({ success: 0, critical: 0, fumble: 0.05 });
    expect(percentileDistribution(130, { kind: "none" })).toMatchObject({ success: 1, critical: 0, fumble: 0 });
  });

  it("property: SL probabilities sum to 1 within 1e-12", () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 250 }), (target) => {
        expect(Math.abs(sum(percentileDistribution(target).sl.values()) - 1)).toBeLessThan(1e-12);
      }),
    );
  });
});

// ---- stress die -------------------------------------------------------------------------

describe("stressDistribution (seed 001's stress die)", () => {
  const { probabilities: p, truncated } = stressDistribution();

  it("hand-counted totals, where runs of 1s land on the same total", () => {
    expect(p.get(0)).toBeCloseTo(0.1, 16); // the first-roll 0
    expect(p.get(1)).toBeUndefined(); // a 1 always rerolls
    expect(p.get(3)).toBeCloseTo(0.1, 16);
    expect(p.get(4)).toBeCloseTo(0.11, 16); // 4, or 1 then 2
    expect(p.get(8)).toBeCloseTo(0.111, 16); // 8, 1-4, 1-1-2
    expect(p.get(14)).toBeCloseTo(0.01, 16); // 1 then 7
    expect(p.get(16)).toBeCloseTo(0.0111, 16); // 1-8, 1-1-4, 1-1-1-2
    expect(p.get(20)).toBeCloseTo(0.011, 16); // 1 then 0 (read 10), 1-1-5
    expect(p.get(28)).toBeCloseTo(0.001, 16); // 1-1-7
    expect(p.get(40)).toBeCloseTo(0.0011, 16); // 1-1-0, 1-1-1-5
    expect(p.get(10)).toBeCloseTo(0.01, 16); // 1 then 5
    expect(p.get(11)).toBeUndefined(); // odd totals above 9 cannot happen
  });

  it("accounts for all the mass: listed plus truncated is 1", () => {
    expect(truncated).toBeGreaterThan(0);
    expect(truncated).toBeLessThan(1e-15);
    expect(Math.abs(sum(p.values()) + truncated - 1)).toBeLessThan(1e-15);
    const keys = [...p.keys()];
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
  });

  it("has mean 5.75 (4.4 from the first roll, 5.4 x (0.2 + 0.04 + ...) from the runs)", () => {
    let mean = 0;
    for (const [t, q] of p) mean += t * q;
    expect(mean).toBeCloseTo(5.75, 10);
  });

  it("a coarse epsilon cuts the chain early and says how much it cut", () => {
    const coarse = stressDistribution(1e-3);
    expect(coarse.truncated).toBeCloseTo(1e-4, 18);
    expect(Math.max(...coarse.probabilities.keys())).toBe(80); // 0 after 1-1-1
    expect(Math.abs(sum(coarse.probabilities.values()) + coarse.truncated - 1)).toBeLessThan(1e-15);
    expect(() => stressDistribution(0)).toThrow(RangeError);
  });
});

describe("stressReachProbability", () => {
  it("by hand", () => {
    expect(stressReachProbability(0, 0)).toEqual({ reach: expect.closeTo(0.99, 15), botch: expect.closeTo(0.01, 16) });
    expect(stressReachProbability(0, 0, 0)).toEqual({ reach: expect.closeTo(1, 15), botch: 0 });
    expect(stressReachProbability(0, 0, 3).botch).toBeCloseTo(0.0271, 16);
    // Ease 6: faces 6-9, then 1 followed by 3..0, then every longer run.
    expect(stressReachProbability(0, 6).reach).toBeCloseTo(0.49, 15);
    // Bonus 3 against ease 10 needs 7.
    expect(stressReachProbability(3, 10).reach).toBeCloseTo(0.38, 15);
    // Needing 100: 16 x 7..10, 32 x 4..10, and every run of six or more 1s.
    expect(stressReachProbability(0, 100).reach).toBeCloseTo(4.8e-5, 18);
    // A bonus that meets the ease alone: only a botch fails.
    expect(stressReachProbability(12, 9).reach).toBeCloseTo(0.99, 15);
  });

  it("agrees with the distribution for every ease from -5 to 300", () => {
    const { probabilities: p, truncated } = stressDistribution();
    for (let need = -5; need <= 300; need++) {
      let atLeast = 0;
      for (const [t, q] of p) if (t >= need) atLeast += q;
      const { reach, botch } = stressReachProbability(4, need + 4);
      expect(Math.abs(reach - (atLeast - (need <= 0 ? botch : 0)))).toBeLessThanOrEqual(truncated + 1e-15);
    }
  });

  it("rejects non-integers", () => {
    expect(() => stressReachProbability(0.5, 6)).toThrow(RangeError);
    expect(() => stressReachProbability(0, 6, -1)).toThrow(RangeError);
  });
});

// ---- exploding die -------------------------------------------------------------------

describe("explodingDistribution (seed 002 V.d)", () => {
  it("d10: 1-9 a tenth each, 11-19 a hundredth, never a multiple of 10, mean 55/9", () => {
    const { probabilities: p, truncated } = explodingDistribution();
    expect(p.get(1)).toBe(0.1);
    expect(p.get(9)).toBe(0.1);
    expect(p.get(10)).toBeUndefined();
    expect(p.get(11)).toBeCloseTo(0.01, 17);
    expect(p.get(24)).toBeCloseTo(0.001, 18); // 10, 10, 4
    expect(Math.abs(sum(p.values()) + truncated - 1)).toBeLessThan(1e-15);
    let mean = 0;
    for (const [t, q] of p) mean += t * q;
    expect(mean).toBeCloseTo(55 / 9, 10);
  });

  it("d6, coarse", () => {
    const { probabilities: p, truncated } = explodingDistribution(6, 0.01);
    expect([...p.keys()]).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17]);
    expect(truncated).toBeCloseTo(1 / 216, 17);
    expect(() => explodingDistribution(2000)).toThrow(RangeError);
    expect(() => explodingDistribution(10, -1)).toThrow(RangeError);
  });

  it("property: listed plus truncated mass is 1 within 1e-12", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 30 }), fc.double({ min: 1e-15, max: 0.5, noNaN: true }), (faces, epsilon) => {
        const { probabilities, truncated } = explodingDistribution(faces, epsilon);
        expect(truncated).toBeLessThan(epsilon);
        expect(Math.abs(sum(probabilities.values()) + truncated - 1)).toBeLessThan(1e-12);
      }),
    );
  });
});
