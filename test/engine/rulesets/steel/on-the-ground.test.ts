// Seed 000_4377b2da58f3a52b.txt "Knockdown & Knockout" and "Terrain Roll Mechanics" (the bench: "he slips and
// falls on his back (losing ½ his total CP for being on the ground)"; a failed Knockout roll is "1d10 seconds of
// unconsciousness", a fumble "1d10x10 minutes"): what going down costs and how long it lasts (issue 31).
import { describe, expect, it } from "vitest";
import { GROUND_SECONDS, groundCost, knockedDown, onHisBack, senselessFor } from "../../../../src/engine/rulesets/steel";

describe("seed 000: down and out in a bout", () => {
  it("on the ground: half the total pool (12: 6), from what is left now (4) and the rest (2) off the next refresh", () => {
    expect(groundCost(12, 4)).toEqual({ dice: 4, carry: 2 });
    expect(groundCost(12, 9)).toEqual({ dice: 6, carry: 0 });
    expect(groundCost(9, 0)).toEqual({ dice: 0, carry: 4 });
  });
  it("knocked down or on his back until his bout's next round: one 2-second round of the world's time", () => {
    expect([GROUND_SECONDS, knockedDown, onHisBack]).toEqual([2, { id: "knockedDown", seconds: 2 }, { id: "prone", seconds: 2 }]);
  });
  it("a failed Knockout roll: out for its 1d10 seconds (7); a fumble: its 1d10 x 10 minutes (30 minutes, 1800 seconds)", () => {
    expect(senselessFor({ seconds: 7, minutes: 0 })).toEqual({ id: "unconscious", seconds: 7 });
    expect(senselessFor({ seconds: 0, minutes: 30 })).toEqual({ id: "unconscious", seconds: 1800 });
  });
});
