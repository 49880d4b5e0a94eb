// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "2. First Missiles",
// Missile Fire Table: the target's motion ("unmoving or walking carefully",
// "hustling", "sprinting") is how it moves this round, which it declared in
// "1. Movement"; the shooter's aim (-3) needs its second footnote: "Spending a
// whole missile phase taking no action but aiming gives this bonus, provided
// that the shooter does not move or otherwise act before actually firing."
import { describe, expect, it } from "vitest";
import { aimAllowed, declaredTargetMotion, phasesMachine, startPhases, type DeclarationInput, type PhasesCommand, type PhasesState } from "../../../../src/engine/time/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";

function run(state: PhasesState, ...commands: PhasesCommand[]): PhasesState {
  return commands.reduce((s, c) => {
    const r = phasesMachine.apply(s, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.refusal.code}`);
    return r.value.state;
  }, state);
}
const declare = (combatantId: string, declaration: DeclarationInput): PhasesCommand => ({ type: "declare", combatantId, declaration });
/** Every turn ends (a shooter holds fire unless `fire`) until the round reaches `phase`. */
function until(s: PhasesState, phase: PhasesState["phase"], fire = false): PhasesState {
  let next = s;
  for (let i = 0; i < 30 && next.phase !== phase; i++) {
    const acting = next.stage === "act" && next.turn < next.order.length ? next.order[next.turn] : undefined;
    next = run(next, acting ? { type: "act", combatantId: acting, fire } : { type: "next" });
  }
  expect(next.phase).toBe(phase);
  return next;
}
// Initiative score +5 with the bow: first missile every round, second every other (Missile Rate Table).
const shot = { action: "missile", missile: true, range: "middle", score: 5, opponents: ["runner"] } as const;

function round(archer: DeclarationInput, runner: DeclarationInput = { action: "move", movement: "hustle" }) {
  const start = startPhases(["archer", "runner"].map((id) => ({ id })));
  if (!start.ok) throw new Error("start");
  return run(start.value, declare("archer", archer), declare("runner", runner), { type: "setInitiative", totals: { archer: 12, runner: 8 } });
}

describe(`${SEED}, Missile Fire Table: the target's motion comes from its own declaration`, () => {
  it("a runner who declared a hustle is hustling (+3), a sprinter sprinting, one who stands is unmoving, a walker walks", () => {
    expect(declaredTargetMotion(round({ ...shot, movement: "stand" }), "runner")).toBe("hustle");
    expect(declaredTargetMotion(round({ ...shot, movement: "stand" }, { action: "rout", movement: "sprint" }), "runner")).toBe("sprint");
    expect(declaredTargetMotion(round({ ...shot, movement: "stand" }, { action: "none" }), "runner")).toBe("still");
    expect(declaredTargetMotion(round({ ...shot, movement: "stand" }, { action: "move", movement: "walk" }), "runner")).toBe("walk");
  });
  it("says nothing while declarations are hidden, or for someone not in the round (the table states it)", () => {
    const start = startPhases([{ id: "archer" }, { id: "runner" }]);
    if (!start.ok) throw new Error("start");
    expect(declaredTargetMotion(run(start.value, declare("runner", { action: "move", movement: "sprint" })), "runner")).toBeNull();
    expect(declaredTargetMotion(round({ ...shot, movement: "stand" }), "stranger")).toBeNull();
  });
});

describe(`${SEED}, Missile Fire Table, second footnote: aiming only after a whole missile phase aiming, without moving`, () => {
  it("not at the first shot of the round: no missile phase has been spent aiming yet", () => {
    const first = until(round({ ...shot, movement: "stand" }), "firstMissile");
    expect(first.order).toEqual(["archer"]);
    expect(aimAllowed(first, "archer")).toBe(false);
  });
  it("after holding fire through the First Missile phase, standing: the shot in the Second Missile phase is aimed", () => {
    const second = until(until(round({ ...shot, movement: "stand" }), "firstMissile"), "secondMissile");
    expect(second.order).toEqual(["archer"]);
    expect(aimAllowed(second, "archer")).toBe(true);
    // Once fired, the aim is spent.
    const fired = run(second, { type: "act", combatantId: "archer", fire: true });
    expect(fired.combatants.find((c) => c.id === "archer")?.aiming).toBeUndefined();
  });
  it("a shooter who declared a walk does not aim, however long it holds fire", () => {
    const second = until(until(round({ ...shot, movement: "walk" }), "firstMissile"), "secondMissile");
    expect(aimAllowed(second, "archer")).toBe(false);
  });
  it("the aim carries into the next round's first shot when the shooter again declares a shot without moving, and is lost by moving", () => {
    const held = until(until(round({ ...shot, movement: "stand" }), "firstMissile"), "secondMissile");
    const over = until(run(held, { type: "act", combatantId: "archer", fire: false }), "fatigue");
    const nextRound = (archer: DeclarationInput) =>
      until(run(run(over, { type: "nextRound" }), declare("archer", archer), declare("runner", { action: "none" }), { type: "setInitiative", totals: { archer: 12, runner: 8 } }), "firstMissile");
    expect(aimAllowed(nextRound({ ...shot, movement: "stand" }), "archer")).toBe(true);
    expect(aimAllowed(nextRound({ ...shot, movement: "hustle" }), "archer")).toBe(false);
  });
  it("says nothing outside a running round's turns (the table states it)", () => {
    const start = startPhases([{ id: "archer" }]);
    if (!start.ok) throw new Error("start");
    expect(aimAllowed(start.value, "archer")).toBeNull();
  });
});
