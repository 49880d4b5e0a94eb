// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "1. Movement": characters
// simply moving (not engaging or engaged) may travel as far as their mode of
// movement allows, but not inside the Effective Space, as the weapon defines it,
// of a character engaged in combat. The paces of each weapon's space are our
// default (the seed's pages hold no weapon table); the geometry is exact.
import { describe, expect, it } from "vitest";
import { distanceToSegment, EFFECTIVE_SPACE_PACES, effectiveSpace, pacesPerUnit, spaceIntrusions, type EngagedFigure } from "../../../../src/engine/rulesets/phases";
import { phasesMachine, spaceToKeepOutOf, startPhases, type DeclarationInput, type PhasesCommand, type PhasesState } from "../../../../src/engine/time/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";
const sword = { min: "touch", max: "reach" } as const;
const spear = { min: "touch", max: "close" } as const;
const dagger = { min: "touch", max: "touch" } as const;

describe(`${SEED}, "1. Movement": how far an engaged fighter's Effective Space reaches (our default paces, by the weapon)`, () => {
  it("a dagger keeps 1 pace, a sword 2, a spear 3; no melee weapon keeps the Touch pace", () => {
    expect([effectiveSpace(dagger), effectiveSpace(sword), effectiveSpace(spear), effectiveSpace(null), effectiveSpace(undefined)]).toEqual([1, 2, 3, 1, 1]);
    expect(EFFECTIVE_SPACE_PACES).toEqual({ touch: 1, reach: 2, close: 3, near: 4, middle: 5, far: 6 });
  });
  it("a group can replace the table", () => {
    expect(effectiveSpace(sword, { ...EFFECTIVE_SPACE_PACES, reach: 5 })).toBe(5);
  });
});

describe(`${SEED}, "1. Movement": a free mover's path against an engaged swordsman at (10, 0), Effective Space 2 paces`, () => {
  const swordsman: EngagedFigure = { id: "s", at: { x: 10, y: 0 }, space: 2 };
  const crosses = (...path: [number, number][]) => spaceIntrusions(path.map(([x, y]) => ({ x, y })), [swordsman]);

  it("straight through him: closest 0, inside", () => {
    expect(crosses([0, 0], [20, 0])).toEqual([{ id: "s", closest: 0, space: 2 }]);
  });
  it("passing 1.5 paces off: inside", () => {
    expect(crosses([0, 1.5], [20, 1.5])).toEqual([{ id: "s", closest: 1.5, space: 2 }]);
  });
  it("passing exactly 2 paces off grazes the edge and stays outside; 3 paces off is clear", () => {
    expect(crosses([0, 2], [20, 2])).toEqual([]);
    expect(crosses([0, 3], [20, 3])).toEqual([]);
  });
  it("stopping short at 3 paces is clear; stopping at 1.5 paces is inside", () => {
    expect(crosses([0, 0], [7, 0])).toEqual([]);
    expect(crosses([0, 0], [8.5, 0])).toEqual([{ id: "s", closest: 1.5, space: 2 }]);
  });
  it("going around him on waypoints (0,0) → (10,3) → (20,0) is clear: the nearest point is 2.87 paces off", () => {
    expect(distanceToSegment(swordsman.at, { x: 0, y: 0 }, { x: 10, y: 3 })).toBeCloseTo(30 / Math.sqrt(109), 12);
    expect(crosses([0, 0], [10, 3], [20, 0])).toEqual([]);
  });
  it("a waypoint that cuts the corner at (10, 1) is inside: the first leg passes 10/√101 ≈ 0.995 paces off", () => {
    const [hit] = crosses([0, 0], [10, 1], [20, 0]);
    expect(hit?.id).toBe("s");
    expect(hit?.closest).toBeCloseTo(10 / Math.sqrt(101), 12);
  });
  it("a mover already inside may leave or step along, but not go deeper", () => {
    expect(crosses([10, 1], [10, 6])).toEqual([]);
    expect(crosses([10, 1], [12, 1])).toEqual([]);
    expect(crosses([10, 1], [10, 0.5])).toEqual([{ id: "s", closest: 0.5, space: 2 }]);
  });
  it("no movement, or points that are not numbers, cross nothing", () => {
    expect(crosses([0, 0])).toEqual([]);
    expect(spaceIntrusions([{ x: 0, y: 0 }, { x: Number.NaN, y: 0 }], [swordsman])).toEqual([]);
    expect(spaceIntrusions([{ x: 0, y: 0 }, { x: 20, y: 0 }], [{ id: "bad", at: { x: Infinity, y: 0 }, space: 2 }])).toEqual([]);
  });
  it("reports each space entered: a spearman at (14, 0) with 3 paces too", () => {
    const spearman: EngagedFigure = { id: "p", at: { x: 14, y: 2 }, space: 3 };
    expect(spaceIntrusions([{ x: 0, y: 0 }, { x: 20, y: 0 }], [swordsman, spearman])).toEqual([
      { id: "s", closest: 0, space: 2 },
      { id: "p", closest: 2, space: 3 },
    ]);
  });
});

describe("scene units to paces (ours: a pace is about a yard)", () => {
  it("feet are a third of a pace, metres 1/0.9144, paces and yards one", () => {
    expect(pacesPerUnit("ft")).toBeCloseTo(1 / 3, 12);
    expect(pacesPerUnit("Feet")).toBeCloseTo(1 / 3, 12);
    expect(pacesPerUnit("m")).toBeCloseTo(1.0936133, 6);
    expect(pacesPerUnit("paces")).toBe(1);
    expect(pacesPerUnit("yd")).toBe(1);
    expect(pacesPerUnit(undefined)).toBe(1);
  });
});

function run(state: PhasesState, ...commands: PhasesCommand[]): PhasesState {
  return commands.reduce((s, c) => {
    const r = phasesMachine.apply(s, c);
    if (!r.ok) throw new Error(`${c.type}: ${r.refusal.code}`);
    return r.value.state;
  }, state);
}
const declare = (combatantId: string, declaration: DeclarationInput): PhasesCommand => ({ type: "declare", combatantId, declaration });

describe(`${SEED}, "1. Movement" and "Engagement Example": who must keep out of whose space`, () => {
  const start = startPhases(["alberto", "bors", "frederico", "inigo"].map((id) => ({ id })));
  if (!start.ok) throw new Error("start");
  const declared = run(
    start.value,
    declare("alberto", { action: "melee", movement: "hustle", opponents: ["frederico"], range: "reach", weapon: "sword", reach: sword }),
    declare("bors", { action: "melee", movement: "hustle", opponents: ["inigo"], range: "close", weapon: "spear", reach: spear }),
    declare("frederico", { action: "rout", movement: "sprint" }),
    declare("inigo", { action: "melee", movement: "hustle", opponents: ["bors"], range: "touch", weapon: "dagger", reach: dagger }),
  );
  const rolled = run(declared, { type: "setInitiative", totals: { bors: 18, inigo: 13, frederico: 11, alberto: 10 } });

  it("in the Movement phase, Frederico (got away) and Alberto (left unengaged) must keep out of Bors's 3 paces and Inigo's 1", () => {
    expect(rolled).toMatchObject({ phase: "movement", stage: "act" });
    const keepOut = [{ id: "bors", space: 3 }, { id: "inigo", space: 1 }];
    expect(spaceToKeepOutOf(rolled, "frederico")).toEqual(keepOut);
    expect(spaceToKeepOutOf(rolled, "alberto")).toEqual(keepOut);
  });
  it("Bors and Inigo are engaged: not simply moving, so not bound", () => {
    expect(spaceToKeepOutOf(rolled, "bors")).toBeNull();
    expect(spaceToKeepOutOf(rolled, "inigo")).toBeNull();
  });
  it("does not bind before the engagements are settled, in other phases, or for someone outside the round", () => {
    expect(spaceToKeepOutOf(declared, "alberto")).toBeNull();
    expect(spaceToKeepOutOf(rolled, "stranger")).toBeNull();
    expect(spaceToKeepOutOf(rolled, null)).toBeNull();
    const melee = run(rolled, { type: "next" }, { type: "next" }, { type: "next" }, { type: "next" });
    expect(melee.phase).not.toBe("movement");
    expect(spaceToKeepOutOf(melee, "alberto")).toBeNull();
  });
});
