// Issue 20 "the dice shown as dice": which face of a roll is a success is a rule,
// so the engine marks each die as it reads it and reports the marks to the dice
// tape (src/engine/dice/marks.ts); the card only shows them. Exact dice throughout.
import { describe, expect, it } from "vitest";
import { DiceTape, keepsMarks, poolFaces, resolveWithSupply, rollPercentile, rollPool, rollStress, SeededDice, stressFaces, type Dice } from "../../../src/engine/dice";
import { rollTest } from "../../../src/engine/rulesets/opposed/tests";
import { resolveCheck } from "../../../src/engine/rulesets/pulse/checks";
import { resolveAttack } from "../../../src/engine/rulesets/actionpoints";
import { rollLevel } from "../../../src/engine/rulesets/actionpoints/levels";
import { exchange } from "../rulesets/actionpoints/fixtures";
import { resolveFumble } from "../../../src/engine/rulesets/opposed/oops";
import { rollCritical } from "../../../src/engine/rulesets/opposed/aftermath";
import { DEFAULT_OPPOSED_TABLES } from "../../../src/engine/rulesets/opposed/tables";
import { resolveExchange, missileAttack, DEFAULT_RANGE_BANDS, type MissileAttackInput } from "../../../src/engine/rulesets/steel";
import { attack, defence, noArmour } from "../rulesets/steel/helpers";
import { resolveInfection, resolveInfectionDay } from "../../../src/engine/rulesets/pulse/after-combat";
import { resolveParry } from "../../../src/engine/rulesets/pulse/parry";
import { resolveCloseWithdraw, resolveRepulse } from "../../../src/engine/rulesets/pulse/close-combat";

/** The draws a rule made with exactly these dice, with the marks it gave them (their names are test/engine/dice/labels.test.ts's). */
async function drawsOf<T>(rule: (dice: Dice) => T, dice: Record<number, number[]>) {
  const queues = new Map(Object.entries(dice).map(([f, v]) => [Number(f), [...v]]));
  const { tape } = await resolveWithSupply(rule, (faces, count) => queues.get(faces)!.splice(0, count));
  return tape.draws().map(({ label: _label, read: _read, ...d }) => d);
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
    expect(draws.map((d) => d.marks ?? null)).toEqual([[{ value: 1, note: "doubles" }], [{ value: 1, note: "doubles" }], [{ value: 7, chain: { times: 4, total: 28 } }]]);
  });
  it("1 then a reroll 0: the chain's end reads 10, doubled once: x2 = 20", async () => {
    const draws = await drawsOf((d) => rollStress(d), { 10: [1, 10] });
    expect(draws.map((d) => d.marks)).toEqual([[{ value: 1, note: "doubles" }], [{ value: 10, chain: { times: 2, total: 20 } }]]);
  });
  it("a plain 7 (no 1 before it) carries no chain mark", async () => {
    const draws = await drawsOf((d) => rollStress(d), { 10: [7] });
    expect(draws).toEqual([{ faces: 10, results: [7] }]);
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
  it("seed 002 percentile skills (our default critical rule): a skill test from the sheet marks its d100: 5 against 55 a critical success, 96 a critical failure, 40 a plain success", async () => {
    const [crit] = await drawsOf((d) => rollLevel(55, d), { 100: [5] });
    expect(crit!.marks).toEqual([{ value: 5, success: true, note: "critical" }]);
    const [fumble] = await drawsOf((d) => rollLevel(55, d), { 100: [96] });
    expect(fumble!.marks).toEqual([{ value: 96, success: false, note: "fumble" }]);
    const [plain] = await drawsOf((d) => rollLevel(55, d), { 100: [40] });
    expect(plain!.marks).toEqual([{ value: 40, success: true }]);
  });
  it("seed 002 IV.b: the defence is rolled first; with both dice showing 55 the failed Shield Play (55 over 50) and the hit (55 under 60) each keep their own mark", async () => {
    const draws = await drawsOf((d) => resolveAttack(exchange("passiveShield"), d), { 100: [55, 55], 10: [5] });
    expect(draws.filter((d) => d.faces === 100).map((d) => d.marks)).toEqual([[{ value: 55, success: false }], [{ value: 55, success: true }]]);
  });
});

// Rolls read on a table rather than against a target: the engine reports the row it picked.
describe("lookup rolls mark the row they picked", () => {
  it("seed 003 'Oops!': 77 against 30 is a fumble (a failed double); the Oops! d100 65 picks 'lose your next Move'", async () => {
    const draws = await drawsOf((d) => resolveFumble("ada", rollTest({ target: 30 }, d), false, d, DEFAULT_OPPOSED_TABLES.oops), { 100: [77, 65] });
    expect(draws.map((d) => d.marks)).toEqual([[{ value: 77, success: false, sl: -4, note: "fumble" }], [{ value: 65, row: "loseMove" }]]);
  });
  it("seed 003 'Criticals': the d100 55 on the head's critical table picks our 'Serious' row", async () => {
    const [draw] = await drawsOf((d) => rollCritical("bran", "head", d, DEFAULT_OPPOSED_TABLES.critical), { 100: [55] });
    expect(draw!.marks).toEqual([{ value: 55, row: "BOUT.Opposed.Critical.head.Serious" }]);
  });
  it("seed 002 V.d: a critical's location d100 5 picks the head on our default table", async () => {
    const draws = await drawsOf((d) => resolveAttack(exchange("none"), d), { 100: [5, 5], 10: [4, 3] });
    expect(draws.filter((d) => d.faces === 100).map((d) => d.marks)).toEqual([[{ value: 5, success: true, note: "critical" }], [{ value: 5, row: "head" }]]);
  });
  it("seed 000 'Exchange of Blows': the location d6 2 in zone 4 picks the chest", async () => {
    const draws = await drawsOf((d) => resolveExchange({ attack: attack({ dice: 3 }), defence: defence({ dice: 2 }), target: { combatantId: "d", toughness: 4, armour: noArmour } }, d), { 10: [8, 9, 6, 7, 2], 6: [2] });
    expect(draws.filter((d) => d.faces === 6)).toEqual([{ faces: 6, results: [2], marks: [{ value: 2, row: "chest" }] }]);
  });
  it("seed 000 missile combat: the 2d6 location 4 + 5, steered by aim to the chest, marks the row on its last die", async () => {
    const shot: MissileAttackInput = { shooterId: "archer", targetId: "guard", state: { roundsLeft: 0, ready: true, pool: 8, quickenCost: 0 }, dice: 4, aimDice: 2, aim: 3, atn: 6, band: DEFAULT_RANGE_BANDS[1]!, aimedPart: "chest", damage: 8, damageType: "puncture", toughness: 4, armour: noArmour, defence: { kind: "evade", room: "restricted", dice: 2, poolLeft: 5 } };
    const draws = await drawsOf((d) => missileAttack(shot, d), { 10: [9, 8, 6, 2, 7, 3], 6: [4, 5] });
    expect(draws.filter((d) => d.faces === 6)).toEqual([{ faces: 6, results: [4, 5], marks: [{ value: 4 }, { value: 5, row: "chest" }] }]);
  });
  it("seed 002 V.d: a failed block's blow past the shield's absorption may shatter it (10% per blow so far): 25 under 30 shatters, 31 holds", async () => {
    const shield = { absorption: 4, blockBonus: 10, penetrations: 2 };
    const shatter = await drawsOf((d) => resolveAttack(exchange("activeShield", { d: { shield } }), d), { 100: [90, 20, 25], 10: [5] });
    expect(shatter.filter((d) => d.faces === 100).at(-1)!.marks).toEqual([{ value: 25, row: "BOUT.Card.Die.Row.shatters" }]);
    const hold = await drawsOf((d) => resolveAttack(exchange("activeShield", { d: { shield } }), d), { 100: [90, 20, 31], 10: [5] });
    expect(hold.filter((d) => d.faces === 100).at(-1)!.marks).toEqual([{ value: 31, row: "BOUT.Card.Die.Row.holds" }]);
  });
  it("seed 004 [24]: the infection d100 36 against 36 infects; the day's 15 under Endurance 16 heals, 16 festers", async () => {
    const [inf] = await drawsOf((d) => resolveInfection({ enduranceDamage: 6, natural: false, gmModifier: 0 }, d), { 100: [36] });
    expect(inf!.marks).toEqual([{ value: 36, row: "BOUT.Card.Die.Row.infected" }]);
    const [healed] = await drawsOf((d) => resolveInfectionDay({ endurance: 16, enduranceNow: 10 }, d), { 100: [15] });
    expect(healed!.marks).toEqual([{ value: 15, row: "BOUT.Card.Die.Row.heals" }]);
    const [worse] = await drawsOf((d) => resolveInfectionDay({ endurance: 16, enduranceNow: 10 }, d), { 100: [16], 10: [8] });
    expect(worse!.marks).toEqual([{ value: 16, row: "BOUT.Card.Die.Row.festers" }]);
  });
  it("seed 004 [17.4]: the parry D10 6 + rank 4 - rank 2 = 8 picks the riposte; 1 + 2 - 2 = 1 a plain parry", async () => {
    const [riposte] = await drawsOf((d) => resolveParry({ defenderRank: 4, attackerRank: 2 }, d), { 10: [6] });
    expect(riposte!.marks).toEqual([{ value: 6, row: "BOUT.Card.Die.Row.riposte" }]);
    const [parry] = await drawsOf((d) => resolveParry({ defenderRank: 2, attackerRank: 2 }, d), { 10: [1] });
    expect(parry!.marks).toEqual([{ value: 1, row: "BOUT.Card.Die.Row.parry" }]);
  });
  it("seed 004 [13.6], [13.7]: the Repulse D10 at or under the rank succeeds (3 under 3), the withdrawal needs 10 (5 + 4 - 0 fails)", async () => {
    const [repulse] = await drawsOf((d) => resolveRepulse({ defenderRank: 3 }, d), { 10: [3] });
    expect(repulse!.marks).toEqual([{ value: 3, success: true }]);
    const [withdraw] = await drawsOf((d) => resolveCloseWithdraw({ friendlyPS: 4, hostilePS: 0 }, d), { 10: [5] });
    expect(withdraw!.marks).toEqual([{ value: 5, success: false }]);
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
