/**
 * Engaged and Point Blank, from distances measured between the tokens (seed
 * 003_094b90e5b0802384.txt): "Attack Engaged: Within range of your ranged
 * weapon and visible // Adjacent with your melee weapon(s)" ("Action");
 * "Charge: If you are not Engaged in combat already" ("Move"); "You cannot make
 * ranged attacks whilst Engaged, unless ... the Pistol Quality", "at Point
 * Blank range, where it is also allowable to Dodge" ("Ranged Combat");
 * "Shooting at Extreme range, up to three times weapon range" ("Combat
 * Difficulty"). The seed calls fighters in melee adjacent and sends Point
 * Blank to a page it does not hold: what "adjacent" and "Point Blank" measure
 * is our default, below. The shell measures; this file decides.
 */
import { ok, type Outcome } from "../../outcome";
import { opposedRefuse } from "./refusals";

/** Our default: fighters are Engaged (adjacent) when their tokens touch or stand less than a yard apart. */
export const ENGAGED_WITHIN_YARDS = 1;

/** Our default: Point Blank is within a tenth of the weapon's Range. */
export const POINT_BLANK_SHARE = 0.1;

/** "Combat Difficulty": the farthest a shot goes is Extreme range, three times the weapon's Range. */
export const EXTREME_RANGE_TIMES = 3;

/** Rounding slack for distances measured on a grid. */
const SLACK = 1e-6;

/** Two fighters `gap` yards apart (between their tokens' edges) are Engaged. */
export const engagedAt = (gap: number): boolean => Number.isFinite(gap) && gap < ENGAGED_WITHIN_YARDS - SLACK;

/** A target `yards` away (centre to centre) from a weapon of Range `range` is at Point Blank. */
export const pointBlankAt = (yards: number, range: number): boolean => Number.isFinite(yards) && range > 0 && yards <= range * POINT_BLANK_SHARE + SLACK;

/** What is known of where the two stand; null fields: nothing to measure (the table's word stands). */
export interface AttackPlace {
  /** The target is Engaged with the attacker. */
  readonly engaged: boolean | null;
  /** Yards between them, centre to centre. */
  readonly yards: number | null;
}

/**
 * "Attack Engaged": a melee attack reaches a target Engaged with (adjacent to)
 * the attacker; a shot one within Extreme range (three times the weapon's
 * Range; a weapon with no Range set is not held to it).
 */
export function checkAttackReach(ranged: boolean, place: AttackPlace, weaponRange: number): Outcome<true> {
  if (!ranged) return place.engaged === false ? opposedRefuse("notAdjacent") : ok(true);
  if (place.yards === null || !(weaponRange > 0)) return ok(true);
  const farthest = weaponRange * EXTREME_RANGE_TIMES;
  return place.yards > farthest + SLACK ? opposedRefuse("outOfShot", { yards: Math.round(place.yards), farthest }) : ok(true);
}
