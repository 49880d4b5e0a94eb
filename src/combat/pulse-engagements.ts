/**
 * Where a pulse's engagements come from ([13], [12.3], seed
 * 004_2f46e4f6196f6037.txt): on a hex scene, from the tokens, each on its hex
 * and facing the hexside its rotation points at, through the engine's melee-zone
 * geometry; a token larger than one grid space is a multi-hex figure [22]
 * covering every hex under it; anywhere else (a gridless or square scene, or fighters without
 * tokens), from the tracker's groups the GM formed by dragging.
 */
import { engagementsFrom, facingFromAngle, opponentInRear, type Facing, type Figure, type Hex } from "../engine/rulesets/pulse/hex";
import type { CombatantInfo } from "./machines";

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
}

/** [22] the hexes under a token larger than one grid space (v13 TokenDocument#getOccupiedGridSpaceOffsets); null for one space. */
function tokenFootprint(token: TokenDocument.Implementation, grid: HexGrid, at?: { x: number; y: number }): Hex[] | null {
  const size = token as unknown as { width?: number; height?: number; getOccupiedGridSpaceOffsets?(data?: { x: number; y: number }): { i: number; j: number }[] };
  if (Number(size.width ?? 1) <= 1 && Number(size.height ?? 1) <= 1) return null;
  if (typeof size.getOccupiedGridSpaceOffsets !== "function" || typeof grid.offsetToCube !== "function") return null;
  const hexes = (at ? size.getOccupiedGridSpaceOffsets(at) : size.getOccupiedGridSpaceOffsets()).map((o) => grid.offsetToCube!(o)).map((c) => ({ q: c.q + 0, r: c.r + 0 }));
  return hexes.length > 1 ? hexes : null;
}

/** The grid cell and facing of a token on a hexagonal scene; null on any other grid. */
export function tokenPlacement(token: TokenDocument.Implementation | null | undefined, at?: { x: number; y: number }): Placed | null {
  const grid = (token?.parent as Scene.Implementation | null | undefined)?.grid as HexGrid | undefined;
  if (!token || !grid?.isHexagonal) return null;
  // `at`: where a move would put the token's top-left corner.
  const centre = at ? token.getCenterPoint({ x: at.x, y: at.y }) : token.getCenterPoint();
  const cube = grid.getCube({ x: centre.x, y: centre.y });
  // A token's rotation 0 looks south; the engine measures clockwise from east.
  const facing = facingFromAngle(Number(token.rotation ?? 0) + 90, grid.columns ? "flat" : "pointy");
  const hex = { q: cube.q, r: cube.r };
  const hexes = tokenFootprint(token, grid, at);
  if (!hexes) return { hex, facing };
  // The centre of a large token may sit on a corner: its hex is then the first one it covers.
  return { hex: hexes.some((h) => h.q === hex.q && h.r === hex.r) ? hex : hexes[0]!, facing, hexes };
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
