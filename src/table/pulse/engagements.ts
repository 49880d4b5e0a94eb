/**
 * Where a pulse's engagements come from ([13], [12.3], seed
 * 004_2f46e4f6196f6037.txt): on a hex scene, from the tokens, each on its hex
 * and facing the hexside its rotation points at, through the engine's melee-zone
 * geometry; a token larger than one grid space is a multi-hex figure [22]
 * covering every hex under it; anywhere else (a gridless or square scene, or fighters without
 * tokens), from the tracker's groups the GM formed by dragging.
 */
import { engagementsFrom, facingFromAngle, opponentInRear, type Facing, type Figure, type Hex } from "../../engine/rulesets/pulse/hex";
import type { CombatantInfo } from "../machines";

export interface Placed {
  readonly hex: Hex;
  readonly facing: Facing;
  /** [22] every hex under a token wider or taller than one grid space; absent for a one-hex figure. */
  readonly hexes?: readonly Hex[];
}

interface HexGrid {
  isHexagonal: boolean;
  columns?: boolean;
  getCube(point: { x: number; y: number }): { q: number; r: number };
  offsetToCube?(offset: { i: number; j: number }): { q: number; r: number };
  getCenterPoint?(offset: { i: number; j: number }): { x: number; y: number };
}

/** [22] the grid spaces under a token larger than one grid space (v13 TokenDocument#getOccupiedGridSpaceOffsets, in its order); null for one space. */
function tokenFootprint(token: TokenDocument.Implementation, grid: HexGrid, at?: { x: number; y: number }): { i: number; j: number }[] | null {
  const size = token as unknown as { width?: number; height?: number; getOccupiedGridSpaceOffsets?(data?: { x: number; y: number }): { i: number; j: number }[] };
  if (Number(size.width ?? 1) <= 1 && Number(size.height ?? 1) <= 1) return null;
  if (typeof size.getOccupiedGridSpaceOffsets !== "function" || typeof grid.offsetToCube !== "function") return null;
  const offsets = at ? size.getOccupiedGridSpaceOffsets(at) : size.getOccupiedGridSpaceOffsets();
  return offsets.length > 1 ? offsets : null;
}

/**
 * [22] the hex a multi-hex figure stands on: of the hexes it covers, the one
 * whose centre is nearest its token's centre; where several are as near (v13
 * puts the centre of an ellipse at its centroid, which for a 2 x 2 token is
 * the corner its three hexes share), the first of them in the footprint's
 * order. So the same hex of the figure is chosen wherever it stands, and a
 * move shifts it by exactly the figure's step. "As near" allows a pixel: a
 * token's position is whole pixels, so its centre may lie up to about 0.7 pixel
 * off the shape's own, while distinct hexes of the shapes up to 8 x 8 differ
 * by at least 0.068 of a grid space.
 */
function standingHex(offsets: readonly { i: number; j: number }[], centre: { x: number; y: number }, grid: HexGrid): number {
  if (typeof grid.getCenterPoint !== "function") return 0;
  const distances = offsets.map((o) => {
    const c = grid.getCenterPoint!(o);
    return Math.hypot(c.x - centre.x, c.y - centre.y);
  });
  const nearest = Math.min(...distances);
  return distances.findIndex((d) => d <= nearest + 1);
}

/** The grid cell and facing of a token on a hexagonal scene; null on any other grid. */
export function tokenPlacement(token: TokenDocument.Implementation | null | undefined, at?: { x: number; y: number; rotation?: number }): Placed | null {
  const grid = (token?.parent as Scene.Implementation | null | undefined)?.grid as HexGrid | undefined;
  if (!token || !grid?.isHexagonal) return null;
  // `at`: where a move would put the token's top-left corner.
  const centre = at ? token.getCenterPoint({ x: at.x, y: at.y }) : token.getCenterPoint();
  const cube = grid.getCube({ x: centre.x, y: centre.y });
  // A token's rotation 0 looks south; the engine measures clockwise from east.
  const facing = facingFromAngle(Number(at?.rotation ?? token.rotation ?? 0) + 90, grid.columns ? "flat" : "pointy");
  const offsets = tokenFootprint(token, grid, at);
  if (!offsets) return { hex: { q: cube.q, r: cube.r }, facing };
  const hexes = offsets.map((o) => grid.offsetToCube!(o)).map((c) => ({ q: c.q + 0, r: c.r + 0 }));
  return { hex: hexes[standingHex(offsets, centre, grid)]!, facing, hexes };
}

/** Engagements and who has a foe in their rear hex, for the machine's setEngagements. */
export function pulseEngagements(combatants: readonly CombatantInfo[]): { groups: string[][]; rear: string[] } {
  const placed = combatants.filter((c) => c.placed);
  if (placed.length >= 2 && placed.length === combatants.length) {
    const figures: Figure[] = placed.map((c) => ({ id: c.id, side: c.side, hex: c.placed!.hex, facing: c.placed!.facing, ...(c.placed!.hexes ? { hexes: c.placed!.hexes } : {}) }));
    return { groups: engagementsFrom(figures), rear: figures.filter((f) => opponentInRear(f, figures)).map((f) => f.id) };
  }
  const groups = new Map<string, string[]>();
  for (const c of combatants) if (c.groupId) groups.set(c.groupId, [...(groups.get(c.groupId) ?? []), c.id]);
  return { groups: [...groups.values()].filter((g) => g.length >= 2), rear: [] };
}
