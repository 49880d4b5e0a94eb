/**
 * A token's walk in a running pulse, judged whole and in one order (seed
 * 004_2f46e4f6196f6037.txt [23], [22], [13]-[15], [14.1]): a mounted charge
 * (or the run-on after one) goes straight without turning; a multi-hex
 * monster's head goes only into the hexes ahead of it, on every leg; the walk
 * keeps to the figure's turn and its limit; and it stops at the first hex of a
 * foe's melee zone (a mount carried on by its charge runs past). The first
 * rule broken is the refusal. The shell places the waypoints on the map.
 */
import { ok, type Outcome } from "../../outcome";
import type { Facing, Figure, Hex } from "./hex";
import { checkMonsterMove, headOf, type Vertex } from "./monster-facing";
import { stopsAtZones } from "./move-budget";
import { checkMomentumRun, checkMountedCharge } from "./mounted";
import { checkPulseMove, checkZoneStop, walkSteps } from "./movement";

/** Where a figure stands: its anchor hex and facing, and every hex a multi-hex figure covers. */
export interface WalkPlace {
  readonly hex: Hex;
  readonly facing: Facing;
  readonly hexes?: readonly Hex[];
}

export interface PulseWalk {
  readonly from: WalkPlace;
  /** The waypoints after the start, in order (a multi-hex figure's with the hexes it would cover). */
  readonly waypoints: readonly Omit<WalkPlace, "facing">[];
  /** [23] a rider bound to charge straight (mountedChargeBinds). */
  readonly charging: boolean;
  /** [23] hexes the mount is carried on this pulse after last pulse's charge (0: none owed). */
  readonly momentum: number;
  /** [22] the vertex a multi-hex figure faces (its token's rotation); unused for one-hex figures. */
  readonly vertex: Vertex;
  /** It is the figure's moment to act. */
  readonly acting: boolean;
  /** Hexes already moved or jumped this pulse. */
  readonly used: number;
  /** The figure's limit this pulse. */
  readonly limit: number;
  readonly side: string;
  readonly others: readonly Figure[];
}

/** The walk allowed, or the first rule it breaks; when allowed, the hexes it steps on. */
export function checkPulseWalk(w: PulseWalk): Outcome<{ readonly steps: Hex[] }> {
  const hexes = w.waypoints.map((p) => p.hex);
  const steps = walkSteps(w.from.hex, hexes);
  // [23] a mounted charge runs straight, with no change of facing on the way; the run-on straight ahead.
  if (w.charging) {
    const straight = w.momentum > 0 ? checkMomentumRun(w.from.hex, w.from.facing, steps) : checkMountedCharge(w.from.hex, steps, false);
    if (!straight.ok) return straight;
  }
  // [22] a monster faces a vertex: its head moves only into the hexes ahead of it, on every leg.
  if (w.from.hexes) {
    let at: Omit<WalkPlace, "facing"> = w.from;
    for (const p of w.waypoints) {
      if (!p.hexes || !at.hexes) break;
      const ahead = checkMonsterMove(headOf(at.hexes, w.vertex), headOf(p.hexes, w.vertex), w.vertex);
      if (!ahead.ok) return ahead;
      at = p;
    }
  }
  // [13]-[15], [14.1] in its turn and within its limit.
  const checked = checkPulseMove({ acting: w.acting, used: w.used, distance: steps.length, limit: w.limit });
  if (!checked.ok) return checked;
  // [14.1] a walk that would carry on past the first hex of a foe's melee zone stops there; [23] a mount carried on
  // by its charge runs past the target regardless.
  if (stopsAtZones(w.momentum)) {
    const zone = checkZoneStop(w.from.hex, hexes, { side: w.side }, w.others);
    if (!zone.ok) return zone;
  }
  return ok({ steps });
}
