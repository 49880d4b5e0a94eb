// Seed 004_2f46e4f6196f6037.txt [22] Multi-Hex Monsters: the head faces a vertex, and a move must carry
// the head into one of its front hexes (the two that meet it at that vertex).
import { describe, expect, it } from "vitest";
import { checkMonsterMove, headOf, monsterFrontHexes, vertexFromAngle } from "../../../../src/engine/rulesets/pulse";

describe("seed 004 [22] a monster's head faces a vertex", () => {
  it("on pointy hexes the vertices sit at 30°, 90° … (vertex 0 between east and south-east); on flat hexes at 60°, 120° …", () => {
    expect([vertexFromAngle(30, "pointy"), vertexFromAngle(90, "pointy"), vertexFromAngle(330, "pointy"), vertexFromAngle(60, "flat")]).toEqual([0, 1, 5, 0]);
  });
  it("the head is the covered hex furthest towards the vertex; its front hexes are the two across that vertex", () => {
    const body = [{ q: 0, r: 0 }, { q: 1, r: 0 }, { q: 0, r: 1 }];
    // Vertex 5 lies between north-east and east.
    expect(headOf(body, 5)).toEqual({ q: 1, r: 0 });
    expect(monsterFrontHexes({ q: 1, r: 0 }, 5)).toEqual([{ q: 2, r: -1 }, { q: 2, r: 0 }]);
  });
  it("facing vertex 0 (east and south-east), the head may go 2 east, or east then south-east, but not west nor north-west", () => {
    const o = { q: 0, r: 0 };
    expect([checkMonsterMove(o, { q: 2, r: 0 }, 0).ok, checkMonsterMove(o, { q: 1, r: 1 }, 0).ok, checkMonsterMove(o, { q: 0, r: 2 }, 0).ok]).toEqual([true, true, true]);
    const back = checkMonsterMove(o, { q: -1, r: 0 }, 0);
    expect([back.ok ? "ok" : back.refusal.code, checkMonsterMove(o, { q: 0, r: -1 }, 0).ok]).toEqual(["pulse.monsterMove", false]);
  });
});
