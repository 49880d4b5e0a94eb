// Which pulse actions a fighter's sheet offers (issue 20, "Figures tab": ruleset actions shown only when they apply).
import { describe, expect, it } from "vitest";
import { pulseActionApplies, PULSE_SHEET_ACTIONS, type PulseActionSituation } from "../../../../src/engine/rulesets/pulse/sheet-actions";

const standing: PulseActionSituation = { stunned: false, infected: false, inClose: false, entangled: false, stuckPenalty: 0 };

describe("pulse actions on the sheet", () => {
  // Seed 004 [15]: "While stunned, only action allowed is to recover from stun." [19]: "To recover, must roll <= 2 x (WP + curr FT)".
  it("a stunned figure is offered only the recovery; recovering is offered only to a stunned figure", () => {
    const stunned = { ...standing, stunned: true, inClose: true, entangled: true, stuckPenalty: 3 };
    for (const id of ["jump", "mount", "close", "closeWithdraw", "disentangle", "magic", "pullOut"]) {
      expect(pulseActionApplies(id, stunned), id).toBe(false);
      expect(pulseActionApplies(id, { ...stunned, stunned: false }), id).toBe(true);
    }
    expect(pulseActionApplies("recover", stunned)).toBe(true);
    expect(pulseActionApplies("recover", standing)).toBe(false);
  });

  // Seed 004 [13.7]: "In close combat, may Grapple, Pass, or Withdraw."
  it("offers withdrawing from close combat only to a figure in close combat", () => {
    expect(pulseActionApplies("closeWithdraw", { ...standing, inClose: true })).toBe(true);
    expect(pulseActionApplies("closeWithdraw", standing)).toBe(false);
    expect(pulseActionApplies("close", standing)).toBe(true);
  });

  // Seed 004 [14] Entangle: "To disentangle, target must spend 2 consecutive Pass actions."
  it("offers working free only to an entangled figure", () => {
    expect(pulseActionApplies("disentangle", { ...standing, entangled: true })).toBe(true);
    expect(pulseActionApplies("disentangle", standing)).toBe(false);
  });

  // Seed 004 [20.4] Stuck Like a Pig: "target's modAG gets –3 until removed ... Removing takes a Pass action."
  it("offers pulling out a stuck weapon only while one is stuck (its penalty above 0)", () => {
    expect(pulseActionApplies("pullOut", { ...standing, stuckPenalty: 3 })).toBe(true);
    expect(pulseActionApplies("pullOut", standing)).toBe(false);
  });

  // Seed 004 [24] Infection: "If infected, must roll under original EN on D100 each day."
  it("offers the day's infection roll only to an infected figure; the check after combat to anyone", () => {
    expect(pulseActionApplies("infectionDay", { ...standing, infected: true })).toBe(true);
    expect(pulseActionApplies("infectionDay", standing)).toBe(false);
    expect(pulseActionApplies("infection", standing)).toBe(true);
  });

  it("knows every action the pulse sheet registers, and leaves jumping, mounting, closing and magic to their own refusals", () => {
    expect([...PULSE_SHEET_ACTIONS].sort()).toEqual(["close", "closeWithdraw", "disentangle", "infection", "infectionDay", "jump", "magic", "mount", "pullOut", "recover"]);
    for (const id of ["jump", "mount", "close", "magic"]) expect(pulseActionApplies(id, standing), id).toBe(true);
  });
});
