/**
 * Melee zones on a hex grid as pure geometry ([13], [16.1], [12.3], [17.5]).
 * Hexes are axial coordinates {q, r} (the shell converts Foundry's offset grid
 * positions). A figure faces one of six hexsides, numbered clockwise on screen
 * from DIRECTIONS[0]; a neighbour's side relative to the facing is 0 straight
 * ahead, 1 and 5 the other front hexes, 2 and 4 the flanks, 3 the rear hex.
 */

export interface Hex {
  readonly q: number;
  readonly r: number;
}

export type Facing = 0 | 1 | 2 | 3 | 4 | 5;

/** Neighbour offsets, clockwise on screen (pointy-top: E, SE, SW, W, NW, NE). */
export const DIRECTIONS: readonly Hex[] = [
  { q: 1, r: 0 },
  { q: 0, r: 1 },
  { q: -1, r: 1 },
  { q: -1, r: 0 },
  { q: 0, r: -1 },
  { q: 1, r: -1 },
];

export const hexKey = (h: Hex) => `${h.q},${h.r}`;
export const sameHex = (a: Hex, b: Hex) => a.q === b.q && a.r === b.r;
export const addHex = (a: Hex, b: Hex): Hex => ({ q: a.q + b.q, r: a.r + b.r });

export function hexDistance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

export function neighbour(h: Hex, direction: number): Hex {
  return addHex(h, DIRECTIONS[((direction % 6) + 6) % 6]!);
}

/** The direction index from `from` to an adjacent hex, or null if not adjacent. */
export function directionTo(from: Hex, to: Hex): Facing | null {
  for (let d = 0; d < 6; d++) if (sameHex(neighbour(from, d), to)) return d as Facing;
  return null;
}

/** Side of an adjacent hex relative to a facing: 0 ahead ... 3 rear; null if not adjacent. */
export function relativeSide(from: Hex, facing: Facing, to: Hex): Facing | null {
  const d = directionTo(from, to);
  return d === null ? null : (((d - facing + 6) % 6) as Facing);
}

export type Zone = "front" | "flank" | "rear";

export function zoneOfSide(side: Facing): Zone {
  return side === 3 ? "rear" : side === 2 || side === 4 ? "flank" : "front";
}

/** The three front hexes: the melee zone of a one-hex figure. */
export function meleeZone(h: Hex, facing: Facing): Hex[] {
  return [neighbour(h, facing + 5), neighbour(h, facing), neighbour(h, facing + 1)];
}

export const flankHexes = (h: Hex, facing: Facing): Hex[] => [neighbour(h, facing + 2), neighbour(h, facing + 4)];
export const rearHex = (h: Hex, facing: Facing): Hex => neighbour(h, facing + 3);

export function inMeleeZone(of: { readonly hex: Hex; readonly facing: Facing }, target: Hex): boolean {
  return meleeZone(of.hex, of.facing).some((z) => sameHex(z, target));
}

/**
 * Facing from an angle in degrees, measured clockwise on screen from east (the
 * shell adds 90 to a Foundry token rotation, whose 0 looks south). Pointy-top
 * hexes have sides at 0, 60, ...; flat-top at 30, 90, ....
 */
export function facingFromAngle(degrees: number, orientation: "pointy" | "flat"): Facing {
  const offset = orientation === "flat" ? 30 : 0;
  const steps = Math.round((degrees - offset) / 60);
  return (((steps % 6) + 6) % 6) as Facing;
}

export interface Figure {
  readonly id: string;
  readonly side: string;
  readonly hex: Hex;
  readonly facing: Facing;
  /**
   * [22] every hex a multi-hex figure covers (its footprint, `hex` among them);
   * absent or empty for a one-hex figure.
   */
  readonly hexes?: readonly Hex[];
}

/** The hexes a figure covers: its footprint, or its one hex. */
export function footprint(f: Pick<Figure, "hex" | "hexes">): readonly Hex[] {
  return f.hexes?.length ? f.hexes : [f.hex];
}

function uniqueOutside(hexes: readonly Hex[], exclude: readonly Hex[]): Hex[] {
  const out: Hex[] = [];
  const seen = new Set(exclude.map(hexKey));
  for (const h of hexes) {
    const k = hexKey(h);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(h);
  }
  return out;
}

/**
 * The melee zone of a figure of any size. One hex: its three front hexes. A
 * multi-hex figure [22] (our reading; the seed gives no drawing): every hex it
 * covers looks the same way, and its zone is all their front hexes together,
 * less the hexes it covers, so a broad beast has a broad front.
 */
export function figureMeleeZone(f: Pick<Figure, "hex" | "hexes" | "facing">): Hex[] {
  const own = footprint(f);
  return uniqueOutside(own.flatMap((h) => meleeZone(h, f.facing)), own);
}

/** The rear hexes of a figure of any size: each covered hex's rear hex that is neither covered nor in front. */
export function figureRearHexes(f: Pick<Figure, "hex" | "hexes" | "facing">): Hex[] {
  const own = footprint(f);
  return uniqueOutside(own.map((h) => rearHex(h, f.facing)), [...own, ...figureMeleeZone(f)]);
}

/** Whether any hex of `other` lies in the melee zone of `of`. */
export function figureInZone(of: Pick<Figure, "hex" | "hexes" | "facing">, other: Pick<Figure, "hex" | "hexes">): boolean {
  const zone = figureMeleeZone(of);
  return footprint(other).some((h) => zone.some((z) => sameHex(z, h)));
}

/** Hexes between two figures, counted between their nearest covered hexes (0 when they overlap). */
export function figureDistance(a: Pick<Figure, "hex" | "hexes">, b: Pick<Figure, "hex" | "hexes">): number {
  let best = Infinity;
  for (const x of footprint(a)) for (const y of footprint(b)) best = Math.min(best, hexDistance(x, y));
  return best;
}

/**
 * Engagements from positions: two hostile figures are engaged when either stands
 * (with any hex it covers) in the other's melee zone; an engagement is every
 * figure linked that way.
 * Figures in no engagement are left out. Order follows the input order.
 */
export function engagementsFrom(figures: readonly Figure[]): string[][] {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let p = parent.get(id)!;
    while (p !== parent.get(p)) p = parent.get(p)!;
    parent.set(id, p);
    return p;
  };
  const linked = new Set<string>();
  for (const f of figures) parent.set(f.id, f.id);
  for (let i = 0; i < figures.length; i++) {
    for (let j = i + 1; j < figures.length; j++) {
      const a = figures[i]!;
      const b = figures[j]!;
      if (a.side === b.side) continue;
      if (figureInZone(a, b) || figureInZone(b, a)) {
        linked.add(a.id).add(b.id);
        const ra = find(a.id);
        const rb = find(b.id);
        if (ra !== rb) parent.set(rb, ra);
      }
    }
  }
  const groups = new Map<string, string[]>();
  for (const f of figures) {
    if (!linked.has(f.id)) continue;
    const root = find(f.id);
    const g = groups.get(root);
    if (g) g.push(f.id);
    else groups.set(root, [f.id]);
  }
  return [...groups.values()];
}

/** [12.3] whether some hostile figure stands in this figure's rear hex (any rear hex of a multi-hex figure). */
export function opponentInRear(figure: Figure, others: readonly Figure[]): boolean {
  const rear = figureRearHexes(figure);
  return others.some((o) => o.side !== figure.side && footprint(o).some((h) => rear.some((r) => sameHex(r, h))));
}

/** Screen-free plane position of a hex centre (pointy-top, unit size); angles survive any orientation. */
function centre(h: Hex): { x: number; y: number } {
  return { x: Math.sqrt(3) * (h.q + h.r / 2), y: 1.5 * h.r };
}

/**
 * [16.1] the Ranged Zone: the 120-degree wedge ahead of the figure, bounded by
 * the lines through its front hexes' corners (edges included).
 */
export function inRangedZone(from: Hex, facing: Facing, target: Hex): boolean {
  if (sameHex(from, target)) return false;
  const a = centre(from);
  const t = centre(target);
  const ahead = centre(DIRECTIONS[facing]!);
  const vx = t.x - a.x;
  const vy = t.y - a.y;
  const cos = (vx * ahead.x + vy * ahead.y) / (Math.hypot(vx, vy) * Math.hypot(ahead.x, ahead.y));
  return cos >= 0.5 - 1e-9;
}

function roundCube(q: number, r: number): Hex {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return { q: rq + 0, r: rr + 0 };
}

/** The hexes a line from centre to centre crosses, both ends included. */
export function hexLine(a: Hex, b: Hex): Hex[] {
  const n = hexDistance(a, b);
  const out: Hex[] = [];
  // A tiny nudge keeps the line off hex corners consistently.
  const eq = 1e-6;
  const er = 2e-6;
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    out.push(roundCube(a.q + eq + (b.q - a.q) * t, a.r + er + (b.r - a.r) * t));
  }
  return out;
}

export interface LineOfFire {
  /** Every hex of the line lies in the attacker's Ranged Zone. */
  readonly clear: boolean;
  /** Hexes between attacker and target, in order. */
  readonly path: readonly Hex[];
  /** [16.1] figures standing on the path, nearest first: each gets a strike check. */
  readonly inTheWay: readonly string[];
}

/** [16.1] line of fire from the attacker's hex centre to the target's. Obstacles are the shell's (blocked hexes). */
export function lineOfFire(from: Hex, facing: Facing, target: Hex, figures: readonly Figure[], blocked: readonly Hex[] = []): LineOfFire {
  const line = hexLine(from, target);
  const path = line.slice(1, -1);
  const zoned = line.slice(1).every((h) => inRangedZone(from, facing, h));
  const obstructed = path.some((h) => blocked.some((b) => sameHex(b, h)));
  const inTheWay: string[] = [];
  for (const h of path) for (const f of figures) if (sameHex(f.hex, h)) inTheWay.push(f.id);
  return { clear: zoned && !obstructed && !sameHex(from, target), path, inTheWay };
}

/** [16.1] a missile that hits nothing flies on to 1.5 x its range, rounded down. */
export const overflightRange = (range: number) => Math.floor(range * 1.5);

/** [11.1] starting distance: 8 hexes or more without surprise, 8 or fewer with it. */
export function surpriseDistanceOk(distance: number, surprise: boolean): boolean {
  return surprise ? distance <= 8 : distance >= 8;
}

/**
 * [14.1] a moving figure must stop on entering a hostile figure's melee zone
 * (it may still turn). Returns the part of `path` (hexes after the start) it
 * may walk.
 */
export function stopAtMeleeZones(path: readonly Hex[], mover: { readonly side: string }, figures: readonly Figure[]): Hex[] {
  const foes = figures.filter((f) => f.side !== mover.side);
  const out: Hex[] = [];
  for (const h of path) {
    out.push(h);
    if (foes.some((f) => figureMeleeZone(f).some((z) => sameHex(z, h)))) break;
  }
  return out;
}

/** [23] a mounted charge runs in a straight line: every step in the same direction. */
export function isStraightLine(start: Hex, path: readonly Hex[]): boolean {
  let prev = start;
  let dir: number | null = null;
  for (const h of path) {
    const d = directionTo(prev, h);
    if (d === null || (dir !== null && d !== dir)) return false;
    dir = d;
    prev = h;
  }
  return true;
}
