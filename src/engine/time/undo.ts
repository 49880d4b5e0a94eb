/**
 * The GM's undo of the last step: which writes of a fight's state can be taken
 * back and what taking one back restores. Pure: the shell keeps the history
 * beside the state (in the same write as each step) and writes what `undoStep`
 * returns.
 *
 * Each step keeps a reverse patch (what turns the new state back into the old
 * one), not the old state whole: a step changes a few fields, so the history
 * adds little to each write (test/shell/fight-state-bytes.test.ts measures it).
 * The last step is always kept; up to UNDO_DEPTH while the history stays no
 * longer than the state (a new round that changes every fighter keeps fewer).
 *
 * What undo restores: the machine's state (and so the tracker, core's round and
 * turn, which follow it) and the world time the step moved on. What it does not:
 * anything outside the combat's state (wounds applied, chat cards posted and
 * their buttons, actors' figures, a fighter's group document).
 */
import { ok, refuse, type Outcome } from "../outcome";

/** Steps kept for undo. */
export const UNDO_DEPTH = 5;

/**
 * A JSON reverse patch: ["=", value] replaces, ["-"] removes an object's key,
 * ["{", {key: patch}] patches an object's keys, ["[", {index: patch}] patches
 * an array of the same length element by element.
 */
export type Patch = readonly ["=", unknown] | readonly ["-"] | readonly ["{", Readonly<Record<string, Patch>>] | readonly ["[", Readonly<Record<string, Patch>>];

/** One step that can be taken back. */
export interface UndoEntry {
  /** Turns the state after the step back into the state before it. */
  readonly back: Patch;
  /** A fingerprint of the state after the step: undo only applies to that state. */
  readonly at: string;
  /** World seconds the step moved on (taken back by undo). */
  readonly seconds: number;
  /** The entry's length as JSON, measured once when it is made (absent in older histories). */
  readonly size?: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Sets an own key, even one named like a prototype's (`__proto__`): states are parsed JSON and may hold any key. */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The patch that turns `to` back into `from`; null when they are equal. */
export function reversePatch(from: unknown, to: unknown): Patch | null {
  if (Array.isArray(from) && Array.isArray(to) && from.length === to.length) {
    const parts: Record<string, Patch> = {};
    from.forEach((v, i) => {
      const p = reversePatch(v, to[i]);
      if (p) put(parts, String(i), p);
    });
    return Object.keys(parts).length ? ["[", parts] : null;
  }
  if (isObject(from) && isObject(to)) {
    const parts: Record<string, Patch> = {};
    for (const key of Object.keys(to)) {
      if (!Object.hasOwn(from, key)) put(parts, key, ["-"]);
      else {
        const p = reversePatch(from[key], to[key]);
        if (p) put(parts, key, p);
      }
    }
    for (const key of Object.keys(from)) if (!Object.hasOwn(to, key)) put(parts, key, ["=", from[key]]);
    return Object.keys(parts).length ? ["{", parts] : null;
  }
  return JSON.stringify(from) === JSON.stringify(to) ? null : ["=", from];
}

/** `value` with the patch applied (a new value; the input is not changed). */
export function applyPatch(value: unknown, patch: Patch | null): unknown {
  if (!patch) return value;
  if (patch[0] === "=") return patch[1] === undefined ? undefined : JSON.parse(JSON.stringify(patch[1]));
  if (patch[0] === "[" && Array.isArray(value)) return value.map((v, i) => (Object.hasOwn(patch[1], i) ? applyPatch(v, patch[1][i]!) : v));
  if (patch[0] === "{" && isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) put(out, key, value[key]);
    for (const [key, p] of Object.entries(patch[1])) {
      if (p[0] === "-") delete out[key];
      else put(out, key, applyPatch(Object.hasOwn(value, key) ? value[key] : undefined, p));
    }
    return out;
  }
  return value;
}

/**
 * A value's JSON with every object's keys in sorted order: the same text for
 * equal states whatever order their keys were set in (a stored state merged
 * key by key keeps Foundry's order, not the engine's).
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  if (isObject(value)) {
    const parts: string[] = [];
    for (const key of Object.keys(value).sort()) if (value[key] !== undefined) parts.push(`${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${parts.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** A short fingerprint of a state (FNV-1a over its canonical JSON), to tell that the history still fits the state. */
export function fingerprint(state: unknown): string {
  return fingerprintOf(canonicalJson(state));
}

/** The fingerprint older histories kept: over the state's JSON in its own key order. */
function textFingerprint(state: unknown): string {
  return fingerprintOf(JSON.stringify(state) ?? "");
}

function fingerprintOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${h.toString(36)}.${text.length.toString(36)}`;
}

/** What marks a step that ended timed conditions on the tokens (a knockout's seconds up): written outside the state. */
export const CONDITIONS_ENDED = "conditionsEnded";

/**
 * Commands whose step cannot be taken back, so they clear the history: a
 * fighter who left the fight (the combatant is gone), a fighter moved into
 * another bout (the move also changes the combatant's group, outside the
 * state), and a step whose clock ended conditions on the tokens (issue 31).
 */
export const NOT_UNDOABLE: ReadonlySet<string> = new Set(["leave", "move", CONDITIONS_ENDED]);

/** Can a step made of these commands be taken back? */
export function undoable(commandTypes: readonly string[]): boolean {
  return !commandTypes.some((type) => NOT_UNDOABLE.has(type));
}

/**
 * The history after a step from `before` to `after` that moved world time on
 * by `seconds`: the step on top (the oldest dropped past UNDO_DEPTH), or empty
 * when the step cannot be taken back. A step that changes nothing leaves it as
 * it is. Older steps are kept only while the whole history is no longer than
 * the new state itself, so a step's write is at most about twice the state.
 */
export function historyAfterStep(history: readonly UndoEntry[], before: unknown, after: unknown, seconds: number, commandTypes: readonly string[]): UndoEntry[] {
  if (!undoable(commandTypes)) return [];
  const back = reversePatch(before, after);
  if (!back) return [...history];
  // The state is serialised once, for its fingerprint and its size; each entry once, when it is made.
  const text = canonicalJson(after);
  const made = { back, at: fingerprintOf(text), seconds: Math.max(0, Number.isFinite(seconds) ? seconds : 0) };
  const entry: UndoEntry = { ...made, size: entrySize(made) };
  // The newest step always; older ones while the history stays within the state's own size.
  const budget = text.length;
  const kept = [entry];
  let size = entry.size!;
  for (const older of [...history].reverse()) {
    size += (older.size ?? entrySize(older)) + 1;
    if (kept.length >= UNDO_DEPTH || size > budget) break;
    kept.unshift(older);
  }
  return kept;
}

/** An entry's length as JSON, its own size field (`,"size":N`) included. */
function entrySize(entry: Omit<UndoEntry, "size">): number {
  const base = JSON.stringify({ back: entry.back, at: entry.at, seconds: entry.seconds }).length + 8;
  const size = base + String(base).length;
  return base + String(size).length;
}

/** What undo writes: the earlier state, the history without the step, and the world seconds to take back. */
export interface Undone {
  readonly state: unknown;
  readonly history: UndoEntry[];
  readonly seconds: number;
}

/**
 * Take back the last step. Refused when there is nothing to undo, when the
 * state is not the one the last step left (someone else's undo or step landed
 * first), or when the undo was asked from another state than the one now
 * (`seen`: the fingerprint of the state the GM pressed Undo on).
 */
export function undoStep(history: readonly UndoEntry[], state: unknown, seen?: string): Outcome<Undone> {
  const last = history[history.length - 1];
  if (!last || state === null || state === undefined) return refuse("undo.nothing", "BOUT.Combat.Undo.Nothing");
  const now = fingerprint(state);
  if (seen !== undefined && seen !== now) return refuse("undo.moved", "BOUT.Combat.Undo.Moved");
  // A history kept before fingerprints were canonical names the state's JSON in its own key order.
  if (last.at !== now && last.at !== textFingerprint(state)) return refuse("undo.outOfStep", "BOUT.Combat.Undo.Nothing");
  return ok({ state: applyPatch(state, last.back), history: history.slice(0, -1), seconds: last.seconds });
}

/** Is this a history entry (as read back from storage)? */
export function isUndoEntry(e: unknown): e is UndoEntry {
  return isObject(e) && Array.isArray(e.back) && typeof e.at === "string" && typeof e.seconds === "number";
}

/** A history kept as JSON text (worlds from before issue 23) read back: anything that is not a list of entries is an empty history. */
export function readHistory(text: unknown): UndoEntry[] {
  if (typeof text !== "string" || !text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter(isUndoEntry) : [];
  } catch {
    return [];
  }
}
