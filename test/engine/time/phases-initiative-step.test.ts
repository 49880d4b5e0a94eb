// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "1. Movement": "each
// combatant declares ... After declarations are all made, each combatant rolls
// a stress die + Initiative score"; the seed names no botch on Initiative.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../src/engine/dice";
import { rollInitiativeDie } from "../../../src/engine/rulesets/phases";
import { awaitingDeclaration, awaitingInitiative, startPhases } from "../../../src/engine/time/phases";
import { run } from "./phases-run";

const SEED = "seed 001_e84cf39f805b9fd9.txt";


describe(`${SEED}, "1. Movement": declarations first, then every Initiative Total`, () => {
  const begun = startPhases([{ id: "bors" }, { id: "inigo" }]);
  if (!begun.ok) throw new Error(begun.refusal.code);

  it("Bors and Inigo both declare; once Bors has, only Inigo is awaited; nobody rolls yet", () => {
    expect(awaitingDeclaration(begun.value)).toEqual(["bors", "inigo"]);
    const one = run(begun.value, { type: "declare", combatantId: "bors", declaration: { action: "none" } });
    expect(awaitingDeclaration(one)).toEqual(["inigo"]);
    expect(awaitingInitiative(one)).toEqual([]);
  });

  it("once both have declared, both roll; a total set is no longer awaited", () => {
    const declared = run(begun.value, { type: "declare", combatantId: "bors", declaration: { action: "none" } }, { type: "declare", combatantId: "inigo", declaration: { action: "none" } });
    expect(awaitingDeclaration(declared)).toEqual([]);
    expect(awaitingInitiative(declared)).toEqual(["bors", "inigo"]);
    expect(awaitingInitiative(run(declared, { type: "setInitiative", rolls: { bors: 18 } }))).toEqual(["inigo"]);
  });

  it("the die for Initiative is a stress die with no botch dice: a first 0 counts 0 and rolls nothing more; a 1 rerolls and doubles", () => {
    const dice = new FixedDice([10]);
    const zero = rollInitiativeDie(dice);
    expect(zero.ok && zero.value.total).toBe(0);
    expect(dice.remaining()).toBe(0);
    const doubled = rollInitiativeDie(new FixedDice([1, 6]));
    expect(doubled.ok && doubled.value.total).toBe(12);
  });
});
