/**
 * A scene's grid as v13 builds it from the scene's `grid` data (type, size):
 * for the four hexagonal types a grid with v13's HexagonalGrid coordinate
 * conventions (offsets {i, j} are row and column; cubes {q, r, s}; pointy-topped
 * rows or flat-topped columns, odd or even), written from the documented
 * formulas; for the others only what they are (gridless or square).
 */
export const GRID_TYPES = { GRIDLESS: 0, SQUARE: 1, HEXODDR: 2, HEXEVENR: 3, HEXODDQ: 4, HEXEVENQ: 5 } as const;

interface Cube {
  q: number;
  r: number;
  s: number;
}

function roundCube({ q, r, s }: Cube): Cube {
  let rq = Math.round(q);
  let rr = Math.round(r);
  let rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  else rs = -rq - rr;
  return { q: rq | 0, r: rr | 0, s: rs | 0 };
}

export class HarnessHexGrid {
  readonly isHexagonal = true;
  readonly isSquare = false;
  readonly isGridless = false;
  readonly columns: boolean;
  readonly even: boolean;
  readonly sizeX: number;
  readonly sizeY: number;
  constructor(
    readonly type: number,
    readonly size: number,
    /** As on v13's BaseGrid: the scene's units per grid space, and their name. */
    readonly distance = 1,
    readonly units = "",
  ) {
    this.columns = type === GRID_TYPES.HEXODDQ || type === GRID_TYPES.HEXEVENQ;
    this.even = type === GRID_TYPES.HEXEVENR || type === GRID_TYPES.HEXEVENQ;
    // The size is the hex's short span; the long one is 2 / sqrt(3) times it.
    this.sizeX = this.columns ? (size * 2) / Math.sqrt(3) : size;
    this.sizeY = this.columns ? size : (size * 2) / Math.sqrt(3);
  }
  /** Fractional cube coordinates of a point. */
  pointToCube({ x, y }: { x: number; y: number }): Cube {
    const u = x / this.size;
    const v = y / this.size;
    const shift = this.even ? 1 : 0;
    let q: number;
    let r: number;
    if (this.columns) {
      q = (2 / Math.sqrt(3)) * u - 2 / 3;
      r = v - 0.5 * (q + shift);
    } else {
      r = (2 / Math.sqrt(3)) * v - 2 / 3;
      q = u - 0.5 * (r + shift);
    }
    return { q, r, s: -q - r };
  }
  cubeToPoint({ q, r }: { q: number; r: number }): { x: number; y: number } {
    const shift = this.even ? 1 : 0;
    if (this.columns) return { x: ((3 * q + 2) * this.size) / (2 * Math.sqrt(3)), y: (r + 0.5 * (q + shift)) * this.size };
    return { x: (q + 0.5 * (r + shift)) * this.size, y: ((3 * r + 2) * this.size) / (2 * Math.sqrt(3)) };
  }
  offsetToCube({ i, j }: { i: number; j: number }): Cube {
    const sign = this.even ? 1 : -1;
    const q = this.columns ? j : j - ((i + sign * (i & 1)) >> 1);
    const r = this.columns ? i - ((j + sign * (j & 1)) >> 1) : i;
    return { q, r, s: -q - r };
  }
  cubeToOffset({ q, r }: { q: number; r: number }): { i: number; j: number } {
    const sign = this.even ? 1 : -1;
    if (this.columns) return { i: r + ((q + sign * (q & 1)) >> 1), j: q };
    return { i: r, j: q + ((r + sign * (r & 1)) >> 1) };
  }
  /** Integer cube of an offset, a cube or a point. */
  getCube(coords: { i?: number; j?: number; q?: number; r?: number; x?: number; y?: number }): Cube {
    if (coords.i !== undefined) return this.offsetToCube(coords as { i: number; j: number });
    const c = coords.q !== undefined ? ({ q: coords.q, r: coords.r!, s: -coords.q - coords.r! } as Cube) : this.pointToCube(coords as { x: number; y: number });
    return roundCube(c);
  }
  getOffset(coords: { i?: number; j?: number; q?: number; r?: number; x?: number; y?: number }): { i: number; j: number } {
    if (coords.i !== undefined) return { i: coords.i, j: coords.j! };
    return this.cubeToOffset(this.getCube(coords));
  }
  /** The centre of the grid space at an offset or containing a point. */
  getCenterPoint(coords: { i?: number; j?: number; x?: number; y?: number }): { x: number; y: number } {
    return this.cubeToPoint(this.getCube(coords));
  }
}

export function createGrid(data: { type?: number; size?: number; distance?: number; units?: string } | undefined): AnyGrid {
  const type = Number(data?.type ?? GRID_TYPES.SQUARE);
  const size = Number(data?.size ?? 100);
  const distance = Number(data?.distance ?? 1);
  const units = String(data?.units ?? "");
  if (type >= GRID_TYPES.HEXODDR && type <= GRID_TYPES.HEXEVENQ) return new HarnessHexGrid(type, size, distance, units);
  return { type, size, distance, units, sizeX: size, sizeY: size, isHexagonal: false, isSquare: type === GRID_TYPES.SQUARE, isGridless: type === GRID_TYPES.GRIDLESS };
}

export type AnyGrid =
  | HarnessHexGrid
  | { type: number; size: number; distance: number; units: string; sizeX: number; sizeY: number; isHexagonal: false; isSquare: boolean; isGridless: boolean };
