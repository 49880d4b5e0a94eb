/**
 * Where a pulse's engagements come from ([13], [12.3], seed
 * 004_2f46e4f6196f6037.txt): on a hex scene, from the tokens, each on its hex
 * and facing the hexside its rotation points at, through the engine's melee-zone
 * geometry; anywhere else (a gridless or square scene, or fighters without
 * tokens), from the tracker's groups the GM formed by dragging.
 */
import { engagementsFrom, facingFromAngle, opponentInRear, type Facing, type Figure, type Hex } from "../engine/rulesets/pulse/hex";
import type { CombatantInfo } from "./machines";

export interface Placed {
  readonly hex: Hex;
  readonly facing: Facing;
}

/** The grid cell and facing of a token on a hexagonal scene; null on any other grid. */
export function tokenPlacement(token: TokenDocument.Implementation | null | undefined): Placed | null {
  const grid = (token?.parent as Scene.Implementation | null | undefined)?.grid as
    | { isHexagonal: boolean; columns?: boolean; getCube(point: { x: number; y: number }): { q: number; r: number } }
    | undefined;
  if (!token || !grid?.isHexagonal) return null;
  const centre = token.getCenterPoint();
  const cube = grid.getCube({ x: centre.x, y: centre.y });
  // A token's rotation 0 looks south; the engine measures clockwise from east.
  const facing = facingFromAngle(Number(token.rotation ?? 0) + 90, grid.columns ? "flat" : "pointy");
  return { hex: { q: cube.q, r: cube.r }, facing };
}

/** Engagements and who has a foe in their rear hex, for the machine's setEngagements. */
export function pulseEngagements(combatants: readonly CombatantInfo[]): { groups: string[][]; rear: string[] } {
  const placed = combatants.filter((c) => c.placed);
  if (placed.length >= 2 && placed.length === combatants.length) {
    const figures: Figure[] = placed.map((c) => ({ id: c.id, side: c.side, hex: c.placed!.hex, facing: c.placed!.facing }));
    return { groups: engagementsFrom(figures), rear: figures.filter((f) => opponentInRear(f, figures)).map((f) => f.id) };
  }
  const groups = new Map<string, string[]>();
  for (const c of combatants) if (c.groupId) groups.set(c.groupId, [...(groups.get(c.groupId) ?? []), c.id]);
  return { groups: [...groups.values()].filter((g) => g.length >= 2), rear: [] };
}
