/**
 * Values worked out from the figures: characteristic bonuses (the tens digit),
 * skill targets and movement.
 */
import type { Characteristic, Location, OpposedActor, OpposedArmor, OpposedShield, OpposedSkill } from "./stats";
import { movement } from "./tables";

/** A characteristic's bonus: its tens digit (Strength 34 gives SB 3). */
export function bonus(value: number): number {
  return Math.floor(value / 10);
}

export type SkillName = "melee" | "ranged" | "dodge";

/**
 * Any other skill's target: its characteristic plus its advances; a fighter
 * without the skill tests the bare characteristic named as the fallback (our
 * reading: the seed's Athletics, Cool, Climb, Stealth and Perception tests need
 * a target when the sheet has no such skill).
 */
export function skillItemTarget(actor: OpposedActor, skill: Pick<OpposedSkill, "characteristic" | "advances"> | undefined, fallback?: Characteristic): number {
  const figures = actor as unknown as Readonly<Record<string, number>>;
  if (skill) return (figures[skill.characteristic] ?? 0) + (Number(skill.advances) || 0);
  return fallback ? (figures[fallback] ?? 0) : 0;
}

/** The target of the combat skills the seed uses: characteristic plus advances. */
export function skillTarget(actor: OpposedActor, skill: SkillName): number {
  switch (skill) {
    case "melee":
      return actor.ws + actor.meleeAdvances;
    case "ranged":
      return actor.bs + actor.rangedAdvances;
    case "dodge":
      return actor.ag + actor.dodgeAdvances;
  }
}

export function characteristicOf(actor: OpposedActor, c: Characteristic): number {
  return actor[c];
}

/** Armour Points at a location: the best piece there (pieces do not stack), plus a shield on its arm. */
export function armourPoints(armour: readonly OpposedArmor[], location: Location, shield?: OpposedShield | null, shieldArm: Location = "leftArm"): number {
  let best = 0;
  for (const piece of armour) best = Math.max(best, piece[location]);
  return best + (shield && location === shieldArm ? shield.ap : 0);
}

export function walkAndRun(actor: OpposedActor) {
  return movement(actor.move);
}
