// Issue 34 "Whose dice": the rule that rolls names each draw (who rolled it and
// what for) as it reads it, and the order it names them is the order the action
// happened; the tape keeps both beside the draw, and a card shows them without
// deciding anything (src/engine/dice/labels.ts). Exact dice throughout.
import { describe, expect, it } from "vitest";
import { DiceTape, drawPlace, inReadingOrder, labelled, labelSince, resolveWithSupply, rollOne, rollPool, rollStress, said, SeededDice, type Dice } from "../../../src/engine/dice";
import { resolveExchange } from "../../../src/engine/rulesets/steel";
import { resolveAttack } from "../../../src/engine/rulesets/actionpoints";
import { rollMelee } from "../../../src/engine/rulesets/phases/combat";
import { resolveMeleeAttack } from "../../../src/engine/rulesets/opposed/melee";
import { DEFAULT_OPPOSED_TABLES } from "../../../src/engine/rulesets/opposed/tables";
import { applyWound } from "../../../src/engine/rulesets/steel/wound-effects";
import { attack, defence, noArmour } from "../rulesets/steel/helpers";
import { exchange } from "../rulesets/actionpoints/fixtures";

/** The draws a rule made with exactly these dice: faces, values and names, in the order the rule named them. */
async function named<T>(rule: (dice: Dice) => T, dice: Record<number, number[]>) {
  const queues = new Map(Object.entries(dice).map(([f, v]) => [Number(f), [...v]]));
  const { tape } = await resolveWithSupply(rule, (faces, count) => queues.get(faces)!.splice(0, count));
  return inReadingOrder(tape.draws(), (d) => d.read).map((d) => ({ results: d.results, ...(d.label ? { who: d.label.who, key: d.label.key, data: d.label.data } : {}) }));
}

describe("labelling draws (src/engine/dice/labels.ts)", () => {
  it("a label names every draw its roll made, with the values it read from the roll", async () => {
    const tape = new DiceTape().append(10, [9, 2, 7]);
    const roll = labelled(tape, (r) => said("ada", "BOUT.Card.Roll.attack", { tn: r.tn }), () => rollPool(tape, 3, 6));
    expect(roll.successes).toBe(2);
    expect(tape.draws()).toEqual([{ faces: 10, results: [9, 2, 7], marks: expect.any(Array), label: { who: "ada", key: "BOUT.Card.Roll.attack", data: { tn: 6 } }, read: 0 }]);
  });

  it("a stress die's chain (one draw per link) takes one name for all its links", async () => {
    const draws = await named((d) => labelled(d, said("ada", "BOUT.Card.Roll.Phases.attack"), () => rollStress(d)), { 10: [1, 1, 7] });
    expect(draws.map((d) => [d.results, d.who])).toEqual([
      [[1], "ada"],
      [[1], "ada"],
      [[7], "ada"],
    ]);
  });

  it("an inner name stands; the outer one names only what is left", async () => {
    const draws = await named(
      (d) =>
        labelled(d, said("bran", "outer"), () => {
          labelled(d, said("ada", "inner"), () => rollOne(d, 6));
          return rollOne(d, 6);
        }),
      { 6: [2, 5] },
    );
    expect(draws.map((d) => `${d.results}:${d.who}:${d.key}`)).toEqual(["2:ada:inner", "5:bran:outer"]);
  });

  it("the order named is the reading order: a draw rolled second but named first reads first; an unnamed draw keeps its place after the one rolled before it", () => {
    const tape = new DiceTape().append(6, [1, 2, 3, 4]);
    const first = drawPlace(tape);
    rollOne(tape, 6);
    const second = drawPlace(tape);
    rollOne(tape, 6);
    rollOne(tape, 6);
    labelSince(tape, second, said("ada", "second"));
    labelSince(tape, first, said("bran", "first"));
    rollOne(tape, 6);
    expect(inReadingOrder(tape.draws(), (d) => d.read).map((d) => d.results[0])).toEqual([2, 3, 4, 1]);
  });

  it("a source that keeps no log (the seeded simulations) only rolls: no name, no place", () => {
    const dice = new SeededDice(7);
    expect(drawPlace(dice)).toBe(-1);
    const value = labelled(dice, () => {
      throw new Error("a label is never built for a source that keeps none");
    }, () => rollOne(dice, 6));
    expect(value).toBeGreaterThanOrEqual(1);
    expect(() => labelSince(dice, 0, said("ada", "x"))).not.toThrow();
  });

  it("a replay names afresh: the final run's names and places only", async () => {
    // The rule needs three supplies (a short tape interrupts it twice); the names come out once each.
    const draws = await named((d) => [labelled(d, said("a", "one"), () => rollOne(d, 6)), labelled(d, said("b", "two"), () => rollOne(d, 6)), labelled(d, said("c", "three"), () => rollOne(d, 6))], { 6: [1, 2, 3] });
    expect(draws.map((d) => d.who)).toEqual(["a", "b", "c"]);
  });
});

describe("each ruleset names its dice as the action happened", () => {
  it("steel (seed 000 'Melee Combat'): the attacker's pool at the ATN, the defender's by maneuver at the DTN, then the hit location on the one struck", async () => {
    const draws = await named((d) => resolveExchange({ attack: attack({ dice: 3 }), defence: defence({ dice: 2 }), target: { combatantId: "d", toughness: 4, armour: noArmour } }, d), { 10: [8, 9, 6, 7, 2], 6: [2] });
    expect(draws).toEqual([
      { results: [8, 9, 6], who: "a", key: "BOUT.Card.Roll.attack", data: { tn: 6 } },
      { results: [7, 2], who: "d", key: "BOUT.Card.Roll.Steel.parry", data: { tn: 6 } },
      { results: [2], who: "d", key: "BOUT.Card.Roll.location", data: undefined },
    ]);
  });

  it("steel ('Knockdown & Knockout'): the Knockdown roll is the one struck's", async () => {
    const casualty = { id: "d", cpLeft: 0, pain: 0, bloodLoss: 0, woundedRegions: [], knockdown: 2, knockout: 2, headArmour: 0 };
    const wound = { level: 4, shock: 6, pain: 2, bloodLoss: 0, knockdown: true, knockout: false, fatal: false, text: "" };
    const draws = await named((d) => applyWound(casualty, { wound: wound as never, region: "legs", margin: 2, blunt: false }, d), { 10: [1, 1] });
    expect(draws).toEqual([{ results: [1, 1], who: "d", key: "BOUT.Card.Roll.knockdown", data: { tn: 6 } }]);
  });

  it("action points (seed 002 'Combat'): the defence is rolled first (a passive one changes the attack's target), yet the attack is named first; the active parry's target is TSC 50 less the attacker's PSF 20", async () => {
    const draws = await named((d) => resolveAttack(exchange("activeParry"), d), { 100: [20, 80] });
    expect(draws).toEqual([
      { results: [80], who: "a", key: "BOUT.Card.Roll.ActionPoints.attack", data: { target: 60 } },
      { results: [20], who: "d", key: "BOUT.Card.Roll.ActionPoints.Defence.activeParry", data: { target: 30 } },
    ]);
  });

  it("phases (seed 001, the melee procedure): the attacker's stress die, then the defender's, each with the score it adds", async () => {
    const draws = await named((d) => rollMelee({ attackerId: "a", defenderId: "d", attack: 6, defense: 2, damage: 7, soak: 2 }, d), { 10: [8, 4] });
    expect(draws).toEqual([
      { results: [8], who: "a", key: "BOUT.Card.Roll.Phases.attack", data: { bonus: "+6" } },
      { results: [4], who: "d", key: "BOUT.Card.Roll.Phases.defence", data: { bonus: "+2" } },
    ]);
  });

  it("opposed (seed 003 'Opposed Tests'): the attack, then the defender's test under the skill's name", async () => {
    const armour = { head: 0, body: 0, leftArm: 0, rightArm: 0, leftLeg: 0, rightLeg: 0 };
    const input = {
      attacker: { id: "a", test: { target: 45 }, damage: 4, advantage: 0 },
      defender: { id: "d", test: { target: 40, skill: "BOUT.Opposed.Table.Defence.melee" }, surprised: false, toughnessBonus: 3, armour, woundsNow: 12, advantage: 0 },
      tables: DEFAULT_OPPOSED_TABLES,
    };
    const draws = await named((d) => resolveMeleeAttack(input, d), { 100: [21, 38] });
    expect(draws).toEqual([
      { results: [21], who: "a", key: "BOUT.Card.Roll.Opposed.attack", data: { target: 45, skill: "" } },
      { results: [38], who: "d", key: "BOUT.Card.Roll.Opposed.oppose", data: { target: 40, skill: "BOUT.Opposed.Table.Defence.melee" } },
    ]);
  });
});
