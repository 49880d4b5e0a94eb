/**
 * The active GM judges every player's token move again. A mover's client checks
 * its own move (preMoveToken, preUpdateToken), but a hostile client can skip its
 * own hooks or write any figure, and Foundry lets a token's owner move it. So
 * every GM client remembers where each token stood after the last move it saw
 * (its own memory, never the mover's word), and after a player's move the
 * active GM asks each ruleset's judge whether the move was allowed from there.
 * A refused move is put back in one write with a notice; a judge may instead
 * correct what the mover wrote alongside the move (one write, only when wrong).
 *
 * The memory also holds the path the token has moved since its movement record
 * was last cleared (movement-record.ts): Foundry's record as a GM wrote it or
 * found it, carried on by each player's move as the GM judged it, so a record
 * a player's client shortened or emptied buys no extra movement.
 */
import { notifyRefusal } from "./notify";
import type { Refusal } from "../engine/outcome";
import { extendPath, pathOf, recordedPath, type RecordedPoint } from "./movement-record";
import { SYSTEM_ID } from "../config";

/** Where a token stood and what it carried, before a move. */
export interface Standing {
  readonly x: number;
  readonly y: number;
  readonly rotation: number;
  readonly width: number;
  readonly height: number;
  readonly flags: Readonly<Record<string, unknown>>;
  /** The path moved since the token's movement record was last cleared, as this GM knows it. */
  readonly path: readonly RecordedPoint[];
}

export interface MovedToken {
  readonly id: string | null;
  readonly uuid: string;
  readonly name?: string | null;
  readonly x: number;
  readonly y: number;
  readonly rotation?: number;
  readonly width?: number;
  readonly height?: number;
  readonly flags?: Record<string, unknown>;
  update(changes: Record<string, unknown>, options?: Record<string, unknown>): Promise<unknown>;
}

/**
 * A judge's verdict: refused (put back), or allowed with what the fields it
 * counts must hold (`correct`, by path: the GM's own count of what the mover
 * wrote alongside the move, remembered as this GM's and written where the token
 * holds anything else).
 */
export type MoveVerdict = { readonly ok: true; readonly correct?: Record<string, unknown> } | { readonly ok: false; readonly refusal: Refusal };

/** A ruleset's judge of a move (or a turn in place) already made, from where the token stood before. Null: not its business. */
export type MoveJudge = (token: MovedToken, before: Standing, changes: Record<string, unknown>, options: Record<string, unknown>, userId: string) => MoveVerdict | null;

const judges: MoveJudge[] = [];
const standings = new Map<string, Standing>();

const standingOf = (t: MovedToken): Standing => ({
  x: Number(t.x),
  y: Number(t.y),
  rotation: Number(t.rotation ?? 0),
  width: Number(t.width ?? 1),
  height: Number(t.height ?? 1),
  flags: foundry.utils.deepClone(t.flags ?? {}),
  path: recordedPath(t),
});

/** The GM putting a token back where it stood: no move check applies to it. */
export const isPutBack = (options: unknown): boolean => Boolean((options as { bout?: { putBack?: unknown } } | null)?.bout?.putBack);

type Point = { readonly x: number; readonly y: number };

/**
 * The route a move took to where the token now stands: the waypoints v13's
 * movement data recorded for it (or, failing that, those a plain update
 * `named`), when they end there; else the straight line to its new place.
 */
export function recordedRoute(token: MovedToken, options: Record<string, unknown>, named?: readonly Point[]): Point[] {
  const recorded = (options._movement as Record<string, { passed?: { waypoints?: readonly (Point & { intermediate?: boolean })[] } }> | undefined)?.[token.id ?? ""]?.passed?.waypoints;
  const legs = (recorded ?? named ?? []).filter((w) => !(w as { intermediate?: boolean }).intermediate);
  const end = { x: Number(token.x), y: Number(token.y) };
  return legs.length && legs.at(-1)!.x === end.x && legs.at(-1)!.y === end.y ? [...legs] : [end];
}

/**
 * Is this player's move an undo the GM can verify? v13 lets any client send an
 * update with the `isUndo` option (or movement method "undo"), and only such an
 * update may set the token's `_movementHistory` (TokenDocument#_preUpdate); core
 * sends it from TokenDocument#revertRecordedMovement, which cuts the record
 * before the undone movement and puts the token where that movement set off
 * (the last point kept, or the record's first when nothing is kept). So a
 * player may call any move an undo: it counts as one only when the record it
 * leaves is the start of the path the GM knows, and the token stands at that
 * cut. Anything else is a move like any other (issue 31, hostile).
 */
export function verifiedUndo(token: MovedToken, before: Standing, options: Record<string, unknown>): boolean {
  const method = (options._movement as Record<string, { method?: unknown } | undefined> | undefined)?.[token.id ?? ""]?.method;
  if (!options.isUndo && method !== "undo") return false;
  const kept = recordedPath(token);
  const prefix = kept.length <= before.path.length && kept.every((p, i) => p.x === before.path[i]!.x && p.y === before.path[i]!.y);
  const back = kept.at(-1) ?? before.path[0];
  return prefix && Boolean(back) && back!.x === Number(token.x) && back!.y === Number(token.y);
}

/**
 * The path after a player's move, as the GM counts it: an undo the GM can
 * verify takes the record back to a point the GM knew it passed; any other move
 * (a forged undo too) carries the known path on along its route.
 */
function playerPath(token: MovedToken, before: Standing, options: Record<string, unknown>): RecordedPoint[] {
  if (verifiedUndo(token, before, options)) return recordedPath(token);
  const from: RecordedPoint = { x: before.x, y: before.y, width: before.width, height: before.height };
  return extendPath(before.path, from, pathOf(recordedRoute(token, options)));
}

/**
 * The path a token has moved since its movement record was last cleared, as
 * this GM knows it (the record itself where this client keeps no memory of it).
 */
export function knownPath(token: { readonly uuid?: string | null } | null | undefined): readonly RecordedPoint[] {
  if (!token) return [];
  return (token.uuid ? standings.get(token.uuid)?.path : undefined) ?? recordedPath(token);
}

/**
 * The system's flags on a token as this GM knows them (what a GM wrote, or a
 * judge counted for a player's move), else as the token holds them: its owner
 * may write them, so a GM's client reads this.
 */
export function knownFlags(token: { readonly uuid?: string | null; readonly flags?: Record<string, unknown> } | null | undefined): Readonly<Record<string, unknown>> {
  if (!token) return {};
  const known = token.uuid ? standings.get(token.uuid)?.flags : undefined;
  return ((known ?? token.flags ?? {})[SYSTEM_ID] ?? {}) as Record<string, unknown>;
}

/** After a player's update: the flags as the GM counts them (the system's own as they were, other modules' as written), with the judges' counts. */
function playerFlags(now: Standing, before: Standing, counted: Record<string, unknown>): Record<string, unknown> {
  const flags = { flags: foundry.utils.deepClone({ ...now.flags, [SYSTEM_ID]: before.flags[SYSTEM_ID] ?? {} }) };
  for (const [path, value] of Object.entries(counted)) if (path.startsWith("flags.")) foundry.utils.setProperty(flags, path, foundry.utils.deepClone(value));
  return flags.flags;
}

export function registerMoveJudge(judge: MoveJudge): void {
  judges.push(judge);
}

/**
 * Put a token back where it stood: its place, its facing and its flags (keys the mover added are removed).
 * It is written as core's own undo writes (v13 TokenDocument#revertRecordedMovement: `_movementHistory`
 * given with `isUndo`, the one way `_preUpdate` lets the record be set, and an undo is not recorded as a
 * movement): the record keeps what was walked before the refused move, so the put-back is no walk of its own.
 */
function putBack(token: MovedToken, before: Standing, options: Record<string, unknown>): Promise<unknown> {
  const moveId = (options._movement as Record<string, { id?: unknown }> | undefined)?.[token.id ?? ""]?.id;
  const history = ((token as { _source?: { _movementHistory?: readonly { movementId?: unknown }[] } })._source?._movementHistory ?? []);
  // The refused move's own legs, when Foundry recorded it (a write past the client records none): the record is kept up to them.
  const found = typeof moveId === "string" ? history.findIndex((w) => w.movementId === moveId) : -1;
  const undo = { _movementHistory: history.slice(0, found >= 0 ? found : history.length) };
  const flags: Record<string, unknown> = {};
  for (const [scope, now] of Object.entries(token.flags ?? {})) {
    const was = (before.flags[scope] ?? {}) as Record<string, unknown>;
    for (const key of Object.keys((now ?? {}) as object)) if (!(key in was)) flags[`flags.${scope}.-=${key}`] = null;
    for (const [key, value] of Object.entries(was)) flags[`flags.${scope}.${key}`] = foundry.utils.deepClone(value);
  }
  return token.update({ x: before.x, y: before.y, rotation: before.rotation, ...flags, ...undo }, { bout: { putBack: true }, isUndo: true });
}

/** After an update on this client: remember the token, and, on the active GM, judge a player's move. */
export async function recheckMove(token: MovedToken, changes: Record<string, unknown>, options: Record<string, unknown>, userId: string): Promise<void> {
  // Every GM keeps the memory, so a GM who takes over as active GM has it too.
  if (!game.user?.isGM) return;
  const before = standings.get(token.uuid);
  const byGM = Boolean(game.users?.get(userId)?.isGM);
  const moving = "x" in changes || "y" in changes;
  // What a player writes beside no move (a count of hexes, say) is not remembered: only the GM's writes and judged moves are.
  // The path a player's move adds is the route the GM reads for it, after the path the GM knew.
  // A turn in place is judged too: it may cost movement (a multi-hex figure's, seed 004 [22]).
  const turning = "rotation" in changes;
  const now = standingOf(token);
  if (byGM || !before) {
    standings.set(token.uuid, now);
    return;
  }
  // The judges count on every GM's client (each keeps the memory); only the active GM puts back or writes.
  const counted: Record<string, unknown> = {};
  let refused: MoveVerdict | null = null;
  if (moving || turning) {
    for (const judge of judges) {
      const verdict = judge(token, before, changes, options, userId);
      if (!verdict) continue;
      if (!verdict.ok) {
        refused = verdict;
        break;
      }
      Object.assign(counted, verdict.correct ?? {});
    }
  }
  if (refused && !refused.ok) {
    standings.set(token.uuid, before);
    if (!game.user.isActiveGM) return;
    notifyRefusal(refused.refusal);
    await putBack(token, before, options);
    return;
  }
  standings.set(token.uuid, { ...now, flags: playerFlags(now, before, counted), path: moving ? playerPath(token, before, options) : before.path });
  if (!game.user.isActiveGM) return;
  // Written only where the token holds something else than the GM's count.
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const correct = Object.fromEntries(Object.entries(counted).filter(([path, value]) => !same(foundry.utils.getProperty(token, path), value)));
  if (Object.keys(correct).length) await token.update(correct);
}

export function registerMoveRecheck(): void {
  Hooks.on("updateToken", (token, changes, options, userId) => {
    void recheckMove(token as unknown as MovedToken, changes as Record<string, unknown>, options as unknown as Record<string, unknown>, userId);
  });
  // The memory starts from the scenes as they are when a GM's client is ready, and follows new tokens.
  Hooks.once("ready", () => {
    if (game.user?.isGM) for (const scene of game.scenes ?? []) for (const t of scene.tokens) standings.set(t.uuid, standingOf(t as MovedToken));
  });
  Hooks.on("createToken", (t) => {
    if (game.user?.isGM && t.uuid) standings.set(t.uuid, standingOf(t as MovedToken));
  });
}
