/**
 * Foundry's record of how a token moved (v13 `TokenDocument#movementHistory`,
 * the `_movementHistory` field its `_preUpdate` extends with every movement
 * made while its combatant fights in the current, started combat), read as the
 * path the rules count movement over: a phased round's paces, a pulse's hexes.
 * The record starts with where the token set off; a point after a gap is
 * marked "displace" by Foundry (the token was put there, not walked there).
 *
 * Core clears a combatant's record at the start of each of its turns
 * (`Combat#_clearMovementHistoryOnStartTurn`). A fight whose rules count
 * movement over a longer span (a round, a pulse) clears its fighters' records
 * itself when that span begins, in the step's own write (`clearMovementRecords`),
 * and leaves core's turn clearing out (BoutCombat).
 */
import type { WriteBatch } from "./batch";

/** A point of a recorded path: the token's top-left corner and size there; `displaced` when it was put there rather than moved. */
export interface RecordedPoint {
  readonly x: number;
  readonly y: number;
  readonly width?: number;
  readonly height?: number;
  readonly displaced?: boolean;
}

interface Waypoint {
  readonly x?: unknown;
  readonly y?: unknown;
  readonly width?: unknown;
  readonly height?: unknown;
  readonly action?: unknown;
  readonly intermediate?: unknown;
}

/** Recorded waypoints as points: the intermediate grid steps Foundry adds between waypoints are left out. */
export function pathOf(waypoints: readonly Waypoint[] | null | undefined): RecordedPoint[] {
  return (waypoints ?? [])
    .filter((w) => !w.intermediate && Number.isFinite(Number(w.x)) && Number.isFinite(Number(w.y)))
    .map((w) => ({
      x: Number(w.x),
      y: Number(w.y),
      ...(Number(w.width) > 0 ? { width: Number(w.width) } : {}),
      ...(Number(w.height) > 0 ? { height: Number(w.height) } : {}),
      ...(w.action === "displace" ? { displaced: true } : {}),
    }));
}

/** The path a token has moved since its record was last cleared (empty when it has none). */
export function recordedPath(token: unknown): RecordedPoint[] {
  const t = token as { movementHistory?: readonly Waypoint[]; _source?: { _movementHistory?: readonly Waypoint[] } } | null;
  return pathOf(t?.movementHistory ?? t?._source?._movementHistory);
}

/**
 * A recorded path carried on by a move from `from` through `route`: the move
 * starts where the path ends, or after a gap (a displacement) when it does not.
 */
export function extendPath(path: readonly RecordedPoint[], from: RecordedPoint, route: readonly RecordedPoint[]): RecordedPoint[] {
  const last = path.at(-1);
  const joined = last && last.x === from.x && last.y === from.y ? [...path] : [...path, last ? { ...from, displaced: true } : from];
  return [...joined, ...route.map((p) => ({ x: p.x, y: p.y, ...(from.width ? { width: from.width } : {}), ...(from.height ? { height: from.height } : {}) }))];
}

type CombatantLike = { readonly id?: string | null; readonly token?: unknown };
interface CombatLike {
  readonly combatants: { readonly contents: readonly CombatantLike[]; get(id: string): CombatantLike | undefined };
}

/**
 * The step that begins a span of movement clears the records of the fight's
 * tokens that have any (`only`: of those combatants): one update per scene, as core's
 * `Combat#clearMovementHistories` sends it (`_clearMovementHistory`), joined to
 * the step's batch. Hooks are heard, so every GM's memory of the tokens
 * (move-recheck.ts) starts the span empty too.
 */
export function clearMovementRecords(batch: WriteBatch, combat: CombatLike | null | undefined, only?: readonly string[]): void {
  const byScene = new Map<unknown, { _id: string }[]>();
  // Those named looked up (a turn's clearing names one fighter: issue 35), else every combatant.
  const chosen = only ? only.flatMap((id) => combat?.combatants.get(id) ?? []) : (combat?.combatants.contents ?? []);
  for (const c of chosen) {
    const token = c.token as { id?: string | null; parent?: unknown; _source?: { _movementHistory?: readonly unknown[] } } | null | undefined;
    if (!token?.id || !token.parent || !token._source?._movementHistory?.length) continue;
    const list = byScene.get(token.parent) ?? [];
    if (!list.some((u) => u._id === token.id)) list.push({ _id: token.id });
    byScene.set(token.parent, list);
  }
  for (const [scene, updates] of byScene) batch.updateIn(scene, "Token", updates, { diff: false, _clearMovementHistory: true });
}
