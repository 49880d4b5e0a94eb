// How far the world's clock moves per round, by seed: seed 000 "Combat Rounds"
// ("each Round assumed to last 2 seconds"), seed 004 [12.1] ("Pulse = 5 seconds");
// seeds 001 (a round "varies between 5 and 20 seconds"), 002 and 003 give no one
// length, so the world's setting decides.
import { describe, expect, it } from "vitest";
import { roundSeconds, SEED_ROUND_SECONDS, worldTimeDelta } from "../../../src/engine/time/round-length";
import { roundsBegun } from "../../../src/engine/time/machine";
import { boutsMachine, startBouts } from "../../../src/engine/time/bouts";
import { pulsesMachine, startPulses } from "../../../src/engine/time/pulses";
import { startTurns, turnsMachine } from "../../../src/engine/time/turns";

describe("round lengths from the seeds", () => {
  it("a steel round is 2 seconds and a pulse 5, whatever the world's setting", () => {
    expect(SEED_ROUND_SECONDS).toEqual({ bouts: 2, pulses: 5 });
    expect([roundSeconds("bouts", 10), roundSeconds("pulses", 10)]).toEqual([2, 5]);
  });

  it("phased, action-point and turn-order rounds last what the world's setting says (whole seconds, never negative)", () => {
    expect(["phases", "actionPhases", "turns"].map((id) => roundSeconds(id as never, 6))).toEqual([6, 6, 6]);
    expect([roundSeconds("phases", 12.7), roundSeconds("turns", -3), roundSeconds("turns", Number.NaN)]).toEqual([12, 0, 0]);
  });

  it("a step moves the clock a round's length per round it begins, and never back", () => {
    expect([worldTimeDelta("pulses", 1, 2, 6), worldTimeDelta("pulses", 0, 1, 6), worldTimeDelta("bouts", 3, 5, 6), worldTimeDelta("turns", 2, 2, 6), worldTimeDelta("turns", 3, 2, 6)]).toEqual([5, 5, 4, 0, 0]);
  });
});

describe("rounds begun, per machine", () => {
  it("bouts run side by side: the fight has begun as many rounds as its furthest bout (switching focus begins none)", () => {
    const s = startBouts([
      { id: "hall", combatants: [{ id: "a", reflex: 5, pool: 8 }, { id: "b", reflex: 5, pool: 8 }] },
      { id: "door", combatants: [{ id: "c", reflex: 5, pool: 8 }, { id: "d", reflex: 5, pool: 8 }] },
    ]);
    if (!s.ok) throw new Error(s.refusal.code);
    const hall3 = { ...s.value, bouts: s.value.bouts.map((b) => (b.id === "hall" ? { ...b, round: 3 } : b)) };
    expect(roundsBegun(boutsMachine, hall3)).toBe(3);
    const door = boutsMachine.apply(hall3, { type: "focus", boutId: "door" });
    if (!door.ok) throw new Error(door.refusal.code);
    expect([boutsMachine.view(door.value.state).round, roundsBegun(boutsMachine, door.value.state)]).toEqual([1, 3]);
  });

  it("a pulse machine counts pulses (the surprise pulse is 0), a turn-order machine rounds", () => {
    const p = startPulses({ surprise: "raiders", combatants: [{ id: "a", side: "knights", modAG: 10, pc: 10, rank: 1, militaryScientist: 0 }, { id: "b", side: "raiders", modAG: 10, pc: 10, rank: 1, militaryScientist: 0 }] } as never);
    if (!p.ok) throw new Error(p.refusal.code);
    expect(roundsBegun(pulsesMachine, p.value.state)).toBe(0);
    const t = startTurns([{ id: "a", initiative: 30, agility: 30 }]);
    if (!t.ok) throw new Error(t.refusal.code);
    expect(roundsBegun(turnsMachine, t.value)).toBe(1);
  });

  it("issue 32 shell audit: the combat's clock reads the engine's count, with the view it keeps for a machine that has no count of its own (and not for one that has)", () => {
    const t = startTurns([{ id: "a", initiative: 30, agility: 30 }]);
    if (!t.ok) throw new Error(t.refusal.code);
    const kept = { ...turnsMachine.view(t.value), round: 4 };
    expect(roundsBegun(turnsMachine, t.value, () => kept)).toBe(4);
    const door = startBouts([{ id: "door", combatants: [{ id: "x", reflex: 5, pool: 8 }, { id: "y", reflex: 4, pool: 8 }] }]);
    if (!door.ok) throw new Error(door.refusal.code);
    expect(roundsBegun(boutsMachine, door.value, () => kept)).toBe(1);
  });
});
