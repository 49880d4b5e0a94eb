// Dice pools against a TN: seed 000 (seeds/000_4377b2da58f3a52b.txt).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { contestPools, evaluatePool, FixedDice, rollPool, SeededDice, type TieRule } from "../../../src/engine/dice";

describe("evaluatePool / rollPool (seed 000)", () => {
  it("a die at or above the TN is a success", () => {
    expect(rollPool(new FixedDice([6, 5, 10, 1, 7]), 5, 6)).toEqual({
      dice: [6, 5, 10, 1, 7],
      tn: 6,
      successes: 3,
      ones: 1,
      botch: false,
    });
  });

  it("'Multiple Opponents': rolling no dice counts as rolling and scoring nothing (count 0)", () => {
    expect(rollPool(new FixedDice([]), 0, 6)).toEqual({ dice: [], tn: 6, successes: 0, ones: 0, botch: false });
  });

  it("TN 1: every die succeeds, even the 1s, so no botch", () => {
    expect(rollPool(new FixedDice([1, 1, 3]), 3, 1)).toEqual({ dice: [1, 1, 3], tn: 1, successes: 3, ones: 2, botch: false });
    expect(evaluatePool([1, 1], -2).successes).toBe(2);
  });

  it("TN 11 on d10s never succeeds; two 1s then botch", () => {
    expect(rollPool(new FixedDice([10, 10, 9]), 3, 11)).toMatchObject({ successes: 0, ones: 0, botch: false });
    expect(rollPool(new FixedDice([10, 1, 1]), 3, 11)).toMatchObject({ successes: 0, ones: 2, botch: true });
  });

  describe("the fumble paragraph after 'Weapon Length': no successes and at least two 1s", () => {
    it("all ones is a botch", () => {
      expect(evaluatePool([1, 1, 1, 1], 6)).toEqual({ dice: [1, 1, 1, 1], tn: 6, successes: 0, ones: 4, botch: true });
    });
    it("exactly one 1 is not a botch", () => {
      expect(evaluatePool([1, 5, 3], 6)).toMatchObject({ successes: 0, ones: 1, botch: false });
    });
    it("two 1s beside a success is not a botch", () => {
      expect(evaluatePool([1, 1, 6], 6)).toMatchObject({ successes: 1, ones: 2, botch: false });
    });
    it("a single die can never botch", () => {
      expect(evaluatePool([1], 6).botch).toBe(false);
    });
  });

  it("'Terrain Roll Mechanics': Alan spends 2 dice at TN 4 and one success is enough", () => {
    expect(rollPool(new FixedDice([4, 2]), 2, 4).successes).toBe(1);
  });

  it("rolls other dice when asked (d6)", () => {
    expect(rollPool(new FixedDice({ 6: [6, 3, 4] }), 3, 4, 6)).toMatchObject({ successes: 2, ones: 0 });
  });

  it("evaluatePool copies the dice", () => {
    const dice = [7, 7];
    const roll = evaluatePool(dice, 6);
    dice[0] = 1;
    expect(roll.dice).toEqual([7, 7]);
  });

  it("rejects bad counts and TNs with a RangeError", () => {
    const d = new SeededDice(1);
    expect(() => rollPool(d, -1, 6)).toThrow(RangeError);
    expect(() => rollPool(d, 2.5, 6)).toThrow("count must be an integer from 0");
    expect(() => rollPool(d, 2, 6.5)).toThrow("TN must be an integer, got 6.5");
    expect(() => rollPool(d, 2, Number.NaN)).toThrow(RangeError);
    expect(() => rollPool(d, 2, 6, 1)).toThrow(RangeError);
    expect(() => evaluatePool([3], 5.5)).toThrow(RangeError);
    expect(() => evaluatePool([0], 5)).toThrow("a die must be a positive integer, got 0");
  });

  it("property: successes never negative and never above count; botch only with no successes and two 1s", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: -3, max: 13 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (count, tn, seed) => {
          const roll = rollPool(new SeededDice(seed), count, tn);
          expect(roll.dice).toHaveLength(count);
          expect(roll.successes).toBeGreaterThanOrEqual(0);
          expect(roll.successes).toBeLessThanOrEqual(count);
          expect(roll.successes).toBe(roll.dice.filter((d) => d >= tn).length);
          expect(roll.ones).toBe(roll.dice.filter((d) => d === 1).length);
          expect(roll.botch).toBe(roll.successes === 0 && roll.ones >= 2);
        },
      ),
    );
  });

  it("property: raising the TN never adds successes", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 30 }), fc.integer({ min: -2, max: 12 }), (dice, tn) => {
        expect(evaluatePool(dice, tn + 1).successes).toBeLessThanOrEqual(evaluatePool(dice, tn).successes);
      }),
    );
  });
});

describe("contestPools (seed 000)", () => {
  const pool = (successes: number) => evaluatePool([...Array(successes).fill(10), 2], 6);

  it("'Pressing Opponents': Roland's 4 successes against the guard's 3 leave a Margin of Success of 1", () => {
    const attack = evaluatePool([6, 7, 8, 9, 2, 3], 6);
    const parry = evaluatePool([6, 7, 8, 1, 2], 6);
    expect(contestPools(attack, parry, "first")).toEqual({ winner: "first", margin: 1 });
  });

  it("'Opposed Terrain Rolls': Alan's rival scores 2 to Alan's 1 and wins", () => {
    expect(contestPools(pool(1), pool(2), "first")).toEqual({ winner: "second", margin: 1 });
  });

  it("'Exchange of Blows': a tie leaves the attacker with the initiative", () => {
    expect(contestPools(pool(2), pool(2), "first")).toEqual({ winner: "first", margin: 0 });
    expect(contestPools(pool(2), pool(2), "second")).toEqual({ winner: "second", margin: 0 });
    expect(contestPools(pool(2), pool(2), "none")).toEqual({ winner: "tie", margin: 0 });
    expect(contestPools(pool(0), pool(0), "none")).toEqual({ winner: "tie", margin: 0 });
  });

  it("a wide margin is the full difference", () => {
    expect(contestPools(pool(7), pool(0), "none")).toEqual({ winner: "first", margin: 7 });
  });

  it("rejects an unknown tie rule", () => {
    expect(() => contestPools(pool(1), pool(1), "attacker" as TieRule)).toThrow(RangeError);
  });

  it("property: swapping the pools swaps the winner and keeps the margin", () => {
    const swap = { first: "second", second: "first", tie: "tie" } as const;
    const flip = { first: "second", second: "first", none: "none" } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 20 }),
        fc.constantFrom<TieRule>("first", "second", "none"),
        (a, b, tie) => {
          const ab = contestPools(pool(a), pool(b), tie);
          const ba = contestPools(pool(b), pool(a), flip[tie]);
          expect(ba).toEqual({ winner: swap[ab.winner], margin: ab.margin });
          expect(ab.margin).toBe(Math.abs(a - b));
        },
      ),
    );
  });
});
