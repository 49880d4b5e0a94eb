/**
 * [16.5] Attack types besides the plain strike, as editable data: the numbers are
 * the seed's; a group may adjust them. Which weapons may make each one is checked
 * by `specialAttackAllowed`.
 */
import type { Outcome } from "../../outcome";
import { PASSED } from "../../outcome";
import { pulseRefuse } from "./refusals";
import type { PulseWeaponStats } from "./stats";

export const ATTACK_KINDS = ["normal", "trip", "entangle", "restrain", "knockout", "shieldRush", "disarm"] as const;
export type AttackKind = (typeof ATTACK_KINDS)[number];

export interface SpecialAttackRule {
  /** Base chance replacing the weapon's; null keeps the weapon's own. */
  readonly baseChance: number | null;
  /** Added to the strike chance. */
  readonly scModifier: number;
  /** Extra when the attacker charges (Shield Rush). */
  readonly chargeModifier: number;
  /** D10 damage read as D+damage; null for no damage roll. */
  readonly damage: number | null;
  /** Fixed Endurance damage instead of a roll (Disarm's 1). */
  readonly fixedEnduranceDamage: number | null;
  /** The target rolls d100 <= 3 x modAG or falls. */
  readonly fallCheck: boolean;
  /** Only against man-sized or smaller targets. */
  readonly humanOrSmaller: boolean;
  /** Weapon rank and modMD are added (the figure is using a ranked weapon). */
  readonly usesWeaponRank: boolean;
}

export const DEFAULT_SPECIAL_ATTACKS: Readonly<Record<AttackKind, SpecialAttackRule>> = {
  normal: { baseChance: null, scModifier: 0, chargeModifier: 0, damage: null, fixedEnduranceDamage: null, fallCheck: false, humanOrSmaller: false, usesWeaponRank: true },
  trip: { baseChance: 40, scModifier: 0, chargeModifier: 0, damage: 0, fixedEnduranceDamage: null, fallCheck: true, humanOrSmaller: true, usesWeaponRank: true },
  entangle: { baseChance: null, scModifier: 0, chargeModifier: 0, damage: -4, fixedEnduranceDamage: null, fallCheck: true, humanOrSmaller: false, usesWeaponRank: true },
  restrain: { baseChance: null, scModifier: 0, chargeModifier: 0, damage: null, fixedEnduranceDamage: null, fallCheck: false, humanOrSmaller: false, usesWeaponRank: false },
  knockout: { baseChance: null, scModifier: -15, chargeModifier: 0, damage: null, fixedEnduranceDamage: null, fallCheck: false, humanOrSmaller: true, usesWeaponRank: true },
  shieldRush: { baseChance: 40, scModifier: 0, chargeModifier: 20, damage: -2, fixedEnduranceDamage: null, fallCheck: true, humanOrSmaller: false, usesWeaponRank: false },
  disarm: { baseChance: null, scModifier: -20, chargeModifier: 0, damage: null, fixedEnduranceDamage: 1, fallCheck: false, humanOrSmaller: false, usesWeaponRank: true },
};

/** [16.5] Restrain: ((attackers' PS + modAG) - (target's PS + modAG)) x 3; helpers add theirs. */
export function restrainBaseChance(attackers: readonly { readonly ps: number; readonly modAG: number }[], target: { readonly ps: number; readonly modAG: number }): number {
  let sum = 0;
  for (const a of attackers) sum += a.ps + a.modAG;
  return (sum - (target.ps + target.modAG)) * 3;
}

/**
 * [16.5] the base chance an attack is struck at: a Restrain's own (the
 * wrestlers' PS and modAG, restrainBaseChance) in place of the weapon's; any
 * other kind the weapon's (a Trip's or a Shield Rush's fixed 40% is the strike's,
 * from DEFAULT_SPECIAL_ATTACKS).
 */
export function attackBaseChance(kind: AttackKind, weaponBase: number, wrestlers: { readonly attackers: readonly { readonly ps: number; readonly modAG: number }[]; readonly target: { readonly ps: number; readonly modAG: number } }): number {
  return kind === "restrain" ? restrainBaseChance(wrestlers.attackers, wrestlers.target) : weaponBase;
}

/** [16.5] Knockout: out for D10 + 5 minutes (the GM rolls in secret). */
export function knockoutMinutes(d10: number): number {
  return d10 + 5;
}

export interface SpecialAttackContext {
  readonly kind: AttackKind;
  /** The weapon used (for Shield Rush: null, the shield is checked separately). */
  readonly weapon: Pick<PulseWeaponStats, "use" | "canTrip" | "canKnockout" | "closeRated"> | null;
  readonly targetHumanOrSmaller: boolean;
  /** Trip with kicks needs Unarmed Combat rank 3 ([21]). */
  readonly unarmedRank: number;
  /** Shield Rush needs a shield that may rush. */
  readonly shieldCanRush: boolean;
  /** Trip is a melee-combat attack. */
  readonly inMelee: boolean;
  /** Restrain is made while grappling. */
  readonly grappling: boolean;
}

/** Whether the attack may be made at all; a refusal names why not. */
export function specialAttackAllowed(ctx: SpecialAttackContext, rules = DEFAULT_SPECIAL_ATTACKS): Outcome<true> {
  return attackKindAllowed(ctx, ctx.kind, rules);
}

/** specialAttackAllowed with the kind apart from the context, so a caller need not copy its context to add it; a pass is the shared PASSED (the duel loops ask per blow). */
export function attackKindAllowed(ctx: Omit<SpecialAttackContext, "kind">, kind: AttackKind, rules = DEFAULT_SPECIAL_ATTACKS): Outcome<true> {
  const rule = rules[kind];
  if (rule.humanOrSmaller && !ctx.targetHumanOrSmaller) return pulseRefuse("targetTooLarge", { attack: kind });
  const use = ctx.weapon?.use;
  switch (kind) {
    case "normal":
      return PASSED;
    case "trip":
      if (!ctx.inMelee) return pulseRefuse("attackNotOpen", { attack: kind });
      if (use === "unarmed") return ctx.unarmedRank >= 3 ? PASSED : pulseRefuse("rankTooLow", { attack: kind, rank: 3 });
      return ctx.weapon?.canTrip ? PASSED : pulseRefuse("weaponCannot", { attack: kind });
    case "entangle":
      return use === "entangling" ? PASSED : pulseRefuse("weaponCannot", { attack: kind });
    case "restrain":
      return ctx.grappling ? PASSED : pulseRefuse("attackNotOpen", { attack: kind });
    case "knockout":
      if (!ctx.weapon || use === "missile" || use === "entangling" || !ctx.weapon.canKnockout) return pulseRefuse("weaponCannot", { attack: kind });
      return PASSED;
    case "shieldRush":
      return ctx.shieldCanRush ? PASSED : pulseRefuse("noShield", { attack: kind });
    case "disarm":
      if (!ctx.weapon) return pulseRefuse("weaponCannot", { attack: kind });
      return use === "melee" || use === "pole" || use === "unarmed" || ctx.weapon.closeRated ? PASSED : pulseRefuse("weaponCannot", { attack: kind });
  }
}
