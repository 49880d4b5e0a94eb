// Issue 20 "the dice shown as dice": which face of a roll is a success is a rule,
// so the engine marks each die as it reads it and reports the marks to the dice
// tape (src/engine/dice/marks.ts); the card only shows them. Exact dice throughout.
import { describe, expect, it } from "vitest";
import { DiceTape, keepsMarks, poolFaces, resolveWithSupply, rollPercentile, rollPool, rollStress, SeededDice, stressFaces, type Dice } from "../../../src/engine/dice";
import { rollTest } from "../../../src/engine/rulesets/opposed/tests";
import { resolveCheck } from "../../../src/engine/rulesets/pulse/checks";
import { resolveAttack } from "../../../src/engine/rulesets/actionpoints";
import { exchange } from "../rulesets/actionpoints/fixtures";

/** The draws a rule made with exactly these dice, with the marks it gave them. */
async function drawsOf<T>(rule: (dice: Dice) => T, dice: Record<number, number[]>) {
  const queues = new Map(Object.entries(dice).map(([f, v]) => [Number(f), [...v]]));
  const { tape } = await resolveWithSupply(rule, (faces, count) => queues.get(faces)!.splice(0, count));
  return tape.draws();
}

describe("pool dice (seed 000 'Melee Combat': dice rolled against the ATN or DTN; a die showing the TN or more is a success)", () => {
  it("at TN 6, 9 8 7 succeed and 2 fails; the marks ride with the draw", async () => {
    const draws = await drawsOf((d) => rollPool(d, 4, 6), { 10: [9, 8, 7, 2] });
    expect(draws).toEqual([{ faces: 10, results: [9, 8, 7, 2], marks: [{ value: 9, success: true }, { value: 8, success: true }, { value: 7, success: true }, { value: 2, success: false }] }]);
  });
  it("a die showing exactly the TN succeeds; one below fails", () => {
    expect(poolFaces(rollPool(new DiceTape().append(10, [6, 5]), 2, 6)).map((f) => f.success)).toEqual([true, false]);
  });
  it("a fumble (no success and two 1s) marks its 1s as the botch", async () => {
    const [draw] = await drawsOf((d) => rollPool(d, 3, 7), { 10: [1, 4, 1] });
    expect(draw!.marks).toEqual([{ value: 1, success: false, note: "botch" }, { value: 4, success: false }, { value: 1, success: false, note: "botch" }]);
  });
  it("two pools in one exchange each mark their own draw (the attacker's at TN 6, the defender's at TN 8)", async () => {
    const draws = await drawsOf((d) => [rollPool(d, 2, 6), rollPool(d, 2, 8)], { 10: [7, 7, 7, 9] });
    expect(draws.map((d) => d.marks!.map((m) => m.success))).toEqual([[true, true], [false, true]]);
  });
});

describe("the stress die (seed 001 'a stress die + Initiative score'; the project's reading in src/engine/dice/stress.ts)", () => {
  it("1, 1, 7: each 1 is marked as doubling the next roll, the 7 is plain (total 28)", async () => {
    let total = 0;
    const draws = await drawsOf((d) => (total = rollStress(d).total), { 10: [1, 1, 7] });
    expect(total).toBe(28);
    expect(draws.map((d) => d.marks ?? null)).toEqual([[{ value: 1, note: "doubles" }], [{ value: 1, note: "doubles" }], null]);
  });
  it("a first 0 scores nothing and its botch dice showing 0 are botches", async () => {
    const draws = await drawsOf((d) => rollStress(d, 2), { 10: [10, 10, 4] });
    expect(draws).toEqual([
      { faces: 10, results: [10], marks: [{ value: 10, success: false, note: "zero" }] },
      { faces: 10, results: [10, 4], marks: [{ value: 10, success: false, note: "botch" }, { value: 4 }] },
    ]);
    expect(stressFaces(rollStress(new DiceTape().append(10, [5]))).chain).toEqual([{ value: 5 }]);
  });
});

describe("d100 tests", () => {
  it("seed 003 'Success Levels': 34 under 45 succeeds by +1 SL; 67 fails by -2 SL", async () => {
    const [a] = await drawsOf((d) => rollPercentile(d, 45), { 100: [34] });
    expect(a!.marks).toEqual([{ value: 34, success: true, sl: 1 }]);
    const [b] = await drawsOf((d) => rollPercentile(d, 45), { 100: [67] });
    expect(b!.marks).toEqual([{ value: 67, success: false, sl: -2 }]);
  });
  it("seed 003 'Criticals and Fumbles': an opposed test's 33 under 50 is a critical, 77 over it a fumble", async () => {
    const [hit] = await drawsOf((d) => rollTest({ target: 50 }, d), { 100: [33] });
    expect(hit!.marks).toEqual([{ value: 33, success: true, sl: 2, note: "critical" }]);
    const [miss] = await drawsOf((d) => rollTest({ target: 50 }, d), { 100: [77] });
    expect(miss!.marks).toEqual([{ value: 77, success: false, sl: -2, note: "fumble" }]);
  });
  it("seed 004 checks: a d100 at or under the target passes (44 against 44), over it fails", async () => {
    const [pass] = await drawsOf((d) => resolveCheck("StunRecovery", 44, d), { 100: [44] });
    expect(pass!.marks).toEqual([{ value: 44, success: true }]);
    const [fail] = await drawsOf((d) => resolveCheck("StunRecovery", 44, d), { 100: [45] });
    expect(fail!.marks).toEqual([{ value: 45, success: false }]);
  });
  it("seed 002 IV.b: the defence is rolled first; with both dice showing 55 the failed Shield Play (55 over 50) and the hit (55 under 60) each keep their own mark", async () => {
    const draws = await drawsOf((d) => resolveAttack(exchange("passiveShield"), d), { 100: [55, 55], 10: [5] });
    expect(draws.filter((d) => d.faces === 100).map((d) => d.marks)).toEqual([[{ value: 55, success: false }], [{ value: 55, success: true }]]);
  });
});

describe("sources that keep no log", () => {
  it("seeded dice keep no marks and roll the same pools as before", () => {
    const seeded = new SeededDice(7);
    expect(keepsMarks(seeded)).toBe(false);
    expect(rollPool(seeded, 5, 6)).toEqual(rollPool(new SeededDice(7), 5, 6));
    expect(keepsMarks(new DiceTape())).toBe(true);
  });
  it("a mark matching no draw is dropped, never put on another die", () => {
    const tape = new DiceTape().append(10, [3]);
    tape.roll(10, 1);
    tape.mark(10, [{ value: 4, success: true }]);
    tape.mark(6, [{ value: 3, success: true }]);
    expect(tape.draws()).toEqual([{ faces: 10, results: [3] }]);
  });
});
