/**
 * Weapon length ("Weapon Length"): reach 0 (hand) to 5 (extremely long). The
 * shorter weapon attacks at −1 die per step until it has landed a damaging blow;
 * when the longer weapon is out of its range, the penalty hits its defence too.
 */
export const REACH_STEPS = [0, 1, 2, 3, 4, 5] as const;

export interface ReachPenalty {
  readonly attack: number;
  readonly defence: number;
}

export function reachPenalty(ownReach: number, opponentReach: number, options: { landedDamagingBlow?: boolean; outOfRange?: boolean } = {}): ReachPenalty {
  const steps = Math.max(0, opponentReach - ownReach);
  if (steps === 0 || options.landedDamagingBlow) return { attack: 0, defence: 0 };
  return { attack: steps, defence: options.outOfRange ? steps : 0 };
}
