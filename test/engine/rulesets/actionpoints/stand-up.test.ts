// Seed 002 (shared/seeds/002_e3c6bc76ba013433.txt), VII.b.ii.2.c: "In order for
// a character in a kneeling position to rise to a standing position, the
// character must spend 4 Action Points. (See Table 7.2 ...)"; Table 7.2 is the
// world's (the GM's cells).
import { describe, expect, it } from "vitest";
import { DEFAULT_ACTION_COSTS, standUpAction } from "../../../../src/engine/rulesets/actionpoints";

const SEED = "seed 002_e3c6bc76ba013433.txt";

describe(`${SEED}, VII.b.ii.2.c: what standing up spends`, () => {
  it("by our table, the seed's 4 AP as movement", () => {
    expect(standUpAction(DEFAULT_ACTION_COSTS)).toEqual({ points: 4, kind: "movement" });
  });
  it("the GM's row: 5 AP as a combat action", () => {
    const costs = DEFAULT_ACTION_COSTS.map((c) => (c.id === "stand" ? { ...c, ap: 5, kind: "combat" as const } : c));
    expect(standUpAction(costs)).toEqual({ points: 5, kind: "combat" });
  });
  it("a fighter who is not kneeling has nothing to rise from", () => {
    expect(standUpAction(DEFAULT_ACTION_COSTS, false)).toBeNull();
    expect(standUpAction(DEFAULT_ACTION_COSTS, true)).toEqual({ points: 4, kind: "movement" });
  });
  it("a table with no row for it: the seed's 4 AP as movement", () => {
    expect(standUpAction([])).toEqual({ points: 4, kind: "movement" });
  });
});
