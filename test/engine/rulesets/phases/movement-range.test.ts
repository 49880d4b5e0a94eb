// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "1. Movement" and its
// Movement Table: characters "are free to travel up to the maximum range of
// the declared mode of movement" (Walking 9 + Qik, Hustling 15 + Qik + Enc,
// Sprinting 30 + Qik + Athletics + Enc - Wound - Fatigue, safe gallop 50 + Ride).
import { describe, expect, it } from "vitest";
import { moveBeyondMode, movementAllowance, phasesMachine, startPhases, type DeclarationInput, type PhasesCommand, type PhasesState } from "../../../../src/engine/time/phases";
import { pathLength } from "../../../../src/engine/rulesets/phases/effective-space";

const SEED = "seed 001_e84cf39f805b9fd9.txt";
const figures = { qik: 2, enc: -1, athletics: 3, ride: 0, woundPenalty: -1, fatiguePenalty: 0 };

function run(state: PhasesState, ...commands: PhasesCommand[]): PhasesState {
  return commands.reduce((s, c) => {
    const r = phasesMachine.apply(s, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.refusal.code}`);
    return r.value.state;
  }, state);
}
const declare = (combatantId: string, declaration: DeclarationInput): PhasesCommand => ({ type: "declare", combatantId, declaration });
function round(movement: DeclarationInput["movement"]) {
  const start = startPhases([{ id: "ada" }, { id: "bran" }]);
  if (!start.ok) throw new Error("start");
  const declared = run(start.value, declare("ada", { action: "move", movement }), declare("bran", { action: "none" }));
  return { declared, moving: run(declared, { type: "setInitiative", totals: { ada: 10, bran: 5 } }) };
}

describe(`${SEED}, "1. Movement", Movement Table: a move reaches no farther than the declared mode`, () => {
  it("the allowance is the declared mode's paces from the mover's figures", () => {
    expect(movementAllowance(round("walk").moving, "ada", figures)).toEqual({ mode: "walk", paces: 11, less: 0 });
    expect(movementAllowance(round("hustle").moving, "ada", figures)).toEqual({ mode: "hustle", paces: 16, less: 0 });
    expect(movementAllowance(round("sprint").moving, "ada", figures)).toEqual({ mode: "sprint", paces: 33, less: 0 });
    expect(movementAllowance(round("stand").moving, "ada", figures)).toEqual({ mode: "stand", paces: 0, less: 0 });
  });
  it("a hustle of 16 paces allows 16 and refuses 16.5", () => {
    const { moving } = round("hustle");
    expect(moveBeyondMode(moving, "ada", figures, 16)).toBeNull();
    expect(moveBeyondMode(moving, "ada", figures, 16.5)).toEqual({ mode: "hustle", paces: 16, less: 0, moved: 16.5 });
  });
  it("binds only in the Movement phase's turns, and only those declared this round", () => {
    const { declared, moving } = round("walk");
    expect(moveBeyondMode(declared, "ada", figures, 100)).toBeNull();
    expect(moveBeyondMode(moving, "stranger", figures, 100)).toBeNull();
    const melee = run(moving, { type: "act", combatantId: "ada" }, { type: "act", combatantId: "bran" });
    expect(melee.phase).not.toBe("movement");
    expect(moveBeyondMode(melee, "ada", figures, 100)).toBeNull();
  });
  it("a path's length is the sum of its legs", () => {
    expect(pathLength([{ x: 0, y: 0 }, { x: 3, y: 4 }, { x: 3, y: 10 }])).toBe(11);
    expect(pathLength([{ x: 0, y: 0 }])).toBe(0);
  });
});
