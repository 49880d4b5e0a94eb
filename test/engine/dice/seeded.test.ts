// The dice sources that need no Foundry (src/engine/dice/seeded.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice, fnv1a32, SeededDice, seedToUint32, splitmix32 } from "../../../src/engine/dice";

// Upper 1e-6 quantile of chi-square with `df` degrees of freedom (Wilson-Hilferty).
function chiSquareCritical(df: number): number {
  const z = 4.753;
  const h = 2 / (9 * df);
  return df * (1 - h + z * Math.sqrt(h)) ** 3;
}

describe("fnv1a32", () => {
  it("matches the published FNV-1a 32-bit test vectors", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });
});

describe("SeededDice", () => {
  // These words were checked against a C transcription of PractRand's sfc32 and
  // of the same splitmix32 seeding, compiled with gcc.
  it.each([
    [0, [548183886, 1097162541, 2219297441, 1664216021, 3479288465, 3033988455]],
    [42, [3825871779, 1851418855, 1383259262, 890322987, 2796912455, 4258306155]],
    ["bout", [4046801365, 2958999598, 1323884491, 2859701556, 2601026234, 2186942551]],
    ["héllo", [4290986776, 3255381963, 4183723652, 1758682318, 2290733671, 8289197]],
  ] as const)("seed %s produces the reference sfc32 words", (seed, words) => {
    const dice = new SeededDice(seed);
    expect(Array.from({ length: 6 }, () => dice.nextUint32())).toEqual(words);
  });

  it("maps seeds to 32 bits: small integers as they are, others by hash", () => {
    expect(seedToUint32(7)).toBe(7);
    expect(seedToUint32(2 ** 32 - 1)).toBe(2 ** 32 - 1);
    expect(seedToUint32(2 ** 32 + 7)).toBe(fnv1a32("4294967303"));
    expect(seedToUint32(-1)).toBe(fnv1a32("-1"));
    expect(seedToUint32("bout")).toBe(3431305471);
    expect(() => new SeededDice(1.5)).toThrow("a numeric seed must be an integer, got 1.5");
  });

  it("splitmix32 spreads consecutive seeds", () => {
    expect(splitmix32(0)()).not.toBe(splitmix32(1)());
  });

  it("same seed, same sequence; different seed, different sequence", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), fc.integer({ min: 2, max: 1000 }), (seed, faces) => {
        const a = new SeededDice(seed).roll(faces, 20);
        const b = new SeededDice(seed).roll(faces, 20);
        expect(a).toEqual(b);
        for (const v of a) {
          expect(Number.isInteger(v)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(1);
          expect(v).toBeLessThanOrEqual(faces);
        }
      }),
    );
    expect(new SeededDice(1).roll(100, 10)).not.toEqual(new SeededDice(2).roll(100, 10));
  });

  it("roll(f, n) gives the same dice as n calls of die(f)", () => {
    const a = new SeededDice("x");
    const b = new SeededDice("x");
    expect(a.roll(10, 5)).toEqual([b.die(10), b.die(10), b.die(10), b.die(10), b.die(10)]);
  });

  it.each([3, 6, 10, 100])("a d%i is uniform (chi-square at the 1e-6 level, 600k rolls)", (faces) => {
    const n = 600_000;
    const counts = new Array<number>(faces + 1).fill(0);
    const dice = new SeededDice(`uniform-${faces}`);
    for (let i = 0; i < n; i++) counts[dice.die(faces)]!++;
    expect(counts[0]).toBe(0);
    const expected = n / faces;
    let chi2 = 0;
    for (let v = 1; v <= faces; v++) chi2 += (counts[v]! - expected) ** 2 / expected;
    expect(chi2).toBeLessThan(chiSquareCritical(faces - 1));
  });

  it("maps words to dice exactly as documented, rejections included", () => {
    // Reference in exact integer arithmetic: Lemire's multiply-and-reject up to
    // 2^21 faces, rejection of the top incomplete block then modulo above.
    const TWO32 = 2n ** 32n;
    const reference = (words: () => number, faces: number): number => {
      const f = BigInt(faces);
      const threshold = TWO32 % f;
      for (;;) {
        const w = BigInt(words());
        if (faces <= 2 ** 21) {
          const product = w * f;
          if (product % TWO32 >= threshold) return Number(product / TWO32) + 1;
        } else if (w < TWO32 - threshold) return Number(w % f) + 1;
      }
    };
    // 3 x 2^19 rejects one word in 4096 on the Lemire path, 2^31 + 1 nearly half on the other.
    for (const faces of [2, 6, 10, 100, 3 * 2 ** 19, 2 ** 21 - 1, 2 ** 21, 2 ** 21 + 1, 2 ** 31 + 1, 3 * 2 ** 30, 2 ** 32]) {
      const dice = new SeededDice(`map-${faces}`);
      const twin = new SeededDice(`map-${faces}`);
      const n = faces > 1000 ? 200_000 : 2_000;
      for (let i = 0; i < n; i++) {
        const expected = reference(() => twin.nextUint32(), faces);
        if (dice.die(faces) !== expected) throw new Error(`d${faces} draw ${i}: expected ${expected}`);
      }
      // Both consumed the same words, rejected ones included.
      expect(dice.nextUint32()).toBe(twin.nextUint32());
    }
  });

  it("rejection sampling removes modulo bias on a die of 3 x 2^30 faces", () => {
    // Plain modulo would put half of all results in the lowest third.
    const faces = 3 * 2 ** 30;
    const n = 300_000;
    let low = 0;
    const dice = new SeededDice(9);
    for (let i = 0; i < n; i++) if (dice.die(faces) <= 2 ** 30) low++;
    const se = Math.sqrt((n * (1 / 3) * 2) / 3);
    expect(Math.abs(low - n / 3)).toBeLessThan(5 * se);
  });
});

describe("FixedDice", () => {
  it("a flat script is handed out in order whatever the die", () => {
    const dice = new FixedDice([3, 5, 1, 6]);
    expect(dice.roll(6, 2)).toEqual([3, 5]);
    expect(dice.roll(10, 1)).toEqual([1]);
    expect(dice.remaining()).toBe(1);
    expect(dice.roll(6, 0)).toEqual([]);
    expect(dice.roll(6, 1)).toEqual([6]);
    expect(dice.remaining()).toBe(0);
  });

  it("per-face queues are independent", () => {
    const dice = new FixedDice({ 10: [7, 8], 100: [45] });
    expect(dice.roll(100, 1)).toEqual([45]);
    expect(dice.roll(10, 2)).toEqual([7, 8]);
    expect(() => dice.roll(10, 1)).toThrow("asked for 1d10 but only 0 scripted result(s) for d10 remain");
    expect(() => dice.roll(6, 1)).toThrow("for d6 remain");
  });

  it("throws a clear Error when exhausted, and consumes nothing then", () => {
    const dice = new FixedDice([2]);
    expect(() => dice.roll(6, 2)).toThrow("asked for 2d6 but only 1 scripted result(s) remain");
    expect(dice.roll(6, 1)).toEqual([2]);
  });

  it("throws when a scripted value is outside 1..faces", () => {
    const dice = new FixedDice([7]);
    expect(() => dice.roll(6, 1)).toThrow("scripted result 7 is outside 1..6 for a d6");
    expect(() => new FixedDice({ 6: [7] })).toThrow("scripted d6 result 7 is outside 1..6");
    expect(() => new FixedDice([0])).toThrow("must be positive integers, got 0");
    expect(() => new FixedDice({ 1: [1] })).toThrow('"1" is not a number of faces');
  });
});
