// The bridge to Foundry's asynchronous Roll (src/engine/dice/tape.ts).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DiceNeeded,
  DiceTape,
  percentileTest,
  resolveWithSupply,
  rollExploding,
  rollOne,
  rollPercentile,
  rollPool,
  rollStress,
  SeededDice,
  type Dice,
} from "../../../src/engine/dice";

describe("DiceTape", () => {
  it("hands out appended results in order, per number of faces", () => {
    const tape = new DiceTape().append(10, [3, 9]).append(6, [2]).append(10, [10]);
    expect(tape.roll(10, 2)).toEqual([3, 9]);
    expect(tape.roll(6, 1)).toEqual([2]);
    expect(tape.roll(10, 1)).toEqual([10]);
    expect(tape.consumed()).toEqual({ 6: [2], 10: [3, 9, 10] });
    expect(tape.unused()).toEqual({});
    expect(tape.draws()).toEqual([
      { faces: 10, results: [3, 9] },
      { faces: 6, results: [2] },
      { faces: 10, results: [10] },
    ]);
  });

  it("throws DiceNeeded for the missing count only, and takes nothing", () => {
    const tape = new DiceTape().append(10, [4, 5]);
    let caught: unknown;
    try {
      tape.roll(10, 5);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DiceNeeded);
    expect(caught).toBeInstanceOf(Error);
    expect((caught as DiceNeeded).faces).toBe(10);
    expect((caught as DiceNeeded).count).toBe(3);
    expect((caught as DiceNeeded).message).toBe("3d10 more needed");
    expect(tape.consumed()).toEqual({});
    expect(tape.roll(10, 2)).toEqual([4, 5]);
  });

  it("a die type never appended is short by the whole count; count 0 is never short", () => {
    const tape = new DiceTape();
    expect(tape.roll(8, 0)).toEqual([]);
    expect(() => tape.roll(8, 2)).toThrow(expect.objectContaining({ faces: 8, count: 2 }));
  });

  it("rewind replays from the first result", () => {
    const tape = new DiceTape().append(6, [1, 2, 3]);
    expect(tape.roll(6, 2)).toEqual([1, 2]);
    tape.rewind();
    expect(tape.consumed()).toEqual({});
    expect(tape.draws()).toEqual([]);
    expect(tape.unused()).toEqual({ 6: [1, 2, 3] });
    expect(tape.roll(6, 3)).toEqual([1, 2, 3]);
  });

  it("rejects results that are not on the die", () => {
    expect(() => new DiceTape().append(10, [11])).toThrow(RangeError);
    expect(() => new DiceTape().append(10, [0])).toThrow(RangeError);
    expect(() => new DiceTape().append(1, [1])).toThrow(RangeError);
  });

  it("from() rebuilds a tape from a stored record", () => {
    const stored = { 10: [1, 7], 100: [42] };
    const tape = DiceTape.from(stored);
    expect(rollStress(tape).total).toBe(14);
    expect(rollPercentile(tape, 50).sl).toBe(1);
    expect(tape.consumed()).toEqual(stored);
  });
});

/** A supply that rolls with a seeded source and records every batch it hands out. */
function recordingSupply(seed: number) {
  const dice = new SeededDice(seed);
  const batches: { faces: number; results: number[] }[] = [];
  const supply = async (faces: number, count: number) => {
    const results = dice.roll(faces, count);
    batches.push({ faces, results: [...results] });
    return results;
  };
  return { supply, batches };
}

/** A Dice wrapper that records every call, for comparing with the tape's draws. */
function recording(inner: Dice) {
  const calls: { faces: number; results: number[] }[] = [];
  const dice: Dice = {
    roll(faces, count) {
      const results = inner.roll(faces, count);
      if (count > 0) calls.push({ faces, results: [...results] });
      return results;
    },
  };
  return { dice, calls };
}

describe("resolveWithSupply", () => {
  it("asks for exactly the missing dice, in the order the rule needs them", async () => {
    const asked: string[] = [];
    const script = [[10, 1], [10, 1], [10, 7], [6, 4, 2]];
    const { value, tape } = await resolveWithSupply(
      (dice) => ({ stress: rollStress(dice).total, pool: rollPool(dice, 2, 4, 6).successes }),
      (faces, count) => {
        asked.push(`${count}d${faces}`);
        const next = script.shift()!;
        return Promise.resolve(next.slice(1));
      },
    );
    // Seed 001's stress die: 1, 1, 7 doubles twice, 28.
    expect(value).toEqual({ stress: 28, pool: 1 });
    expect(asked).toEqual(["1d10", "1d10", "1d10", "2d6"]);
    expect(tape.consumed()).toEqual({ 10: [1, 1, 7], 6: [4, 2] });
    expect(tape.unused()).toEqual({});
  });

  it("a rule that rolls nothing never calls the supply", async () => {
    const { value } = await resolveWithSupply(
      () => 5,
      () => {
        throw new Error("not called");
      },
    );
    expect(value).toBe(5);
  });

  it("accepts a synchronous supply", async () => {
    const { value } = await resolveWithSupply((dice) => rollOne(dice, 6), () => [4]);
    expect(value).toBe(4);
  });

  it("lets other errors through untouched", async () => {
    const boom = new TypeError("rule bug");
    await expect(
      resolveWithSupply(
        (dice) => {
          rollOne(dice, 6);
          throw boom;
        },
        () => [3],
      ),
    ).rejects.toBe(boom);
  });

  it("refuses a supply that returns the wrong number of dice", async () => {
    await expect(resolveWithSupply((dice) => rollPool(dice, 3, 6), () => [5, 5])).rejects.toThrow(
      "asked the supply for 3d10 and got 2 results; it must return exactly 3",
    );
    await expect(resolveWithSupply((dice) => rollPool(dice, 1, 6), () => [5, 5])).rejects.toThrow(
      "got 2 results",
    );
  });

  it("refuses a supply whose results are off the die", async () => {
    await expect(resolveWithSupply((dice) => rollOne(dice, 6), () => [7])).rejects.toThrow(
      "the supply returned a bad result for 1d6",
    );
  });

  it("stops an endless demand with a clear error (a stress die fed only 1s)", async () => {
    let calls = 0;
    await expect(
      resolveWithSupply(
        (dice) => rollStress(dice),
        () => {
          calls++;
          return [1];
        },
        { maxSupplies: 50 },
      ),
    ).rejects.toThrow("still short of dice after 50 supplies (last asked for 1d10)");
    expect(calls).toBe(50);
    await expect(resolveWithSupply((d) => rollOne(d, 6), () => [1], { maxSupplies: -1 })).rejects.toThrow(
      RangeError,
    );
  });

  it("property: replay gives the direct run's value, and consumes every die exactly once", async () => {
    // A random rule made of the engine's rolls; same dice in, same value out.
    const step = fc.oneof(
      fc.record({ kind: fc.constant("pool" as const), count: fc.integer({ min: 0, max: 12 }), tn: fc.integer({ min: 1, max: 11 }) }),
      fc.record({ kind: fc.constant("stress" as const), botch: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant("exploding" as const), faces: fc.constantFrom(4, 6, 10) }),
      fc.record({ kind: fc.constant("percentile" as const), target: fc.integer({ min: 0, max: 100 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 8 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), async (steps, seed) => {
        const rule = (dice: Dice) =>
          steps.map((s) => {
            switch (s.kind) {
              case "pool":
                return rollPool(dice, s.count, s.tn);
              case "stress":
                return rollStress(dice, s.botch);
              case "exploding":
                return rollExploding(dice, s.faces);
              case "percentile":
                return percentileTest(rollOne(dice, 100), s.target);
            }
          });
        const direct = recording(new SeededDice(seed));
        const expected = rule(direct.dice);

        const { supply, batches } = recordingSupply(seed);
        const { value, tape } = await resolveWithSupply(rule, supply);
        expect(value).toEqual(expected);
        // The supply was asked for exactly the calls the direct run made.
        expect(batches).toEqual(direct.calls);
        // The draws are those calls (the marks the rules gave them are checked in marks.test.ts).
        expect(tape.draws().map(({ faces, results }) => ({ faces, results }))).toEqual(direct.calls);
        // Nothing left over, nothing handed out twice: per face, consumed = all supplied.
        expect(tape.unused()).toEqual({});
        const supplied: Record<number, number[]> = {};
        for (const b of batches) (supplied[b.faces] ??= []).push(...b.results);
        expect(tape.consumed()).toEqual(supplied);
      }),
      { numRuns: 200 },
    );
  });
});
