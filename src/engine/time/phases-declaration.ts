/**
 * What a player's Movement-phase declaration may carry (seed
 * 001_e84cf39f805b9fd9.txt, "1. Movement" and the Initiative Modifiers Table).
 * The player declares; the storyguide rules: "Storyguides should feel free to
 * impose additional modifiers", and a charger's room for a running start is
 * "adjudicated by the storyguide". So a player's declaration carries no
 * modifier of its own, and a run-up it claims is only asked for: the GM allows
 * or refuses it from the tracker (the "rule" command, ./phases.ts). The GM's own
 * declarations (for the fighters the GM plays) are rulings already.
 */
import type { DeclarationInput } from "./phases";
import { reaches, type WeaponReach } from "../rulesets/phases/engagement";
import { MISSILE_RANGE_ADJUSTMENT, type ShotDefence } from "../rulesets/phases/tables";
import type { RangeClass } from "../rulesets/phases/stats";

export function playerDeclaration(input: DeclarationInput): DeclarationInput {
  const { gmModifier: _dropped, runUpRoom, runUpAsked: _asked, ...rest } = input;
  return { ...rest, runUpRoom: false, ...(runUpRoom === true && input.charging === true ? { runUpAsked: true } : {}) };
}

/** What a declaration names, with the facts of the fighter's own sheet it needs. */
export interface DeclaredWeapon {
  readonly action: string;
  /** The range sought (null: none). */
  readonly range: RangeClass | null;
  readonly defence: ShotDefence;
  /** The weapon named: whether it shoots, and its reach in melee (null: no weapon). */
  readonly weapon: { readonly name: string; readonly missile: boolean; readonly reach: WeaponReach } | null;
  /** The fighter has a shield ready. */
  readonly shieldReady: boolean;
}

export type DeclarationAdvice = { readonly code: "noShield" | "noMissileWeapon" } | { readonly code: "tooCloseToShoot"; readonly range: RangeClass } | { readonly code: "outOfReach"; readonly weapon: string; readonly range: RangeClass };

/**
 * "1. Movement": "Engagement with certain opponents may be impossible due to
 * range ... The storyguide should use common sense in advising players when
 * they declare an impossible or absurd engagement." The advice, or null: a
 * shield defence needs a shield ready (Missile Fire Table, third footnote);
 * shooting needs a missile weapon, and nobody shoots at Touch or Reach ("No
 * firing possible"); a melee weapon fights only at the ranges it reaches.
 */
export function declarationAdvice(d: DeclaredWeapon): DeclarationAdvice | null {
  if (d.defence === "shield" && !d.shieldReady) return { code: "noShield" };
  if (d.action === "missile") {
    if (!d.weapon?.missile) return { code: "noMissileWeapon" };
    if (d.range !== null && MISSILE_RANGE_ADJUSTMENT[d.range] === null) return { code: "tooCloseToShoot", range: d.range };
  }
  if (d.action === "melee" && d.range !== null && d.weapon && !d.weapon.missile && !reaches(d.weapon.reach, d.range)) return { code: "outOfReach", weapon: d.weapon.name, range: d.range };
  return null;
}
