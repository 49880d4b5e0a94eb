// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt): "1. Movement" ("The
// storyguide may require sprinting characters to make an Athletics roll") and
// "Combat Sequence" (the Magic and Fatigue phases, named only; their
// procedures are ours): each check is its maker's turn in its own phase.
import { describe, expect, it } from "vitest";
import { startPhases, type PhasesState } from "../../../src/engine/time/phases";
import { declare, run } from "./phases-run";
import { checkRefusal, turnOffers } from "../../../src/engine/time/phases-checks";

const SEED = "seed 001_e84cf39f805b9fd9.txt";

function start(ids: string[]): PhasesState {
  const s = startPhases(ids.map((id) => ({ id })));
  if (!s.ok) throw new Error(s.refusal.code);
  return s.value;
}

describe(`${SEED}, "1. Movement" and "Combat Sequence": the checks a fighter makes on themself`, () => {
  // Bors sprints (total 18), Inigo walks (13): Bors moves first.
  const moving = run(
    start(["bors", "inigo"]),
    declare("bors", { action: "move", movement: "sprint" }),
    declare("inigo", { action: "move", movement: "walk" }),
    { type: "setInitiative", rolls: { bors: 18, inigo: 13 } },
  );

  it("in the Movement phase Bors, sprinting, may roll Athletics on his turn; Inigo, walking, may not", () => {
    expect(moving.phase).toBe("movement");
    expect(checkRefusal(moving, "bors", "athletics")).toBeNull();
    expect(turnOffers(moving, "bors")).toEqual(["athletics"]);
    expect(checkRefusal(moving, "inigo", "athletics")).toBe("outOfTurn");
    const inigosTurn = run(moving, { type: "act", combatantId: "bors" });
    expect(checkRefusal(inigosTurn, "inigo", "athletics")).toBe("notSprinting");
    expect(turnOffers(inigosTurn, "inigo")).toEqual([]);
  });

  it("the fatigue check and a cast wait for their own phases", () => {
    expect(checkRefusal(moving, "bors", "fatigue")).toBe("wrongPhase");
    expect(checkRefusal(moving, "bors", "magic")).toBe("wrongPhase");
  });

  it("outside a running round (no state, or not in it) nothing binds", () => {
    expect(checkRefusal(null, "bors", "fatigue")).toBeNull();
    expect(checkRefusal(moving, null, "fatigue")).toBeNull();
  });
});
