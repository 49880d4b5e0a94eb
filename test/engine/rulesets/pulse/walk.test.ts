// Seed 004_2f46e4f6196f6037.txt [23] Mounted Combat ("For charge attacks, movement must be in a straight line with no
// facing changes"; the run-on "past the target"), [22] Multi-Hex Monsters (the head leads), [13]-[15] and [14.1]
// (TMR; "stop on entering an enemy's melee zone"): a token's walk is judged whole, in the engine's order, and the
// first rule broken is the refusal (checkPulseWalk).
import { describe, expect, it } from "vitest";
import { checkPulseWalk, type PulseWalk } from "../../../../src/engine/rulesets/pulse/walk";
import type { Figure } from "../../../../src/engine/rulesets/pulse/hex";

const code = (o: { ok: boolean; refusal?: { code: string } }) => (o.ok ? "ok" : o.refusal!.code);
// A foe at (4,-1) looking west (facing 3): its zone takes in (3,-1).
const foe: Figure = { id: "f", side: "foes", hex: { q: 4, r: -1 }, facing: 3 };
const walk = (over: Partial<PulseWalk>): PulseWalk => ({
  from: { hex: { q: 0, r: -1 }, facing: 0 },
  waypoints: [{ hex: { q: 5, r: -1 } }],
  charging: false,
  momentum: 0,
  vertex: 0,
  acting: true,
  used: 0,
  limit: 6,
  side: "party",
  others: [foe],
  ...over,
});

describe("seed 004: a walk in a running pulse, judged in one order", () => {
  it("[14.1] within TMR 6 a walk of 5 along row -1 would pass the foe's zone: it stops there (pulse.stopInZone); 3 hexes are allowed, stepping on (1,-1), (2,-1), (3,-1)", () => {
    expect(code(checkPulseWalk(walk({})))).toBe("pulse.stopInZone");
    expect(checkPulseWalk(walk({ waypoints: [{ hex: { q: 3, r: -1 } }] }))).toEqual({ ok: true, value: { steps: [{ q: 1, r: -1 }, { q: 2, r: -1 }, { q: 3, r: -1 }] } });
  });
  it("[13]-[15] the limit comes before the zone: limit 4, the 5-hex walk is too far (pulse.moveTooFar); out of turn, not the figure's move", () => {
    expect(code(checkPulseWalk(walk({ limit: 4 })))).toBe("pulse.moveTooFar");
    expect(code(checkPulseWalk(walk({ acting: false })))).toBe("pulse.notYourMove");
  });
  it("[23] a charging rider's bend comes first: a bent walk past its limit and through the zone is refused as not straight (pulse.chargeStraight)", () => {
    expect(code(checkPulseWalk(walk({ charging: true, limit: 2, waypoints: [{ hex: { q: 2, r: -1 } }, { hex: { q: 2, r: 1 } }] })))).toBe("pulse.chargeStraight");
  });
  it("[23] the run-on: straight ahead only (pulse.momentumAhead), and past the foe's zone without stopping", () => {
    expect(code(checkPulseWalk(walk({ charging: true, momentum: 8, limit: 8, waypoints: [{ hex: { q: -3, r: -1 } }] })))).toBe("pulse.momentumAhead");
    expect(code(checkPulseWalk(walk({ charging: true, momentum: 8, limit: 8 })))).toBe("ok");
  });
  it("[22] a monster's head before the limit: facing vertex 0, a step back west (pulse.monsterMove) even with no hexes left; east it may go", () => {
    const body = [{ q: 0, r: -1 }, { q: 1, r: -1 }, { q: 0, r: 0 }];
    const shift = (dq: number) => ({ hex: { q: dq, r: -1 }, hexes: body.map((h) => ({ q: h.q + dq, r: h.r })) });
    const monster = { from: { hex: { q: 0, r: -1 }, facing: 0 as const, hexes: body }, others: [] };
    expect(code(checkPulseWalk(walk({ ...monster, limit: 0, waypoints: [shift(-1)] })))).toBe("pulse.monsterMove");
    expect(code(checkPulseWalk(walk({ ...monster, limit: 0, waypoints: [shift(1)] })))).toBe("pulse.moveTooFar");
    expect(code(checkPulseWalk(walk({ ...monster, waypoints: [shift(1)] })))).toBe("ok");
  });
});
