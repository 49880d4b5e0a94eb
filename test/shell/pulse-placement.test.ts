// Multi-hex figures on a hex scene (issue 9 "Geometry"; seed 004_2f46e4f6196f6037.txt [22] Multi-Hex Monsters,
// [13] melee zones, [12.3] rear hexes): a token larger than one grid space covers every hex under it
// (TokenDocument#getOccupiedGridSpaceOffsets, as v13 has it), and the engagements read from tokens use them all.
import { describe, expect, it } from "vitest";
import { pulseEngagements, tokenPlacement } from "../../src/table/pulse/engagements";
import { hexScene, tableOfThree } from "./support";

// A stub hex grid whose offsets are axial coordinates already (row i is r, column j is q), a hundred pixels apart.
const grid = {
  isHexagonal: true,
  columns: false,
  getCube: (p: { x: number; y: number }) => ({ q: p.x / 100, r: p.y / 100 }),
  offsetToCube: (o: { i: number; j: number }) => ({ q: o.j, r: o.i }),
  getCenterPoint: (o: { i: number; j: number }) => ({ x: 100 * o.j, y: 100 * o.i }),
};
const token = (over: Record<string, unknown>) => ({ parent: { grid }, rotation: 270, width: 1, height: 1, getCenterPoint: () => ({ x: 0, y: 0 }), ...over }) as never;
const info = (id: string, side: string, placed: any) => ({ id, side, groupId: null, actor: null, placed });

describe("multi-hex figures from token size [22]", () => {
  it("a 2 x 2 token covers the hexes under it; a one-space token has no footprint", () => {
    const big = token({ width: 2, height: 2, getOccupiedGridSpaceOffsets: () => [{ i: 0, j: 0 }, { i: 0, j: 1 }, { i: 1, j: 0 }] });
    expect(tokenPlacement(big)).toEqual({ hex: { q: 0, r: 0 }, facing: 0, hexes: [{ q: 0, r: 0 }, { q: 1, r: 0 }, { q: 0, r: 1 }] });
    expect(tokenPlacement(token({ getOccupiedGridSpaceOffsets: () => [{ i: 0, j: 0 }] }))).toEqual({ hex: { q: 0, r: 0 }, facing: 0 });
  });
  it("a large token stands on the covered hex nearest its centre; where several are as near, on the first of them", () => {
    const cells = () => [{ i: 0, j: 0 }, { i: 0, j: 1 }, { i: 1, j: 0 }];
    const near = token({ width: 2, height: 2, getCenterPoint: () => ({ x: 90, y: 10 }), getOccupiedGridSpaceOffsets: cells });
    expect(tokenPlacement(near)?.hex).toEqual({ q: 1, r: 0 });
    // Equally far from all three (within a pixel): the first.
    const between = token({ width: 2, height: 2, getCenterPoint: () => ({ x: 50.3, y: 50 }), getOccupiedGridSpaceOffsets: cells });
    expect(tokenPlacement(between)?.hex).toEqual({ q: 0, r: 0 });
  });
  it("[13] the beast engages a man two hexes east of its centre through the hex it covers there; [12.3] a man in either rear hex is behind it", () => {
    const beast = tokenPlacement(token({ width: 2, height: 2, getOccupiedGridSpaceOffsets: () => [{ i: 0, j: 0 }, { i: 0, j: 1 }, { i: 1, j: 0 }] }));
    const out = pulseEngagements([
      info("beast", "foes", beast),
      info("ada", "party", { hex: { q: 2, r: 0 }, facing: 3 }),
      info("bran", "party", { hex: { q: -1, r: 1 }, facing: 0 }),
    ]);
    expect(out.groups).toEqual([["beast", "ada", "bran"]]);
    expect(out.rear).toEqual(["beast"]);
  });
});

// On the harness's v13 hex grid: v13 gives a hex token the ellipse shape and puts its centre at the shape's
// centroid, which for a 2 x 2 token is the corner its three hexes share.
describe("[22] a multi-hex figure stands on the same one of its hexes wherever it is", () => {
  async function placements(width: number) {
    const { gm } = await tableOfThree("pulse");
    const { scene, at } = await hexScene(gm, "Plain");
    const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Beast", width, height: width, ...at(2, 2) }]);
    (globalThis as any).game = gm.game;
    const out: { hex: { q: number; r: number }; index: number; covered: number }[] = [];
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) {
        // Where v13 lets the token settle when it is dropped there (TokenDocument#getSnappedPosition), in whole pixels.
        const snapped = token.getSnappedPosition(at(i, j));
        const p = tokenPlacement(token, { x: Math.round(snapped.x), y: Math.round(snapped.y) })!;
        out.push({ hex: p.hex, index: p.hexes!.findIndex((h) => h.q === p.hex.q && h.r === p.hex.r), covered: p.hexes!.length });
      }
    return out;
  }
  it("a 2 x 2 figure (three hexes) stands on its first hex on every row and column, though its centre is their shared corner", async () => {
    const seen = await placements(2);
    expect(new Set(seen.map((p) => p.covered))).toEqual(new Set([3]));
    expect(new Set(seen.map((p) => p.index))).toEqual(new Set([0]));
  });
  it("a 3 x 3 figure covers seven hexes and stands on the middle one", async () => {
    const seen = await placements(3);
    expect(new Set(seen.map((p) => p.covered))).toEqual(new Set([7]));
    expect(new Set(seen.map((p) => p.index))).toEqual(new Set([3]));
  });
});
