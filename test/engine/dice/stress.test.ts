// Seed 001's stress die (seeds/001_e84cf39f805b9fd9.txt, "1. Movement": "a stress
// die + Initiative score"). The seed does not define the die; the project's
// definition is in src/engine/dice/stress.ts. A d10 result of 10 is the face "0".
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateStress, FixedDice, rollSimple, rollStress, SeededDice } from "../../../src/engine/dice";

describe("rollStress", () => {
  it("2-9 on the first roll count their face", () => {
    expect(rollStress(new FixedDice([7]))).toEqual({
      rolls: [7],
      total: 7,
      multiplier: 1,
      zero: false,
      botchRolls: [],
      botches: 0,
      botched: false,
    });
    expect(rollStress(new FixedDice([2])).total).toBe(2);
    expect(rollStress(new FixedDice([9])).total).toBe(9);
  });

  it("1 then 7 doubles: 14", () => {
    expect(rollStress(new FixedDice([1, 7]))).toMatchObject({ rolls: [1, 7], total: 14, multiplier: 2 });
  });

  it("1, 1, 7 doubles twice: 28", () => {
    const dice = new FixedDice([1, 1, 7]);
    expect(rollStress(dice)).toMatchObject({ rolls: [1, 1, 7], total: 28, multiplier: 4, zero: false });
    expect(dice.remaining()).toBe(0);
  });

  it("a 0 on a reroll counts 10 before doubling: 1, 0 is 20 and 1, 1, 1, 0 is 80 (our choice)", () => {
    expect(rollStress(new FixedDice([1, 10]))).toMatchObject({ total: 20, multiplier: 2, zero: false, botchRolls: [] });
    expect(rollStress(new FixedDice([1, 1, 1, 10]))).toMatchObject({ total: 80, multiplier: 8 });
  });

  it("a first-roll 0 counts 0 and rolls one botch die by default", () => {
    expect(rollStress(new FixedDice([10, 4]))).toEqual({
      rolls: [10],
      total: 0,
      multiplier: 1,
      zero: true,
      botchRolls: [4],
      botches: 0,
      botched: false,
    });
    expect(rollStress(new FixedDice([10, 10]))).toMatchObject({ total: 0, botches: 1, botched: true });
  });

  it("a first-roll 0 with no botch dice makes no botch check", () => {
    const dice = new FixedDice([10, 10]);
    expect(rollStress(dice, 0)).toMatchObject({ total: 0, zero: true, botchRolls: [], botches: 0, botched: false });
    expect(dice.remaining()).toBe(1);
  });

  it("a first-roll 0 with three botch dice counts each 0 as a botch", () => {
    expect(rollStress(new FixedDice([10, 10, 3, 10]), 3)).toMatchObject({
      total: 0,
      botchRolls: [10, 3, 10],
      botches: 2,
      botched: true,
    });
    expect(rollStress(new FixedDice([10, 1, 3, 9]), 3)).toMatchObject({ botches: 0, botched: false });
  });

  it("botch dice are only rolled on a first-roll 0", () => {
    const dice = new FixedDice([5, 10]);
    expect(rollStress(dice, 3).botchRolls).toEqual([]);
    expect(dice.remaining()).toBe(1);
  });

  it("rejects a bad number of botch dice", () => {
    expect(() => rollStress(new SeededDice(1), -1)).toThrow(RangeError);
    expect(() => rollStress(new SeededDice(1), 1.5)).toThrow(RangeError);
  });

  it("property: the total is the last roll (0 read as 10) times 2^(number of 1s), or 0 after a first 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 4 }), (seed, botchDice) => {
        const r = rollStress(new SeededDice(seed), botchDice);
        const ones = r.rolls.length - 1;
        expect(r.rolls.slice(0, ones).every((d) => d === 1)).toBe(true);
        expect(r.multiplier).toBe(2 ** ones);
        if (r.zero) {
          expect(r.total).toBe(0);
          expect(r.botchRolls).toHaveLength(botchDice);
        } else {
          expect(r.total).toBe(r.rolls[ones]! * r.multiplier);
          expect(r.botchRolls).toEqual([]);
        }
        expect(r.botches).toBe(r.botchRolls.filter((d) => d === 10).length);
        expect(r.total === 0).toBe(r.zero);
      }),
    );
  });
});

describe("evaluateStress", () => {
  it("reads a finished chain", () => {
    expect(evaluateStress([1, 1, 7], []).total).toBe(28);
    expect(evaluateStress([10], [10, 2, 10]).botches).toBe(2);
  });

  it("refuses lists that are not one chain", () => {
    expect(() => evaluateStress([], [])).toThrow("needs at least one die");
    expect(() => evaluateStress([1], [])).toThrow("not one chain");
    expect(() => evaluateStress([5, 3], [])).toThrow("not one chain");
    expect(() => evaluateStress([1, 5, 1], [])).toThrow("not one chain");
    expect(() => evaluateStress([5], [10])).toThrow("only rolled when the first roll is a 0");
    expect(() => evaluateStress([0], [])).toThrow(RangeError);
    expect(() => evaluateStress([10], [11])).toThrow(RangeError);
  });
});

describe("rollSimple", () => {
  it("is one d10 with the 0 face counting 10", () => {
    expect(rollSimple(new FixedDice([10]))).toBe(10);
    expect(rollSimple(new FixedDice([1]))).toBe(1);
  });
});
