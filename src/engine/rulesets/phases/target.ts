/**
 * What of a target's sheet counts against a phases attack (seed
 * 001_e84cf39f805b9fd9.txt): against a shot, the Missile Fire Table's rows
 * ("Target is dodging or defending: Defender's Defense"; "Target has a shield: +
 * Dfn value of shield", counted twice when it defends with it, the third
 * footnote); against a blow, our procedure's Defense Total (the character's
 * Defense with the weapon and shield in hand). Soak is armour's either way; a
 * routing target defends against nothing (Initiative Modifiers Table, first
 * footnote).
 */
import { shotShieldDfn, soakScore, defenseScore, targetDefends, type MissileInput } from "./combat";
import type { BlowDefence } from "./attack-form";
import type { PhasesActor, PhasesArmor, PhasesShield, PhasesWeapon } from "./stats";
import type { ShotDefence } from "./tables";

/** The target's figures as its sheet has them: the weapon it fights with in melee, its shield and worn armour. */
export interface PhasesTarget {
  readonly stats: Pick<PhasesActor, "defense" | "soak">;
  readonly weapon: Pick<PhasesWeapon, "defense"> | null;
  readonly shield: Pick<PhasesShield, "defense"> | null;
  readonly armour: readonly Pick<PhasesArmor, "protection">[];
}

/** The weapon a fighter meets a blow with: the first ready one that is not a missile weapon (our reading: a bow parries nothing). */
export function meleeWeaponOf<W extends { readonly missile?: boolean }>(ready: readonly W[]): W | null {
  return ready.find((w) => !w.missile) ?? null;
}

/** Against a shot: Soak, the Defense row when the target defends (the character's, without the shield, which has its own row), and the shield's Dfn. */
export function shotTargetFigures(t: PhasesTarget, defence: ShotDefence, routing: boolean): Pick<MissileInput, "soak" | "defending" | "shield"> {
  const defends = targetDefends(defence, routing);
  return {
    soak: soakScore(t.stats, t.armour),
    ...(defends ? { defending: defenseScore(t.stats, t.weapon, null) } : {}),
    ...(t.shield ? { shield: shotShieldDfn(t.shield.defense, defence, defends) } : {}),
  };
}

/** Against a blow: the Defense (with weapon and shield) when the target defends, else none; and Soak. */
export function blowTargetFigures(t: PhasesTarget, defence: BlowDefence, routing: boolean): { readonly defense: number | null; readonly soak: number } {
  return { defense: targetDefends(defence, routing) ? defenseScore(t.stats, t.weapon, t.shield) : null, soak: soakScore(t.stats, t.armour) };
}
