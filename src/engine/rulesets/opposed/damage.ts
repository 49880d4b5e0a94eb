/**
 * Damage and Wounds ("Attacking" steps 2-4): the reversed roll picks the hit
 * location, Damage = weapon Damage + SL, Wounds suffered = Damage less Toughness
 * Bonus and Armour Points, never below 1; losing more Wounds than remain is a
 * Critical Wound and leaves the target Prone.
 */
import { reverseD100 } from "../../dice";
import { lookup, type Band } from "./tables";
import type { Location } from "./stats";

/** "Hit Locations": the reversed roll read on the table the fight plays with. */
export function hitLocation(attackRoll: number, table: readonly Band<Location>[]): { readonly reversed: number; readonly location: Location } {
  const reversed = reverseD100(attackRoll);
  return { reversed, location: lookup(table, reversed) };
}

/**
 * Whether a weapon's Damage adds the wielder's Strength Bonus: as its item says;
 * unsaid, melee weapons do and ranged ones do not (our default: the seed's
 * "Weapon Damage" is the book's, which marks +SB on melee weapons).
 */
export function addsStrengthBonus(itemSays: boolean | undefined, ranged: boolean): boolean {
  return itemSays ?? !ranged;
}

/** "Attacking" 1: a melee weapon attacks with the Melee skill, a ranged one with Ranged. */
export const attackSkill = (ranged: boolean): "ranged" | "melee" => (ranged ? "ranged" : "melee");

export function weaponDamage(damage: number, addStrengthBonus: boolean, strengthBonus: number): number {
  return damage + (addStrengthBonus ? strengthBonus : 0);
}

export interface WoundsInput {
  readonly damage: number;
  readonly toughnessBonus: number;
  readonly armourPoints: number;
  readonly woundsNow: number;
}

export interface WoundsResult {
  readonly suffered: number;
  readonly woundsNow: number;
  /** More Wounds lost than remained: a Critical Wound and the Prone Condition. */
  readonly critical: boolean;
}

export function woundsSuffered(i: WoundsInput): WoundsResult {
  const suffered = Math.max(1, i.damage - (i.toughnessBonus + i.armourPoints));
  const critical = suffered > i.woundsNow;
  return { suffered, woundsNow: Math.max(0, i.woundsNow - suffered), critical };
}
