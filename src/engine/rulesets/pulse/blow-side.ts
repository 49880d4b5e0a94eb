/**
 * Seed 004_2f46e4f6196f6037.txt [17.5]: which side of the target a blow comes
 * from (no shield from the rear; the optional rule: only from the front or the
 * shield side), and [17.4] who may parry it. On a hex map the tokens say the
 * side; without one, the GM's word "from the rear". The shell reads where the
 * tokens stand; this file decides.
 */
import { hexLine, relativeSide, zoneOfSide, type Facing, type Hex } from "./hex";
import type { RelativeSide } from "./strike";

/** [17.5] (optional) the side a figure holds its shield on: ours, the left. */
export const SHIELD_HAND = "left" as const;

/**
 * [17.5] the side of the target a blow from `attackerHex` comes from: the
 * hexside of the first hex on the line from the target toward the attacker
 * (0 ahead ... 3 rear); null when the two share a hex.
 */
export function sideOfBlow(target: { readonly hex: Hex; readonly facing: Facing }, attackerHex: Hex): RelativeSide | null {
  const step = hexLine(target.hex, attackerHex)[1];
  return step ? relativeSide(target.hex, target.facing, step) : null;
}

/** [17.5] the side as the card takes it: the measured side where there is one, else the GM's "from the rear" (the rear hexside) or straight ahead. */
export function blowSide(measured: RelativeSide | null, ruledFromRear: boolean): { readonly from: RelativeSide; readonly fromRear: boolean } {
  if (measured === null) return { from: ruledFromRear ? 3 : 0, fromRear: ruledFromRear };
  return { from: measured, fromRear: zoneOfSide(measured) === "rear" };
}

/** [17.4] "If defender is evading ...": an evading defender parries at the rank of the weapon in hand; standing, or bare of a weapon, not at all. */
export const parryRank = (evading: boolean, weapon: { readonly rank: number } | null): number | null => (evading && weapon ? weapon.rank : null);

/** [23] "the hex directly in front" of a mount: the side straight ahead (0); null (not adjacent, no map) is not. */
export const fromStraightAhead = (side: number | null): boolean => side === 0;

