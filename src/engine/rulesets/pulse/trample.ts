/**
 * Seed 004_2f46e4f6196f6037.txt [22]: "When entering hex w/1-hex creature,
 * smaller figure is knocked down. Monster tramples with 40% base chance,
 * dam=D+(size of monster in hexes)." Who is trampled, and the strike the
 * trampling is: the shell finds the figures entered and writes the card.
 */
import type { AttackInput } from "./attack";
import { trample } from "./mounted";

/** [22] a figure covering one hex, entered by a monster covering more, is trampled. */
export const trampledBy = (monsterHexes: number, figureHexes: number): boolean => figureHexes === 1 && monsterHexes > figureHexes;

/**
 * [22] the trampling's strike: the monster's bulk, no weapon and no rank, at
 * 40% base less the figure's Defense, for D + the monster's size in hexes; the
 * figure struck is one hex, so man-sized or smaller.
 */
export function trampleAttack(monster: { readonly id: string; readonly modMD: number; readonly hexes: number }, defender: AttackInput["defender"], defense: number): AttackInput {
  const rule = trample(monster.hexes);
  return {
    attack: "normal",
    baseChance: rule.baseChance,
    modMD: monster.modMD,
    ranked: false,
    rank: 0,
    defense,
    charging: false,
    withdrawingOffensively: false,
    modifiers: [],
    context: { weapon: { use: "unarmed", canTrip: false, canKnockout: false, closeRated: false }, targetHumanOrSmaller: true, unarmedRank: 0, shieldCanRush: false, inMelee: true, grappling: false },
    attacker: { id: monster.id, modMD: monster.modMD, weaponRank: 0 },
    defender,
    dieModifier: rule.dieModifier,
    damageModifiers: [],
  };
}
