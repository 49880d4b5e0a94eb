/**
 * What an attack card of seed 004_2f46e4f6196f6037.txt puts on the figure it
 * struck, and on others, once the engine has resolved the blow: the
 * conditions ([16.5] a Trip's fall, a Knockout, an Entangle, a Restrain; [19]
 * unconscious, dead, stunned), who goes free ([16.5] "1 point of effective
 * damage to the holder" frees whoever it restrains), and [20.3] whether a
 * poisoned weapon is handled on this attack. The shell writes these.
 */
import type { AttackKind } from "./special-attacks";
import { stunTakesHold, type VitalState } from "./damage";
import { canBePoisoned, poisonFresh } from "./after-combat";
import { poisonHandlingTarget } from "./checks";
import type { PulseWeaponStats } from "./stats";

/** A condition the card puts on the figure struck; "knockout" is Unconscious for the minutes only the GM learns. */
export type BlowCondition = "prone" | "unconscious" | "dead" | "stun" | "knockout" | "entangled" | "restrain";

export interface BlowOutcome {
  readonly hit: boolean;
  readonly kind: AttackKind;
  /** The damage the blow did (null: none rolled). */
  readonly damage: { readonly stun: boolean; readonly state: VitalState; readonly effective: number } | null;
  /** [16.5] Trip, Shield Rush: the fall check failed. */
  readonly prone: boolean;
  /** [16.5] the Restrain held. */
  readonly restrained: boolean;
}

/** [16.5] a Knockout that strikes knocks out (no damage; the minutes are the GM's secret roll). */
export const knocksOut = (hit: boolean, kind: AttackKind): boolean => hit && kind === "knockout";

/** The conditions the figure struck takes on Apply, in the order the card lists them. */
export function blowConditions(o: BlowOutcome): BlowCondition[] {
  const out: BlowCondition[] = [];
  if (o.prone) out.push("prone");
  if (o.damage?.state === "unconscious") out.push("unconscious");
  if (o.damage?.state === "dead") out.push("dead");
  // [19] a stun takes hold only on a figure the blow left alive.
  if (o.damage && stunTakesHold(o.damage)) out.push("stun");
  // [16.5] knocked out for D10 + 5 minutes; caught in a net, whip or bola until two Passes work it free.
  if (knocksOut(o.hit, o.kind)) out.push("knockout");
  if (o.hit && o.kind === "entangle") out.push("entangled");
  if (o.restrained) out.push("restrain");
  return out;
}

/** [16.5] a holder done at least 1 point of effective damage lets go of whoever it restrains. */
export const freesRestrained = (damage: { readonly effective: number } | null): boolean => (damage?.effective ?? 0) >= 1;

/**
 * [20.3] a poisoned class A or B weapon still good (six hours) is handled
 * twice on this attack, at d100 ≤ 3 × modMD; an Assassin runs no risk (null
 * target). Null: no poison on this attack.
 */
export function poisonHandling(weapon: Pick<PulseWeaponStats, "poisoned" | "weaponClass">, ageSeconds: number | null, wielder: { readonly assassin: boolean; readonly modMD: number }): { readonly handlingTarget: number | null } | null {
  if (!weapon.poisoned || !canBePoisoned(weapon) || !poisonFresh(ageSeconds)) return null;
  return { handlingTarget: wielder.assassin ? null : poisonHandlingTarget(wielder.modMD) };
}

/** [14.1] "must make AG roll for clean landing": a landing that fails leaves the jumper Prone (our reading, as a fall). */
export const landingConditions = (clean: boolean): BlowCondition[] => (clean ? [] : ["prone"]);

/** [19] a stunned figure's weapon check: failed, the weapon in hand drops; no check (no stun), nothing drops. */
export const stunDrops = (check: { readonly success: boolean } | null): boolean => Boolean(check && !check.success);

/** [24] "If EN damage taken": the Endurance the figure has lost, as its sheet shows it (our default for the GM's field: starting less current). */
export const enduranceDamageTaken = (endurance: number, enduranceNow: number): number => Math.max(0, endurance - enduranceNow);

/** [13.6] "D10 + friendly PS – hostile PS": the hostile PS is that of the foes in the tangle who are still in close combat. */
export function hostilePS(tangle: readonly { readonly ps: number; readonly inClose: boolean }[]): number {
  return tangle.reduce((sum, f) => sum + (f.inClose ? f.ps : 0), 0);
}

/**
 * [16.1] "Attacker may never check line of fire without executing the Fire
 * action": a shot with no line of fire in the shooter's own turn is a card that
 * spends the Fire action and looses nothing; anywhere else it is refused.
 */
export const blockedShotSpendsFire = (inOwnTurn: boolean): boolean => inOwnTurn;

