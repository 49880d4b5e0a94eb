/**
 * [16.1] a line of fire must be unobstructed. On a map the obstructions are the
 * scene's walls, as segments in scene pixels with what they block from sight
 * (Foundry's sense levels: 0 none, 10 limited, 20 and up normal): a wall that
 * blocks sight cuts the line; a limited one only where two of them are crossed
 * (as Foundry's vision treats them); an open door cuts nothing.
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
}

const SENSE_NONE = 0;
const SENSE_LIMITED = 10;
const DOOR_OPEN = 1;

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

/** Whether the walls cut the line from a to b. */
export function wallsBlock(a: Point, b: Point, walls: readonly WallLine[]): boolean {
  let limited = 0;
  for (const w of walls) {
    if (w.sight === SENSE_NONE || (w.door > 0 && w.ds === DOOR_OPEN) || w.c.length < 4) continue;
    if (!segmentsCross(a, b, { x: w.c[0]!, y: w.c[1]! }, { x: w.c[2]!, y: w.c[3]! })) continue;
    if (w.sight !== SENSE_LIMITED) return true;
    limited += 1;
    if (limited >= 2) return true;
  }
  return false;
}
