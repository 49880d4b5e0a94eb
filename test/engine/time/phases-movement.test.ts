// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt): "1. Movement" (after the
// declarations and the Initiative Totals, movement resolves "in order from
// highest to lowest Initiative Total"; a character travels "up to the maximum
// range of the declared mode of movement", the Movement Table's "Paces per
// Round"), the "Engagement Example" (Bors and Inigo engaged at Close) and the
// Missile Fire Table ("Target in Touch or Reach Range: No firing possible";
// the paces of each range class are our default).
import { describe, expect, it } from "vitest";
import { moveBeyondMode, startPhases } from "../../../src/engine/time/phases";
import { declare, run } from "./phases-run";
import { moveTurnRefusal, shotRange } from "../../../src/engine/time/phases-movement";
import { rangeClassAt, SHOT_RANGE_PACES } from "../../../src/engine/rulesets/phases/shot-range";
import { pathLength } from "../../../src/engine/rulesets/phases/effective-space";

const SEED = "seed 001_e84cf39f805b9fd9.txt";
const spear = { min: "reach", max: "close" } as const;
const dagger = { min: "touch", max: "touch" } as const;
const figures = { qik: 0, enc: 0, athletics: 0, ride: 0, woundPenalty: 0, fatiguePenalty: 0 };


// The Engagement Example's four, with Frederico routing and Alberto chasing him.
function example() {
  const start = startPhases(["alberto", "bors", "frederico", "inigo"].map((id) => ({ id })));
  if (!start.ok) throw new Error("start");
  const declared = run(
    start.value,
    declare("alberto", { action: "melee", movement: "hustle", opponents: ["frederico"], range: "reach", weapon: "sword", reach: { min: "touch", max: "reach" } }),
    declare("bors", { action: "melee", movement: "hustle", opponents: ["inigo"], range: "close", weapon: "spear", reach: spear }),
    declare("frederico", { action: "rout", movement: "sprint" }),
    declare("inigo", { action: "melee", movement: "hustle", opponents: ["bors"], range: "touch", weapon: "dagger", reach: dagger }),
  );
  const rolled = run(declared, { type: "setInitiative", totals: { bors: 18, inigo: 13, frederico: 11, alberto: 10 } });
  return { start: start.value, declared, rolled };
}

describe(`${SEED}, "1. Movement": each moves in turn, highest Initiative Total first, in the Movement phase only`, () => {
  it("Bors (18) moves first; Inigo (13), Frederico (11) and Alberto (10) wait their turns", () => {
    const { rolled } = example();
    expect(moveTurnRefusal(rolled, "bors")).toBeNull();
    for (const id of ["inigo", "frederico", "alberto"]) expect(moveTurnRefusal(rolled, id)).toBe("notYourMove");
    const next = run(rolled, { type: "act", combatantId: "bors" });
    expect(moveTurnRefusal(next, "inigo")).toBeNull();
    expect(moveTurnRefusal(next, "bors")).toBe("notYourMove");
  });
  it("nobody moves while the round is declared or rolled, nor in the Melee phase or after the round", () => {
    const { start, declared, rolled } = example();
    expect(moveTurnRefusal(start, "bors")).toBe("notMovementPhase");
    expect(moveTurnRefusal(declared, "bors")).toBe("notMovementPhase");
    let s = rolled;
    while (s.phase === "movement") s = run(s, { type: "next" });
    expect(moveTurnRefusal(s, s.order[s.turn] ?? "bors")).toBe("notMovementPhase");
    while (s.stage !== "over") s = run(s, { type: "next" });
    expect(moveTurnRefusal(s, "bors")).toBe("notMovementPhase");
  });
  it("does not bind someone outside the round", () => {
    expect(moveTurnRefusal(example().rolled, "stranger")).toBeNull();
    expect(moveTurnRefusal(example().rolled, null)).toBeNull();
  });
});

describe(`${SEED}, Movement Table ("Paces per Round"): the round's legs add up`, () => {
  it("Bors hustles 15: three legs of 10, 10 and 5 paces come to 25, beyond his 15; two legs of 5 and one of 5 are his 15", () => {
    const { rolled } = example();
    const legs = pathLength([{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 }, { x: 15, y: 10 }]);
    expect(legs).toBe(25);
    expect(moveBeyondMode(rolled, "bors", figures, legs)).toEqual({ mode: "hustle", paces: 15, less: 0, moved: 25 });
    expect(moveBeyondMode(rolled, "bors", figures, pathLength([{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 5, y: 5 }, { x: 10, y: 5 }]))).toBeNull();
  });
  it("a leg to where the token was put, not walked, is not travelled", () => {
    expect(pathLength([{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 40, y: 0, displaced: true }, { x: 40, y: 3 }])).toBe(8);
  });
});

describe(`${SEED}, Missile Fire Table: the range of a shot`, () => {
  it("Inigo, engaged with Bors at Close, shoots at Close whatever the tokens say", () => {
    const { rolled } = example();
    expect(shotRange(rolled, "inigo", "bors", 30)).toEqual({ range: "close", from: "engagement" });
    expect(shotRange(rolled, "bors", "inigo", null)).toEqual({ range: "close", from: "engagement" });
  });
  it("unengaged, the range is the measured distance's class (ours: Touch to 1 pace, Reach 2, Close 5, Near 15, Middle 50, Far beyond)", () => {
    const { rolled } = example();
    expect(shotRange(rolled, "alberto", "frederico", 30)).toEqual({ range: "middle", from: "measured" });
    expect(shotRange(null, "a", "b", 1)).toEqual({ range: "touch", from: "measured" });
    expect(shotRange(rolled, "alberto", "frederico", null)).toBeNull();
    expect(SHOT_RANGE_PACES).toEqual({ touch: 1, reach: 2, close: 5, near: 15, middle: 50 });
    expect([1, 1.5, 2, 5, 5.5, 15, 50, 50.5].map((p) => rangeClassAt(p))).toEqual(["touch", "reach", "reach", "close", "near", "near", "middle", "far"]);
    expect(rangeClassAt(Number.NaN)).toBeNull();
  });
});
