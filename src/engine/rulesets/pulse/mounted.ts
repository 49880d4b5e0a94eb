/**
 * [23] mounted combat limits and [22] trampling by multi-hex monsters.
 * Horsemanship rank thresholds live in the group's book (83.2), so the rank
 * that lifts each limit is editable data here.
 */
import { isWholeNumber, ok, type Outcome } from "../../outcome";
import { addHex, directionTo, isStraightLine, sameHex, type Facing, type Hex } from "./hex";
import { pulseRefuse } from "./refusals";

/** Horsemanship rank from which each limit is lifted. Defaults written for this system; fill from the book. */
export const DEFAULT_HORSEMANSHIP_THRESHOLDS = {
  twoHanded: 5,
  fireWhileMoving: 4,
  twoWeapons: 6,
} as const;

export type HorsemanshipThresholds = { readonly [K in keyof typeof DEFAULT_HORSEMANSHIP_THRESHOLDS]: number };

/** The GM's thresholds as stored (missing ones keep ours); each a whole rank from 0 to 10. */
export function readHorsemanshipThresholds(raw: unknown): Outcome<HorsemanshipThresholds> {
  const given = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const out: Record<string, number> = { ...DEFAULT_HORSEMANSHIP_THRESHOLDS };
  for (const key of Object.keys(DEFAULT_HORSEMANSHIP_THRESHOLDS)) {
    const v = given[key];
    if (v === undefined) continue;
    if (!isWholeNumber(v) || v < 0 || v > 10) return pulseRefuse("outOfRange", { field: key, min: 0, max: 10 });
    out[key] = v;
  }
  return ok(out as HorsemanshipThresholds);
}

export interface MountedAttack {
  readonly horsemanship: number;
  readonly twoHanded: boolean;
  readonly missileOrThrown: boolean;
  readonly mountMoving: boolean;
  readonly weaponsUsed: number;
  /** Relative side of the target from the mount's facing (0 = straight ahead). */
  readonly targetSide: number;
}

/**
 * [23] "Use more than one weapon at a time": how many weapons a blow declared
 * as one of several [16.4] puts in use: two weapons are two; a two-handed
 * class B sweep, or a single blow, is one.
 */
export const weaponsInUse = (several?: "twoWeapons" | "twoHandedB"): number => (several === "twoWeapons" ? 2 : 1);

export function checkMountedAttack(a: MountedAttack, thresholds: HorsemanshipThresholds = DEFAULT_HORSEMANSHIP_THRESHOLDS): Outcome<true> {
  if (a.targetSide === 0) return pulseRefuse("mountedAhead");
  if (a.twoHanded && a.horsemanship < thresholds.twoHanded) return pulseRefuse("mountedTwoHanded", { need: thresholds.twoHanded, rank: a.horsemanship });
  if (a.missileOrThrown && a.mountMoving && a.horsemanship < thresholds.fireWhileMoving) return pulseRefuse("mountedFireMoving", { need: thresholds.fireWhileMoving, rank: a.horsemanship });
  if (a.weaponsUsed > 1 && a.horsemanship < thresholds.twoWeapons) return pulseRefuse("mountedTwoWeapons", { need: thresholds.twoWeapons, rank: a.horsemanship });
  return ok(true);
}

/** [23] a rider may be attacked from the mount's front hex only with a long-hafted or missile weapon. */
export const riderAttackableFromFront = (weaponUse: string) => weaponUse === "pole" || weaponUse === "missile" || weaponUse === "thrown";

/** [23] mounting and dismounting only while the mount stands still. */
export const canMountOrDismount = (mountMoved: boolean): Outcome<true> => (mountMoved ? pulseRefuse("mountedMoving") : ok(true));

/** [23] a blow at a rider from its mount's hex straight ahead needs a long-hafted or missile weapon. */
export const checkBlowAtRider = (fromFront: boolean, weaponUse: string): Outcome<true> => (fromFront && !riderAttackableFromFront(weaponUse) ? pulseRefuse("riderFront") : ok(true));

/** [23] the pulse after a charge the mount runs on past the target for its full TMR. */
export const momentumHexes = (mountTmr: number) => mountTmr;

/** [22] a monster entering a one-hex figure's hex tramples: base 40%, damage D + its size in hexes. */
export const trample = (monsterHexes: number) => ({ baseChance: 40, dieModifier: monsterHexes });

/**
 * [22] the one-hex figures a multi-hex monster enters on a walk: its footprint
 * is carried along with its anchor hex, step by step, and every figure whose
 * hex it comes to cover is entered (once), the first entered first. Figures it
 * already stood over at the start are not entered again.
 */
export function enteredAlong(start: { readonly anchor: Hex; readonly hexes: readonly Hex[] }, steps: readonly Hex[], figures: readonly { readonly id: string; readonly hex: Hex }[]): string[] {
  const covered = (anchor: Hex) => start.hexes.map((h) => addHex(h, { q: anchor.q - start.anchor.q, r: anchor.r - start.anchor.r }));
  const already = new Set(figures.filter((f) => start.hexes.some((h) => sameHex(h, f.hex))).map((f) => f.id));
  const entered: string[] = [];
  for (const anchor of steps) {
    const under = covered(anchor);
    for (const f of figures) if (!already.has(f.id) && !entered.includes(f.id) && under.some((h) => sameHex(h, f.hex))) entered.push(f.id);
  }
  return entered;
}

/** [22] the vertices (60° each) a figure turning from one angle to another swings through, the short way round. */
export function verticesTurned(fromDegrees: number, toDegrees: number): number {
  const swing = ((((toDegrees - fromDegrees) % 360) + 360) % 360);
  return Math.round(Math.min(swing, 360 - swing) / 60);
}

/** [22] turning a multi-hex monster costs 1 TMR for every 2 vertices, pivoting on the head. */
export const monsterTurnCost = (vertices: number) => Math.floor(Math.abs(vertices) / 2);

/**
 * [23] "For charge attacks, movement must be in a straight line with no facing
 * changes": it binds a rider who named Charge (or Charge and Close) this pulse,
 * and a mount carried on by the last pulse's charge.
 */
export function mountedChargeBinds(mounted: boolean, declared: readonly string[], momentumHexes: number): boolean {
  return (mounted && declared.some((a) => a === "charge" || a === "chargeAndClose")) || momentumHexes > 0;
}

/**
 * [23] a charging rider may face the way it charges as it sets off (a turn with
 * its first step, nothing moved yet, towards that step); any other turn is a
 * facing change.
 */
export function chargeTurnAllowed(hexesUsed: number, moving: boolean, heading: Facing | null, newFacing: Facing): boolean {
  return hexesUsed === 0 && moving && heading === newFacing;
}

/** [23] a mounted charge: every step in one direction, and no turning once it has begun. */
export function checkMountedCharge(start: Hex, path: readonly Hex[], turned: boolean): Outcome<true> {
  if (turned || !isStraightLine(start, path)) return pulseRefuse("chargeStraight");
  return ok(true);
}

/** [23] the pulse after a mounted charge the mount is carried on: straight ahead, the way it faces, in one line. */
export function checkMomentumRun(start: Hex, facing: Facing, path: readonly Hex[]): Outcome<true> {
  if (!path.length) return ok(true);
  if (directionTo(start, path[0]!) !== facing || !isStraightLine(start, path)) return pulseRefuse("momentumAhead");
  return ok(true);
}
