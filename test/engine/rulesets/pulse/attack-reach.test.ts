// Seed 004_2f46e4f6196f6037.txt [13.1] Attack & Melee Zone ("If figure is in defender's melee zone, may shift one hex
// within zone ... before attack. If not in defender's melee zone, may move ½ TMR before or after attack"), [14.2-8]
// Movement Restrictions ("May move <= ½ TMR and charge attack w/non-pole weapon", "May move full TMR and charge attack
// w/pole weapon", "May not move ... when firing missile ... Exception: with loaded crossbow, may move 2 hexes") and
// [16.4] ("All targets must be in adjacent hexes in the attacker's melee zone").
import { describe, expect, it } from "vitest";
import { attackAction, checkMeleeReach, checkMoveBeforeAttack, type MoveBeforeAttack } from "../../../../src/engine/rulesets/pulse/attack-reach";

const figure = (over: Partial<MoveBeforeAttack> = {}): MoveBeforeAttack => ({ moved: 0, action: "charge", tmr: 5, modAG: 15, poleWeapon: false, loadedCrossbow: false, startedInZone: false, ...over });

describe("seed 004 [13.1], [16.4]: a blow reaches the attacker's melee zone", () => {
  it("a target two hexes off is out of reach; one in the zone, or where no map says, is not", () => {
    expect(checkMeleeReach("melee", false)).toMatchObject({ ok: false, refusal: { code: "pulse.outOfMeleeZone" } });
    expect(checkMeleeReach("melee", true).ok).toBe(true);
    expect(checkMeleeReach("melee", null).ok).toBe(true);
  });
  it("a shot is not a blow: the zone does not bind it", () => {
    expect(checkMeleeReach("fire", false).ok).toBe(true);
  });
});

describe("seed 004 [13.1], [14.2-8]: the attack and the pulse's movement are one action", () => {
  it("a free figure's melee attack is a Charge; an engaged one's a Melee Attack; a shot Fire; the action named wins", () => {
    expect(attackAction("melee", false)).toBe("charge");
    expect(attackAction("melee", true)).toBe("meleeAttack");
    expect(attackAction("fire", false)).toBe("fire");
    expect(attackAction("grapple", true)).toBe("grapple");
    expect(attackAction("melee", true, ["charge"])).toBe("charge");
    expect(attackAction("melee", false, ["move"])).toBe("charge");
  });
  it("TMR 5: a figure that walked 5 hexes cannot charge (half TMR is 2); one that walked 2 can", () => {
    expect(checkMoveBeforeAttack(figure({ moved: 5 }))).toMatchObject({ ok: false, refusal: { code: "pulse.movedTooFar", data: { moved: 5, allowed: 2, action: "charge" } } });
    expect(checkMoveBeforeAttack(figure({ moved: 2 })).ok).toBe(true);
  });
  it("with a pole weapon the charge may follow the whole TMR 5", () => {
    expect(checkMoveBeforeAttack(figure({ moved: 5, poleWeapon: true })).ok).toBe(true);
    expect(checkMoveBeforeAttack(figure({ moved: 6, poleWeapon: true })).ok).toBe(false);
  });
  it("engaged: from inside the defender's zone one hex's shift; from outside it half TMR", () => {
    expect(checkMoveBeforeAttack(figure({ action: "meleeAttack", startedInZone: true, moved: 2 }))).toMatchObject({ ok: false, refusal: { data: { allowed: 1 } } });
    expect(checkMoveBeforeAttack(figure({ action: "meleeAttack", startedInZone: true, moved: 1 })).ok).toBe(true);
    expect(checkMoveBeforeAttack(figure({ action: "meleeAttack", startedInZone: false, moved: 2 })).ok).toBe(true);
  });
  it("a shot after any step is refused, but a loaded crossbow allows two hexes", () => {
    expect(checkMoveBeforeAttack(figure({ action: "fire", moved: 1 })).ok).toBe(false);
    expect(checkMoveBeforeAttack(figure({ action: "fire", moved: 2, loadedCrossbow: true })).ok).toBe(true);
    expect(checkMoveBeforeAttack(figure({ action: "fire", moved: 0 })).ok).toBe(true);
  });
});
