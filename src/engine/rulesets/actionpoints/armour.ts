/**
 * Armour worn (seed 002 V.b.iii and V.d): what a blow meets, and where a
 * critical leaves it failed. One function for the sheet's figure, the attack
 * card and the duel simulator, so all three agree.
 *
 * Our readings where the seed is silent: pieces worn together do not add up,
 * the best piece counts (as for the Action Pool modifier, where the worst
 * counts); armour here has no coverage by location, so every piece covers the
 * whole body. A critical fails the armour at the location it landed only
 * (V.d): every piece worn is marked failed there, and absorbs 2 less for a
 * blow that lands there until an armourer fixes it. A blow with no location
 * (the seed rolls one only for criticals) meets the armour where it has not
 * failed. A piece marked failed as a whole (the GM's tick) absorbs 2 less
 * everywhere.
 */
import type { ActorView } from "../ruleset";
import { CRITICAL_LOCATIONS, type CriticalLocation } from "./tables";
import { WEIGHT_CLASSES, type ActionPointsStats, type WeightClass } from "./stats";

export interface ArmourPiece {
  readonly absorption: number;
  readonly weight: WeightClass;
  /** Failed everywhere (the GM's tick on the item). */
  readonly failed: boolean;
  /** The locations a critical failed it at: a comma-separated list of critical locations. */
  readonly failedAt?: string;
}

/**
 * The armour a fighter wears: its equipped armour items as pieces (with the
 * item's id, for marking failures). The sheet, the attack card and the duel
 * simulator all read a fighter's armour through this and `armourFor`.
 */
export function wornArmour(v: ActorView<ActionPointsStats>): (ArmourPiece & { readonly id: string; readonly apModifier: number })[] {
  return v.armor.filter((a) => a.equipped).map((a) => ({ id: a.id, ...a.stats }));
}

/** The locations a piece has failed at, read from its list (unknown words are ignored). */
export function failedLocations(failedAt: unknown): CriticalLocation[] {
  if (typeof failedAt !== "string") return [];
  const words = failedAt.split(",").map((w) => w.trim());
  return CRITICAL_LOCATIONS.filter((l) => words.includes(l));
}

/** Failed where the blow lands: everywhere, or at that location. */
export function failedThere(piece: ArmourPiece, location: CriticalLocation | null): boolean {
  return piece.failed || (location !== null && failedLocations(piece.failedAt).includes(location));
}

/** The heaviest weight worn (for Dodge); "none" when nothing is. */
export function heaviestWeight(pieces: readonly { readonly weight: WeightClass }[]): WeightClass {
  return pieces.reduce<WeightClass>((w, a) => (WEIGHT_CLASSES.indexOf(a.weight) > WEIGHT_CLASSES.indexOf(w) ? a.weight : w), "none");
}

/** V.d: failed armour absorbs 2 less, never below nothing. */
export function netAbsorption(absorption: number, failed: boolean): number {
  return Math.max(0, absorption - (failed ? 2 : 0));
}

/**
 * What a blow landing at `location` (null: no location) meets: the best piece
 * there after failure, as the attack's armour figures (absorption before the
 * 2-point failure, and whether it failed there), and the heaviest weight worn
 * (for Dodge).
 */
export function armourFor(pieces: readonly ArmourPiece[], location: CriticalLocation | null): { absorption: number; weight: WeightClass; failed: boolean } {
  let best: { absorption: number; failed: boolean; net: number } = { absorption: 0, failed: false, net: 0 };
  for (const p of pieces) {
    const failed = failedThere(p, location);
    const net = netAbsorption(p.absorption, failed);
    if (net > best.net) best = { absorption: p.absorption, failed, net };
  }
  return { absorption: best.absorption, weight: heaviestWeight(pieces), failed: best.failed };
}

/** What the armour absorbs from a blow landing at `location`: the figure the sheet shows (no location) and the card subtracts. */
export function armourAbsorption(pieces: readonly ArmourPiece[], location: CriticalLocation | null): number {
  const a = armourFor(pieces, location);
  return netAbsorption(a.absorption, a.failed);
}

/** V.d: a critical at `location` fails every piece worn there; the new list of failed locations for each piece that changes. */
export function armourFailures<T extends ArmourPiece & { readonly id: string }>(pieces: readonly T[], location: CriticalLocation): { id: string; failedAt: string }[] {
  return pieces
    .filter((p) => !failedLocations(p.failedAt).includes(location))
    .map((p) => ({ id: p.id, failedAt: CRITICAL_LOCATIONS.filter((l) => l === location || failedLocations(p.failedAt).includes(l)).join(",") }));
}
