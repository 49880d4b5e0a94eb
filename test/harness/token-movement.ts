/**
 * A small model of v13's token movement workflow (TokenDocument#move and the
 * movement step of TokenDocument#_preUpdate), enough for a system's
 * `preMoveToken` handler to be tested as Foundry calls it:
 *
 * - An update that sets any of x, y, elevation, width, height or shape to a new
 *   value, or that carries `options.movement[id].waypoints`, is a movement. A
 *   plain update becomes one waypoint at the new position.
 * - The path is split after its first checkpoint (a waypoint with `checkpoint:
 *   true`; the last one always is). The update takes the token to that point
 *   ("passed"); the rest ("pending") is continued by a later update from the
 *   same client, in order, once this one is done.
 * - `preMoveToken(document, movement, operation)` is called before the
 *   `preUpdateToken` hook, unless `noHook`. Returning false strips the movement
 *   fields from the update (other changes still go) and drops what is pending.
 * - With `autoRotate` and no rotation in the update, the token turns to face the
 *   last leg that moved it (rotation 0 looks south, as in Foundry).
 * - An update with `isUndo` is method "undo" and is never split.
 * - After the update every client hears `moveToken(document, movement,
 *   operation, user)` (runtime.ts, where the broadcast is applied).
 * - Movement history (v13 TokenDocument #preUpdateMovement): the update is
 *   recorded unless it is an undo and when `_shouldRecordMovementHistory()`
 *   says so (v13: the token's combatant in `game.combat`, once that combat has
 *   started). The recorded history is `_movementHistory` as it was, then the
 *   movement's origin when the history is empty or ends elsewhere (action
 *   "displace" after a gap, else the first waypoint's action), then the passed
 *   waypoints, each with the moving user's id and the movement's id; what is
 *   pending is recorded by the continuation. The movement data's `history`
 *   holds the recorded and unrecorded parts, and `recorded` says which. An
 *   update may not set `_movementHistory` itself unless it is an undo;
 *   `_clearMovementHistory` empties it (TokenDocument#clearMovementHistory).
 *
 * Left out: regions (no region checkpoints), walls and constrained paths,
 * cost measurement (distance, cost, spaces and diagonals are 0; a system reads
 * the waypoints), intermediate grid steps, the canvas's unrecorded drag
 * history (`_movementArguments.unrecorded`), animation, pausing.
 */
import { type AnyObject, randomID } from "./utils";
import { modelsV14 } from "./version";

// v14 Scene Levels: a waypoint also names its level (v14 API: TokenProcessedMovementWaypoint#level, "The level ID.
// Default: the previous or source level ID"; TokenMovementSegmentData#level), so a change of level is a movement.
// (v14 waypoints also carry a `depth`, not modelled: the system reads none.) Only tokens move: a Token document records
// its v14 rule when it is made (runtime.ts), so this is not recorded again here.
const MOVEMENT_FIELDS: readonly string[] = ["x", "y", "elevation", "width", "height", "shape", ...(modelsV14() ? ["level"] : [])];
const METHODS = ["api", "config", "dragging", "keyboard", "paste", "undo"];

const emptySection = (waypoints: AnyObject[]) => ({ waypoints, distance: 0, cost: 0, spaces: 0, diagonals: 0 });

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const v of Object.values(value as AnyObject)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

export interface MovementHost {
  readonly id: string | null;
  readonly _source: AnyObject;
  getCenterPoint(data?: AnyObject): { x: number; y: number };
  /** v13 TokenDocument#_shouldRecordMovementHistory. */
  _shouldRecordMovementHistory(): boolean;
}

/** What the document keeps between the update and its continuation. */
export interface PendingMovement {
  readonly move: AnyObject;
  readonly updateOptions: AnyObject;
}

/**
 * The movement step of `_preUpdate`: rewrites `changes` to the first checkpoint,
 * calls `preMoveToken`, and returns the movement to continue (or null).
 */
export function preUpdateMovement(doc: MovementHost, changes: AnyObject, options: AnyObject, callHook: (move: AnyObject) => unknown, autoRotateDefault: () => boolean, userId = ""): PendingMovement | null {
  const source = doc._source;
  // v13: the history is not changed directly, except by an undo or an explicit reset.
  if (!options.isUndo) delete changes._movementHistory;
  if (options._clearMovementHistory) changes._movementHistory = [];
  const request = options.movement?.[doc.id ?? ""] as AnyObject | undefined;
  let waypoints: AnyObject[] | undefined = Array.isArray(request?.waypoints) && request.waypoints.length ? request.waypoints : undefined;
  const origin = Object.freeze(Object.fromEntries(MOVEMENT_FIELDS.map((k) => [k, source[k]])));
  if (!waypoints && MOVEMENT_FIELDS.some((k) => k in changes && changes[k] !== origin[k])) {
    waypoints = [{ ...Object.fromEntries(MOVEMENT_FIELDS.map((k) => [k, changes[k] ?? source[k]])), action: "walk", snapped: false, explicit: false, checkpoint: true }];
  }
  if (!waypoints) {
    for (const k of MOVEMENT_FIELDS) delete changes[k];
    return null;
  }
  const method = request?.method ?? (options.isPaste ? "paste" : options.isUndo ? "undo" : "api");
  if (!METHODS.includes(method)) throw new Error("Invalid movement method");
  const autoRotate = method === "paste" || method === "undo" ? false : (request?.autoRotate ?? (method === "dragging" || method === "keyboard" ? autoRotateDefault() : false));
  const showRuler = method === "dragging" ? (request?.showRuler ?? true) : Boolean(request?.showRuler);

  // Each waypoint leaves out what it keeps from the one before.
  let previous: AnyObject = origin;
  const cleaned = waypoints.map((w) => {
    const full: AnyObject = { ...Object.fromEntries(MOVEMENT_FIELDS.map((k) => [k, w[k] ?? previous[k]])), action: w.action ?? "walk", snapped: Boolean(w.snapped), explicit: Boolean(w.explicit), checkpoint: Boolean(w.checkpoint) };
    previous = full;
    return full;
  });
  let passed: AnyObject[];
  let pending: AnyObject[];
  if (method === "paste" || method === "undo") [passed, pending] = [cleaned, []];
  else {
    const split = cleaned.findIndex((w) => w.checkpoint);
    const end = split < 0 ? cleaned.length : split + 1;
    [passed, pending] = [cleaned.slice(0, end), cleaned.slice(end)];
  }
  const destination = passed.at(-1)!;
  destination.checkpoint = true;
  for (const k of MOVEMENT_FIELDS) changes[k] = destination[k];

  // The history as recorded so far, and the origin added where the history does not already end there.
  const movementId = randomID();
  const recorded = !options.isUndo && doc._shouldRecordMovementHistory();
  const recordedHistory: AnyObject[] = ((source._movementHistory as AnyObject[] | undefined) ?? []).map((w) => ({ ...w }));
  const combined = [...recordedHistory];
  const last = combined.at(-1);
  if (!last || MOVEMENT_FIELDS.some((k) => last[k] !== origin[k])) {
    combined.push({ ...origin, action: last ? "displace" : passed[0]!.action, terrain: null, snapped: false, explicit: false, checkpoint: true, intermediate: false, userId, movementId, cost: 0 });
  }
  const unrecordedHistory = combined.slice(recordedHistory.length);
  const stamp = (w: AnyObject) => Object.assign(w, { intermediate: false, userId, movementId, cost: 0 });
  passed.forEach(stamp);
  pending.forEach(stamp);

  const args = options._movementArguments as AnyObject | undefined;
  const move: AnyObject = Object.seal({
    id: movementId,
    chain: args?.chain ?? [],
    origin,
    destination: Object.fromEntries(MOVEMENT_FIELDS.map((k) => [k, destination[k]])),
    passed: emptySection(passed),
    pending: emptySection(pending),
    history: { recorded: emptySection(recordedHistory), unrecorded: emptySection(unrecordedHistory), distance: 0, cost: 0, spaces: 0, diagonals: 0 },
    constrained: false,
    recorded,
    method,
    constrainOptions: { ...(request?.constrainOptions ?? {}) },
    autoRotate,
    showRuler,
  });
  for (const [key, value] of Object.entries(move)) {
    if (key === "autoRotate" || key === "showRuler") continue;
    Object.defineProperty(move, key, { value: deepFreeze(value) });
  }
  const allowed = options.noHook ? true : callHook(move);
  if (allowed === false) {
    for (const k of MOVEMENT_FIELDS) delete changes[k];
    return null;
  }
  if (move.autoRotate && !("rotation" in changes)) {
    // The last leg that moved the token's centre sets its facing.
    const points = [origin, ...passed].map((p) => doc.getCenterPoint(p));
    for (let i = points.length - 1; i > 0; i--) {
      const dx = points[i]!.x - points[i - 1]!.x;
      const dy = points[i]!.y - points[i - 1]!.y;
      if (dx === 0 && dy === 0) continue;
      changes.rotation = (((Math.atan2(dy, dx) * 180) / Math.PI - 90) % 360 + 360) % 360;
      break;
    }
  }
  // The record of the movement joins the update (v13: the combined history through what was passed).
  if (recorded) changes._movementHistory = [...combined, ...passed].map((w) => ({ ...w }));
  options._movement ??= {};
  Object.defineProperty(options._movement, doc.id ?? "", { value: move, enumerable: true, configurable: true });
  options.diff = false;
  if (args) args.result = true;
  if (!pending.length) return null;
  const { movement: _request, _movement: _done, _movementArguments: _args, ...updateOptions } = options;
  return { move, updateOptions };
}

/** TokenDocument#move: an empty update carrying the waypoints. */
export async function moveThrough(doc: { id: string | null; update(changes: AnyObject, options: AnyObject): Promise<unknown> }, waypoints: AnyObject | AnyObject[], { method, constrainOptions, autoRotate, showRuler, ...options }: AnyObject = {}): Promise<boolean> {
  const list = Array.isArray(waypoints) ? waypoints : [waypoints];
  if (!list.length) return false;
  const args: AnyObject = { result: false };
  const updated = await doc.update({}, { ...options, movement: { [doc.id ?? ""]: { waypoints: list, method, constrainOptions, autoRotate, showRuler } }, _movementArguments: args });
  return Boolean(args.result && updated);
}

/** The continuation: the next update takes the token on through what was pending, as the same movement's chain. */
export async function continueMovement(doc: { id: string | null; update(changes: AnyObject, options: AnyObject): Promise<unknown> }, pending: PendingMovement): Promise<boolean> {
  const { move, updateOptions } = pending;
  const args: AnyObject = { result: false, movementId: move.id, chain: [...move.chain, move.id] };
  const waypoints = (move.pending.waypoints as AnyObject[]).map((w) => ({ ...w }));
  const updated = await doc.update({}, { ...updateOptions, movement: { [doc.id ?? ""]: { waypoints, method: move.method, constrainOptions: move.constrainOptions, autoRotate: move.autoRotate, showRuler: move.showRuler } }, _movementArguments: args });
  return Boolean(args.result && updated);
}
