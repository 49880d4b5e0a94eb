/**
 * Damage and Wounds ("Attacking" steps 2-4): the reversed roll picks the hit
 * location, Damage = weapon Damage + SL, Wounds suffered = Damage less Toughness
 * Bonus and Armour Points, never below 1; losing more Wounds than remain is a
 * Critical Wound and leaves the target Prone.
 */
import { reverseD100 } from "../../dice";
import { lookup, type Band } from "./tables";
import type { ItemView } from "../ruleset";
import { bonus } from "./derived";
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

/**
 * The weapon's "adds Strength Bonus" box when the GM makes a weapon melee or
 * ranged: it takes the default for the kind (melee adds SB, ranged not), unless
 * the GM sets the box too. `sent`: the box as the change or the new weapon's
 * data names it (undefined: not named); `was`: the box before (a new weapon has
 * none). Null: leave the box as it is (the kind did not change, or the GM set
 * the box to something else in the same change).
 */
export function strengthBonusForKind(change: { readonly kind: unknown; readonly kindWas: unknown; readonly sent: unknown; readonly was?: boolean }): boolean | null {
  if ((change.kind !== "melee" && change.kind !== "ranged") || change.kind === change.kindWas) return null;
  const setByGm = change.sent !== undefined && (change.was === undefined || change.sent !== change.was);
  return setByGm ? null : addsStrengthBonus(undefined, change.kind === "ranged");
}

/** "Attacking" 1: a melee weapon attacks with the Melee skill, a ranged one with Ranged. */
export const attackSkill = (ranged: boolean): "ranged" | "melee" => (ranged ? "ranged" : "melee");

export function weaponDamage(damage: number, addStrengthBonus: boolean, strengthBonus: number): number {
  return damage + (addStrengthBonus ? strengthBonus : 0);
}

/** The weapon figures Damage needs (an item's opposed block; fields may be unset). */
type DamageFigures = { readonly kind?: string; readonly damage?: number; readonly addStrengthBonus?: boolean | null };

/**
 * "Attacking" 3, the Weapon Damage of the weapon you're using: its Damage, with
 * the wielder's Strength Bonus where it adds it. Every attack with a weapon in
 * hand (an attack, a fumbled parry, Flee's free attack) deals this.
 */
export function wieldedDamage(weapon: DamageFigures | null | undefined, strength: number): number {
  const itemSays = weapon?.addStrengthBonus == null ? undefined : Boolean(weapon.addStrengthBonus);
  return weaponDamage(Number(weapon?.damage ?? 0), addsStrengthBonus(itemSays, weapon?.kind === "ranged"), bonus(strength));
}

/** The weapon in hand for melee (a parry, Flee's free attack): the first equipped weapon that is not ranged. */
export function readyWeapon<W extends DamageFigures>(weapons: readonly ItemView<W>[]): ItemView<W> | null {
  return weapons.find((w) => w.equipped && w.stats.kind !== "ranged") ?? null;
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
