/**
 * Movement limits in a running pulse (seed 004_2f46e4f6196f6037.txt [13]-[15],
 * [14.1]): a figure moves only in its own turn, and no farther than the most
 * generous action open to it lets it go. The shell measures a token's move in
 * hexes and keeps the running count for the pulse; this file decides.
 */
import { ok, type Outcome } from "../../outcome";
import { actionsFor, moveAllowance, type PulseAction } from "./actions";
import { figureMeleeZone, footprint, hexLine, sameHex, stopAtMeleeZones, type Figure, type Hex } from "./hex";
import { pulseRefuse } from "./refusals";

export interface MovingFigure {
  /** TMR after armour. */
  readonly tmr: number;
  readonly modAG: number;
  readonly stunned: boolean;
  /** In an engagement this pulse. */
  readonly engaged: boolean;
  /** Standing in a hostile figure's melee zone. */
  readonly inOpponentZone: boolean;
  readonly poleWeapon: boolean;
  /** [14.1] a loaded crossbow lets a figure that fires move two hexes. */
  readonly loadedCrossbow?: boolean;
}

/**
 * The farthest a figure may move this pulse: the largest allowance among the
 * actions open to it ([13] engaged, [14] free, [15] stunned: none). Free figures
 * may Move their whole TMR, never less than one hex [14.1]; engaged ones one hex
 * inside a foe's zone, else as far as a withdrawal takes them [13.3]. Once
 * the figure has named its action, that action's allowance is the limit.
 */
export function pulseMoveLimit(f: MovingFigure, declared?: readonly PulseAction[]): { readonly hexes: number; readonly action: PulseAction | null } {
  // Named actions hold the figure to their own allowance (a crawl a quarter TMR, a Fire nothing, a charge its distance); of two, the larger.
  const candidates = declared?.length ? declared : actionsFor(f.engaged ? "engaged" : "free", f.stunned);
  let best: { hexes: number; action: PulseAction | null } = { hexes: 0, action: declared?.length ? declared[0]! : null };
  for (const action of candidates) {
    const { hexes } = moveAllowance(action, { tmr: f.tmr, modAG: f.modAG, inOpponentZone: f.inOpponentZone, poleWeapon: f.poleWeapon, loadedCrossbow: f.loadedCrossbow === true });
    if (hexes > best.hexes) best = { hexes, action };
  }
  return best;
}

/** Whether any hex the mover covers lies in the melee zone of a figure of another side. */
export function inHostileZone(mover: Pick<Figure, "side" | "hex" | "hexes">, others: readonly Figure[]): boolean {
  const own = footprint(mover);
  return others.some((o) => o.side !== mover.side && figureMeleeZone(o).some((z) => own.some((h) => sameHex(h, z))));
}

export interface MoveCheck {
  /** It is this figure's moment to act in the pulse. */
  readonly acting: boolean;
  /** Hexes already moved this pulse. */
  readonly used: number;
  /** Hexes this move covers. */
  readonly distance: number;
  /** The figure's limit (pulseMoveLimit). */
  readonly limit: number;
}

/** A move in a running pulse: refused out of turn or beyond the limit; else the new running count. */
export function checkPulseMove(m: MoveCheck): Outcome<{ readonly used: number }> {
  if (m.distance <= 0) return ok({ used: m.used });
  if (!m.acting) return pulseRefuse("notYourMove");
  if (m.used + m.distance > m.limit) return pulseRefuse("moveTooFar", { limit: m.limit, left: Math.max(0, m.limit - m.used), distance: m.distance });
  return ok({ used: m.used + m.distance });
}

/**
 * The hexes a walk steps on after its start: the straight line of each leg
 * from one waypoint to the next, joined. Its length is the hexes the walk costs.
 */
export function walkSteps(from: Hex, waypoints: readonly Hex[]): Hex[] {
  const steps: Hex[] = [];
  let at = from;
  for (const w of waypoints) {
    steps.push(...hexLine(at, w).slice(1));
    at = w;
  }
  return steps;
}

/**
 * [14.1] a figure entering a hostile figure's melee zone stops there: a walk
 * (one straight leg, or several through waypoints) that steps into a foe's
 * zone before its last hex is refused, saying how many hexes it may go.
 */
export function checkZoneStop(from: Hex, waypoints: readonly Hex[], mover: { readonly side: string }, others: readonly Figure[]): Outcome<true> {
  const path = walkSteps(from, waypoints);
  const walk = stopAtMeleeZones(path, mover, others);
  if (walk.length < path.length) return pulseRefuse("stopInZone", { stopAfter: walk.length, distance: path.length });
  return ok(true);
}
