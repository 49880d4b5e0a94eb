// Seed 004_2f46e4f6196f6037.txt [13] the melee zone and [16.1] the Ranged Zone, as hexes to
// show around a figure: the melee zone's hexes, and the wedge ahead out to a reach without them.
import { describe, expect, it } from "vitest";
import { figureZones, hexDistance, inRangedZone, meleeZone } from "../../../../src/engine/rulesets/pulse";

describe("seed 004 [13], [16.1] the zones around a figure", () => {
  const me = { hex: { q: 0, r: 0 }, facing: 0 as const };
  it("facing east: the three front hexes are the melee zone; out to 2 hexes the Ranged Zone adds the five ahead at distance 2", () => {
    const z = figureZones(me, 2);
    expect(z.melee).toEqual(meleeZone(me.hex, 0));
    expect(z.melee).toHaveLength(3);
    expect(z.ranged).toHaveLength(5);
    expect(z.ranged.every((h) => hexDistance(me.hex, h) === 2 && inRangedZone(me.hex, 0, h))).toBe(true);
  });
  it("the wedge grows by one hex a ring: 5, 7, 9 … (out to 4: 5 + 7 + 9 = 21); nothing behind", () => {
    const z = figureZones(me, 4);
    expect(z.ranged).toHaveLength(21);
    // Behind the figure is west of it: a hex centre x = q + r / 2 below 0.
    expect(z.ranged.some((h) => h.q + h.r / 2 < 0)).toBe(false);
  });
  it("a three-hex beast shows no zone hex on itself", () => {
    const beast = { hex: { q: 0, r: 0 }, hexes: [{ q: 0, r: 0 }, { q: 1, r: 0 }, { q: 0, r: 1 }], facing: 0 as const };
    const z = figureZones(beast, 3);
    const own = new Set(beast.hexes.map((h) => `${h.q},${h.r}`));
    expect([...z.melee, ...z.ranged].some((h) => own.has(`${h.q},${h.r}`))).toBe(false);
  });
});
