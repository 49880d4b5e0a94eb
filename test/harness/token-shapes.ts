/**
 * Token shapes and the grid spaces they cover, as Foundry v13 models them.
 *
 * Followed (v13 source, `common/documents/token.mjs` and
 * `client/documents/token.mjs`; fvtt-types 13.345 for the declarations):
 *
 * - `CONST.TOKEN_SHAPES`: ELLIPSE_1 0, ELLIPSE_2 1, TRAPEZOID_1 2, TRAPEZOID_2 3,
 *   RECTANGLE_1 4, RECTANGLE_2 5.
 * - The default: `BaseToken`'s schema gives `shape` the initial RECTANGLE_1, but
 *   the client's `TokenDocument#_initializeSource` fills a missing (or null)
 *   shape first, from the parent scene's grid (or `BaseScene.defaultGrid`):
 *   ELLIPSE_1 on a hexagonal grid, RECTANGLE_1 otherwise ({@link defaultTokenShape}).
 * - `BaseToken#getSize`, `#getCenterPoint`, `#getGridSpacePolygon`,
 *   `#getOccupiedGridSpaceOffsets`, `#getSnappedPosition`,
 *   `#_positionToGridOffset` and `#_gridOffsetToPosition`, and the hexagonal
 *   helpers behind them: `BaseToken._getHexagonalOffsets` (with its fallback
 *   for sizes no hexagonal shape exists for) and the private
 *   `BaseToken.#getHexagonalShape`, `#createHexagonalEllipseOrTrapezoid` and
 *   `#createHexagonalRectangle`; `foundry.utils.polygonCentroid` for the centre
 *   of ellipses and trapezoids.
 *
 * The shapes are described here in our own terms (each row of a row-based
 * shape: where its hexes start and how many there are; the outline traced from
 * those rows; a column-based shape is the row-based one transposed), giving
 * the offsets, polygon, centre and anchor v13 gives, in v13's order.
 *
 * Not modelled: snapping a token whose size has no hexagonal shape on a hex grid
 * (v13 snaps it with `HexagonalGrid#getSnappedPoint` to centres, vertices,
 * corners and side midpoints; the harness throws), the `Token` placeable's
 * `getShape` (no canvas), `PrototypeToken`'s default-token settings.
 */

export const TOKEN_SHAPES = Object.freeze({ ELLIPSE_1: 0, ELLIPSE_2: 1, TRAPEZOID_1: 2, TRAPEZOID_2: 3, RECTANGLE_1: 4, RECTANGLE_2: 5 } as const);

export interface Point {
  x: number;
  y: number;
}
export interface Offset {
  i: number;
  j: number;
}

/**
 * A hexagonal shape in units of the grid's sizeX and sizeY, measured from the
 * token's top-left corner: the offsets it covers from its top-left grid space
 * (`even` when that space's row, or column, is one the grid shifts; `odd`
 * otherwise), its outline, its centre, and its anchor (where the centre of the
 * top-left grid space lies).
 */
export interface HexagonalShape {
  readonly offsets: { readonly even: readonly Offset[]; readonly odd: readonly Offset[] };
  readonly points: readonly number[];
  readonly center: Point;
  readonly anchor: Point;
}

/** The grid as the token geometry reads it (test/harness/grid.ts builds these). */
export interface ShapeGrid {
  readonly isGridless: boolean;
  readonly isSquare: boolean;
  readonly isHexagonal: boolean;
  readonly columns?: boolean;
  readonly even?: boolean;
  readonly size: number;
  readonly sizeX: number;
  readonly sizeY: number;
  readonly distance: number;
  getOffset(coords: { x: number; y: number }): Offset;
  getCenterPoint(coords: Offset | Point): Point;
}

/** What a token's geometry depends on: its position and dimensions. */
export interface TokenDimensions {
  x: number;
  y: number;
  elevation: number;
  width: number;
  height: number;
  shape: number;
}

/** v13 TokenDocument#_initializeSource: a token without a shape is an ellipse on a hexagonal grid, a rectangle on any other. */
export function defaultTokenShape(grid: { isHexagonal?: boolean } | null | undefined): number {
  return grid?.isHexagonal ? TOKEN_SHAPES.ELLIPSE_1 : TOKEN_SHAPES.RECTANGLE_1;
}

// ---- shapes on a row-based hexagonal grid ----------------------------------

/**
 * A row-based shape, row by row (row 0 on top). `cells`: where the row's first
 * hex starts (its left edge, in hex widths from the shape's left) and how many
 * hexes the row has. `outline`: the left and right edges of the row in the
 * shape's outline. `anchor`: where the centre of the top-left grid space lies.
 */
interface RowPlan {
  readonly cells: readonly { left: number; count: number }[];
  readonly outline: readonly { left: number; right: number }[];
  readonly anchor: Point;
  /** The centre is the outline's centroid (ellipses, trapezoids) rather than the middle of the bounding box (rectangles). */
  readonly centroid: boolean;
}

/**
 * v13 BaseToken.#createHexagonalEllipseOrTrapezoid, for whole sizes: one widest
 * row of `width` hexes, every row above or below it one hex shorter than its
 * neighbour nearer the widest, centred on it. ELLIPSE_1 puts the widest row at
 * (height - 1) / 2 rounded down, ELLIPSE_2 at height / 2 rounded down, TRAPEZOID_1
 * on top, TRAPEZOID_2 at the bottom. An ellipse needs height < 2 x width and a
 * trapezoid height <= width (every row keeps at least one hex).
 */
function ellipseOrTrapezoid(width: number, height: number, shape: number): RowPlan | null {
  if (!Number.isInteger(width) || !Number.isInteger(height)) return null;
  let widest: number;
  if (shape === TOKEN_SHAPES.ELLIPSE_1 || shape === TOKEN_SHAPES.ELLIPSE_2) {
    if (height >= 2 * width) return null;
    widest = shape === TOKEN_SHAPES.ELLIPSE_1 ? Math.floor((height - 1) / 2) : Math.floor(height / 2);
  } else {
    if (height > width) return null;
    widest = shape === TOKEN_SHAPES.TRAPEZOID_1 ? 0 : height - 1;
  }
  const cells: { left: number; count: number }[] = [];
  const outline: { left: number; right: number }[] = [];
  for (let r = 0; r < height; r++) {
    const steps = Math.abs(r - widest);
    cells.push({ left: steps / 2, count: width - steps });
    outline.push({ left: steps / 2, right: steps / 2 + width - steps });
  }
  // The widest row's first hex is the top-left grid space's row neighbour; on an odd row it sits half a hex right of it.
  const anchor = widest % 2 ? { x: 0, y: 0.5 } : { x: 0.5, y: 0.5 };
  return { cells, outline, anchor, centroid: true };
}

/**
 * v13 BaseToken.#createHexagonalRectangle: rows of hexes inside a width x
 * height box, alternately flush with its left side and set in half a hex.
 * RECTANGLE_1 (and any one-row rectangle) starts flush, RECTANGLE_2 set in. The
 * width must be at least 1, the height whole; a width of 1 allows one row only,
 * and a half width at least two rows.
 */
function hexagonalRectangle(width: number, height: number, shape: number): RowPlan | null {
  if (width < 1 || !Number.isInteger(height)) return null;
  if (width === 1 && height > 1) return null;
  if (!Number.isInteger(width) && height === 1) return null;
  const flushFirst = shape === TOKEN_SHAPES.RECTANGLE_1 || height === 1;
  const cells: { left: number; count: number }[] = [];
  const outline: { left: number; right: number }[] = [];
  for (let r = 0; r < height; r++) {
    const odd = r % 2 === 1;
    const setIn = odd === flushFirst;
    const left = setIn ? 0.5 : 0;
    // The count as v13 takes it. For a whole width it is the hexes that fit in the box; for a half width under
    // RECTANGLE_2, v13's offsets hold one hex fewer on the set-in rows and one more on the flush rows than its outline.
    cells.push({ left, count: Math.floor(width + (odd ? 0.5 : 0)) - (setIn ? 1 : 0) });
    outline.push({ left, right: left + Math.floor(width - left) });
  }
  return { cells, outline, anchor: flushFirst ? { x: 0.5, y: 0.5 } : { x: 0, y: 0.5 }, centroid: false };
}

/** The offsets a row plan covers, for a top-left space on a row the grid shifts (`even`) and on one it does not (`odd`), row by row, left to right. */
function planOffsets(plan: RowPlan): { even: Offset[]; odd: Offset[] } {
  const even: Offset[] = [];
  const odd: Offset[] = [];
  plan.cells.forEach(({ left, count }, r) => {
    // Rows alternate: below a shifted row the next sits half a hex left of it, below an unshifted one half a hex right.
    const lean = r % 2 ? 0.5 : 0;
    for (let k = 0; k < count; k++) {
      const fromAnchor = left + 0.5 + k - plan.anchor.x;
      even.push({ i: r, j: fromAnchor + lean });
      odd.push({ i: r, j: fromAnchor - lean });
    }
  });
  return { even, odd };
}

/**
 * The outline of a row plan as a flat list of x, y pairs: from the upper-left
 * corner of the top row's first hex, rightwards along the top, down the right
 * side, leftwards along the bottom and up the left side (clockwise on screen),
 * each corner once, as v13 lists it. Hex rows are 0.75 high apart; a hex's
 * straight sides run from 0.25 to 0.75 of its height.
 */
function planOutline(plan: RowPlan): number[] {
  const rows = plan.outline;
  const last = rows.length - 1;
  const points: number[] = [];
  const top = rows[0]!;
  points.push(top.left, 0.25);
  for (let x = top.left; x < top.right; x += 1) points.push(x + 0.5, 0, x + 1, 0.25);
  for (let r = 0; r <= last; r++) {
    points.push(rows[r]!.right, 0.75 * r + 0.75);
    if (r < last) points.push(rows[r + 1]!.right, 0.75 * r + 1);
  }
  const bottom = rows[last]!;
  const y = 0.75 * last + 0.75;
  for (let x = bottom.right; x > bottom.left; x -= 1) points.push(x - 0.5, y + 0.25, x - 1, y);
  for (let r = last; r > 0; r--) points.push(rows[r]!.left, 0.75 * r + 0.25, rows[r - 1]!.left, 0.75 * r);
  return points;
}

/** foundry.utils.polygonCentroid: the centroid of a polygon given as x, y pairs (the area-weighted mean; v13 divides by the area, so a polygon without one has none). */
export function polygonCentroid(points: readonly number[]): Point {
  const n = points.length;
  if (!n) return { x: 0, y: 0 };
  let twiceArea = 0;
  let sx = 0;
  let sy = 0;
  for (let k = 0; k < n; k += 2) {
    const [x0, y0] = [points[(k + n - 2) % n]!, points[(k + n - 1) % n]!];
    const [x1, y1] = [points[k]!, points[k + 1]!];
    const cross = x0 * y1 - x1 * y0;
    twiceArea += cross;
    sx += (x0 + x1) * cross;
    sy += (y0 + y1) * cross;
  }
  return { x: sx / (3 * twiceArea), y: sy / (3 * twiceArea) };
}

/** One hex of the given span (1, or 0.5 for a half-size token), its outline from the top vertex clockwise, as v13 lists it. */
function singleHex(span: number): HexagonalShape {
  const s = span;
  return {
    offsets: { even: [{ i: 0, j: 0 }], odd: [{ i: 0, j: 0 }] },
    points: [0.5 * s, 0, s, 0.25 * s, s, 0.75 * s, 0.5 * s, s, 0, 0.75 * s, 0, 0.25 * s],
    center: { x: 0.5 * s, y: 0.5 * s },
    anchor: { x: 0.5 * s, y: 0.5 * s },
  };
}

const shapes = new Map<string, HexagonalShape | null>();

/**
 * v13 BaseToken.#getHexagonalShape: the hexagonal shape of a token of this
 * size and shape type, or null if there is none (then v13 falls back to the
 * token's rectangle). Sizes must be multiples of 0.5; a 1 x 1 or 0.5 x 0.5
 * token is one hex whatever its shape type. On a column-based grid the shape
 * is the row-based one of the transposed size, transposed.
 */
export function hexagonalShape(width: number, height: number, shape: number, columns: boolean): HexagonalShape | null {
  if (!Number.isInteger(width * 2) || !Number.isInteger(height * 2)) return null;
  const key = `${width},${height},${shape},${columns}`;
  if (shapes.has(key)) return shapes.get(key)!;
  let result: HexagonalShape | null;
  if (columns) {
    const rows = hexagonalShape(height, width, shape, false);
    if (!rows) result = null;
    else {
      const swap = (list: readonly Offset[]) => list.map(({ i, j }) => ({ i: j, j: i })).sort((a, b) => a.j - b.j || a.i - b.i);
      // Transposing turns the outline round; walking it backwards keeps it clockwise.
      const points: number[] = [];
      for (let k = rows.points.length - 2; k >= 0; k -= 2) points.push(rows.points[k + 1]!, rows.points[k]!);
      result = {
        offsets: { even: swap(rows.offsets.even), odd: swap(rows.offsets.odd) },
        points,
        center: { x: rows.center.y, y: rows.center.x },
        anchor: { x: rows.anchor.y, y: rows.anchor.x },
      };
    }
  } else if (width === 0.5 && height === 0.5) result = singleHex(0.5);
  else if (width === 1 && height === 1) result = singleHex(1);
  else {
    const plan = shape <= TOKEN_SHAPES.TRAPEZOID_2 ? ellipseOrTrapezoid(width, height, shape) : shape <= TOKEN_SHAPES.RECTANGLE_2 ? hexagonalRectangle(width, height, shape) : null;
    if (!plan) result = null;
    else {
      const points = planOutline(plan);
      const center = plan.centroid ? polygonCentroid(points) : { x: width / 2, y: (0.75 * Math.floor(height) + 0.5 * (height % 1) + 0.25) / 2 };
      result = { offsets: planOffsets(plan), points, center, anchor: plan.anchor };
    }
  }
  if (result) deepFreeze(result);
  shapes.set(key, result);
  return result;
}

/**
 * v13 BaseToken._getHexagonalOffsets: the offsets and anchor of a token's
 * shape; for a size with no hexagonal shape, those of the RECTANGLE_1 that
 * stands in for it (half a hex wider along the rows, or taller along the
 * columns, its other side rounded; a one-row or one-column token rounded down),
 * its anchor a quarter hex up and left.
 */
export function hexagonalOffsets(width: number, height: number, shape: number, columns: boolean): { even: readonly Offset[]; odd: readonly Offset[]; anchor: Point } {
  const exact = hexagonalShape(width, height, shape, columns);
  if (exact) return { even: exact.offsets.even, odd: exact.offsets.odd, anchor: exact.anchor };
  let w = width;
  let h = height;
  if (columns) {
    h += 0.5;
    w = Math.round(w);
    if (w === 1) h = Math.floor(h);
    else if (h === 1) h += 0.5;
  } else {
    w += 0.5;
    h = Math.round(h);
    if (h === 1) w = Math.floor(w);
    else if (w === 1) w += 0.5;
  }
  const stand = hexagonalShape(w, h, TOKEN_SHAPES.RECTANGLE_1, columns);
  if (!stand) throw new Error(`harness: no hexagonal footprint for a ${width} x ${height} token`);
  return { even: stand.offsets.even, odd: stand.offsets.odd, anchor: { x: stand.anchor.x - 0.25, y: stand.anchor.y - 0.25 } };
}

// ---- the token methods ----------------------------------------------------

const halfRound = (n: number) => Math.round(n * 2) / 2;

/** v13 BaseToken#getSize: the token's width and height in pixels; on a hexagonal grid the long axis counts three quarters of a hex per whole unit past the first. */
export function tokenSize(grid: ShapeGrid, { width, height }: Pick<TokenDimensions, "width" | "height">): { width: number; height: number } {
  let w = width;
  let h = height;
  if (grid.isHexagonal) {
    if (grid.columns) w = 0.75 * Math.floor(w) + 0.5 * (w % 1) + 0.25;
    else h = 0.75 * Math.floor(h) + 0.5 * (h % 1) + 0.25;
  }
  return { width: w * grid.sizeX, height: h * grid.sizeY };
}

/** v13 BaseToken#getCenterPoint: on a hexagonal grid the centre of the token's hexagonal shape (the centroid of an ellipse or trapezoid); otherwise, or with no such shape, the middle of its rectangle. */
export function tokenCenterPoint(grid: ShapeGrid, data: TokenDimensions): { x: number; y: number; elevation: number } {
  const { x, y, elevation } = data;
  if (grid.isHexagonal) {
    const hex = hexagonalShape(data.width, data.height, data.shape, Boolean(grid.columns));
    if (hex) return { x: x + hex.center.x * grid.sizeX, y: y + hex.center.y * grid.sizeY, elevation };
  }
  const size = tokenSize(grid, data);
  return { x: x + size.width / 2, y: y + size.height / 2, elevation };
}

/** v13 BaseToken#getGridSpacePolygon: the outline of the token's grid spaces relative to its top-left corner; undefined on a gridless scene. */
export function tokenGridSpacePolygon(grid: ShapeGrid, data: Omit<TokenDimensions, "x" | "y" | "elevation">): Point[] | undefined {
  if (grid.isGridless) return undefined;
  if (grid.isHexagonal) {
    const hex = hexagonalShape(data.width, data.height, data.shape, Boolean(grid.columns));
    if (hex) {
      const points: Point[] = [];
      for (let k = 0; k < hex.points.length; k += 2) points.push({ x: hex.points[k]! * grid.sizeX, y: hex.points[k + 1]! * grid.sizeY });
      return points;
    }
  }
  const { width, height } = tokenSize(grid, data);
  return [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
}

/** v13 BaseToken#_positionToGridOffset: the grid space of the token's top-left part (under its anchor on a hex grid, half a space in on a square one). The elevation index (k) is left out. */
export function tokenTopLeftOffset(grid: ShapeGrid, data: Omit<TokenDimensions, "elevation">): Offset {
  let x = Math.round(data.x);
  let y = Math.round(data.y);
  if (grid.isGridless) return { i: y, j: x };
  const width = halfRound(data.width);
  const height = halfRound(data.height);
  if (grid.isSquare) {
    x += grid.size * (Number.isInteger(width) ? 0.5 : 0.25);
    y += grid.size * (Number.isInteger(height) ? 0.5 : 0.25);
  } else {
    const { anchor } = hexagonalOffsets(width, height, data.shape, Boolean(grid.columns));
    x += grid.sizeX * anchor.x;
    y += grid.sizeY * anchor.y;
  }
  const { i, j } = grid.getOffset({ x, y });
  return { i, j };
}

/** v13 BaseToken#_gridOffsetToPosition: the top-left corner of a token whose top-left grid space is this one. */
export function tokenPositionFromOffset(grid: ShapeGrid, offset: Offset & { k?: number }, data: Omit<TokenDimensions, "x" | "y" | "elevation">): { x: number; y: number; elevation: number } {
  const elevation = (offset.k ?? 0) * grid.distance;
  if (grid.isGridless) return { x: offset.j, y: offset.i, elevation: ((offset.k ?? 0) / grid.size) * grid.distance };
  const width = halfRound(data.width);
  const height = halfRound(data.height);
  if (grid.isSquare) {
    let x = offset.j;
    let y = offset.i;
    if (isSmallOnSquare(width, height)) {
      if (width === 0.5) x += 0.25;
      if (height === 0.5) y += 0.25;
    }
    return { x: x * grid.size, y: y * grid.size, elevation };
  }
  const { anchor } = hexagonalOffsets(width, height, data.shape, Boolean(grid.columns));
  const centre = grid.getCenterPoint({ i: offset.i, j: offset.j });
  return { x: centre.x - anchor.x * grid.sizeX, y: centre.y - anchor.y * grid.sizeY, elevation };
}

/**
 * v13 BaseToken#getOccupiedGridSpaceOffsets: the grid spaces the token's shape
 * covers when its top-left part is at its (or the given) position; none on a
 * gridless scene. A square grid: the rows and columns of its rectangle
 * (partial spaces counted). A hexagonal grid: its shape's offsets from its
 * top-left space, the `even` set when that space's row (column) is one the grid
 * shifts. Sizes are taken to the nearest half.
 */
export function tokenOccupiedOffsets(grid: ShapeGrid, data: Omit<TokenDimensions, "elevation">): Offset[] {
  if (grid.isGridless) return [];
  const { i: i0, j: j0 } = tokenTopLeftOffset(grid, data);
  const width = halfRound(data.width);
  const height = halfRound(data.height);
  const out: Offset[] = [];
  if (grid.isSquare) {
    for (let i = i0; i < i0 + Math.ceil(height); i++) for (let j = j0; j < j0 + Math.ceil(width); j++) out.push({ i, j });
    return out;
  }
  const offsets = hexagonalOffsets(width, height, data.shape, Boolean(grid.columns));
  const shifted = ((grid.columns ? j0 : i0) % 2 === 0) === Boolean(grid.even);
  for (const { i, j } of shifted ? offsets.even : offsets.odd) out.push({ i: i0 + i, j: j0 + j });
  return out;
}

function isSmallOnSquare(width: number, height: number): boolean {
  return (width === 0.5 && height <= 1) || (width <= 1 && height === 0.5);
}

/** A coordinate of a small token (half a space wide or high) on a square grid, in spaces: v13 lets it sit in any quarter of a space, wholly inside one space. */
function snapSmall(v: number): number {
  const eighths = Math.floor(v * 8);
  const within = ((eighths % 8) + 8) % 8;
  if (within >= 6) return Math.ceil(eighths / 8);
  if (within === 5) return Math.floor(eighths / 8) + 0.5;
  return Math.round(eighths / 2) / 4;
}

/**
 * v13 BaseToken#getSnappedPosition: where the token settles. Gridless: where
 * it is. Square: whole sizes to the nearest vertex, half sizes to the nearest
 * vertex, edge midpoint or centre, a small token to quarter spaces inside one
 * space. Hexagonal: a token with a hexagonal shape so that its anchor sits on
 * the nearest hex centre. Elevation goes to the nearest whole grid distance.
 */
export function tokenSnappedPosition(grid: ShapeGrid, data: TokenDimensions): { x: number; y: number; elevation: number } {
  const { x, y } = data;
  if (grid.isGridless) return { x, y, elevation: data.elevation };
  const elevation = Math.round(data.elevation / grid.distance) * grid.distance;
  const width = halfRound(data.width);
  const height = halfRound(data.height);
  if (grid.isSquare) {
    const s = grid.size;
    if (isSmallOnSquare(width, height)) {
      return { x: (width === 1 ? Math.round(x / s) : snapSmall(x / s)) * s, y: (height === 1 ? Math.round(y / s) : snapSmall(y / s)) * s, elevation };
    }
    // v13 SquareGrid#getSnappedPoint: VERTEX for a whole size (counted from the centres, so a point midway goes
    // to the next vertex on); VERTEX | EDGE_MIDPOINT | CENTER, every half space, for a half one.
    const snap = (v: number, size: number) => (Number.isInteger(size) ? (Math.floor((v - s / 2) / s) + 0.5) * s + s / 2 : Math.round(v / (s / 2)) * (s / 2));
    return { x: snap(x, width), y: snap(y, height), elevation };
  }
  const hex = hexagonalShape(width, height, data.shape, Boolean(grid.columns));
  if (!hex) throw new Error(`harness: snapping a ${width} x ${height} token without a hexagonal shape is not modelled`);
  const ax = hex.anchor.x * grid.sizeX;
  const ay = hex.anchor.y * grid.sizeY;
  const centre = grid.getCenterPoint({ x: x + ax, y: y + ay });
  return { x: centre.x - ax, y: centre.y - ay, elevation };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value as object)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
