// Seed 004_2f46e4f6196f6037.txt: [12.2] Non-engaged Initiative, [12.3] Engaged Initiative (the rules the tracker uses).
import { describe, expect, it } from "vitest";
import { applyFirstOrLast, engagementOrder, sideInitiativeOdds, sideRoller } from "../../../../src/engine/rulesets/pulse";

const f = (id: string, pc: number, ms: number, extra = {}) => ({ id, pc, militaryScientist: ms, leader: false, engaged: false, stunned: false, unconscious: false, ...extra });

describe("seed 004 [12.2] who rolls for a side", () => {
  it("a free leader adds PC and Military Scientist", () => {
    expect(sideRoller([f("a", 12, 3, { leader: true }), f("b", 16, 0)])).toEqual({ id: "a", bonus: 15, leader: true });
  });
  it("an unconscious leader is replaced; the stand-in adds only PC", () => {
    expect(sideRoller([f("a", 12, 3, { leader: true, unconscious: true }), f("b", 16, 4)])).toEqual({ id: "b", bonus: 16, leader: false });
  });
  it("nobody free: no roller", () => {
    expect(sideRoller([f("a", 12, 3, { engaged: true })])).toBe(null);
  });
  it("odds: equal bonuses tie 10% and split the rest", () => {
    expect(sideInitiativeOdds(10, 10)).toEqual({ win: 0.45, lose: 0.45, tie: 0.1 });
    expect(sideInitiativeOdds(19, 10)).toEqual({ win: 0.99, lose: 0, tie: 0.01 });
    expect(sideInitiativeOdds(20, 10)).toEqual({ win: 1, lose: 0, tie: 0 });
  });
});

describe("seed 004 [12.3] engaged order", () => {
  it("descending IV; the top chooses first or last", () => {
    const order = engagementOrder([
      { id: "a", iv: 29, stunned: false, opponentInRear: false },
      { id: "b", iv: 31, stunned: false, opponentInRear: false },
      { id: "c", iv: 22, stunned: false, opponentInRear: false },
    ]);
    expect(order).toEqual(["b", "a", "c"]);
    expect(applyFirstOrLast(order, "last")).toEqual(["a", "c", "b"]);
    expect(applyFirstOrLast(order, "first")).toEqual(order);
  });
});
