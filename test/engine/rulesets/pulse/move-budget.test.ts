// Seed 004_2f46e4f6196f6037.txt [14.1] (jumping counts against movement; Fire: two hexes with a loaded
// crossbow) and [23] (the pulse after a mounted charge the mount runs on its full TMR, past the target):
// what a token may still move this pulse, exact figures.
import { describe, expect, it } from "vitest";
import { chargeRunOn, crossbowLoaded, momentumOwed, moveBudget, stopsAtZones } from "../../../../src/engine/rulesets/pulse/move-budget";

describe("seed 004 [14.1], [23]: the pulse's movement budget", () => {
  it("limit 4, 2 walked and 1 jumped: 3 used of 4; a run-on of 6 owed lifts the limit to 6", () => {
    expect(moveBudget({ limit: 4, momentum: 0, moved: 2, jumped: 1 })).toEqual({ limit: 4, used: 3 });
    expect(moveBudget({ limit: 4, momentum: 6, moved: 2, jumped: 0 })).toEqual({ limit: 6, used: 2 });
    expect(moveBudget({ limit: 8, momentum: 6, moved: 0, jumped: 0 }).limit).toBe(8);
  });

  it("the run-on is owed only in the pulse it was set for (pulse 3), to that figure", () => {
    const state = { pulse: 3, momentum: { ada: { hexes: 6, pulse: 3 }, bran: { hexes: 5, pulse: 2 } } };
    expect([momentumOwed(state, "ada"), momentumOwed(state, "bran"), momentumOwed(state, "cole"), momentumOwed({ pulse: 3 }, "ada")]).toEqual([6, 0, 0, 0]);
  });

  it("a walk stops at a foe's zone unless the mount is carried on", () => {
    expect([stopsAtZones(0), stopsAtZones(6)]).toEqual([true, false]);
  });

  it("a crossbow in hand counts as loaded; one carried on the back, or a bow, does not", () => {
    expect(crossbowLoaded([{ equipped: true, stats: { crossbow: true } }])).toBe(true);
    expect(crossbowLoaded([{ equipped: false, stats: { crossbow: true } }, { equipped: true, stats: { crossbow: false } }])).toBe(false);
  });
});

describe("seed 004 [23]: a rider's charge owes the run-on (chargeRunOn)", () => {
  it("mounted and charging on a mount of TMR 8: 8 hexes next pulse; on foot, or not charging: none", () => {
    expect(chargeRunOn(true, true, 8)).toBe(8);
    expect(chargeRunOn(false, true, 8)).toBeNull();
    expect(chargeRunOn(true, false, 8)).toBeNull();
  });
});
