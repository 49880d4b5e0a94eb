/**
 * The GM's undo of the last step: which writes of a fight's state can be taken
 * back and what taking one back restores. Pure: the shell keeps the history
 * beside the state (in the same write as each step) and writes what `undoStep`
 * returns.
 *
 * Each step keeps a reverse patch (what turns the new state back into the old
 * one), not the old state whole: a step changes a few fields, so the history
 * adds little to each write (test/shell/fight-state-bytes.test.ts measures it).
 * The last step is always kept; up to UNDO_DEPTH while the history stays within
 * UNDO_BUDGET bytes (a new round that changes every fighter keeps fewer).
 *
 * Issue 35: the work of a step is proportional to what it changed, not to the
 * table. States are immutable and a step's new state shares every part it left
 * alone with the old one, so the walk below skips a shared part at once; the
 * state's fingerprint is a sum over its leaves, so the new one is the old one
 * plus what the changed parts add and take away; and a patch that changes one
 * field of many fighters is kept as columns (one value list and one short index
 * string per field) rather than one entry per fighter.
 *
 * What undo restores: the machine's state (and so the tracker, core's round and
 * turn, which follow it) and the world time the step moved on. What it does not:
 * anything outside the combat's state (wounds applied, chat cards posted and
 * their buttons, actors' figures, a fighter's group document).
 */
import { ok, refuse, type Outcome } from "../outcome";

/** Steps kept for undo. */
export const UNDO_DEPTH = 5;
/** Bytes (as JSON) the kept steps may take together; the newest step is kept whatever its size. */
export const UNDO_BUDGET = 8_000;

/**
 * One column of a columnar patch: the values an array's elements had for one
 * key before the step, and which element had which. `index` is a string of one
 * character per element (INDEX_DIGITS: the value's place in `values`, "." the
 * element's key did not change, "-" the element had no such key), or an array of
 * numbers (-2 unchanged, -1 absent) when there are more values than digits;
 * without an index every element had `values[0]`.
 */
export type Column = readonly [values: readonly unknown[], index?: string | readonly number[]];

/**
 * A JSON reverse patch: ["=", value] replaces, ["-"] removes an object's key,
 * ["{", {key: patch}] patches an object's keys, ["[", {index: patch}, length?]
 * patches an array element by element (first cut or padded to `length` when the
 * step changed the array's length), ["|", {key: column}] sets one key of every
 * element of an array of objects from its column, ["@", key, places] is the list
 * of ids of the state's top-level list `key` at those places (two digits each).
 */
export type Patch =
  | readonly ["=", unknown]
  | readonly ["-"]
  | readonly ["{", Readonly<Record<string, Patch>>]
  | readonly ["[", Readonly<Record<string, Patch>>, number?]
  | readonly ["|", Readonly<Record<string, Column>>]
  | readonly ["@", string, string];

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

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
/** A key with a value (JSON leaves a key whose value is undefined out). */
const has = (o: Obj, key: string): boolean => Object.hasOwn(o, key) && o[key] !== undefined;

/** Sets an own key, even one named like a prototype's (`__proto__`): states are parsed JSON and may hold any key. */
function put(target: Obj, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

// ---------------------------------------------------------------------------
// Fingerprints: a sum over the state's leaves, two 32-bit lanes

/** A running sum of leaf hashes, one per lane. */
interface Sum {
  a: number;
  b: number;
}

/** FNV-1a over a string, from `h`, with the lane's own prime. */
function fnv(h: number, text: string, prime: number): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), prime);
  return h >>> 0;
}
const PRIME_A = 0x01000193;
const PRIME_B = 0x5bd1e995;

/** A final mix (murmur3's), so leaves that differ in one bit spread over the whole sum. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A leaf's token: its type and JSON text (an empty object or array is a leaf too). */
function token(v: unknown): string {
  if (v === null || v === undefined) return "z";
  if (typeof v === "string") return `s${v}`;
  if (typeof v === "number") return `n${String(v)}`;
  if (typeof v === "boolean") return v ? "t" : "f";
  return Array.isArray(v) ? "[" : "{";
}

/** Adds (sign 1) or takes away (sign -1) the leaves of `value`, found at the path hashed as (pa, pb). */
function hashInto(sum: Sum, value: unknown, pa: number, pb: number, sign: 1 | -1): void {
  if (Array.isArray(value) && value.length) {
    for (let i = 0; i < value.length; i++) hashInto(sum, value[i], fnv(pa, `#${i}`, PRIME_A), fnv(pb, `#${i}`, PRIME_B), sign);
    return;
  }
  if (isObject(value)) {
    let any = false;
    for (const key of Object.keys(value)) {
      if (value[key] === undefined) continue;
      any = true;
      hashInto(sum, value[key], fnv(pa, `.${key}`, PRIME_A), fnv(pb, `.${key}`, PRIME_B), sign);
    }
    if (any) return;
  }
  const t = token(value);
  const la = mix(fnv(pa, t, PRIME_A));
  const lb = mix(fnv(pb ^ 0x9e3779b9, t, PRIME_B));
  sum.a = (sum.a + sign * la) >>> 0;
  sum.b = (sum.b + sign * lb) >>> 0;
}

const ROOT_A = 0x811c9dc5;
const ROOT_B = 0x2f5f3a1b;
/** Six-bit digits: a fingerprint's (each lane in six; it rides in every step's write, so it is kept short), and two for a place in a list. */
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const lane = (n: number) => Array.from({ length: 6 }, (_, i) => DIGITS[Math.floor(n / 2 ** (6 * (5 - i))) % 64]).join("");
const laneOf = (text: string) => [...text].reduce((n, c) => n * 64 + DIGITS.indexOf(c), 0) >>> 0;
const printOf = (sum: Sum) => `${lane(sum.a)}${lane(sum.b)}`;
/** A fingerprint in this form (twelve digits), not an older history's (which hold a dot). */
const isPrint = (at: string) => /^[A-Za-z0-9_-]{12}$/.test(at);
const sumOf = (print: string): Sum => ({ a: laneOf(print.slice(0, 6)), b: laneOf(print.slice(6)) });

/**
 * A state's fingerprint: the same for equal states whatever order their keys
 * were set in (a stored state merged key by key keeps Foundry's order, not the
 * engine's), and worked out again from the parts a step changed (`diffStep`).
 */
export function fingerprint(state: unknown): string {
  const sum = { a: 0, b: 0 };
  hashInto(sum, state, ROOT_A, ROOT_B, 1);
  return printOf(sum);
}

// ---------------------------------------------------------------------------
// The reverse patch

/** A place in the state, by its path's hash in each lane. */
interface Place {
  readonly a: number;
  readonly b: number;
}
const ROOT: Place = { a: ROOT_A, b: ROOT_B };
const child = (p: Place, segment: string): Place => ({ a: fnv(p.a, segment, PRIME_A), b: fnv(p.b, segment, PRIME_B) });

/**
 * Walks two states, skipping what they share; returns the patch from `to` back
 * to `from` and adds the leaves' change to `sum`. The place (`segment` below
 * `parent`) is hashed only when something there differs: a part a machine
 * remade equal costs its comparison and nothing more.
 */
function walk(from: unknown, to: unknown, parent: Place, segment: string | null, sum: Sum): Patch | null {
  if (from === to) return null;
  let place: Place | null = segment === null ? parent : null;
  const here = (): Place => (place ??= child(parent, segment!));
  const leaf = (value: unknown, inner: string | null, sign: 1 | -1) => {
    const at = inner === null ? here() : child(here(), inner);
    hashInto(sum, value, at.a, at.b, sign);
  };
  if (Array.isArray(from) && Array.isArray(to)) {
    const parts: Record<string, Patch> = {};
    let count = 0;
    const shared = Math.min(from.length, to.length);
    for (let i = 0; i < Math.max(from.length, to.length); i++) {
      // Most elements are shared with the state before: skipped at once.
      if (i < shared && from[i] === to[i]) continue;
      if (i < shared) {
        const p = walk(from[i], to[i], here(), `#${i}`, sum);
        if (p) (put(parts, String(i), p), count++);
      } else if (i < from.length) {
        leaf(from[i], `#${i}`, -1);
        put(parts, String(i), ["=", from[i]]);
      } else leaf(to[i], `#${i}`, 1);
    }
    // An emptied or filled array changes its own leaf (an empty array is one).
    if ((from.length === 0) !== (to.length === 0)) leaf(from.length ? to : from, null, from.length ? 1 : -1);
    if (from.length !== to.length) {
      // Cut short or emptied (a new round's order of turns): the old array whole is shorter than one patch per element.
      if (from.length > to.length && 2 * (from.length - to.length + count) > from.length) return ["=", from];
      return ["[", parts, from.length];
    }
    return count ? columnar(parts, count, from) : null;
  }
  if (isObject(from) && isObject(to)) {
    const parts: Record<string, Patch> = {};
    let count = 0;
    let [fromKeys, toKeys] = [0, 0];
    for (const key of Object.keys(to)) {
      if (to[key] === undefined) continue;
      toKeys++;
      if (from[key] === to[key]) continue;
      if (!has(from, key)) {
        leaf(to[key], `.${key}`, 1);
        (put(parts, key, ["-"]), count++);
      } else {
        const p = walk(from[key], to[key], here(), `.${key}`, sum);
        if (p) (put(parts, key, p), count++);
      }
    }
    for (const key of Object.keys(from)) {
      if (from[key] === undefined) continue;
      fromKeys++;
      if (has(to, key)) continue;
      leaf(from[key], `.${key}`, -1);
      (put(parts, key, ["=", from[key]]), count++);
    }
    if (!fromKeys !== !toKeys) leaf(fromKeys ? to : from, null, fromKeys ? 1 : -1);
    return count ? ["{", parts] : null;
  }
  if (from === undefined && to === null) return null;
  leaf(from, null, -1);
  leaf(to, null, 1);
  return ["=", from];
}

/** Digits of a column's index string: a value's place in the column's list. */
const INDEX_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
const UNCHANGED = -2;
const ABSENT = -1;
/** Patches of at least this many elements are tried as columns. */
const COLUMNS_FROM = 8;

/**
 * An array patch of many elements, each an object patch (a new round that sets
 * one field of every fighter): as columns when that is shorter as JSON. Each
 * column keeps, for one key, the values the elements had before, once each.
 */
function columnar(parts: Record<string, Patch>, count: number, from: readonly unknown[]): Patch {
  const rows: Patch = ["[", parts];
  if (count < COLUMNS_FROM || !Object.values(parts).every((p) => p[0] === "{")) return rows;
  const keys = new Set<string>();
  for (const p of Object.values(parts)) for (const key of Object.keys((p as readonly ["{", Record<string, Patch>])[1])) keys.add(key);
  const columns: Record<string, Column> = {};
  for (const key of keys) {
    const values: unknown[] = [];
    const seen = new Map<string, number>();
    const codes: number[] = [];
    for (let i = 0; i < from.length; i++) {
      const p = Object.hasOwn(parts, i) ? (parts[i] as readonly ["{", Record<string, Patch>])[1] : undefined;
      const kp = p && Object.hasOwn(p, key) ? p[key]! : undefined;
      if (!kp) codes.push(UNCHANGED);
      else if (kp[0] === "-") codes.push(ABSENT);
      else {
        // A nested change keeps the element's whole value from before.
        const value = kp[0] === "=" ? kp[1] : (from[i] as Obj)[key];
        const text = JSON.stringify(value) ?? "null";
        let at = seen.get(text);
        if (at === undefined) (seen.set(text, (at = values.length)), values.push(value));
        codes.push(at);
      }
    }
    if (codes.every((c) => c === 0)) put(columns, key, [values]);
    else if (values.length <= INDEX_DIGITS.length) put(columns, key, [values, codes.map((c) => (c === UNCHANGED ? "." : c === ABSENT ? "-" : INDEX_DIGITS[c])).join("")]);
    else put(columns, key, [values, codes]);
  }
  const cols: Patch = ["|", columns];
  return JSON.stringify(cols).length < JSON.stringify(rows).length ? cols : rows;
}

/** The patch that turns `to` back into `from`; null when they are equal. */
export function reversePatch(from: unknown, to: unknown): Patch | null {
  return byPlace(walk(from, to, ROOT, null, { a: 0, b: 0 }), to);
}

/** Lists of ids shorter than this are kept as they are. */
const PLACES_FROM = 16;

/**
 * The patch with every long list of ids it puts back (a new round's old order
 * of turns) named by the ids' places in a list of the state the patch applies to
 * (`to`): two digits an id instead of the id itself. The fighters' list is the
 * same when the patch is applied, since undo applies only to that state.
 */
function byPlace(patch: Patch | null, to: unknown): Patch | null {
  if (!patch || !isObject(to)) return patch;
  let places: Map<string, readonly [string, number]> | null = null;
  const placesOf = (ids: readonly unknown[]): Patch | null => {
    if (!places) {
      places = new Map();
      for (const [key, list] of Object.entries(to)) {
        if (!Array.isArray(list) || list.length > 64 * 64) continue;
        list.forEach((e, i) => {
          if (isObject(e) && typeof e.id === "string" && !places!.has(e.id)) places!.set(e.id, [key, i]);
        });
      }
    }
    const first = places.get(ids[0] as string);
    if (!first) return null;
    let digits = "";
    for (const id of ids) {
      const at = typeof id === "string" ? places.get(id) : undefined;
      if (!at || at[0] !== first[0]) return null;
      digits += DIGITS[at[1] >> 6]! + DIGITS[at[1] & 63]!;
    }
    return ["@", first[0], digits];
  };
  const visit = (p: Patch): Patch => {
    if (p[0] === "=") {
      const v = p[1];
      return Array.isArray(v) && v.length >= PLACES_FROM && v.every((x) => typeof x === "string") ? (placesOf(v) ?? p) : p;
    }
    if (p[0] === "{" || p[0] === "[") {
      const parts: Record<string, Patch> = {};
      for (const [k, sub] of Object.entries(p[1])) put(parts, k, visit(sub));
      return p[0] === "{" ? ["{", parts] : p[2] === undefined ? ["[", parts] : ["[", parts, p[2]];
    }
    return p;
  };
  return visit(patch);
}



/** What a step changed: the way back, and the new state's fingerprint. */
export interface StepDiff {
  readonly back: Patch | null;
  readonly print: string;
}

/**
 * The reverse patch of a step and the new state's fingerprint, worked out from
 * the parts the step changed: `beforePrint` is the old state's fingerprint
 * (worked out whole when absent or in an older form).
 */
export function diffStep(before: unknown, after: unknown, beforePrint?: string): StepDiff {
  const sum = sumOf(beforePrint && isPrint(beforePrint) ? beforePrint : fingerprint(before));
  const back = byPlace(walk(before, after, ROOT, null, sum), after);
  return { back, print: printOf(sum) };
}

const clone = (v: unknown): unknown => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));

function columnCode(index: Column[1], i: number): number {
  if (index === undefined) return 0;
  if (typeof index === "string") {
    const c = index[i];
    if (c === "-") return ABSENT;
    const digit = c === undefined ? -1 : INDEX_DIGITS.indexOf(c);
    return digit < 0 ? UNCHANGED : digit;
  }
  return index[i] ?? UNCHANGED;
}

/** `value` with the patch applied (a new value; the input is not changed); `root` is the whole state the patch applies to. */
export function applyPatch(value: unknown, patch: Patch | null, root: unknown = value): unknown {
  if (!patch) return value;
  if (patch[0] === "=") return clone(patch[1]);
  if (patch[0] === "@") {
    const list = isObject(root) ? root[patch[1]] : undefined;
    const ids: unknown[] = [];
    for (let i = 0; i + 1 < patch[2].length; i += 2) {
      const at = DIGITS.indexOf(patch[2][i]!) * 64 + DIGITS.indexOf(patch[2][i + 1]!);
      const e = Array.isArray(list) ? list[at] : undefined;
      ids.push(isObject(e) ? e.id : null);
    }
    return ids;
  }
  if (patch[0] === "[" && Array.isArray(value)) {
    const length = patch[2] ?? value.length;
    const out = Array.from({ length }, (_, i) => (i < value.length ? value[i] : null));
    for (const [i, p] of Object.entries(patch[1])) if (Number(i) < length) out[Number(i)] = applyPatch(out[Number(i)], p, root);
    return out;
  }
  if (patch[0] === "|" && Array.isArray(value)) {
    const columns = Object.entries(patch[1]);
    return value.map((element, i) => {
      if (!isObject(element)) return element;
      let out: Obj | null = null;
      for (const [key, [values, index]] of columns) {
        const code = columnCode(index, i);
        if (code === UNCHANGED || (code >= 0 && code >= values.length)) continue;
        if (!out) {
          out = {};
          for (const k of Object.keys(element)) put(out, k, element[k]);
        }
        if (code === ABSENT) delete out[key];
        else put(out, key, clone(values[code]));
      }
      return out ?? element;
    });
  }
  if (patch[0] === "{" && isObject(value)) {
    const out: Obj = {};
    for (const key of Object.keys(value)) put(out, key, value[key]);
    for (const [key, p] of Object.entries(patch[1])) {
      if (p[0] === "-") delete out[key];
      else put(out, key, applyPatch(Object.hasOwn(value, key) ? value[key] : undefined, p, root));
    }
    return out;
  }
  return value;
}

// ---------------------------------------------------------------------------
// Older histories' fingerprints (FNV-1a over the state's JSON), still read back

/** A value's JSON with every object's keys in sorted order (the fingerprint histories kept from issue 23 to 35). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",")}]`;
  if (isObject(value)) {
    const parts: string[] = [];
    for (const key of Object.keys(value).sort()) if (value[key] !== undefined) parts.push(`${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${parts.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

function textPrint(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${h.toString(36)}.${text.length.toString(36)}`;
}

/** Does an older history's fingerprint name this state (over its canonical JSON, or over its JSON in its own key order before issue 23)? */
function olderPrintFits(at: string, state: unknown): boolean {
  return at === textPrint(canonicalJson(state)) || at === textPrint(JSON.stringify(state) ?? "");
}

// ---------------------------------------------------------------------------
// The history

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
 * by `seconds`: the step on top (the oldest dropped past UNDO_DEPTH or
 * UNDO_BUDGET), or empty when the step cannot be taken back. A step that
 * changes nothing leaves it as it is. `diff` is the step's `diffStep`, when the
 * caller has worked it out already.
 */
export function historyAfterStep(history: readonly UndoEntry[], before: unknown, after: unknown, seconds: number, commandTypes: readonly string[], diff?: StepDiff): UndoEntry[] {
  if (!undoable(commandTypes)) return [];
  const { back, print } = diff ?? diffStep(before, after);
  if (!back) return [...history];
  const made = { back, at: print, seconds: Math.max(0, Number.isFinite(seconds) ? seconds : 0) };
  const entry: UndoEntry = { ...made, size: entrySize(made) };
  const kept = [entry];
  let size = entry.size!;
  for (let i = history.length - 1; i >= 0; i--) {
    const older = history[i]!;
    size += (older.size ?? entrySize(older)) + 1;
    if (kept.length >= UNDO_DEPTH || size > UNDO_BUDGET) break;
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
 * (`seen`: the fingerprint of the state the GM pressed Undo on). `print` is the
 * state's fingerprint when the caller knows it.
 */
export function undoStep(history: readonly UndoEntry[], state: unknown, seen?: string, print?: string): Outcome<Undone> {
  const last = history[history.length - 1];
  if (!last || state === null || state === undefined) return refuse("undo.nothing", "BOUT.Combat.Undo.Nothing");
  const now = print ?? fingerprint(state);
  if (seen !== undefined && seen !== now) return refuse("undo.moved", "BOUT.Combat.Undo.Moved");
  // A history kept before issue 35 names the state by an FNV of its JSON.
  const fits = isPrint(last.at) ? last.at === now : olderPrintFits(last.at, state);
  if (!fits) return refuse("undo.outOfStep", "BOUT.Combat.Undo.Nothing");
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
