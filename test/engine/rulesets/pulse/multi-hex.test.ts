// Seed 004_2f46e4f6196f6037.txt [22] Multi-Hex Monsters with [13] melee zones and [12.3] rear hexes: a figure
// covering several hexes (read from its token's footprint) has the front hexes of all it covers as its zone
// (our reading: the seed draws no multi-hex zone), and engages or is flanked through any hex it covers.
import { describe, expect, it } from "vitest";
import { engagementsFrom, figureDistance, figureMeleeZone, figureRearHexes, footprint, opponentInRear, stopAtMeleeZones, type Figure, type Hex } from "../../../../src/engine/rulesets/pulse";

const keys = (hexes: readonly Hex[]) => hexes.map((h) => `${h.q},${h.r}`).sort();
// A three-hex beast (a size-2 hex token): (0,0), its east neighbour (1,0) and its south-east neighbour (0,1).
const beast = (facing: 0 | 3 = 0): Figure => ({ id: "beast", side: "foes", hex: { q: 0, r: 0 }, facing, hexes: [{ q: 0, r: 0 }, { q: 1, r: 0 }, { q: 0, r: 1 }] });

describe("seed 004 [22] a multi-hex figure's zones", () => {
  it("[22] a one-hex figure keeps its three front hexes and its one rear hex", () => {
    const man: Figure = { id: "m", side: "party", hex: { q: 0, r: 0 }, facing: 0 };
    expect(footprint(man)).toEqual([{ q: 0, r: 0 }]);
    expect(keys(figureMeleeZone(man))).toEqual(keys([{ q: 1, r: -1 }, { q: 1, r: 0 }, { q: 0, r: 1 }]));
    expect(figureRearHexes(man)).toEqual([{ q: -1, r: 0 }]);
  });
  it("[22] facing east, the three-hex beast has five front hexes along its east side and two rear hexes", () => {
    expect(keys(figureMeleeZone(beast()))).toEqual(keys([{ q: 1, r: -1 }, { q: 2, r: -1 }, { q: 2, r: 0 }, { q: 1, r: 1 }, { q: 0, r: 2 }]));
    expect(keys(figureRearHexes(beast()))).toEqual(keys([{ q: -1, r: 0 }, { q: -1, r: 1 }]));
  });
  it("[13] a man two hexes east of the beast's head is engaged through its forward hex (1,0), which a one-hex reading would miss", () => {
    const man: Figure = { id: "man", side: "party", hex: { q: 2, r: 0 }, facing: 3 };
    expect(engagementsFrom([beast(), man])).toEqual([["beast", "man"]]);
    expect(engagementsFrom([{ ...beast(), hexes: undefined }, { ...man, facing: 0 }])).toEqual([]);
  });
  it("[13] a man facing the beast's flank engages it through any hex it covers", () => {
    // The man at (-1,2) faces east: his zone holds (0,1), a hex of the beast.
    const man: Figure = { id: "man", side: "party", hex: { q: -1, r: 2 }, facing: 0 };
    expect(engagementsFrom([beast(), man])).toEqual([["beast", "man"]]);
  });
  it("[12.3] a foe in either rear hex of the beast puts it at the back of the order", () => {
    const behind: Figure = { id: "man", side: "party", hex: { q: -1, r: 1 }, facing: 0 };
    expect(opponentInRear(beast(), [behind])).toBe(true);
    expect(opponentInRear(beast(), [{ ...behind, hex: { q: 0, r: -1 } }])).toBe(false);
  });
  it("[14.1] a walker stops on the first hex of the beast's broad front; distance counts from the nearest covered hex", () => {
    const path: Hex[] = [{ q: 3, r: -1 }, { q: 2, r: -1 }, { q: 1, r: -1 }];
    expect(stopAtMeleeZones(path, { side: "party" }, [beast()])).toEqual([{ q: 3, r: -1 }, { q: 2, r: -1 }]);
    expect(figureDistance(beast(), { hex: { q: 3, r: 0 } })).toBe(2);
  });
});
