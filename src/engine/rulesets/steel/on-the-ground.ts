/**
 * Down and out in a bout (seed 000 "Knockdown & Knockout", "Terrain Roll
 * Mechanics"): what being knocked down or out costs a fighter, and how long it
 * lasts. The seed prices the ground ("he slips and falls on his back (losing ½
 * his total CP for being on the ground)") and times a knockout ("1d10 seconds
 * of unconsciousness", a fumble "1d10x10 minutes"); it names no way back onto
 * one's feet, so ours is the next round of the bout (the fighter spends the rest
 * of this one getting up). Times are the world's seconds: a round is 2.
 */
/** A condition the fighter is left in, and how long it lasts in the world's seconds. */
export interface TimedCondition {
  readonly id: string;
  readonly seconds: number;
}

/** Knocked down (or on his back) until his bout's next round: one round of the world's time ("Combat Rounds": 2 seconds). */
export const GROUND_SECONDS = 2;

/**
 * Half the fighter's total Combat Pool (rounded down) for being on the ground:
 * from what is left this round, and what that cannot cover off the next
 * refresh, as Shock is carried.
 */
export function groundCost(poolMax: number, cpLeft: number): { readonly dice: number; readonly carry: number } {
  const half = Math.floor(Math.max(0, poolMax) / 2);
  const now = Math.min(half, Math.max(0, cpLeft));
  return { dice: now, carry: half - now };
}

/** Knocked senseless: the Knockout roll's seconds, or its minutes on a fumble. */
export function senselessFor(knockout: { readonly seconds: number; readonly minutes: number }): TimedCondition {
  return { id: "unconscious", seconds: knockout.seconds + knockout.minutes * 60 };
}

/** Off his feet (a failed Knockdown roll, a fall from the saddle, a wave on the deck): until the next round. */
export const knockedDown: TimedCondition = { id: "knockedDown", seconds: GROUND_SECONDS };

/** On his back (the bench's botch): until the next round, as knocked down. */
export const onHisBack: TimedCondition = { id: "prone", seconds: GROUND_SECONDS };
