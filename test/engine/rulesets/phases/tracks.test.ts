// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "1. Movement", Movement Table:
// Sprinting is "30 + Qik + Athletics + Enc – Wound – Fatigue" — the seed counts
// wound and fatigue penalties without listing the levels. Our tracks are defaults
// the GM changes cell by cell (the settings form); these are the reader's limits
// and what a changed track does to the derived values and the checks.
import { describe, expect, it } from "vitest";
import { initialValues } from "../../../../src/engine/rulesets/stats";
import { FixedDice } from "../../../../src/engine/dice";
import {
  DEFAULT_PHASES_TRACKS,
  derivePhases,
  movementFiguresOf,
  paces,
  phasesStats,
  readPhasesTracks,
  readTrack,
  rollFatigue,
  TRACK_PENALTY,
  trackPenalty,
  type PhasesTracks,
} from "../../../../src/engine/rulesets/phases";

const cells = (track: PhasesTracks["wound"]) => track.map(({ penalty, out }) => ({ penalty, out }));
const view = (over: Record<string, unknown> = {}) => ({ stats: { ...initialValues(phasesStats.actor), ...over }, weapons: [], armor: [], shields: [], maneuvers: [], skills: [] }) as never;
const refusal = (r: { ok: boolean; refusal?: { code: string; data?: unknown } }) => (r.ok ? "ok" : [r.refusal!.code, r.refusal!.data]);

describe("seed 001 'Movement Table' (– Wound – Fatigue): our default tracks", () => {
  it("wound: unhurt 0, light -1, medium -3, heavy -5, incapacitated -5 (out), dead -5 (out); fatigue: fresh 0, winded 0, weary -1, tired -3, dazed -5, unconscious -5 (out)", () => {
    expect(cells(DEFAULT_PHASES_TRACKS.wound)).toEqual([
      { penalty: 0, out: false }, { penalty: -1, out: false }, { penalty: -3, out: false }, { penalty: -5, out: false }, { penalty: -5, out: true }, { penalty: -5, out: true },
    ]);
    expect(cells(DEFAULT_PHASES_TRACKS.fatigue)).toEqual([
      { penalty: 0, out: false }, { penalty: 0, out: false }, { penalty: -1, out: false }, { penalty: -3, out: false }, { penalty: -5, out: false }, { penalty: -5, out: true },
    ]);
    expect(TRACK_PENALTY).toEqual({ min: -20, max: 0 });
    expect(readPhasesTracks("")).toEqual({ ok: true, value: DEFAULT_PHASES_TRACKS });
  });
});

describe("the world's tracks, cell by cell (the GM's form)", () => {
  const wound = cells(DEFAULT_PHASES_TRACKS.wound);
  const withCell = (i: number, cell: Record<string, unknown>) => wound.map((c, j) => (j === i ? { ...c, ...cell } : c));

  it("takes whole penalties from -20 to 0 and names the cell it refuses", () => {
    expect(readTrack(withCell(1, { penalty: -2 }), "wound").ok).toBe(true);
    expect(readTrack(withCell(5, { penalty: -20 }), "wound").ok).toBe(true);
    expect(refusal(readTrack(withCell(5, { penalty: -21 }), "wound"))).toEqual(["phases.outOfRange", { field: "wound.5.penalty", value: -21, min: -20, max: 0 }]);
    expect(refusal(readTrack(withCell(0, { penalty: 1 }), "wound"))).toEqual(["phases.outOfRange", { field: "wound.0.penalty", value: 1, min: -20, max: 0 }]);
    expect(refusal(readTrack(withCell(2, { penalty: -2.5 }), "wound"))).toEqual(["phases.notNumber", { field: "wound.2.penalty" }]);
    expect(refusal(readTrack(withCell(2, { penalty: "-2" }), "wound"))).toEqual(["phases.notNumber", { field: "wound.2.penalty" }]);
    expect(refusal(readTrack(withCell(2, { out: "yes" }), "wound"))).toEqual(["phases.badChoice", { field: "wound.2.out" }]);
  });

  it("a penalty never shrinks down the track; once out, out to the end; the last level is always out; six levels, no more", () => {
    expect(refusal(readTrack(withCell(3, { penalty: -2 }), "wound"))).toEqual(["phases.trackRises", { field: "wound.3.penalty" }]);
    expect(refusal(readTrack(withCell(5, { out: false }), "wound"))).toEqual(["phases.trackBack", { field: "wound.5.out" }]);
    const fatigue = cells(DEFAULT_PHASES_TRACKS.fatigue).map((c, i) => (i === 5 ? { ...c, out: false } : c));
    expect(refusal(readTrack(fatigue, "fatigue"))).toEqual(["phases.trackEnd", { field: "fatigue.5.out" }]);
    expect(refusal(readTrack(wound.slice(0, 5), "wound"))).toEqual(["phases.badChoice", { field: "wound" }]);
    expect(refusal(readPhasesTracks([]))).toEqual(["phases.badChoice", { field: "tracks" }]);
  });

  it("keeps each level's name, and a track left out stays ours", () => {
    const read = readPhasesTracks({ wound: withCell(1, { penalty: -3 }) });
    if (!read.ok) throw new Error("refused");
    expect(read.value.wound[1]).toEqual({ key: "BOUT.Phases.Wound.light", penalty: -3, out: false });
    expect(read.value.fatigue).toBe(DEFAULT_PHASES_TRACKS.fatigue);
  });

  it("the fighter's penalties, paces and fatigue check read the world's tracks: lightly wounded at -3 sprints 2 paces shorter and checks 2 lower", () => {
    const read = readPhasesTracks({ wound: withCell(1, { penalty: -3 }) });
    if (!read.ok) throw new Error("refused");
    const tracks = read.value;
    const hurt = view({ woundsLeft: 4, qik: 2, athletics: 3 });
    expect([trackPenalty({ woundsLeft: 4, fatigueLeft: 5 }), trackPenalty({ woundsLeft: 4, fatigueLeft: 5 }, tracks)]).toEqual([-1, -3]);
    // Sprinting: 30 + 2 + 3 + 0 - 1 = 34 by ours; - 3 = 32 by the world's.
    expect(paces("sprint", movementFiguresOf((hurt as { stats: never }).stats))).toBe(34);
    expect(paces("sprint", movementFiguresOf((hurt as { stats: never }).stats, tracks))).toBe(32);
    const derived = derivePhases(hurt, { phasesTracks: tracks });
    expect([derived.woundPenalty.value, derived.sprint.value]).toEqual([-3, 32]);
    expect(derivePhases(hurt).woundPenalty.value).toBe(-1);
    // Fatigue check: stress die 5 + Stamina 0, wounds -3 (the world's light) and tired -3 (2 fatigue levels left): 5 - 6 = -1 against 6 fails;
    // the GM has made dazed put a fighter out, so the level lost leaves him out of the fight.
    const outTracks = readPhasesTracks({ fatigue: cells(DEFAULT_PHASES_TRACKS.fatigue).map((c, i) => (i >= 4 ? { ...c, out: true } : c)) });
    if (!outTracks.ok) throw new Error("refused");
    const r = rollFatigue({ stamina: 0, penalty: trackPenalty({ woundsLeft: 4, fatigueLeft: 2 }, tracks), fatigueLeft: 2 }, new FixedDice({ 10: [5] }), 1, outTracks.value.fatigue);
    if (!r.ok) throw new Error("refused");
    expect([r.value.result.total, r.value.result.passed, r.value.result.after.left, r.value.result.after.level.key, r.value.result.after.out]).toEqual([-1, false, 1, "BOUT.Phases.Fatigue.dazed", true]);
  });
});
