// Seed 004_2f46e4f6196f6037.txt: [13] melee zones, [12.3] rear hex, [16.1] ranged zone and line of fire,
// [11.1] surprise distances — hex geometry over axial coordinates.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  directionTo,
  engagementsFrom,
  facingFromAngle,
  flankHexes,
  isStraightLine,
  stopAtMeleeZones,
  hexDistance,
  hexLine,
  inMeleeZone,
  inRangedZone,
  lineOfFire,
  meleeZone,
  neighbour,
  opponentInRear,
  overflightRange,
  rearHex,
  relativeSide,
  surpriseDistanceOk,
  zoneOfSide,
  type Facing,
  type Figure,
} from "../../../../src/engine/rulesets/pulse";

const o = { q: 0, r: 0 };

describe("seed 004 [13] front, flank and rear hexes", () => {
  it("facing east (0): melee zone is NE, E, SE; flanks NW and SW; rear W", () => {
    expect(meleeZone(o, 0)).toEqual([{ q: 1, r: -1 }, { q: 1, r: 0 }, { q: 0, r: 1 }]);
    expect(flankHexes(o, 0)).toEqual([{ q: -1, r: 1 }, { q: 0, r: -1 }]);
    expect(rearHex(o, 0)).toEqual({ q: -1, r: 0 });
  });
  it("relative sides: 0 ahead, 3 behind, zones accordingly", () => {
    expect(relativeSide(o, 2, neighbour(o, 2))).toBe(0);
    expect(relativeSide(o, 2, neighbour(o, 5))).toBe(3);
    expect(relativeSide(o, 2, { q: 5, r: 5 })).toBe(null);
    expect([0, 1, 2, 3, 4, 5].map((s) => zoneOfSide(s as Facing))).toEqual(["front", "front", "flank", "rear", "flank", "front"]);
  });
  it("property: every neighbour has exactly one relative side, and the melee zone is the three front ones", () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), fc.integer({ min: 0, max: 5 }), (q, r, f) => {
        const h = { q, r };
        const sides = [0, 1, 2, 3, 4, 5].map((d) => relativeSide(h, f as Facing, neighbour(h, d)));
        expect([...sides].sort()).toEqual([0, 1, 2, 3, 4, 5]);
        for (let d = 0; d < 6; d++) expect(inMeleeZone({ hex: h, facing: f as Facing }, neighbour(h, d))).toBe(zoneOfSide(sides[d]!) === "front");
        expect(directionTo(h, neighbour(h, f))).toBe(f);
      }),
    );
  });
});

describe("engagements from token positions", () => {
  it("two foes face to face are engaged; a third figure behind one of them joins that engagement", () => {
    const figs: Figure[] = [
      { id: "a", side: "x", hex: o, facing: 0 },
      { id: "b", side: "y", hex: { q: 1, r: 0 }, facing: 3 },
      { id: "c", side: "x", hex: { q: 2, r: 0 }, facing: 3 }, // behind b, in b's rear hex
      { id: "d", side: "y", hex: { q: 6, r: 0 }, facing: 3 },
    ];
    expect(engagementsFrom(figs)).toEqual([["a", "b", "c"]]);
    expect(opponentInRear(figs[1]!, figs)).toBe(true);
    expect(opponentInRear(figs[0]!, figs)).toBe(false);
  });
  it("adjacent friends are not engaged; foes back to back are not engaged", () => {
    expect(engagementsFrom([
      { id: "a", side: "x", hex: o, facing: 0 },
      { id: "b", side: "x", hex: { q: 1, r: 0 }, facing: 3 },
    ])).toEqual([]);
    expect(engagementsFrom([
      { id: "a", side: "x", hex: o, facing: 3 },
      { id: "b", side: "y", hex: { q: 1, r: 0 }, facing: 0 },
    ])).toEqual([]);
  });
});

describe("seed 004 [16.1] ranged zone and line of fire", () => {
  it("the 120-degree wedge ahead, edges included", () => {
    expect(inRangedZone(o, 0, { q: 5, r: 0 })).toBe(true);
    expect(inRangedZone(o, 0, { q: 3, r: -3 })).toBe(true); // along the NE edge line
    expect(inRangedZone(o, 0, { q: 0, r: -3 })).toBe(false);
    expect(inRangedZone(o, 0, { q: -2, r: 0 })).toBe(false);
  });
  it("figures standing on the line are listed nearest first", () => {
    const figs: Figure[] = [
      { id: "near", side: "y", hex: { q: 1, r: 0 }, facing: 3 },
      { id: "far", side: "x", hex: { q: 3, r: 0 }, facing: 3 },
      { id: "off", side: "y", hex: { q: 1, r: 1 }, facing: 3 },
    ];
    const lof = lineOfFire(o, 0, { q: 4, r: 0 }, figs);
    expect(lof.clear).toBe(true);
    expect(lof.inTheWay).toEqual(["near", "far"]);
    expect(lineOfFire(o, 0, { q: 4, r: 0 }, [], [{ q: 2, r: 0 }]).clear).toBe(false);
    expect(lineOfFire(o, 3, { q: 4, r: 0 }, []).clear).toBe(false);
  });
  it("hex lines have distance + 1 hexes, each a step from the last", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 10 }), fc.integer({ min: -10, max: 10 }), (q, r) => {
        const line = hexLine(o, { q, r });
        expect(line.length).toBe(hexDistance(o, { q, r }) + 1);
        for (let i = 1; i < line.length; i++) expect(hexDistance(line[i - 1]!, line[i]!)).toBe(1);
      }),
    );
  });
  it("a missile that hits nothing flies 1.5 x range", () => {
    expect(overflightRange(15)).toBe(22);
  });
});

describe("token rotation to facing; [11.1] surprise distance", () => {
  it("pointy-top sides at 0, 60...; flat-top at 30, 90...", () => {
    expect(facingFromAngle(0, "pointy")).toBe(0);
    expect(facingFromAngle(62, "pointy")).toBe(1);
    expect(facingFromAngle(-60, "pointy")).toBe(5);
    expect(facingFromAngle(90, "flat")).toBe(1);
    expect(facingFromAngle(30, "flat")).toBe(0);
  });
  it("without surprise 8 hexes or more; with surprise 8 or fewer", () => {
    expect(surpriseDistanceOk(8, false)).toBe(true);
    expect(surpriseDistanceOk(7, false)).toBe(false);
    expect(surpriseDistanceOk(8, true)).toBe(true);
    expect(surpriseDistanceOk(9, true)).toBe(false);
  });
});

describe("seed 004 [14.1] stop on entering a melee zone; [23] straight-line charges", () => {
  const foe: Figure = { id: "f", side: "y", hex: { q: 4, r: 0 }, facing: 3 };
  const path = [1, 2, 3, 4, 5].map((q) => ({ q, r: -1 }));
  it("a walk past a foe's front stops in the first hex of its zone", () => {
    // Facing west from (4,0), the zone is (3,1), (3,0), (4,-1): the walk along r = -1 stops at (4,-1).
    expect(stopAtMeleeZones(path, { side: "x" }, [foe])).toEqual(path.slice(0, 4));
    expect(stopAtMeleeZones(path, { side: "y" }, [foe])).toEqual(path);
  });
  it("straight lines only", () => {
    expect(isStraightLine({ q: 0, r: -1 }, path)).toBe(true);
    expect(isStraightLine(o, [{ q: 1, r: 0 }, { q: 1, r: 1 }])).toBe(false);
    expect(isStraightLine(o, [{ q: 2, r: 0 }])).toBe(false);
  });
});
