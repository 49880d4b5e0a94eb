/**
 * What a weapon brings to a blow beside its skill (seed
 * 002_e3c6bc76ba013433.txt II, IV, V.a, VI.a): its Action Point cost, whether it
 * strikes in melee at all, and the shield bash's own figures. The seed prints
 * neither the cost of an attack (Table 7.2) nor the bash's damage, so these are
 * ours: the sheet, the card, the styles and the duel simulator read them here.
 */
import { strengthBonus, type AttackInput } from "./attack";
import { weaponStats } from "./stats";

/** Skills whose weapons shoot: they make no melee blow (ours; the seed's melee procedure names none). */
export const MISSILE_SKILLS: readonly string[] = ["bow", "sling", "crossbow"];

/** Whether a weapon used with this skill shoots rather than strikes. */
export const isMissileSkill = (skill: unknown): boolean => MISSILE_SKILLS.includes(String(skill ?? "").toLowerCase());

/** II: the AP one attack with the weapon costs: its own figure, else ours (the weapon's default of 6); never less than 1. */
export function attackCostOf(w: { readonly attackCost?: unknown } | null | undefined): number {
  const n = Number(w?.attackCost ?? weaponStats.attackCost.initial);
  return Number.isFinite(n) ? Math.max(1, Math.round(n)) : weaponStats.attackCost.initial;
}

/**
 * VI.a: a shield bash is a roll against the taker's TSC% in Shield Play. Its
 * blow (ours: the seed gives no figures): the world's bash damage, the
 * Strength bonus of a light weapon (STR/4), no attacker's bonus, and the
 * lightest weight (1) for a parry against it.
 */
export function shieldBashBlow(taker: { readonly id: string; readonly tsc: number; readonly psf: number; readonly str: number }, bashDamage: number): AttackInput["attacker"] {
  return { id: taker.id, tsc: taker.tsc, psf: taker.psf, baseDamage: bashDamage, strengthBonus: strengthBonus(taker.str, true), attackerBonus: 0, weaponSize: 1 };
}

/**
 * IV.b.ii, IV.c.ii: "Weapon Parry – ... his TSC% in the weapon wielded": the
 * weapon a fighter parries (and ripostes or disarms) with is the first ready
 * one that is not a missile weapon; a bow alone parries nothing (our reading,
 * as the duel simulator has it).
 */
export function parryWeaponOf<W extends { readonly equipped: boolean; readonly stats: { readonly skill?: unknown } }>(weapons: readonly W[]): W | null {
  return weapons.find((w) => w.equipped && !isMissileSkill(w.stats.skill)) ?? null;
}

/**
 * IV.a "his TSC% in the weapon being wielded", IV.c.ii "the appropriate weapon
 * skill": the skill a weapon is used with is the one it names (by name, any
 * case); a weapon that names none, or one the fighter lacks, uses his first
 * weapon skill (our reading: the seed ties a weapon to a skill without saying
 * how). Shield Play and Dodge are the first skill of their kind. None: null.
 * The card (attack, defence, advantage) and the duel simulator both ask here.
 */
export function skillFor<S extends { readonly name: string; readonly stats: { readonly kind?: unknown } }>(skills: readonly S[], kind: "weapon" | "shieldPlay" | "dodge", named: unknown = ""): S | null {
  const name = typeof named === "string" ? named.trim().toLowerCase() : "";
  return (name ? skills.find((s) => s.name.toLowerCase() === name) : undefined) ?? skills.find((s) => s.stats.kind === kind) ?? null;
}
