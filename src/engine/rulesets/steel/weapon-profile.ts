/**
 * What a weapon brings to an attack of a given form: the ATN, the damage (with
 * Strength where it adds) and the damage type. A bash uses the swing figures as
 * blunt damage; a form the weapon cannot make (a flail's thrust) is refused.
 */
import { ok, type Outcome } from "../../outcome";
import { steelRefuse } from "./refusals";
import type { DamageType, SteelManeuver, SteelWeapon } from "./stats";
import { weaponDamage } from "./wounds";

export interface AttackProfile {
  readonly atn: number;
  readonly damage: number;
  readonly damageType: DamageType;
}

export function attackProfile(weapon: SteelWeapon, form: "swing" | "thrust" | "bash", strength: number): Outcome<AttackProfile> {
  if (form === "thrust") {
    if (weapon.thrustType === "none") return steelRefuse("badChoice", { choice: form });
    return ok({ atn: weapon.atnThrust, damage: weaponDamage(strength, weapon.thrustDamage, weapon.addStrength), damageType: weapon.thrustType });
  }
  if (form === "bash") return ok({ atn: weapon.atnSwing, damage: weaponDamage(strength, Math.min(0, weapon.swingDamage), weapon.addStrength), damageType: "blunt" });
  if (weapon.swingType === "none") return steelRefuse("badChoice", { choice: form });
  return ok({ atn: weapon.atnSwing, damage: weaponDamage(strength, weapon.swingDamage, weapon.addStrength), damageType: weapon.swingType });
}

/** Missile damage: the thrust figures (Strength added for thrown weapons only). */
export function missileProfile(weapon: SteelWeapon, strength: number): Outcome<AttackProfile> {
  if (!weapon.missile || weapon.thrustType === "none") return steelRefuse("badChoice", { choice: "missile" });
  return ok({ atn: weapon.missileAtn, damage: weaponDamage(strength, weapon.thrustDamage, weapon.addStrength), damageType: weapon.thrustType });
}

export type StrikeForm = "swing" | "thrust" | "bash";

/** The blow an attack maneuver strikes: its own form, a swing when it names none. */
export function strikeForm(maneuver: Pick<SteelManeuver, "form">): StrikeForm {
  return maneuver.form === "thrust" || maneuver.form === "bash" ? maneuver.form : "swing";
}

/**
 * The attack maneuvers this weapon can strike with: a thrust-only weapon
 * (a spear with no edge) offers no swing, a flail no thrust; a bash is always
 * possible. The first is the dialog's default, so it is always one the weapon allows.
 */
export function strikesWith<M extends { readonly stats: SteelManeuver }>(weapon: SteelWeapon, maneuvers: readonly M[]): M[] {
  return maneuvers.filter((m) => m.stats.kind === "attack" && attackProfile(weapon, strikeForm(m.stats), 0).ok);
}
