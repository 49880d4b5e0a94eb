/**
 * What a weapon brings to an attack of a given form: the ATN, the damage (with
 * Strength where it adds) and the damage type. A bash uses the swing figures as
 * blunt damage; a form the weapon cannot make (a flail's thrust) is refused.
 */
import { ok, type Outcome } from "../../outcome";
import { steelRefuse } from "./refusals";
import type { DamageType, SteelWeapon } from "./stats";
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
