// Which opposed actions a fighter's sheet offers (issue 20, "Figures tab": ruleset actions shown only when they apply).
import { describe, expect, it } from "vitest";
import { opposedActionApplies } from "../../../../src/engine/rulesets/opposed/sheet-actions";

describe("opposed actions on the sheet", () => {
  // Seed 003, "Surprise!": "If anyone is surprised, they can use a Resolve point to remove the Surprised Condition."
  it("offers shaking off surprise only to a fighter who is Surprised", () => {
    expect(opposedActionApplies("shakeOff", { surprised: true })).toBe(true);
    expect(opposedActionApplies("shakeOff", { surprised: false })).toBe(false);
  });

  it("leaves the moves and the ambush to their own refusals", () => {
    for (const surprised of [true, false]) {
      expect(opposedActionApplies("move", { surprised })).toBe(true);
      expect(opposedActionApplies("ambush", { surprised })).toBe(true);
    }
  });
});
