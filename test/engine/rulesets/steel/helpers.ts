// Shared fixtures for the steel tests (seed 000_4377b2da58f3a52b.txt).
import { CORE_MANEUVERS, type Declaration, type AttackDeclaration, type SteelManeuver } from "../../../../src/engine/rulesets/steel";

export function maneuver(slug: string): SteelManeuver {
  const found = CORE_MANEUVERS.find((m) => m.slug === slug);
  if (!found) throw new Error(`no maneuver ${slug}`);
  return found.stats;
}

export const noArmour = { head: 0, neck: 0, arms: 0, torso: 0, legs: 0 };

export function attack(over: Partial<AttackDeclaration> = {}): AttackDeclaration {
  return { combatantId: "a", cpLeft: 10, dice: 5, maneuver: maneuver("cut"), weaponTn: 6, zone: 4, damage: 5, damageType: "cut", ...over };
}

export function defence(over: Partial<Declaration> = {}): Declaration {
  return { combatantId: "d", cpLeft: 10, dice: 5, maneuver: maneuver("parry"), weaponTn: 6, ...over };
}
