/**
 * A scene's grid as v13 builds it from the scene's `grid` data (type, size):
 * for the four hexagonal types a grid with v13's HexagonalGrid coordinate
 * conventions (offsets {i, j} are row and column; cubes {q, r, s}; pointy-topped
 * rows or flat-topped columns, odd or even), written from the documented
 * formulas; a square grid with v13 SquareGrid's offsets and centres; a gridless
 * one (v13 GridlessGrid) whose "offset" is the point itself.
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

/** Foundry's Math.SQRT1_3 (sqrt(1 / 3)), doubled and halved as v13's hexagonal grid uses it. */
const TWO_SQRT1_3 = 2 * Math.sqrt(1 / 3);
const HALF_SQRT1_3 = 0.5 * Math.sqrt(1 / 3);

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
    // The size is the hex's short span; the long one is 2 / sqrt(3) times it (v13 HexagonalGrid's constructor,
    // with its float arithmetic: the size times 2 * Math.SQRT1_3, Foundry's sqrt(1 / 3)).
    this.sizeX = this.columns ? size * TWO_SQRT1_3 : size;
    this.sizeY = this.columns ? size : size * TWO_SQRT1_3;
  }
  /** v13 HexagonalGrid#pointToCube: fractional cube coordinates of a point. */
  pointToCube({ x, y }: { x: number; y: number }): Cube {
    const u = x / this.size;
    const v = y / this.size;
    const shift = this.even ? 1 : 0;
    let q: number;
    let r: number;
    if (this.columns) {
      q = TWO_SQRT1_3 * u - 2 / 3;
      r = v - 0.5 * (q + shift);
    } else {
      r = TWO_SQRT1_3 * v - 2 / 3;
      q = u - 0.5 * (r + shift);
    }
    return { q, r, s: 0 - q - r };
  }
  /** v13 HexagonalGrid#cubeToPoint: the centre of a cube's hex. */
  cubeToPoint({ q, r }: { q: number; r: number }): { x: number; y: number } {
    const shift = this.even ? 1 : 0;
    if (this.columns) return { x: HALF_SQRT1_3 * ((3 * q + 2) * this.size), y: (r + 0.5 * (q + shift)) * this.size };
    return { x: (q + 0.5 * (r + shift)) * this.size, y: HALF_SQRT1_3 * ((3 * r + 2) * this.size) };
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
  /**
   * v13 HexagonalGrid#getCenterPoint: the centre of the grid space at an offset (from the row and column
   * directly, as v13 computes it), or of the one holding a point or cube.
   */
  getCenterPoint(coords: { i?: number; j?: number; q?: number; r?: number; x?: number; y?: number }): { x: number; y: number } {
    if (coords.i === undefined) return this.cubeToPoint(this.getCube(coords));
    const { i, j } = coords as { i: number; j: number };
    // A row (column) is set half a space on when its oddness differs from the grid's evenness.
    if (this.columns) return { x: TWO_SQRT1_3 * ((0.75 * j + 0.5) * this.size), y: (i + (this.even === ((j + 1) % 2 === 0) ? 0 : 0.5)) * this.size };
    return { x: (j + (this.even === ((i + 1) % 2 === 0) ? 0 : 0.5)) * this.size, y: TWO_SQRT1_3 * ((0.75 * i + 0.5) * this.size) };
  }
}

/** v13 SquareGrid: offsets {i, j} are row and column of size-pixel squares. */
export class HarnessSquareGrid {
  readonly isHexagonal = false;
  readonly isSquare = true;
  readonly isGridless = false;
  readonly type = GRID_TYPES.SQUARE;
  readonly sizeX: number;
  readonly sizeY: number;
  constructor(
    readonly size: number,
    readonly distance = 1,
    readonly units = "",
  ) {
    this.sizeX = size;
    this.sizeY = size;
  }
  /** v13 SquareGrid#getOffset: the row and column of an offset, or of the square containing a point. */
  getOffset(coords: { i?: number; j?: number; x?: number; y?: number }): { i: number; j: number } {
    if (coords.i !== undefined) return { i: coords.i, j: coords.j! };
    return { i: Math.floor(coords.y! / this.size), j: Math.floor(coords.x! / this.size) };
  }
  /** v13 SquareGrid#getTopLeftPoint. */
  getTopLeftPoint(coords: { i?: number; j?: number; x?: number; y?: number }): { x: number; y: number } {
    const { i, j } = this.getOffset(coords);
    return { x: j * this.size, y: i * this.size };
  }
  /** v13 SquareGrid#getCenterPoint. */
  getCenterPoint(coords: { i?: number; j?: number; x?: number; y?: number }): { x: number; y: number } {
    const { i, j } = this.getOffset(coords);
    return { x: (j + 0.5) * this.size, y: (i + 0.5) * this.size };
  }
}

/** v13 GridlessGrid, in part: no grid spaces; an offset is a pixel row and column (here the point's, rounded). */
export class HarnessGridlessGrid {
  readonly isHexagonal = false;
  readonly isSquare = false;
  readonly isGridless = true;
  readonly type = GRID_TYPES.GRIDLESS;
  readonly sizeX: number;
  readonly sizeY: number;
  constructor(
    readonly size: number,
    readonly distance = 1,
    readonly units = "",
  ) {
    this.sizeX = size;
    this.sizeY = size;
  }
  getOffset(coords: { i?: number; j?: number; x?: number; y?: number }): { i: number; j: number } {
    if (coords.i !== undefined) return { i: coords.i, j: coords.j! };
    return { i: Math.round(coords.y!), j: Math.round(coords.x!) };
  }
  getTopLeftPoint(coords: { i?: number; j?: number; x?: number; y?: number }): { x: number; y: number } {
    const { i, j } = this.getOffset(coords);
    return { x: j, y: i };
  }
  getCenterPoint(coords: { i?: number; j?: number; x?: number; y?: number }): { x: number; y: number } {
    return this.getTopLeftPoint(coords);
  }
}

export function createGrid(data: { type?: number; size?: number; distance?: number; units?: string } | undefined): AnyGrid {
  const type = Number(data?.type ?? GRID_TYPES.SQUARE);
  const size = Number(data?.size ?? 100);
  const distance = Number(data?.distance ?? 1);
  const units = String(data?.units ?? "");
  if (type >= GRID_TYPES.HEXODDR && type <= GRID_TYPES.HEXEVENQ) return new HarnessHexGrid(type, size, distance, units);
  if (type === GRID_TYPES.GRIDLESS) return new HarnessGridlessGrid(size, distance, units);
  return new HarnessSquareGrid(size, distance, units);
}

export type AnyGrid = HarnessHexGrid | HarnessSquareGrid | HarnessGridlessGrid;
