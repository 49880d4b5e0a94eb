/**
 * The world's wound and fatigue tracks. Seed 001 counts Wound and Fatigue
 * penalties (the Movement Table's "– Wound – Fatigue") without listing the
 * levels, so ours (./tables.ts) are defaults the group may change: per level a
 * penalty and whether the fighter is out of the fight. The number of levels is
 * fixed by the sheet's "levels left" figures (stats.ts), so a track's levels
 * and their names stay; each cell is checked here, for the settings form and
 * for whatever a stored setting holds.
 */
import { ok, type Outcome } from "../../outcome";
import { checkFigure, phasesRefuse } from "./refusals";
import { DEFAULT_FATIGUE_TRACK, DEFAULT_WOUND_TRACK, type TrackLevel } from "./tables";

export interface PhasesTracks {
  readonly wound: readonly TrackLevel[];
  readonly fatigue: readonly TrackLevel[];
}

export const TRACKS = ["wound", "fatigue"] as const;
export type TrackId = (typeof TRACKS)[number];

export const DEFAULT_PHASES_TRACKS: PhasesTracks = { wound: DEFAULT_WOUND_TRACK, fatigue: DEFAULT_FATIGUE_TRACK };

/** A level's penalty: a whole number from -20 to 0 (the sheet's other penalties stay within 20). */
export const TRACK_PENALTY = { min: -20, max: 0 } as const;

/**
 * One track, cell by cell (the refusal's field is "wound.2.penalty" and the
 * like, for the form to name the cell). Each level keeps its name; a penalty
 * never shrinks as levels are lost; once a level puts the fighter out, every
 * later one does; the last level (dead, unconscious) always does.
 */
export function readTrack(raw: unknown, id: TrackId): Outcome<readonly TrackLevel[]> {
  const ours = DEFAULT_PHASES_TRACKS[id];
  if (!Array.isArray(raw) || raw.length !== ours.length) return phasesRefuse("badChoice", { field: id });
  const out: TrackLevel[] = [];
  for (const [i, level] of ours.entries()) {
    const r = (raw[i] ?? {}) as Record<string, unknown>;
    const field = `${id}.${i}`;
    const bad = checkFigure(`${field}.penalty`, r.penalty, TRACK_PENALTY.min, TRACK_PENALTY.max);
    if (bad) return bad;
    if (typeof r.out !== "boolean") return phasesRefuse("badChoice", { field: `${field}.out` });
    const before = out[i - 1];
    if (before && (r.penalty as number) > before.penalty) return phasesRefuse("trackRises", { field: `${field}.penalty` });
    if (before?.out && !r.out) return phasesRefuse("trackBack", { field: `${field}.out` });
    if (i === ours.length - 1 && !r.out) return phasesRefuse("trackEnd", { field: `${field}.out` });
    out.push({ key: level.key, penalty: r.penalty as number, out: r.out });
  }
  return ok(out);
}

/** The world's tracks: "" or nothing for ours; a track left out stays ours; one present must read whole. */
export function readPhasesTracks(raw: unknown): Outcome<PhasesTracks> {
  if (raw === "" || raw === null || raw === undefined) return ok(DEFAULT_PHASES_TRACKS);
  if (typeof raw !== "object" || Array.isArray(raw)) return phasesRefuse("badChoice", { field: "tracks" });
  const r = raw as Record<string, unknown>;
  const tracks: Record<TrackId, readonly TrackLevel[]> = { ...DEFAULT_PHASES_TRACKS };
  for (const id of TRACKS) {
    if (r[id] === undefined) continue;
    const read = readTrack(r[id], id);
    if (!read.ok) return read;
    tracks[id] = read.value;
  }
  return ok(tracks);
}
