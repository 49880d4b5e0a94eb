/**
 * [22] a multi-hex monster's head faces a vertex rather than a hexside, and a
 * move must carry the head into one of its front hexes: the two hexes that
 * meet the head at that vertex. Vertex k lies between hexsides k and k+1
 * (numbered as DIRECTIONS), so a whole move is fine when the head's
 * displacement is made of steps in those two directions only.
 */
import { ok, type Outcome } from "../../outcome";
import { DIRECTIONS, neighbour, type Facing, type Hex } from "./hex";
import { pulseRefuse } from "./refusals";

/** A vertex, 0..5: vertex k sits between hexsides k and k+1. */
export type Vertex = Facing;

/** The vertex an angle points at (clockwise from east, as facingFromAngle; sides of pointy hexes at 0, 60 …, of flat ones at 30, 90 …). */
export function vertexFromAngle(degrees: number, orientation: "pointy" | "flat"): Vertex {
  const offset = (orientation === "flat" ? 30 : 0) + 30;
  const steps = Math.round((degrees - offset) / 60);
  return (((steps % 6) + 6) % 6) as Vertex;
}

/** Screen-like position of a hex centre, for "furthest towards the vertex". */
const centre = (h: Hex) => ({ x: h.q + h.r / 2, y: (h.r * Math.sqrt(3)) / 2 });

/** The head: of the hexes a monster covers, the one furthest towards the vertex it faces (the first on a tie). */
export function headOf(hexes: readonly Hex[], vertex: Vertex): Hex {
  const a = centre(DIRECTIONS[vertex]!);
  const b = centre(DIRECTIONS[(vertex + 1) % 6]!);
  const dir = { x: a.x + b.x, y: a.y + b.y };
  let best = hexes[0]!;
  let bestScore = -Infinity;
  for (const h of hexes) {
    const c = centre(h);
    const score = c.x * dir.x + c.y * dir.y;
    if (score > bestScore + 1e-9) {
      best = h;
      bestScore = score;
    }
  }
  return best;
}

/** The head's two front hexes, meeting it at the vertex it faces. */
export const monsterFrontHexes = (head: Hex, vertex: Vertex): [Hex, Hex] => [neighbour(head, vertex), neighbour(head, vertex + 1)];

/** A move of a monster's head from one hex to another: every step into a front hex. */
export function checkMonsterMove(from: Hex, to: Hex, vertex: Vertex): Outcome<true> {
  const u = DIRECTIONS[vertex]!;
  const v = DIRECTIONS[(vertex + 1) % 6]!;
  const d = { q: to.q - from.q, r: to.r - from.r };
  const det = u.q * v.r - v.q * u.r;
  const a = (d.q * v.r - v.q * d.r) / det;
  const b = (u.q * d.r - d.q * u.r) / det;
  return a >= 0 && b >= 0 ? ok(true) : pulseRefuse("monsterMove");
}
