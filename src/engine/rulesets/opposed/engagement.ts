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

/** "Charge": the yards measured centre to centre, counted in whole yards as Move and Run are (our reading: to the nearest yard). */
export const chargeYards = (centre: number): number => Math.round(centre);

/** How far a shot goes against its weapon's Range ("Combat Difficulty"). */
export type ShotRange = "pointBlank" | "short" | "normal" | "long" | "extreme";

/**
 * "Combat Difficulty": Point Blank is Easy (+40); Short Range, less than half
 * the weapon's Range, Average (+20); Long Range, up to double, Difficult (−10);
 * Extreme range, up to three times, Very Hard (−50); within Range otherwise,
 * Challenging (+0). Our reading: the range's step is added to the attack's
 * modifier beside the other measured ones (Prone), the chosen Difficulty stays.
 */
export const SHOT_RANGE_MODIFIER: Readonly<Record<ShotRange, number>> = { pointBlank: 40, short: 20, normal: 0, long: -10, extreme: -50 };

/** The range a target `yards` away is at for a weapon of Range `range`; null for a weapon with no Range set. */
export function shotRangeAt(yards: number, range: number): ShotRange | null {
  if (!Number.isFinite(yards) || !(range > 0)) return null;
  if (pointBlankAt(yards, range)) return "pointBlank";
  if (yards < range / 2 - SLACK) return "short";
  if (yards <= range + SLACK) return "normal";
  if (yards <= 2 * range + SLACK) return "long";
  return "extreme";
}

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

/**
 * Engaged with anyone, from the measures to each foe (null: that one could not
 * be measured): any foe beside the fighter says yes; once any foe was measured,
 * none beside says no; only where nothing could be measured does the Engaged
 * condition the GM set on the token say it.
 */
export function engagedAmong(measured: readonly (boolean | null)[], condition: boolean): boolean {
  if (measured.some((m) => m === true)) return true;
  return measured.some((m) => m === false) ? false : condition;
}

/** Where a shot stands, as the card takes it: Engaged with the target, at Point Blank, and the range step of its modifier. */
export interface ShotPlace {
  readonly engaged: boolean;
  readonly pointBlank: boolean;
  /** The range measured between the tokens (null: not measured, or the weapon has no Range). */
  readonly measuredRange: ShotRange | null;
  /** The range step the shot's modifier takes: the measured one, else Point Blank when the GM ruled it. */
  readonly modifierRange: ShotRange | null;
}

/**
 * "Ranged Combat" and "Combat Difficulty" for a shot: Engaged and Point Blank
 * from the tokens where they can be measured; only where they cannot, the
 * table's word: the shooter's Engaged condition and the GM's Point Blank ruling.
 */
export function shotPlace(place: AttackPlace, weaponRange: number, ruled: { readonly engagedCondition: boolean; readonly pointBlank: boolean }): ShotPlace {
  const engaged = place.engaged ?? ruled.engagedCondition;
  const pointBlank = place.yards !== null ? pointBlankAt(place.yards, weaponRange) : ruled.pointBlank;
  const measuredRange = place.yards !== null ? shotRangeAt(place.yards, weaponRange) : null;
  return { engaged, pointBlank, measuredRange, modifierRange: measuredRange ?? (pointBlank ? "pointBlank" : null) };
}

/**
 * "Disengage": the opponents a fighter disengages from: the foe it named (our
 * reading: it is the one it means to leave, measured beside it or not), and
 * every other foe the tokens put beside it (one not measured does not count).
 */
export function disengagingFoes<T>(named: T, others: readonly { readonly foe: T; readonly engaged: boolean | null }[]): T[] {
  return [named, ...others.filter((o) => o.engaged === true).map((o) => o.foe)];
}

