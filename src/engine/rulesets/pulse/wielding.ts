/**
 * What a figure fights with, as seed 004_2f46e4f6196f6037.txt counts it: the
 * weapon in hand ([17.3] a broken weapon "cannot strike until repaired", nor
 * parry), the kind of strike its weapon makes ([16.4] fire, grapple, melee),
 * what a Disarm can take ([16.5] an item in hand), and a man-sized target (one
 * hex, [16.5], [22]). The shell reads the items and the tokens; this file
 * decides.
 */
import type { PulseAction } from "./actions";
import type { StrikeType } from "../../time/pulses";

interface Held<U extends string = string> {
  readonly id: string;
  readonly equipped: boolean;
  readonly stats: { readonly use?: U; readonly broken?: boolean };
}

/** [16.1] a missile or thrown weapon is fired, not swung. */
export const firesMissiles = (use: string | undefined): boolean => use === "missile" || use === "thrown";

/** [16.4] the kind of strike a weapon of this use makes: fire for missiles, grapple in close combat [13.7], else melee. */
export function strikeTypeOf(use: string | undefined, inCloseCombat: boolean): StrikeType {
  return firesMissiles(use) ? "fire" : inCloseCombat ? "grapple" : "melee";
}

/** [13]-[15] the action a strike of that kind is (what a stunned figure may not take, [19]). */
export const strikeAction = (type: StrikeType): PulseAction => (type === "melee" ? "meleeAttack" : type);

/** [17.3] the weapon in hand a figure strikes and parries with: the first equipped one that is not broken. */
export function readyWeapon<W extends Held>(weapons: readonly W[]): W | null {
  return weapons.find((w) => w.equipped && !w.stats.broken) ?? null;
}

/** [14.2-8] "a pole weapon" (a Charge its whole TMR, [15] the slow charge): the weapon in hand is one. */
export const poleInHand = <W extends Held>(weapons: readonly W[]): boolean => readyWeapon(weapons)?.stats.use === "pole";

/** [16.5] Disarm: what the target can be made to drop: weapons in hand (bare hands are none) and shields carried ready. */
export function disarmableItems<W extends Held, S extends { readonly id: string; readonly equipped: boolean }>(weapons: readonly W[], shields: readonly S[]): (W | S)[] {
  return [...weapons.filter((w) => w.equipped && w.stats.use !== "unarmed"), ...shields.filter((s) => s.equipped)];
}

/** [16.5] Shield Rush: a shield carried ready, able to rush (not a main gauche or tower shield) and not broken. */
export const shieldCanRush = (shields: readonly { readonly equipped: boolean; readonly stats: { readonly canRush?: boolean; readonly broken?: boolean } }[]): boolean =>
  shields.some((s) => s.equipped && s.stats.canRush === true && !s.stats.broken);

/** [16.5], [22] a figure covering one hex is man-sized or smaller (Trip, stuck weapons). */
export const manSized = (hexes: number): boolean => hexes <= 1;

/** [22] the hexes a figure covers: its sheet's count, or more where its token on the hex map covers more. */
export const hexesCovered = (sheet: number, onMap: number | null): number => Math.max(sheet, onMap ?? 1);

/**
 * [12.3] the Rank in IV = modAG + PC + Rank, and [17.1] the rank a strike
 * counts: the weapon's; with bare hands, the better of its own and the
 * figure's Unarmed Combat rank [21]; no weapon at all, 0. The sheet's IV and
 * the fight's engagement order both read it, so they agree.
 */
export function weaponRank(weapon: { readonly use?: string; readonly rank: number } | null | undefined, unarmedRank: number): number {
  if (!weapon) return 0;
  return weapon.use === "unarmed" ? Math.max(weapon.rank, unarmedRank) : weapon.rank;
}
