// The Dice contract (src/engine/dice/dice.ts): argument checks and the checked
// doorway every rule rolls through.
import { describe, expect, it } from "vitest";
import {
  checkRollArgs,
  FixedDice,
  MAX_DICE,
  MAX_FACES,
  rollChecked,
  rollOne,
  SeededDice,
  type Dice,
} from "../../../src/engine/dice";

describe("checkRollArgs", () => {
  it("accepts faces 2..2^32 and counts 0..MAX_DICE", () => {
    expect(() => checkRollArgs(2, 0)).not.toThrow();
    expect(() => checkRollArgs(MAX_FACES, MAX_DICE)).not.toThrow();
  });

  it.each([
    [1, 1, /faces must be an integer from 2/],
    [0, 1, /faces must be an integer from 2/],
    [6.5, 1, /got 6.5/],
    [Number.NaN, 1, /got NaN/],
    [MAX_FACES + 1, 1, /faces/],
    [6, -1, /count must be an integer from 0/],
    [6, 1.5, /got 1.5/],
    [6, MAX_DICE + 1, /count/],
    [6, Number.POSITIVE_INFINITY, /got Infinity/],
  ])("rejects faces %s, count %s with a RangeError", (faces, count, message) => {
    expect(() => checkRollArgs(faces, count)).toThrow(RangeError);
    expect(() => checkRollArgs(faces, count)).toThrow(message);
  });

  it("every source applies it", () => {
    const sources: Dice[] = [new SeededDice(1), new FixedDice([1, 2, 3])];
    for (const source of sources) {
      expect(() => source.roll(1, 1)).toThrow(RangeError);
      expect(() => source.roll(6, -2)).toThrow(RangeError);
    }
  });
});

describe("rollOne / rollChecked", () => {
  it("rollOne returns the single scripted die", () => {
    expect(rollOne(new FixedDice([4]), 6)).toBe(4);
  });

  it("a count of 0 never reaches the source", () => {
    const source: Dice = {
      roll: () => {
        throw new Error("should not be called");
      },
    };
    expect(rollChecked(source, 10, 0)).toEqual([]);
  });

  it("catches a source that returns too few results", () => {
    const short: Dice = { roll: () => [3] };
    expect(() => rollChecked(short, 10, 2)).toThrow("asked for 2d10, the source returned 1 results");
  });

  it("catches a source that returns a value off the die (a 0 for a d10 face)", () => {
    const zero: Dice = { roll: () => [0] };
    expect(() => rollOne(zero, 10)).toThrow("a d10 result must be an integer from 1 to 10, got 0");
    const big: Dice = { roll: () => [7] };
    expect(() => rollOne(big, 6)).toThrow(RangeError);
  });
});
