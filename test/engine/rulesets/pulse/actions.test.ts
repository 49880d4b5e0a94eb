// Seed 004_2f46e4f6196f6037.txt: [13] Engaged Actions, [14] Non-Engaged Actions, [14.2-8] movement, [15] Action Restrictions.
import { describe, expect, it } from "vitest";
import { ALL_ACTIONS, actionsFor, agilityTmrShift, checkDeclaredActions, checkStunnedMay, concentrationDue, jumpCost, moveAllowance, type MoveContext } from "../../../../src/engine/rulesets/pulse";

const c: MoveContext = { tmr: 6, modAG: 14, inOpponentZone: false, poleWeapon: false, loadedCrossbow: false };

describe("seed 004 [13] / [14] action lists", () => {
  it("engaged, close combat and free figures have their own lists; stunned may only recover", () => {
    expect(actionsFor("engaged", false)).toContain("closeAndGrapple");
    expect(actionsFor("close", false)).toEqual(["grapple", "pass", "withdraw"]);
    expect(actionsFor("free", false)).toContain("charge");
    expect(actionsFor("free", true)).toEqual(["recoverFromStun"]);
  });
});

describe("seed 004 movement allowances", () => {
  it("[13.1] attack: one hex inside the zone, else half TMR", () => {
    expect(moveAllowance("meleeAttack", { ...c, inOpponentZone: true })).toEqual({ hexes: 1, facing: "once", backwardOnly: false });
    expect(moveAllowance("meleeAttack", c)).toEqual({ hexes: 3, facing: "after", backwardOnly: false });
  });
  it("[13.3] withdraw to a rear hex without turning; [13.4] pass 1 or 2 hexes", () => {
    expect(moveAllowance("withdraw", { ...c, inOpponentZone: true })).toEqual({ hexes: 1, facing: "none", backwardOnly: true });
    expect(moveAllowance("pass", { ...c, inOpponentZone: true }).hexes).toBe(1);
    expect(moveAllowance("pass", c).hexes).toBe(2);
  });
  it("[14.2-8] charge: half TMR, full with a pole weapon; charge and close half with no turning; retreat 2 back", () => {
    expect(moveAllowance("charge", c).hexes).toBe(3);
    expect(moveAllowance("charge", { ...c, poleWeapon: true }).hexes).toBe(6);
    expect(moveAllowance("chargeAndClose", c)).toEqual({ hexes: 3, facing: "none", backwardOnly: false });
    expect(moveAllowance("retreat", c)).toEqual({ hexes: 2, facing: "none", backwardOnly: true });
  });
  it("[14.2-8] firing: no move, except 2 hexes with a loaded crossbow", () => {
    expect(moveAllowance("fire", c).hexes).toBe(0);
    expect(moveAllowance("fire", { ...c, loadedCrossbow: true }).hexes).toBe(2);
  });
  it("[14.1] crawl a quarter of TMR rounded down; always at least one hex moving; jumping 1 TMR per 5 feet", () => {
    expect(moveAllowance("crawl", { ...c, tmr: 7 }).hexes).toBe(1);
    expect(moveAllowance("move", { ...c, tmr: 1 }).hexes).toBe(1);
    expect(jumpCost(10)).toBe(2);
    expect(jumpCost(11)).toBe(3);
  });
});

describe("seed 004 [15] modAG restrictions", () => {
  it("modAG 8 or less: -1 TMR on attack, evade, retreat, pass, and pole charges", () => {
    expect(agilityTmrShift(8, "meleeAttack", false)).toBe(-1);
    expect(agilityTmrShift(8, "charge", false)).toBe(0);
    expect(agilityTmrShift(8, "charge", true)).toBe(-1);
    expect(agilityTmrShift(9, "meleeAttack", false)).toBe(0);
    expect(moveAllowance("meleeAttack", { ...c, modAG: 8 }).hexes).toBe(2);
  });
  it("modAG 22-25: +1 TMR on attack, evade, withdraw, pass, retreat", () => {
    expect(agilityTmrShift(22, "withdraw", false)).toBe(1);
    expect(agilityTmrShift(25, "evade", false)).toBe(1);
    expect(agilityTmrShift(26, "evade", false)).toBe(0);
    expect(agilityTmrShift(22, "charge", false)).toBe(0);
  });
  it("modAG 26 or more may combine two listed actions; fewer may not; stunned only recovers", () => {
    expect(checkDeclaredActions(["meleeAttack", "evade"], 26, "engaged", false).ok).toBe(true);
    expect(checkDeclaredActions(["meleeAttack", "evade"], 25, "engaged", false).ok).toBe(false);
    expect(checkDeclaredActions(["meleeAttack", "cast"], 30, "engaged", false).ok).toBe(false);
    const s = checkDeclaredActions(["meleeAttack"], 20, "engaged", true);
    expect(!s.ok && s.refusal.code).toBe("pulse.stunnedOnlyRecovers");
    expect(checkDeclaredActions(["recoverFromStun"], 20, "engaged", true).ok).toBe(true);
  });
});

describe("seed 004 [15] while stunned, only action allowed is to recover from stun", () => {
  it("a stunned figure is refused every action but the recovery; an unstunned one is refused none of them here", () => {
    for (const a of ALL_ACTIONS) {
      const stunned = checkStunnedMay(true, a);
      expect(stunned.ok ? "open" : stunned.refusal.code).toBe(a === "recoverFromStun" ? "open" : "pulse.stunnedOnlyRecovers");
      expect(checkStunnedMay(false, a).ok).toBe(true);
    }
  });
});

describe("seed 004 [13.5] and [15]: a caster attacked owes a concentration check", () => {
  it("due for a figure that named Cast this pulse, whatever else it named; not for one that did not, or named nothing", () => {
    expect([concentrationDue(["cast"]), concentrationDue(["pass", "cast"]), concentrationDue(["meleeAttack"]), concentrationDue([]), concentrationDue(undefined)]).toEqual([true, true, false, false, false]);
  });
});
