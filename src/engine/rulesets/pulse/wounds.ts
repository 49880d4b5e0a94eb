/**
 * Helpers the shell calls around a blow: the damage terms a weapon brings for
 * its wielder ([20], [21], [18.5]), magic and breath damage [18.4], and what a
 * Grievous Injury does to the defender's gear [18].
 */
import type { Dice } from "../../dice";
import type { Outcome } from "../../outcome";
import { damageBonus, resolveDamage, type DamageBonusSystem, type DamageResult, type DamageTarget } from "./damage";
import { psShortfallPenalty, unarmedDamageBonus } from "./derived";
import type { PulseEvent, Term } from "./events";
import type { PulseArmorStats, PulseShieldStats, PulseWeaponStats } from "./stats";

const T = "BOUT.Pulse.Term.";

/**
 * The terms added to a weapon's damage die for this wielder: PS shortfall (-1 a
 * point), the bare-handed bonus (+1 per 3 PS over 15) and the optional bonus the
 * GM chose for this weapon.
 */
export function weaponDamageTerms(
  weapon: Pick<PulseWeaponStats, "use" | "minPS" | "rank">,
  wielder: { readonly ps: number },
  bonusSystem: DamageBonusSystem = "none",
): Term[] {
  const terms: Term[] = [];
  const short = psShortfallPenalty(wielder.ps, weapon.minPS);
  if (short > 0) terms.push({ key: `${T}PSShortfall`, value: -short });
  if (weapon.use === "unarmed") {
    const b = unarmedDamageBonus(wielder.ps);
    if (b > 0) terms.push({ key: `${T}UnarmedBonus`, value: b });
  }
  const optional = damageBonus(bonusSystem, {
    ps: wielder.ps,
    minPS: weapon.minPS,
    rank: weapon.rank,
    missileOrThrown: weapon.use === "missile" || weapon.use === "thrown",
  });
  if (optional.bonus > 0) terms.push({ key: `${T}DamageBonus`, value: optional.bonus });
  return terms;
}

/**
 * [18.4] damage of pure magic ignores armour; a breath weapon counts as magic,
 * and a successful passive resistance halves it (rounded down). It follows the
 * usual Fatigue-then-Endurance order.
 */
export function resolveMagicDamage(
  input: { readonly dieModifier: number; readonly modifiers: readonly Term[]; readonly resisted: boolean; readonly target: DamageTarget },
  dice: Dice,
): Outcome<{ result: DamageResult; events: PulseEvent[] }> {
  return resolveDamage(
    { dieModifier: input.dieModifier, modifiers: input.modifiers, protection: 0, ignoreArmour: true, toEndurance: false, halved: input.resisted, target: input.target },
    dice,
  );
}

/**
 * [18] a Grievous Injury: at the defender's choice the armour loses 2 protection
 * until repaired (one more grievous hit recorded on the piece), or the shield
 * breaks. Returns the new figures of the chosen item.
 */
export function applyGrievous(
  choice: { readonly kind: "armor"; readonly armor: PulseArmorStats } | { readonly kind: "shield"; readonly shield: PulseShieldStats },
): { readonly kind: "armor"; readonly armor: PulseArmorStats } | { readonly kind: "shield"; readonly shield: PulseShieldStats } {
  if (choice.kind === "armor") {
    return { kind: "armor", armor: { ...choice.armor, grievousDamage: Math.min(20, choice.armor.grievousDamage + 1) } };
  }
  return { kind: "shield", shield: { ...choice.shield, broken: true } };
}

