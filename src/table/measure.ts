/**
 * Distances between fighters, measured from their tokens, never typed: the
 * shell reads where the tokens stand and hands the engine the distance, in the
 * scene's own units (each ruleset turns them into its paces or yards).
 *
 * A fighter's token: an unlinked token's actor is its own token; in a fight,
 * its combatant's token; otherwise a linked actor's one token on the scene
 * the other fighter stands on. Two fighters are measured only on one scene,
 * on the plane (a v14 level apart changes nothing: the map is measured).
 * Nothing to measure (no token, tokens on two scenes, a linked actor with
 * several tokens there): null, and the rules fall back on the GM's word.
 */
import { yardsPerUnit } from "../engine/measure";
import { combatantOf } from "./fighter";

export interface PlacedToken {
  readonly id: string | null;
  readonly x: number;
  readonly y: number;
  readonly width?: number;
  readonly height?: number;
  readonly parent?: unknown;
  getCenterPoint(data?: { x: number; y: number }): { x: number; y: number };
}

interface SceneLike {
  readonly id: string | null;
  readonly active?: boolean;
  readonly grid?: { readonly size?: number; readonly distance?: number; readonly units?: string } | null;
  readonly tokens?: { readonly contents: readonly (PlacedToken & { actorId?: string | null; actorLink?: boolean })[] };
}

interface FighterLike {
  readonly id: string | null;
  readonly uuid: string | null;
  readonly isToken?: boolean;
  readonly token?: unknown;
}

/** The tokens a fighter may stand on: its own (unlinked), its combatant's in the fight, else a linked actor's on each scene. */
function candidates(actor: FighterLike, combatId?: string | null): PlacedToken[] {
  if (actor.isToken) return actor.token ? [actor.token as PlacedToken] : [];
  const combat = combatId ? (game.combats?.get(combatId) as Parameters<typeof combatantOf>[0]) : null;
  const token = (combatantOf(combat, actor as never) as { token?: unknown } | null)?.token as PlacedToken | null | undefined;
  if (token) return [token];
  const out: PlacedToken[] = [];
  for (const scene of (game.scenes?.contents ?? []) as SceneLike[]) {
    const own = (scene.tokens?.contents ?? []).filter((t) => t.actorLink && t.actorId === actor.id);
    // A linked actor with several tokens on a scene: which one is meant cannot be told there.
    if (own.length === 1) out.push(own[0]!);
  }
  return out;
}

/** Two fighters' tokens on one scene (the active scene first when they share several), or null. */
export function tokensOf(a: FighterLike, b: FighterLike, combatId?: string | null): { readonly a: PlacedToken; readonly b: PlacedToken; readonly scene: SceneLike } | null {
  const mine = candidates(a, combatId);
  const theirs = candidates(b, combatId);
  const pairs = mine.flatMap((x) => theirs.filter((y) => y !== x && y.parent && y.parent === x.parent).map((y) => ({ a: x, b: y, scene: x.parent as SceneLike })));
  return pairs.find((p) => p.scene.active) ?? pairs[0] ?? null;
}

/** Scene units in one pixel (the grid's distance per grid space over its size in pixels). */
export function unitsPerPixel(scene: SceneLike | null | undefined): number {
  const size = Number(scene?.grid?.size) > 0 ? Number(scene!.grid!.size) : 100;
  const distance = Number(scene?.grid?.distance) > 0 ? Number(scene!.grid!.distance) : 1;
  return distance / size;
}

/** The scene's name for its units ("ft", "m", "yd", ...). */
export const unitsOf = (scene: SceneLike | null | undefined): string => String(scene?.grid?.units ?? "");

/** Between the two tokens' centres, in scene units; `at`: where token `a` stood instead (the top-left corner). */
export function centreDistance(a: PlacedToken, b: PlacedToken, scene: SceneLike, at?: { x: number; y: number }): number {
  const p = at ? a.getCenterPoint({ x: at.x, y: at.y }) : a.getCenterPoint();
  const q = b.getCenterPoint();
  return Math.hypot(p.x - q.x, p.y - q.y) * unitsPerPixel(scene);
}

/**
 * The gap between the two tokens' footprints (the rectangles they cover), in
 * scene units: 0 when they touch or overlap, corner to corner included.
 * `at`: where token `a` stood instead (the top-left corner).
 */
export function gapBetween(a: PlacedToken, b: PlacedToken, scene: SceneLike, at?: { x: number; y: number }): number {
  const px = (scene.grid?.size && Number(scene.grid.size) > 0 ? Number(scene.grid.size) : 100);
  const box = (t: PlacedToken, where?: { x: number; y: number }) => {
    const x = where?.x ?? t.x;
    const y = where?.y ?? t.y;
    return { x0: x, y0: y, x1: x + Number(t.width ?? 1) * px, y1: y + Number(t.height ?? 1) * px };
  };
  const r = box(a, at);
  const s = box(b);
  const dx = Math.max(0, s.x0 - r.x1, r.x0 - s.x1);
  const dy = Math.max(0, s.y0 - r.y1, r.y0 - s.y1);
  return Math.hypot(dx, dy) * unitsPerPixel(scene);
}

/**
 * Two fighters measured in yards on their scene (the scene's units turned to yards): the gap between
 * their tokens' footprints and the distance centre to centre; `at`: where the first stood instead.
 * Null where there is nothing to measure.
 */
export function yardsBetween(a: FighterLike, b: FighterLike, combatId?: string | null, at?: { x: number; y: number }): { readonly gap: number; readonly centre: number } | null {
  const pair = tokensOf(a, b, combatId);
  if (!pair) return null;
  const yards = yardsPerUnit(unitsOf(pair.scene));
  return { gap: gapBetween(pair.a, pair.b, pair.scene, at) * yards, centre: centreDistance(pair.a, pair.b, pair.scene, at) * yards };
}
