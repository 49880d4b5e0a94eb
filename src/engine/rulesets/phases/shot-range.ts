/**
 * How far a shot goes, in the range classes of the Missile Fire Table (seed
 * 001_e84cf39f805b9fd9.txt, "2. First Missiles": Touch and Reach allow no
 * shot, Close or Near +3, Middle 0, Far +6). The seed names the classes and
 * what they do to the ease factor, not how many paces each covers: the paces
 * below are our default. A distance is measured between the tokens' centres,
 * in paces; the shell measures, this file classes it.
 */
import { isWholeNumber, ok, refuse, type Outcome } from "../../outcome";
import type { RangeClass } from "./stats";

/** The farthest a target may stand, in paces, and still be in each class; beyond Middle is Far. */
export type ShotRangePaces = Readonly<Record<Exclude<RangeClass, "far">, number>>;

/** Our default (the world's table, the GM's to change: readShotRanges). */
export const SHOT_RANGE_PACES: ShotRangePaces = { touch: 1, reach: 2, close: 5, near: 15, middle: 50 };

/** The classes a table of paces names, nearest first. */
export const SHOT_RANGE_CLASSES = ["touch", "reach", "close", "near", "middle"] as const;

/** What one limit may be: a whole number of paces. */
export const SHOT_RANGE_LIMITS = { min: 1, max: 10000 } as const;

/**
 * The world's table of paces: "" or nothing for ours; otherwise an object keyed
 * by class (a class left out keeps ours), each limit a whole number of paces
 * within SHOT_RANGE_LIMITS and farther than the class before it.
 */
export function readShotRanges(raw: unknown): Outcome<ShotRangePaces> {
  if (raw === "" || raw === null || raw === undefined) return ok(SHOT_RANGE_PACES);
  if (typeof raw !== "object" || Array.isArray(raw)) return refuse("phases.shotRanges.shape", "BOUT.Phases.ShotRanges.Refusal.Shape");
  const r = raw as Record<string, unknown>;
  const out: Partial<Record<(typeof SHOT_RANGE_CLASSES)[number], number>> = {};
  let before = 0;
  for (const range of SHOT_RANGE_CLASSES) {
    const v = r[range] ?? SHOT_RANGE_PACES[range];
    const { min, max } = SHOT_RANGE_LIMITS;
    if (!isWholeNumber(v) || v < min || v > max) return refuse("phases.shotRanges.figure", "BOUT.Phases.ShotRanges.Refusal.Figure", { where: range, min, max });
    if (v <= before) return refuse("phases.shotRanges.order", "BOUT.Phases.ShotRanges.Refusal.Order", { where: range });
    out[range] = v;
    before = v;
  }
  return ok(out as ShotRangePaces);
}

/** Rounding slack, so a target exactly at a class's limit (measured on a grid) is in that class. */
const SLACK = 1e-6;

/** The range class of a target `paces` away; null when the distance is not a number the table can read. */
export function rangeClassAt(paces: number, limits: ShotRangePaces = SHOT_RANGE_PACES): RangeClass | null {
  if (!Number.isFinite(paces) || paces < 0) return null;
  for (const range of SHOT_RANGE_CLASSES) if (paces <= limits[range] + SLACK) return range;
  return "far";
}
