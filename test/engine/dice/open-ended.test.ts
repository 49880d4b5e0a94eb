// Seed 002's exploding critical die (seeds/002_e3c6bc76ba013433.txt, V.d) and
// seed 004's "D-n" damage (seeds/004_2f46e4f6196f6037.txt, [16.5], [18], [20], [21]).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dMinus, evaluateExploding, FixedDice, rollDMinus, rollExploding, SeededDice } from "../../../src/engine/dice";

describe("rollExploding (seed 002 V.d: roll again and add while the die shows 10)", () => {
  it("10, 10, 4 totals 24", () => {
    const dice = new FixedDice([10, 10, 4]);
    expect(rollExploding(dice)).toEqual({ rolls: [10, 10, 4], total: 24 });
    expect(dice.remaining()).toBe(0);
  });

  it("a roll below the maximum stops at once", () => {
    expect(rollExploding(new FixedDice([9, 10]))).toEqual({ rolls: [9], total: 9 });
    expect(rollExploding(new FixedDice([1]))).toEqual({ rolls: [1], total: 1 });
  });

  it("explodes on the maximum of other dice too", () => {
    expect(rollExploding(new FixedDice({ 6: [6, 6, 6, 2] }), 6)).toEqual({ rolls: [6, 6, 6, 2], total: 20 });
  });

  it("evaluateExploding refuses lists that are not one chain", () => {
    expect(evaluateExploding([10, 3]).total).toBe(13);
    expect(() => evaluateExploding([10])).toThrow("not one chain");
    expect(() => evaluateExploding([3, 10])).toThrow("not one chain");
    expect(() => evaluateExploding([])).toThrow(RangeError);
    expect(() => evaluateExploding([11])).toThrow(RangeError);
  });

  it("property: the total is 10 per explosion plus the last die; a multiple of 10 never comes out", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
        const r = rollExploding(new SeededDice(seed));
        const explosions = r.rolls.length - 1;
        expect(r.total).toBe(10 * explosions + r.rolls[explosions]!);
        expect(r.total % 10).not.toBe(0);
      }),
    );
  });
});

describe("rollDMinus (seed 004)", () => {
  it("[21] unarmed D-4 on a 3 is 1: [18] damage below 1 counts as 1", () => {
    expect(rollDMinus(new FixedDice([3]), 4)).toEqual({ roll: 3, total: 1 });
  });

  it("D-4 on a 9 is 5; [16.5] a shield rush D-2 on a 10 is 8", () => {
    expect(rollDMinus(new FixedDice([9]), 4)).toEqual({ roll: 9, total: 5 });
    expect(rollDMinus(new FixedDice([10]), 2)).toEqual({ roll: 10, total: 8 });
  });

  it("[22] a trampling monster's D+n takes a negative n", () => {
    expect(rollDMinus(new FixedDice([6]), -3)).toEqual({ roll: 6, total: 9 });
  });

  it("the floor can be moved (e.g. to 0)", () => {
    expect(rollDMinus(new FixedDice([2]), 5, 0)).toEqual({ roll: 2, total: 0 });
    expect(dMinus(2, 5, 0).total).toBe(0);
  });

  it("rejects non-integer shifts and rolls off the die", () => {
    expect(() => rollDMinus(new SeededDice(1), 1.5)).toThrow("n must be an integer, got 1.5");
    expect(() => rollDMinus(new SeededDice(1), 1, 0.5)).toThrow(RangeError);
    expect(() => dMinus(0, 1)).toThrow(RangeError);
  });

  it("property: never below the floor, and exactly roll - n above it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: -10, max: 15 }), (roll, n) => {
        const { total } = dMinus(roll, n);
        expect(total).toBe(roll - n >= 1 ? roll - n : 1);
      }),
    );
  });
});
