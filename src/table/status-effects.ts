import { addStatusEffect } from "../compat";

/**
 * The conditions the rulesets put on tokens. Core's list is kept (dead,
 * unconscious, prone, ...) and ours are added where core has no equivalent.
 */
const OURS = [
  { id: "surprised", name: "BOUT.Status.Surprised", img: "icons/svg/hazard.svg" },
  { id: "knockedDown", name: "BOUT.Status.KnockedDown", img: "icons/svg/falling.svg" },
  { id: "hesitating", name: "BOUT.Status.Hesitating", img: "icons/svg/clockwork.svg" },
  { id: "broken", name: "BOUT.Status.Broken", img: "icons/svg/terror.svg" },
  { id: "engaged", name: "BOUT.Status.Engaged", img: "icons/svg/sword.svg" },
  { id: "bleeding", name: "BOUT.Status.Bleeding", img: "icons/svg/blood.svg" },
  { id: "fatigued", name: "BOUT.Status.Fatigued", img: "icons/svg/downgrade.svg" },
  { id: "kneeling", name: "BOUT.Status.Kneeling", img: "icons/svg/down.svg" },
  { id: "closeCombat", name: "BOUT.Status.CloseCombat", img: "icons/svg/combat.svg" },
  { id: "entangled", name: "BOUT.Status.Entangled", img: "icons/svg/net.svg" },
] as const;

/** Core ids we rely on, with our label where the core one is missing. */
const CORE = [
  { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
  { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
  { id: "stun", name: "EFFECT.StatusStunned", img: "icons/svg/daze.svg" },
  { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
  { id: "restrain", name: "EFFECT.StatusRestrained", img: "icons/svg/net.svg" },
] as const;

export const BOUT_STATUS_IDS = OURS.map((s) => s.id);

export function registerStatusEffects(): void {
  // v13 keeps them in an array, v14 by id: compat adds each where it is missing.
  for (const effect of [...CORE, ...OURS]) addStatusEffect(effect);
}

/** Does the fighter carry this condition on its token (its actor's statuses)? */
export const hasStatus = (actor: Actor.Implementation | null | undefined, id: string): boolean => Boolean((actor as { statuses?: Set<string> } | null | undefined)?.statuses?.has(id));
