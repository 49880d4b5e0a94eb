// The harness's model of v13 token shapes (test/harness/token-shapes.ts), pinned through Foundry's public API only:
// Scene.create with a grid, scene.createEmbeddedDocuments("Token", ...), token.shape, token.getSize,
// token.getCenterPoint, token.getGridSpacePolygon, token.getOccupiedGridSpaceOffsets, token.getSnappedPosition.
// Each test is named after the v13 behaviour it follows (BaseToken in common/documents/token.mjs, TokenDocument in
// client/documents/token.mjs, CONST.TOKEN_SHAPES, foundry.grid.HexagonalGrid and SquareGrid).
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { REPO_ROOT, TestWorld } from "../harness/world";

const GRID = { GRIDLESS: 0, SQUARE: 1, HEXODDR: 2, HEXEVENR: 3, HEXODDQ: 4, HEXEVENQ: 5 } as const;
const SHAPE = { ELLIPSE_1: 0, ELLIPSE_2: 1, TRAPEZOID_1: 2, TRAPEZOID_2: 3, RECTANGLE_1: 4, RECTANGLE_2: 5 } as const;
const HEX_TYPES = [GRID.HEXODDR, GRID.HEXEVENR, GRID.HEXODDQ, GRID.HEXEVENQ];

async function table() {
  const world = new TestWorld({ systemRoot: REPO_ROOT, users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM", { bundle: null });
  const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Beast", type: "npc" });
  return { world, gm, actor };
}

/** A scene with this grid (100-pixel spaces) and a helper creating one token on it. */
async function field(type: number) {
  const t = await table();
  const scene = await t.gm.CONFIG.Scene.documentClass.create({ name: "Field", grid: { type, size: 100 } });
  const token = async (data: Record<string, unknown>) => (await scene.createEmbeddedDocuments("Token", [{ actorId: t.actor.id, ...data }]))[0];
  /** The top-left corner that puts the box of a token w wide and h high round the centre of grid space (i, j), in whole pixels. */
  const box = (i: number, j: number, w: number, h: number) => {
    const c = scene.grid.getCenterPoint({ i, j });
    const size = { width: w * scene.grid.sizeX, height: h * scene.grid.sizeY };
    // On a hex grid the long axis of a token n spaces long spans 0.75 n + 0.25 spaces (BaseToken#getSize).
    if (scene.grid.isHexagonal && !scene.grid.columns) size.height = (0.75 * h + 0.25) * scene.grid.sizeY;
    if (scene.grid.isHexagonal && scene.grid.columns) size.width = (0.75 * w + 0.25) * scene.grid.sizeX;
    return { x: Math.round(c.x - size.width / 2), y: Math.round(c.y - size.height / 2) };
  };
  return { ...t, scene, token, box };
}

const sortRows = (offsets: { i: number; j: number }[]) => offsets.map(({ i, j }) => [i, j]);

describe("CONST.TOKEN_SHAPES and the default shape (v13 TokenDocument#_initializeSource)", () => {
  it("CONST.TOKEN_SHAPES holds v13's six shapes: ELLIPSE_1 0, ELLIPSE_2 1, TRAPEZOID_1 2, TRAPEZOID_2 3, RECTANGLE_1 4, RECTANGLE_2 5", async () => {
    const { gm } = await table();
    expect(gm.evaluate<any>("CONST.TOKEN_SHAPES")).toEqual(SHAPE);
  });

  it("a token created without a shape on any of the four hexagonal grids is ELLIPSE_1, stored so", async () => {
    for (const type of HEX_TYPES) {
      const f = await field(type);
      const token = await f.token({ x: 0, y: 0 });
      expect(token.shape).toBe(SHAPE.ELLIPSE_1);
      expect(token.toObject().shape).toBe(SHAPE.ELLIPSE_1);
      // Another client reads the stored shape.
      const alice = await f.world.connect("Alice", { bundle: null });
      expect(alice.game.scenes.get(f.scene.id).tokens.get(token.id).shape).toBe(SHAPE.ELLIPSE_1);
    }
  });

  it("a token created without a shape on a square or gridless scene is RECTANGLE_1 (BaseToken's initial)", async () => {
    for (const type of [GRID.SQUARE, GRID.GRIDLESS]) {
      const f = await field(type);
      expect((await f.token({ x: 0, y: 0 })).shape).toBe(SHAPE.RECTANGLE_1);
    }
  });

  it("a shape given at creation is kept on a hex grid, and may be changed by an update", async () => {
    const f = await field(GRID.HEXODDR);
    const token = await f.token({ ...f.box(2, 3, 3, 3), width: 3, height: 3, shape: SHAPE.RECTANGLE_1 });
    expect(token.shape).toBe(SHAPE.RECTANGLE_1);
    await token.update({ shape: SHAPE.TRAPEZOID_1 });
    expect(token.shape).toBe(SHAPE.TRAPEZOID_1);
  });

  // v13 ClientDatabaseBackend#preCreateDocumentArray: the pending token fails validation, core
  // shows the error and leaves it out; the call resolves with nothing created.
  it("a shape outside CONST.TOKEN_SHAPES is refused: nothing is created, and core shows its error", async () => {
    const f = await field(GRID.HEXODDR);
    const mark = f.world.server.writes.length;
    expect(await f.token({ x: 0, y: 0, shape: 6 })).toBeUndefined();
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(f.scene.tokens.size).toBe(0);
    expect(f.gm.notices.at(-1)?.type).toBe("error");
  });
});

describe("BaseToken#getOccupiedGridSpaceOffsets on a square grid", () => {
  it("the rows and columns under the token's rectangle, row by row, for every shape", async () => {
    const f = await field(GRID.SQUARE);
    for (const shape of Object.values(SHAPE)) {
      const token = await f.token({ x: 100, y: 200, width: 2, height: 2, shape });
      expect(sortRows(token.getOccupiedGridSpaceOffsets())).toEqual([[2, 1], [2, 2], [3, 1], [3, 2]]);
    }
  });

  it("a partly covered space counts: 1.5 x 1.5 covers 2 x 2 spaces; 0.5 x 0.5 inside one space covers it alone", async () => {
    const f = await field(GRID.SQUARE);
    expect(sortRows((await f.token({ x: 100, y: 200, width: 1.5, height: 1.5 })).getOccupiedGridSpaceOffsets())).toEqual([[2, 1], [2, 2], [3, 1], [3, 2]]);
    expect(sortRows((await f.token({ x: 125, y: 225, width: 0.5, height: 0.5 })).getOccupiedGridSpaceOffsets())).toEqual([[2, 1]]);
    expect((await f.token({ x: 0, y: 0, width: 3, height: 2 })).getOccupiedGridSpaceOffsets()).toHaveLength(6);
  });

  it("a gridless scene has no grid spaces: no offsets and no grid space polygon", async () => {
    const f = await field(GRID.GRIDLESS);
    const token = await f.token({ x: 10, y: 10, width: 2, height: 2 });
    expect(token.getOccupiedGridSpaceOffsets()).toEqual([]);
    expect(token.getGridSpacePolygon()).toBeUndefined();
  });
});

describe("BaseToken#getOccupiedGridSpaceOffsets on hexagonal grids (BaseToken._getHexagonalOffsets)", () => {
  it("a 1 x 1 token covers its one hex; the default 2 x 2 covers 3; the default 3 x 3 covers 7, not 8; the default 4 x 4 covers 12", async () => {
    for (const type of HEX_TYPES) {
      const f = await field(type);
      for (const [n, count] of [[1, 1], [2, 3], [3, 7], [4, 12]] as const) {
        expect((await f.token({ ...f.box(3, 3, n, n), width: n, height: n })).getOccupiedGridSpaceOffsets()).toHaveLength(count);
      }
    }
  });

  it("n x n counts per shape on every hex grid: ellipses 1, 3, 7, 12; trapezoids 1, 3, 6, 10; RECTANGLE_1 1, 3, 8, 14; RECTANGLE_2 1, 3, 7, 14", async () => {
    const expected: Record<number, number[]> = {
      [SHAPE.ELLIPSE_1]: [1, 3, 7, 12],
      [SHAPE.ELLIPSE_2]: [1, 3, 7, 12],
      [SHAPE.TRAPEZOID_1]: [1, 3, 6, 10],
      [SHAPE.TRAPEZOID_2]: [1, 3, 6, 10],
      [SHAPE.RECTANGLE_1]: [1, 3, 8, 14],
      [SHAPE.RECTANGLE_2]: [1, 3, 7, 14],
    };
    for (const type of HEX_TYPES) {
      const f = await field(type);
      const token = await f.token({ x: 0, y: 0 });
      for (const [shape, counts] of Object.entries(expected)) {
        const seen = [1, 2, 3, 4].map((n) => token.getOccupiedGridSpaceOffsets({ ...f.box(3, 3, n, n), width: n, height: n, shape: Number(shape) }).length);
        expect([type, Number(shape), seen]).toEqual([type, Number(shape), counts]);
      }
    }
  });

  it("row-based odd (HEXODDR): a 3 x 3 ellipse round (2, 3) covers its row and the two hexes above and below it", async () => {
    const f = await field(GRID.HEXODDR);
    const token = await f.token({ ...f.box(2, 3, 3, 3), width: 3, height: 3 });
    expect(sortRows(token.getOccupiedGridSpaceOffsets())).toEqual([[1, 2], [1, 3], [2, 2], [2, 3], [2, 4], [3, 2], [3, 3]]);
  });

  it("row-based even (HEXEVENR): the same ellipse round (2, 3), on a shifted row, covers the hexes above and below to its right", async () => {
    const f = await field(GRID.HEXEVENR);
    const token = await f.token({ ...f.box(2, 3, 3, 3), width: 3, height: 3 });
    expect(sortRows(token.getOccupiedGridSpaceOffsets())).toEqual([[1, 3], [1, 4], [2, 2], [2, 3], [2, 4], [3, 3], [3, 4]]);
  });

  it("column-based odd (HEXODDQ): a 3 x 3 ellipse round (3, 2) covers its column and two hexes either side, column by column", async () => {
    const f = await field(GRID.HEXODDQ);
    const token = await f.token({ ...f.box(3, 2, 3, 3), width: 3, height: 3 });
    expect(sortRows(token.getOccupiedGridSpaceOffsets())).toEqual([[2, 1], [3, 1], [2, 2], [3, 2], [4, 2], [2, 3], [3, 3]]);
  });

  it("column-based even (HEXEVENQ): the same ellipse round (3, 2), on a shifted column, covers the side hexes below", async () => {
    const f = await field(GRID.HEXEVENQ);
    const token = await f.token({ ...f.box(3, 2, 3, 3), width: 3, height: 3 });
    expect(sortRows(token.getOccupiedGridSpaceOffsets())).toEqual([[3, 1], [4, 1], [2, 2], [3, 2], [4, 2], [3, 3], [4, 3]]);
  });

  it("a 2 x 2 ellipse covers two hexes of its top row and the one between them below, on an unshifted or a shifted top row", async () => {
    const f = await field(GRID.HEXODDR);
    const token = await f.token({ ...f.box(2, 3, 1, 1), width: 2, height: 2 });
    expect(sortRows(token.getOccupiedGridSpaceOffsets())).toEqual([[2, 3], [2, 4], [3, 3]]);
    expect(sortRows(token.getOccupiedGridSpaceOffsets(f.box(1, 3, 1, 1)))).toEqual([[1, 3], [1, 4], [2, 4]]);
  });

  it("ELLIPSE_1 puts the extra row below the widest, ELLIPSE_2 above; TRAPEZOID_1 is widest on top, TRAPEZOID_2 at the bottom", async () => {
    const f = await field(GRID.HEXODDR);
    const token = await f.token({ x: 0, y: 0 });
    const rows = (shape: number, w: number, h: number) => {
      const counts = new Map<number, number>();
      for (const { i } of token.getOccupiedGridSpaceOffsets({ ...f.box(4, 4, w, h), width: w, height: h, shape })) counts.set(i, (counts.get(i) ?? 0) + 1);
      return [...counts.values()];
    };
    expect(rows(SHAPE.ELLIPSE_1, 4, 4)).toEqual([3, 4, 3, 2]);
    expect(rows(SHAPE.ELLIPSE_2, 4, 4)).toEqual([2, 3, 4, 3]);
    expect(rows(SHAPE.TRAPEZOID_1, 3, 3)).toEqual([3, 2, 1]);
    expect(rows(SHAPE.TRAPEZOID_2, 3, 3)).toEqual([1, 2, 3]);
    expect(rows(SHAPE.RECTANGLE_1, 3, 3)).toEqual([3, 2, 3]);
    expect(rows(SHAPE.RECTANGLE_2, 3, 3)).toEqual([2, 3, 2]);
    expect(rows(SHAPE.ELLIPSE_1, 3, 2)).toEqual([3, 2]);
  });

  it("a size with no hexagonal shape takes the hexes of the rectangle that stands in for it: an ellipse 1 wide and 2 high covers 2", async () => {
    const f = await field(GRID.HEXODDR);
    const token = await f.token({ ...f.box(2, 3, 1, 2), width: 1, height: 2 });
    expect(token.getOccupiedGridSpaceOffsets()).toHaveLength(2);
    // A half-size token covers the one hex it sits in.
    const small = await f.token({ ...f.box(2, 3, 0.5, 0.5), width: 0.5, height: 0.5 });
    expect(sortRows(small.getOccupiedGridSpaceOffsets())).toEqual([[2, 3]]);
  });

  it("the position and dimensions given override the token's own", async () => {
    const f = await field(GRID.HEXODDR);
    const token = await f.token({ ...f.box(0, 0, 1, 1) });
    expect(sortRows(token.getOccupiedGridSpaceOffsets({ ...f.box(2, 3, 3, 3), width: 3, height: 3 }))).toEqual([[1, 2], [1, 3], [2, 2], [2, 3], [2, 4], [3, 2], [3, 3]]);
    expect(token.getOccupiedGridSpaceOffsets({ ...f.box(2, 3, 3, 3), width: 3, height: 3, shape: SHAPE.RECTANGLE_1 })).toHaveLength(8);
  });
});

describe("BaseToken#getSize and #getCenterPoint", () => {
  it("on a row-based hex grid a token n high spans 0.75 n + 0.25 hexes; on a column-based one, n wide", async () => {
    const rows = await field(GRID.HEXODDR);
    expect((await rows.token({ x: 0, y: 0, width: 3, height: 3 })).getSize()).toEqual({ width: 300, height: 2.5 * rows.scene.grid.sizeY });
    const cols = await field(GRID.HEXODDQ);
    expect((await cols.token({ x: 0, y: 0, width: 3, height: 3 })).getSize()).toEqual({ width: 2.5 * cols.scene.grid.sizeX, height: 300 });
    const square = await field(GRID.SQUARE);
    expect((await square.token({ x: 0, y: 0, width: 3, height: 2 })).getSize()).toEqual({ width: 300, height: 200 });
  });

  it("a 1 x 1 hex token's centre is its hex's centre", async () => {
    for (const type of HEX_TYPES) {
      const f = await field(type);
      const token = await f.token({ ...f.box(2, 3, 1, 1) });
      const c = f.scene.grid.getCenterPoint({ i: 2, j: 3 });
      const centre = token.getCenterPoint();
      expect([centre.x, centre.y]).toEqual([expect.closeTo(c.x, 0), expect.closeTo(c.y, 0)]);
    }
  });

  it("a 3 x 3 ellipse's centre (the centroid of its shape) is the centre of its middle hex, on every hex grid", async () => {
    for (const type of HEX_TYPES) {
      const f = await field(type);
      const [i, j] = f.scene.grid.columns ? [3, 2] : [2, 3];
      const token = await f.token({ ...f.box(i, j, 3, 3), width: 3, height: 3 });
      const c = f.scene.grid.getCenterPoint({ i, j });
      const centre = token.getCenterPoint();
      expect([centre.x, centre.y]).toEqual([expect.closeTo(c.x, 0), expect.closeTo(c.y, 0)]);
    }
  });

  it("a 2 x 2 ellipse's centre is the centroid of its three hexes, the corner they share; a RECTANGLE_1's is the middle of its box", async () => {
    const f = await field(GRID.HEXODDR);
    const { x, y } = f.box(2, 3, 1, 1);
    const sizeY = f.scene.grid.sizeY;
    const ellipse = await f.token({ x, y, width: 2, height: 2 });
    expect(ellipse.getCenterPoint()).toMatchObject({ x: x + 100, y: expect.closeTo(y + 0.75 * sizeY, 9) });
    const rectangle = await f.token({ x, y, width: 2, height: 2, shape: SHAPE.RECTANGLE_1 });
    expect(rectangle.getCenterPoint()).toMatchObject({ x: x + 100, y: expect.closeTo(y + 0.875 * sizeY, 9) });
  });

  it("a token with no hexagonal shape for its size is centred in its box; on a square grid every token is", async () => {
    const f = await field(GRID.HEXODDR);
    const token = await f.token({ x: 100, y: 100, width: 1, height: 2 });
    expect(token.getCenterPoint()).toMatchObject({ x: 150, y: expect.closeTo(100 + 0.875 * f.scene.grid.sizeY, 9) });
    const square = await field(GRID.SQUARE);
    expect((await square.token({ x: 100, y: 200, width: 3, height: 2, shape: SHAPE.ELLIPSE_1 })).getCenterPoint()).toMatchObject({ x: 250, y: 300 });
  });

  it("the centre follows the position and dimensions given", async () => {
    const f = await field(GRID.SQUARE);
    const token = await f.token({ x: 0, y: 0 });
    expect(token.getCenterPoint({ x: 200, y: 100, width: 2, height: 2 })).toMatchObject({ x: 300, y: 200 });
  });
});

describe("BaseToken#getGridSpacePolygon", () => {
  it("a 1 x 1 hex token's polygon is its hex from the top vertex, clockwise", async () => {
    const f = await field(GRID.HEXODDR);
    const h = f.scene.grid.sizeY;
    const token = await f.token({ x: 0, y: 0 });
    expect(token.getGridSpacePolygon()).toEqual([
      { x: 50, y: 0 },
      { x: 100, y: 0.25 * h },
      { x: 100, y: 0.75 * h },
      { x: 50, y: h },
      { x: 0, y: 0.75 * h },
      { x: 0, y: 0.25 * h },
    ]);
  });

  it("a 2 x 2 ellipse's outline has 12 corners and a 3 x 3's 18, from the upper-left corner of the top row, clockwise", async () => {
    const f = await field(GRID.HEXODDR);
    const h = f.scene.grid.sizeY;
    const token = await f.token({ x: 0, y: 0 });
    const two = token.getGridSpacePolygon({ width: 2, height: 2 });
    expect(two).toHaveLength(12);
    expect(two.slice(0, 3)).toEqual([{ x: 0, y: 0.25 * h }, { x: 50, y: 0 }, { x: 100, y: 0.25 * h }]);
    const three = token.getGridSpacePolygon({ width: 3, height: 3 });
    expect(three).toHaveLength(18);
    expect(three[0]).toEqual({ x: 50, y: 0.25 * h });
  });

  it("on a square grid, and for a size with no hexagonal shape, the polygon is the token's box", async () => {
    const f = await field(GRID.SQUARE);
    expect((await f.token({ x: 0, y: 0, width: 2, height: 3 })).getGridSpacePolygon()).toEqual([
      { x: 0, y: 0 },
      { x: 200, y: 0 },
      { x: 200, y: 300 },
      { x: 0, y: 300 },
    ]);
  });
});

describe("BaseToken#getSnappedPosition", () => {
  it("on a hex grid a 3 x 3 ellipse dropped near a hex settles centred on it", async () => {
    const f = await field(GRID.HEXODDR);
    const token = await f.token({ x: 0, y: 0, width: 3, height: 3 });
    const near = f.box(2, 3, 3, 3);
    const snapped = token.getSnappedPosition({ x: near.x + 20, y: near.y - 15 });
    const centre = token.getCenterPoint(snapped);
    const c = f.scene.grid.getCenterPoint({ i: 2, j: 3 });
    expect([centre.x, centre.y]).toEqual([expect.closeTo(c.x, 9), expect.closeTo(c.y, 9)]);
  });

  it("on a square grid a whole-size token settles on the nearest vertex; a half-size one in a quarter of one space", async () => {
    const f = await field(GRID.SQUARE);
    const token = await f.token({ x: 0, y: 0 });
    expect(token.getSnappedPosition({ x: 130, y: 170 })).toMatchObject({ x: 100, y: 200 });
    expect(token.getSnappedPosition({ x: 130, y: 170, width: 0.5, height: 0.5 })).toMatchObject({ x: 125, y: 150 });
    expect(token.getSnappedPosition({ x: 130, y: 170, width: 1.5, height: 1.5 })).toMatchObject({ x: 150, y: 150 });
  });

  it("on a gridless scene the token stays where it is put", async () => {
    const f = await field(GRID.GRIDLESS);
    const token = await f.token({ x: 0, y: 0 });
    expect(token.getSnappedPosition({ x: 133, y: 171 })).toMatchObject({ x: 133, y: 171 });
  });
});
