/**
 * How far a shot goes, in the range classes of the Missile Fire Table (seed
 * 001_e84cf39f805b9fd9.txt, "2. First Missiles": Touch and Reach allow no
 * shot, Close or Near +3, Middle 0, Far +6). The seed names the classes and
 * what they do to the ease factor, not how many paces each covers: the paces
 * below are our default. A distance is measured between the tokens' centres,
 * in paces; the shell measures, this file classes it.
 */
import type { RangeClass } from "./stats";

/** Our default: the farthest a target may stand, in paces, and still be in each class; beyond Middle is Far. */
export const SHOT_RANGE_PACES: Readonly<Record<Exclude<RangeClass, "far">, number>> = { touch: 1, reach: 2, close: 5, near: 15, middle: 50 };

/** Rounding slack, so a target exactly at a class's limit (measured on a grid) is in that class. */
const SLACK = 1e-6;

/** The range class of a target `paces` away; null when the distance is not a number the table can read. */
export function rangeClassAt(paces: number, limits: Readonly<Record<Exclude<RangeClass, "far">, number>> = SHOT_RANGE_PACES): RangeClass | null {
  if (!Number.isFinite(paces) || paces < 0) return null;
  for (const range of ["touch", "reach", "close", "near", "middle"] as const) if (paces <= limits[range] + SLACK) return range;
  return "far";
}
