// The exchange most seed 002 engine tests start from: a TSC 60 / PSF 20
// attacker with 6 + 6 + 1 damage against a TSC 50 / PSF 16 defender with a
// 4-point shield (block +10), light armour 3, 20 Fatigue, 15 Body, CON 12.
import type { AttackInput, Defence } from "../../../../src/engine/rulesets/actionpoints";

export function exchange(defence: Defence, over: { a?: Partial<AttackInput["attacker"]>; d?: Partial<AttackInput["defender"]>; agility?: AttackInput["agility"] } = {}): AttackInput {
  return {
    attacker: { id: "a", tsc: 60, psf: 20, baseDamage: 6, strengthBonus: 6, attackerBonus: 1, weaponSize: 3, ...over.a },
    defender: {
      id: "d", defence, tsc: 50, psf: 16,
      shield: { absorption: 4, blockBonus: 10, penetrations: 0 },
      armour: { absorption: 3, weight: "light", failed: false },
      parryWeaponSize: 3, kneeling: false, fatigueNow: 20, bodyNow: 15, con: 12, ...over.d,
    },
    ...(over.agility ? { agility: over.agility } : {}),
  };
}

/** The value of an outcome the test expects to be accepted. */
export const value = <T>(o: { ok: true; value: T } | { ok: false }) => {
  if (!o.ok) throw new Error("refused");
  return o.value;
};
