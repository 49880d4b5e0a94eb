// Multi-hex figures on a hex scene (issue 9 "Geometry"; seed 004_2f46e4f6196f6037.txt [22] Multi-Hex Monsters,
// [13] melee zones, [12.3] rear hexes): a token larger than one grid space covers every hex under it
// (TokenDocument#getOccupiedGridSpaceOffsets, as v13 has it), and the engagements read from tokens use them all.
import { describe, expect, it } from "vitest";
import { pulseEngagements, tokenPlacement } from "../../src/combat/pulse-engagements";

// A stub hex grid whose offsets are axial coordinates already (row i is r, column j is q).
const grid = { isHexagonal: true, columns: false, getCube: (p: { x: number; y: number }) => ({ q: p.x / 100, r: p.y / 100 }), offsetToCube: (o: { i: number; j: number }) => ({ q: o.j, r: o.i }) };
const token = (over: Record<string, unknown>) => ({ parent: { grid }, rotation: 270, width: 1, height: 1, getCenterPoint: () => ({ x: 0, y: 0 }), ...over }) as never;
const info = (id: string, side: string, placed: any) => ({ id, side, groupId: null, actor: null, placed });

describe("multi-hex figures from token size [22]", () => {
  it("a 2 x 2 token covers the hexes under it; a one-space token has no footprint", () => {
    const big = token({ width: 2, height: 2, getOccupiedGridSpaceOffsets: () => [{ i: 0, j: 0 }, { i: 0, j: 1 }, { i: 1, j: 0 }] });
    expect(tokenPlacement(big)).toEqual({ hex: { q: 0, r: 0 }, facing: 0, hexes: [{ q: 0, r: 0 }, { q: 1, r: 0 }, { q: 0, r: 1 }] });
    expect(tokenPlacement(token({ getOccupiedGridSpaceOffsets: () => [{ i: 0, j: 0 }] }))).toEqual({ hex: { q: 0, r: 0 }, facing: 0 });
  });
  it("a large token whose centre falls on a corner outside its cells takes its first covered hex", () => {
    const big = token({ width: 2, height: 2, getCenterPoint: () => ({ x: 500, y: 500 }), getOccupiedGridSpaceOffsets: () => [{ i: 0, j: 0 }, { i: 0, j: 1 }, { i: 1, j: 0 }] });
    expect(tokenPlacement(big)?.hex).toEqual({ q: 0, r: 0 });
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
