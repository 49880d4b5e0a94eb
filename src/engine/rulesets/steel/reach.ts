/**
 * Weapon length ("Weapon Length"): reach 0 (hand) to 5 (extremely long). The
 * shorter weapon attacks at −1 die per step until it has landed a damaging blow.
 * Once it has (it has closed in), the longer weapon is out of range: then the
 * penalty falls on the longer weapon's wielder, attacking and defending alike
 * ("time to Half-sword").
 */
export const REACH_STEPS = [0, 1, 2, 3, 4, 5] as const;

export interface ReachPenalty {
  readonly attack: number;
  readonly defence: number;
}

const NONE: ReachPenalty = { attack: 0, defence: 0 };

/**
 * Dice one side loses to reach. `landedDamagingBlow`: this (shorter) weapon has
 * landed a damaging blow; `outOfRange`: the longer weapon is out of range (the
 * shorter one has closed in), whichever side this is.
 */
export function reachPenalty(ownReach: number, opponentReach: number, options: { landedDamagingBlow?: boolean; outOfRange?: boolean } = {}): ReachPenalty {
  const steps = Math.abs(opponentReach - ownReach);
  if (steps === 0) return NONE;
  if (ownReach < opponentReach) return options.landedDamagingBlow || options.outOfRange ? NONE : { attack: steps, defence: 0 };
  return options.outOfRange ? { attack: steps, defence: steps } : NONE;
}

export interface Wielder {
  readonly reach: number;
  /** Has landed a damaging blow on the other with a shorter weapon in this bout (the bout's `closedOn`). */
  readonly closedIn: boolean;
}

/**
 * Both sides' reach penalties in one pairing: a shorter weapon that has landed
 * a damaging blow has closed in, which puts the longer weapon out of range.
 * `closes`: whether a damaging blow from `a` now closes in (its weapon is shorter).
 */
export function reachBetween(a: Wielder, b: Wielder): { readonly a: ReachPenalty; readonly b: ReachPenalty; readonly closes: boolean } {
  const aInside = a.reach < b.reach && a.closedIn;
  const bInside = b.reach < a.reach && b.closedIn;
  const outOfRange = aInside || bInside;
  return {
    a: reachPenalty(a.reach, b.reach, { landedDamagingBlow: a.closedIn, outOfRange }),
    b: reachPenalty(b.reach, a.reach, { landedDamagingBlow: b.closedIn, outOfRange }),
    closes: a.reach < b.reach && !a.closedIn,
  };
}

/**
 * "Weapon Length": the shorter weapon's penalty "remains until [it] makes a
 * damaging strike". Does this blow close the distance? Only a wound (level 1
 * or more, not a bruise) from the shorter of the two weapons.
 */
export function closesIn(pairing: { readonly closes: boolean }, woundLevel: number): boolean {
  return pairing.closes && woundLevel > 0;
}
