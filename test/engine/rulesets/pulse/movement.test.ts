// Seed 004_2f46e4f6196f6037.txt [13] Engaged Actions, [14.1] TMR, [14.2-8] Movement Restrictions, [15] Action
// Restrictions: how far a figure may move in its turn of a pulse, and the check a token move goes through.
import { describe, expect, it } from "vitest";
import { checkPulseMove, checkZoneStop, inHostileZone, pulseMoveLimit, startingDistance, walkSteps, type Figure, type MovingFigure } from "../../../../src/engine/rulesets/pulse";

const fig = (over: Partial<MovingFigure> = {}): MovingFigure => ({ tmr: 6, modAG: 15, stunned: false, engaged: false, inOpponentZone: false, poleWeapon: false, ...over });

describe("seed 004 [13]-[15] the farthest a figure may move this pulse", () => {
  it("[14.1] free: its whole TMR 6 (Move); [14.2-8] with TMR 1 a Retreat (or a Pass) still goes 2 hexes", () => {
    expect(pulseMoveLimit(fig())).toEqual({ hexes: 6, action: "move" });
    expect(pulseMoveLimit(fig({ tmr: 1 }))).toEqual({ hexes: 2, action: "retreat" });
  });
  it("[13.1]-[13.4] engaged inside a foe's zone: one hex", () => {
    expect(pulseMoveLimit(fig({ engaged: true, inOpponentZone: true })).hexes).toBe(1);
  });
  it("[13.3] engaged but outside the foe's zone: a withdrawal moves normally, TMR 6; [15] modAG 22-25 adds 1 to it", () => {
    expect(pulseMoveLimit(fig({ engaged: true }))).toEqual({ hexes: 6, action: "withdraw" });
    expect(pulseMoveLimit(fig({ engaged: true, modAG: 23 })).hexes).toBe(7);
  });
  it("[15] stunned: only recovering, no movement", () => {
    expect(pulseMoveLimit(fig({ stunned: true }))).toEqual({ hexes: 0, action: null });
  });
});

describe("seed 004 [14.1] a token move in a running pulse", () => {
  it("in turn, 4 of 6 then 2 more: allowed, the running count reaches 6; one more hex is refused with what is left", () => {
    expect(checkPulseMove({ acting: true, used: 0, distance: 4, limit: 6 })).toEqual({ ok: true, value: { used: 4 } });
    expect(checkPulseMove({ acting: true, used: 4, distance: 2, limit: 6 })).toEqual({ ok: true, value: { used: 6 } });
    expect(checkPulseMove({ acting: true, used: 6, distance: 1, limit: 6 })).toMatchObject({ ok: false, refusal: { code: "pulse.moveTooFar", data: { limit: 6, left: 0, distance: 1 } } });
  });
  it("out of turn any step is refused; turning in place (no distance) never is", () => {
    expect(checkPulseMove({ acting: false, used: 0, distance: 1, limit: 6 })).toMatchObject({ ok: false, refusal: { code: "pulse.notYourMove" } });
    expect(checkPulseMove({ acting: false, used: 0, distance: 0, limit: 6 }).ok).toBe(true);
  });
  it("[13] standing in a foe's front hex counts as in its zone; in a friend's, or behind a foe, does not", () => {
    const foe: Figure = { id: "f", side: "foes", hex: { q: 1, r: 0 }, facing: 3 };
    const me = { side: "party", hex: { q: 0, r: 0 } };
    expect(inHostileZone(me, [foe])).toBe(true);
    expect(inHostileZone(me, [{ ...foe, side: "party" }])).toBe(false);
    expect(inHostileZone(me, [{ ...foe, facing: 0 }])).toBe(false);
  });
});

describe("seed 004 [14.1]-[14.8] once named, the action sets the hexes", () => {
  it("TMR 8: Crawl a quarter (2), Fire none (no loaded crossbow), Charge half without a pole weapon (4), all of it with one (8)", () => {
    expect(pulseMoveLimit(fig({ tmr: 8 }), ["crawl"])).toEqual({ hexes: 2, action: "crawl" });
    expect(pulseMoveLimit(fig({ tmr: 8 }), ["fire"]).hexes).toBe(0);
    expect([pulseMoveLimit(fig({ tmr: 8 }), ["charge"]).hexes, pulseMoveLimit(fig({ tmr: 8, poleWeapon: true }), ["charge"]).hexes]).toEqual([4, 8]);
  });
  it("Fire with a loaded crossbow still allows two hexes", () => {
    expect(pulseMoveLimit(fig({ tmr: 8, loadedCrossbow: true }), ["fire"]).hexes).toBe(2);
  });
  it("[15] of two named actions (modAG 26), the larger allowance counts: Fire (0) and Charge (half of TMR 8)", () => {
    expect(pulseMoveLimit(fig({ tmr: 8, modAG: 26 }), ["fire", "charge"])).toEqual({ hexes: 4, action: "charge" });
  });
});

describe("seed 004 [14.1] a move into a foe's melee zone ends there", () => {
  // Facing west from (4,0), the foe's zone is (3,1), (3,0) and (4,-1).
  const foe: Figure = { id: "f", side: "foes", hex: { q: 4, r: 0 }, facing: 3 };
  it("a straight walk from (0,-1) to (5,-1) would pass (4,-1) in the zone: refused, it may go 4", () => {
    expect(checkZoneStop({ q: 0, r: -1 }, [{ q: 5, r: -1 }], { side: "party" }, [foe])).toMatchObject({ ok: false, refusal: { code: "pulse.stopInZone", data: { stopAfter: 4, distance: 5 } } });
  });
  it("ending on the zone's first hex is allowed; so is the same walk for the foe's friend, or a walk that never touches the zone", () => {
    expect(checkZoneStop({ q: 0, r: -1 }, [{ q: 4, r: -1 }], { side: "party" }, [foe]).ok).toBe(true);
    expect(checkZoneStop({ q: 0, r: -1 }, [{ q: 5, r: -1 }], { side: "foes" }, [foe]).ok).toBe(true);
    expect(checkZoneStop({ q: 0, r: -2 }, [{ q: 5, r: -2 }], { side: "party" }, [foe]).ok).toBe(true);
  });
  it("a walk through waypoints is judged leg by leg: going round the zone by (4,-2) and (5,-2) to (5,-1) is allowed and costs 6 hexes", () => {
    const round = [{ q: 4, r: -2 }, { q: 5, r: -2 }, { q: 5, r: -1 }];
    expect(walkSteps({ q: 0, r: -1 }, round)).toHaveLength(6);
    expect(checkZoneStop({ q: 0, r: -1 }, round, { side: "party" }, [foe]).ok).toBe(true);
  });
  it("a walk may not go on from a waypoint inside the zone: on to (5,-1) is refused after 4 hexes", () => {
    expect(checkZoneStop({ q: 0, r: -1 }, [{ q: 4, r: -1 }, { q: 5, r: -1 }], { side: "party" }, [foe])).toMatchObject({ ok: false, refusal: { data: { stopAfter: 4, distance: 5 } } });
  });
});

describe("seed 004 [11.1] how far apart the sides start", () => {
  const party = { side: "party", hex: { q: 0, r: 0 } };
  it("nearest foes 8 hexes apart: fits without surprise, and with it (8 or fewer)", () => {
    expect(startingDistance([party, { side: "foes", hex: { q: 8, r: 0 } }], false)).toEqual({ nearest: 8, fits: true });
    expect(startingDistance([party, { side: "foes", hex: { q: 8, r: 0 } }], true)).toEqual({ nearest: 8, fits: true });
  });
  it("5 apart does not fit without surprise; 12 apart does not fit with it; one side alone always fits", () => {
    expect(startingDistance([party, { side: "foes", hex: { q: 5, r: 0 } }, { side: "foes", hex: { q: 9, r: 0 } }], false)).toEqual({ nearest: 5, fits: false });
    expect(startingDistance([party, { side: "foes", hex: { q: 12, r: 0 } }], true)).toEqual({ nearest: 12, fits: false });
    expect(startingDistance([party, { ...party, hex: { q: 1, r: 0 } }], false)).toEqual({ nearest: null, fits: true });
  });
});
