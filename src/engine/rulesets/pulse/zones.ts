/**
 * [13], [16.1] the hexes to show a player around a figure: its melee zone
 * (the front hexes of every hex it covers) and its Ranged Zone (the wedge
 * ahead, out to a reach), the one apart from the other, neither covering the
 * figure itself.
 */
import { addHex, figureMeleeZone, footprint, hexDistance, hexKey, inRangedZone, type Figure, type Hex } from "./hex";

export interface FigureZones {
  readonly melee: readonly Hex[];
  readonly ranged: readonly Hex[];
}

/** Every hex within `reach` of the figure's hex, ring by ring. */
function around(centre: Hex, reach: number): Hex[] {
  const out: Hex[] = [];
  for (let q = -reach; q <= reach; q++) for (let r = Math.max(-reach, -q - reach); r <= Math.min(reach, -q + reach); r++) out.push(addHex(centre, { q, r }));
  return out;
}

export function figureZones(f: Pick<Figure, "hex" | "hexes" | "facing">, reach: number): FigureZones {
  const own = new Set(footprint(f).map(hexKey));
  const melee = figureMeleeZone(f).filter((h) => !own.has(hexKey(h)));
  const meleeKeys = new Set(melee.map(hexKey));
  const ranged = around(f.hex, Math.max(0, Math.min(reach, 30))).filter((h) => !own.has(hexKey(h)) && !meleeKeys.has(hexKey(h)) && hexDistance(f.hex, h) >= 1 && inRangedZone(f.hex, f.facing, h));
  return { melee, ranged };
}
