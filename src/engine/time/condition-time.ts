/**
 * Conditions that last a while (issue 31 "In what state"): a condition set for
 * some seconds of the world's time (a steel knockout's 1d10 seconds, a pulse
 * knockout's minutes) ends once the world's clock reaches the moment it was
 * set to end; the fight's steps move the clock. One without an end lasts until
 * someone clears it.
 */

/** When a condition set now for `seconds` ends, in the world's seconds. */
export function conditionEndsAt(now: number, seconds: number): number {
  return now + Math.max(0, Math.floor(seconds));
}

/** Has a condition that ends at `endsAt` (absent: never) ended by the world's time `now`? */
export function conditionOver(endsAt: number | null | undefined, now: number): boolean {
  return typeof endsAt === "number" && Number.isFinite(endsAt) && now >= endsAt;
}
