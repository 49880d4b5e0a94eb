/**
 * Seed 004_2f46e4f6196f6037.txt [16.5] Restrain, "while executing Grapple
 * action": who is grappling whom ([13.6], [13.7]: in close combat, tangled
 * with the target), and the figures who may lend their strength ("Several
 * figures may combine their PS+modAG"): the others grappling the same target.
 * The shell reads the Close combat condition and whom each figure is tangled
 * with; this file decides.
 */

/** A figure grapples the target: it is in close combat, tangled with that target. */
export const grapples = (inCloseCombat: boolean, tangledWithTarget: boolean): boolean => inCloseCombat && tangledWithTarget;

/** The helpers of a Restrain: everyone else grappling the target (not the attacker, not the target itself). */
export function restrainHelpers<T>(others: readonly { readonly who: T; readonly inCloseCombat: boolean; readonly tangledWithTarget: boolean }[]): T[] {
  return others.filter((o) => grapples(o.inCloseCombat, o.tangledWithTarget)).map((o) => o.who);
}

/** [13.6] Close and Grapple is made by a figure not yet in close combat with a foe not yet in it (our reading: two already grappling have closed). */
export const alreadyClosed = (attackerInCloseCombat: boolean, defenderInCloseCombat: boolean): boolean => attackerInCloseCombat && defenderInCloseCombat;

