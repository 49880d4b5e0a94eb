// Seed 004_2f46e4f6196f6037.txt [16.1]: "line from center of attacker's hex to center of target hex that is ...
// unobstructed" — the walls of the map as obstructions, with exact segments.
import { describe, expect, it } from "vitest";
import { segmentsCross, wallsBlock, type WallLine } from "../../../../src/engine/rulesets/pulse";

const wall = (c: number[], over: Partial<WallLine> = {}): WallLine => ({ c, sight: 20, door: 0, ds: 0, ...over });
const a = { x: 50, y: 50 };
const b = { x: 450, y: 50 };

describe("seed 004 [16.1] walls obstruct a line of fire", () => {
  it("a wall across the line cuts it; one beside it, or one stopping short of it, does not", () => {
    expect(wallsBlock(a, b, [wall([200, 0, 200, 100])])).toBe(true);
    expect(wallsBlock(a, b, [wall([200, 60, 200, 200])])).toBe(false);
    expect(wallsBlock(a, b, [wall([500, 0, 500, 100])])).toBe(false);
  });
  it("a wall that does not block sight, or an open door, lets the shot by; a closed or locked door does not", () => {
    expect(wallsBlock(a, b, [wall([200, 0, 200, 100], { sight: 0 })])).toBe(false);
    expect(wallsBlock(a, b, [wall([200, 0, 200, 100], { door: 1, ds: 1 })])).toBe(false);
    expect(wallsBlock(a, b, [wall([200, 0, 200, 100], { door: 1, ds: 0 })])).toBe(true);
    expect(wallsBlock(a, b, [wall([200, 0, 200, 100], { door: 1, ds: 2 })])).toBe(true);
  });
  it("one limited wall (a curtain, a hedge) lets the shot through; two do not", () => {
    expect(wallsBlock(a, b, [wall([200, 0, 200, 100], { sight: 10 })])).toBe(false);
    expect(wallsBlock(a, b, [wall([200, 0, 200, 100], { sight: 10 }), wall([300, 0, 300, 100], { sight: 10 })])).toBe(true);
  });
  it("segments that only touch count as crossing; parallel ones apart do not", () => {
    expect(segmentsCross({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 0 }, { x: 10, y: 10 })).toBe(true);
    expect(segmentsCross({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 1 }, { x: 10, y: 1 })).toBe(false);
  });
  // Foundry v13: ClockwiseSweepPolygon#_testEdgeInclusion (one-way walls, by Edge#orientPoint), Edge#applyThreshold.
  it("a one-way wall running south (dir 1, open from its left: the west) lets a shot from the west through, not one from the east", () => {
    const oneWay = wall([200, 0, 200, 100], { dir: 1 });
    expect(wallsBlock(a, b, [oneWay])).toBe(false);
    expect(wallsBlock(b, a, [oneWay])).toBe(true);
    expect(wallsBlock(b, a, [wall([200, 0, 200, 100], { dir: 2 })])).toBe(false);
  });
  it("a proximity wall (a window, threshold 100 px) lets a shooter 50 px from it shoot through, not one 150 px off; a distance wall the other way round", () => {
    const near = { x: 150, y: 50 };
    expect(wallsBlock(near, b, [wall([200, 0, 200, 100], { sight: 30, threshold: 100 })])).toBe(false);
    expect(wallsBlock(a, b, [wall([200, 0, 200, 100], { sight: 30, threshold: 100 })])).toBe(true);
    expect(wallsBlock(near, b, [wall([200, 0, 200, 100], { sight: 40, threshold: 100 })])).toBe(true);
    expect(wallsBlock(a, b, [wall([200, 0, 200, 100], { sight: 40, threshold: 100 })])).toBe(false);
    // The shooter token's own radius counts (60 px): 150 - 60 = 90 is within the window's 100.
    expect(wallsBlock(a, b, [wall([200, 0, 200, 100], { sight: 30, threshold: 100 })], 60)).toBe(false);
    // Without a threshold a proximity wall blocks like any wall.
    expect(wallsBlock(near, b, [wall([200, 0, 200, 100], { sight: 30 })])).toBe(true);
  });
});
