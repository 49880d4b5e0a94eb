/**
 * [16.1] a line of fire must be unobstructed. On a map the obstructions are the
 * scene's walls, as segments in scene pixels with what they block from sight,
 * read as Foundry v13's sight does from the shooter's eye
 * (ClockwiseSweepPolygon#_testEdgeInclusion, Edge#orientPoint,
 * Edge#applyThreshold): a wall that blocks sight cuts the line; a limited one
 * only where two of them are crossed; an open door cuts nothing; a one-way wall
 * cuts nothing seen from the side its direction names; a proximity wall (a
 * window) cuts nothing for a shooter nearer to it than its threshold, a
 * distance wall nothing for one farther off. Sense levels (CONST.WALL_SENSE_TYPES):
 * 0 none, 10 limited, 20 normal, 30 proximity, 40 distance.
 */

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface WallLine {
  /** x0, y0, x1, y1. */
  readonly c: readonly number[];
  readonly sight: number;
  /** 0 no door, 1 door, 2 secret door. */
  readonly door: number;
  /** Door state: 0 closed, 1 open, 2 locked. */
  readonly ds: number;
  /** One-way (CONST.WALL_DIRECTIONS): 0 both ways, 1 open from its left, 2 from its right. Absent: both. */
  readonly dir?: number;
  /** The sight threshold of a proximity or distance wall, in scene pixels (the wall's grid units times the scene's pixels per unit). Absent or 0: none. */
  readonly threshold?: number;
}

const SENSE_NONE = 0;
const SENSE_LIMITED = 10;
const SENSE_PROXIMITY = 30;
const DOOR_OPEN = 1;

/** As Foundry's orient2dFast (its geometry utilities): the orientation of c against the line ab (0: on it). */
const orient = (a: Point, b: Point, c: Point): number => (a.y - c.y) * (b.x - c.x) - (a.x - c.x) * (b.y - c.y);

/** Edge#orientPoint: 0 on the wall's line, 1 its left side, 2 its right (CONST.WALL_DIRECTIONS). */
export function wallSide(w: Pick<WallLine, "c">, p: Point): 0 | 1 | 2 {
  const o = orient({ x: w.c[0]!, y: w.c[1]! }, { x: w.c[2]!, y: w.c[3]! }, p);
  return o === 0 ? 0 : o < 0 ? 1 : 2;
}

/** The distance from p to the nearest point of the wall (as Foundry's closestPointToSegment). */
function distanceToWall(w: Pick<WallLine, "c">, p: Point): number {
  const [x0, y0, x1, y1] = w.c as [number, number, number, number];
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - x0) * dx + (p.y - y0) * dy) / len2));
  return Math.hypot(x0 + t * dx - p.x, y0 + t * dy - p.y);
}

/**
 * Whether a wall stands in the sight of an eye at `eye` at all, as Foundry v13
 * includes it (ClockwiseSweepPolygon#_testEdgeInclusion, sight, the default
 * direction mode): not on the wall's own line; not a one-way wall seen from the
 * side its direction names; not a threshold wall its threshold lets through
 * (Edge#applyThreshold: a proximity wall from nearer than the threshold, a
 * distance wall from farther, the eye's `externalRadius` counted as Foundry does).
 */
export function wallFacesEye(w: WallLine, eye: Point, externalRadius = 0): boolean {
  const side = wallSide(w, eye);
  if (side === 0) return false;
  if (w.dir && side === w.dir) return false;
  const d = w.threshold ?? 0;
  if (d > 0 && w.sight >= SENSE_PROXIMITY) {
    const distance = distanceToWall(w, eye);
    const through = w.sight === SENSE_PROXIMITY ? Math.max(distance - externalRadius, 0) < d : distance + externalRadius > d;
    if (through) return false;
  }
  return true;
}

/** Do the segments ab and cd cross (touching counts)? */
export function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  const onSegment = (p: Point, q: Point, r: Point) => Math.min(p.x, q.x) <= r.x && r.x <= Math.max(p.x, q.x) && Math.min(p.y, q.y) <= r.y && r.y <= Math.max(p.y, q.y);
  const d1 = side(c, d, a);
  const d2 = side(c, d, b);
  const d3 = side(a, b, c);
  const d4 = side(a, b, d);
  if (d1 !== d2 && d3 !== d4 && d1 !== 0 && d2 !== 0 && d3 !== 0 && d4 !== 0) return true;
  return (d1 === 0 && onSegment(c, d, a)) || (d2 === 0 && onSegment(c, d, b)) || (d3 === 0 && onSegment(a, b, c)) || (d4 === 0 && onSegment(a, b, d));
}

/** Whether the walls cut the line of fire from the shooter's eye `a` to `b` (`externalRadius`: the shooter token's, in pixels). */
export function wallsBlock(a: Point, b: Point, walls: readonly WallLine[], externalRadius = 0): boolean {
  let limited = 0;
  for (const w of walls) {
    if (w.sight === SENSE_NONE || (w.door > 0 && w.ds === DOOR_OPEN) || w.c.length < 4) continue;
    if (!segmentsCross(a, b, { x: w.c[0]!, y: w.c[1]! }, { x: w.c[2]!, y: w.c[3]! })) continue;
    if (!wallFacesEye(w, a, externalRadius)) continue;
    if (w.sight !== SENSE_LIMITED) return true;
    limited += 1;
    if (limited >= 2) return true;
  }
  return false;
}
