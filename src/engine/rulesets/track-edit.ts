/**
 * An edit of the token bar (issue 29, "the token bar as core uses it"): the bar
 * shows the active ruleset's track, and what a user types on it is written to
 * the statistic the track is read from, so the bar and the rules read one figure.
 */
import type { Vitality } from "./ruleset";
import { statAt, type StatBlock } from "./stats";

export interface TrackEdit {
  /** The statistic written, dotted inside the ruleset's block. */
  readonly path: string;
  readonly value: number;
}

/**
 * The track's statistic and its new figure: the number typed (or the track's
 * value changed by it, for a delta), rounded for a whole-number statistic, kept
 * between the statistic's lowest value (body may fall below zero where the
 * ruleset allows it) and the track's maximum. Null when the track has no
 * statistic behind it or the statistic is not a number.
 */
export function trackEdit(track: Vitality, block: StatBlock, entered: number, isDelta: boolean): TrackEdit | null {
  if (!track.path || !Number.isFinite(entered)) return null;
  const stat = statAt(block, track.path);
  if (!stat || (stat.kind !== "integer" && stat.kind !== "number")) return null;
  const target = isDelta ? track.value + entered : entered;
  const rounded = stat.kind === "integer" ? Math.round(target) : target;
  const floor = stat.min ?? Number.NEGATIVE_INFINITY;
  return { path: track.path, value: Math.max(floor, Math.min(track.max, rounded)) };
}
