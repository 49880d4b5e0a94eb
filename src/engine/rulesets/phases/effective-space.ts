/**
 * Effective Space ("1. Movement", seed 001_e84cf39f805b9fd9.txt): a character
 * who is only moving (neither engaging anyone nor engaged) may go as far as the
 * declared mode of movement allows, but not through the Effective Space of a
 * character engaged in combat; the weapon defines how large that space is.
 *
 * The seed's pages hold no weapon table, so how far each weapon's space reaches
 * is our default: paces by the farthest engagement range the declared weapon
 * fights at (a fighter with no melee weapon keeps a pace around them). Geometry
 * is plain: positions are points in paces, a path is a polyline, and a space is
 * a circle around the engaged fighter. A path "travels inside" a space when it
 * comes strictly closer than the space's radius; a mover already inside (pushed
 * there, or the fight formed around them) may leave, but not go deeper.
 */
import type { WeaponReach } from "./engagement";
import { yardsPerUnit } from "../../measure";
import type { RangeClass } from "./stats";

/** Paces of Effective Space by the farthest range the weapon fights at (ours: the seed names the idea, not the figures). */
export const EFFECTIVE_SPACE_PACES: Readonly<Record<RangeClass, number>> = { touch: 1, reach: 2, close: 3, near: 4, middle: 5, far: 6 };

/** The Effective Space of a fighter using this weapon; no melee weapon (bare hands, a bow) keeps the Touch figure. */
export function effectiveSpace(reach: WeaponReach | null | undefined, table: Readonly<Record<RangeClass, number>> = EFFECTIVE_SPACE_PACES): number {
  return table[reach?.max ?? "touch"];
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface EngagedFigure {
  readonly id: string;
  /** Where the fighter stands, in paces. */
  readonly at: Point;
  /** Radius of its Effective Space, in paces. */
  readonly space: number;
}

export interface Intrusion {
  readonly id: string;
  /** How close the path comes to the fighter, in paces. */
  readonly closest: number;
  readonly space: number;
}

const finite = (p: Point | undefined): p is Point => Boolean(p) && Number.isFinite(p!.x) && Number.isFinite(p!.y);

/** Distance from `p` to the segment a-b. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Rounding slack: a path that only grazes the edge of a space stays outside it. */
const EPSILON = 1e-9;

/**
 * The engaged fighters whose Effective Space the path enters: it comes closer
 * than their space's radius and closer than where it started (leaving a space
 * one already stands in is allowed). A path of one point moves nowhere; figures
 * or points that are not finite numbers are ignored.
 */
export function spaceIntrusions(path: readonly Point[], figures: readonly EngagedFigure[]): Intrusion[] {
  const points = path.filter(finite);
  if (points.length < 2) return [];
  const start = points[0] as Point;
  const out: Intrusion[] = [];
  for (const f of figures) {
    if (!finite(f?.at) || !(f.space > 0)) continue;
    let closest = Infinity;
    for (let i = 1; i < points.length; i++) closest = Math.min(closest, distanceToSegment(f.at, points[i - 1] as Point, points[i] as Point));
    const from = Math.hypot(start.x - f.at.x, start.y - f.at.y);
    if (closest < Math.min(f.space, from) - EPSILON) out.push({ id: f.id, closest, space: f.space });
  }
  return out;
}

/**
 * Paces in one unit of a scene's grid distance. A pace is about a yard (the
 * seed's Engagement Example counts a rout in yards), so the shared yards
 * (../../measure.ts): feet are a third of one, metres a little more than one.
 */
export const pacesPerUnit = yardsPerUnit;

/** A point of a recorded path; `displaced`: the token was put there, not moved there (the leg to it is not travelled). */
export interface PathPoint extends Point {
  readonly displaced?: boolean;
}

/**
 * Length of a path in paces (straight legs between its points); points that
 * are not finite numbers are skipped, and so is a leg to a point the token was
 * displaced to (a move recorded after a gap: Foundry marks where it resumed).
 */
export function pathLength(path: readonly PathPoint[]): number {
  const points: PathPoint[] = path.filter((p) => finite(p));
  let total = 0;
  for (let i = 1; i < points.length; i++) if (!points[i]!.displaced) total += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  return total;
}
