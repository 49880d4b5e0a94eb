/**
 * How long a round lasts in the world's time, and how many rounds a step began.
 *
 * - `bouts` (seed 000, "Combat Rounds"): "each Round assumed to last 2 seconds"
 *   (two Exchanges of about a second each).
 * - `pulses` (seed 004, [12.1]): "Pulse = 5 seconds".
 * - `phases` (seed 001, "Combat Rounds"): a round "varies between 5 and 20
 *   seconds depending on the activities": no one length, so the world's setting.
 * - `actionPhases` (seed 002) and `turns` (seed 003) give no length: the
 *   world's setting.
 */
import type { TimeStructureId } from "../rulesets/ruleset";

/** Seconds a round lasts where the seed states it. */
export const SEED_ROUND_SECONDS: Readonly<Partial<Record<TimeStructureId, number>>> = { bouts: 2, pulses: 5 };

/** Seconds one round (or pulse) of this structure lasts: the seed's figure, else the world's setting (whole seconds, never negative). */
export function roundSeconds(structure: TimeStructureId, worldSetting: number): number {
  const seed = SEED_ROUND_SECONDS[structure];
  if (seed !== undefined) return seed;
  return Number.isFinite(worldSetting) && worldSetting > 0 ? Math.floor(worldSetting) : 0;
}

/**
 * Seconds of world time a step moved on: a round's length for each round (or
 * pulse) it began. `roundsBefore` and `roundsAfter` are the machine's count of
 * rounds begun; a step that begins none (or goes back) moves time on by nothing.
 */
export function worldTimeDelta(structure: TimeStructureId, roundsBefore: number, roundsAfter: number, worldSetting: number): number {
  const rounds = Math.max(0, Math.floor(roundsAfter) - Math.floor(roundsBefore));
  return rounds * roundSeconds(structure, worldSetting);
}
