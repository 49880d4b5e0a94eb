/**
 * How a fight's machine state is kept on the Combat (`system.state`, an object
 * field): as structured data, so a step's update carries only the paths it
 * changed, not the whole state (issue 23: 16.8 KB per step for 50 fighters),
 * and compactly, so a table of 200 keeps a Combat document of a few kilobytes
 * of state and a new round writes what it changed (issue 35).
 *
 * Foundry merges an object field's update key by key but replaces an array
 * whole, so:
 * - A list of fighters (an array of objects each with its own `id`) is kept as
 *   the ids in order beside one "generation" of entries: the values most
 *   entries share (`$d`), and under each id only what that entry has otherwise
 *   (a key it lacks marked ABSENT). A step that changes one fighter changes one
 *   entry; a step that changes most of them (a new round) may start a new
 *   generation instead, removing the old one with one key.
 * - A long array of anything else (an order of turns, who has acted) is kept in
 *   chunks of CHUNK elements, so adding to its end rewrites the last chunk only.
 * Keys are escaped so none holds a dot (Foundry expands dotted keys into nested
 * objects) or starts with `-=` / `==` (its deletion and replacement keys) or `$`
 * (ours). The older form of a list (`$ids` beside every entry whole under `$by`)
 * is still read, and rewritten in this form the first time the list changes.
 * Pure: no Foundry globals.
 */

const IDS = "$ids";
/** The older form's entries (issue 23). */
const BY = "$by";
/** The key of a list's generation of entries: `$g1`, `$g2`, ... */
const GENERATION = /^\$g([1-9][0-9]*)$/;
/** The values most entries of a generation share. */
const DEFAULTS = "$d";
/** A chunk of a long array: `$0`, `$1`, ... */
const CHUNK_KEY = /^\$(0|[1-9][0-9]*)$/;
/** Elements per chunk of a long array. */
export const CHUNK = 16;
/** Changed entries from which a new generation is weighed against changing them one by one. */
const GENERATION_FROM = 8;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
/** A key with a value (JSON leaves a key whose value is undefined out). */
const has = (o: Obj, key: string): boolean => Object.hasOwn(o, key) && o[key] !== undefined;

/** Sets an own key, even one named like a prototype's (`__proto__`). */
function put(target: Obj, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Marks a key an entry lacks although its generation's shared values have it (never the stored form of a state value: a state key `$` is stored as `$$`). */
const ABSENT_KEY = "$";
const absent = (): Obj => ({ [ABSENT_KEY]: 0 });
const isAbsent = (v: unknown): boolean => isObject(v) && Object.keys(v).length === 1 && v[ABSENT_KEY] === 0;

/** Keys a merge on the way to the database may treat as an object's prototype rather than data. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/** A key Foundry takes as it is: no dot, no leading `$` (ours), `-=` or `==` (its operators), no `%` (our escape), no prototype name. */
const plainKey = (key: string): boolean => !/[.%]/.test(key) && !key.startsWith("$") && !key.startsWith("-=") && !key.startsWith("==") && !PROTOTYPE_KEYS.has(key);

/** A state key as stored: escaped behind a `$` when Foundry would read it otherwise. */
export function storedKey(key: string): string {
  return plainKey(key) ? key : `$${key.replaceAll("%", "%25").replaceAll(".", "%2E")}`;
}

function stateKey(key: string): string {
  return key.startsWith("$") ? key.slice(1).replaceAll("%2E", ".").replaceAll("%25", "%") : key;
}

/** An id that can be a stored key as it is (combatant, bout and engagement ids are). */
const idKey = (id: unknown): id is string => typeof id === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(id);

/** Is this array a list of entries each with its own distinct id? */
function keyedList(list: readonly unknown[]): boolean {
  if (!list.length) return false;
  const seen = new Set<string>();
  for (const entry of list) {
    if (!isObject(entry) || !idKey(entry.id) || seen.has(entry.id)) return false;
    seen.add(entry.id);
  }
  return true;
}

/** Do two lists hold entries with the same ids in the same order (each entry an object with an id)? */
function sameIds(before: readonly unknown[], after: readonly unknown[]): boolean {
  if (before.length !== after.length || !before.length) return false;
  for (let i = 0; i < after.length; i++) {
    const [b, a] = [before[i], after[i]];
    if (a === b) continue;
    if (!isObject(a) || !isObject(b) || a.id !== b.id || typeof a.id !== "string") return false;
  }
  return true;
}

/** A stored list node: its ids and the key, number and record of its generation. */
interface ListNode {
  readonly ids: unknown;
  readonly key: string;
  readonly n: number;
  readonly entries: Obj;
}

function listNode(stored: Obj): ListNode | null {
  const keys = Object.keys(stored);
  if (keys.length !== 2 || !Object.hasOwn(stored, IDS)) return null;
  const key = keys.find((k) => k !== IDS)!;
  const m = GENERATION.exec(key);
  const entries = stored[key];
  return m && isObject(entries) ? { ids: stored[IDS], key, n: Number(m[1]), entries } : null;
}

const isOlderList = (stored: Obj): boolean => Object.keys(stored).length === 2 && Array.isArray(stored[IDS]) && isObject(stored[BY]);
const isChunked = (stored: Obj): boolean => {
  const keys = Object.keys(stored);
  return keys.length > 0 && keys.every((k) => CHUNK_KEY.test(k) && Array.isArray(stored[k]));
};
/** A stored object that holds a state object (not a list, a long array or a marker). */
const plainNode = (stored: unknown): stored is Obj => isObject(stored) && !listNode(stored) && !isOlderList(stored) && !isChunked(stored);

/** An entry's fields as stored, its id left out (the list keeps it). */
function storedFields(entry: Obj): Obj {
  const out: Obj = {};
  for (const [key, v] of Object.entries(entry)) if (key !== "id" && v !== undefined) put(out, storedKey(key), encodeState(v));
  return out;
}

/**
 * The values a generation's entries share: for each key, the value most of them
 * hold, when at least two hold it (or the list has one entry) and more hold it
 * than lack the key. Ties go to the value met first.
 */
function sharedValues(rows: readonly Obj[]): Obj {
  const counts = new Map<string, Map<string, { value: unknown; n: number }>>();
  for (const row of rows) {
    for (const [key, value] of Object.entries(row)) {
      let byText = counts.get(key);
      if (!byText) counts.set(key, (byText = new Map()));
      const text = JSON.stringify(value);
      const seen = byText.get(text);
      if (seen) seen.n++;
      else byText.set(text, { value, n: 1 });
    }
  }
  const shared: Obj = {};
  for (const [key, byText] of counts) {
    let best: { value: unknown; n: number } | null = null;
    let present = 0;
    for (const v of byText.values()) {
      present += v.n;
      if (!best || v.n > best.n) best = v;
    }
    if (best && (best.n >= 2 || rows.length === 1) && best.n > rows.length - present) put(shared, key, best.value);
  }
  return shared;
}

/** What one entry holds beyond its generation's shared values (null: nothing). */
function ownValues(row: Obj, shared: Obj): Obj | null {
  const own: Obj = {};
  let any = false;
  for (const [key, v] of Object.entries(row)) {
    if (Object.hasOwn(shared, key) && same(v, shared[key])) continue;
    put(own, key, v);
    any = true;
  }
  for (const key of Object.keys(shared)) {
    if (Object.hasOwn(row, key)) continue;
    put(own, key, absent());
    any = true;
  }
  return any ? own : null;
}

/** A generation of entries: the shared values, and each entry's own under its id. */
function generation(entries: readonly Obj[]): Obj {
  const rows = entries.map(storedFields);
  const shared = sharedValues(rows);
  const out: Obj = { [DEFAULTS]: shared };
  entries.forEach((e, i) => {
    const own = ownValues(rows[i]!, shared);
    if (own) put(out, e.id as string, own);
  });
  return out;
}

/** An array as stored: whole when short, in chunks of CHUNK elements when long. */
function storedArray(list: readonly unknown[]): Json {
  const items = list.map((v) => (v === undefined ? null : encodeState(v)));
  if (items.length <= CHUNK) return items;
  const out: Obj = {};
  for (let c = 0; c * CHUNK < items.length; c++) put(out, `$${c}`, items.slice(c * CHUNK, (c + 1) * CHUNK));
  return out as { [key: string]: Json };
}

/** The stored form of a machine state (or of any JSON value in it). */
export function encodeState(value: unknown): Json {
  if (Array.isArray(value)) {
    if (keyedList(value)) {
      const entries = value as readonly Obj[];
      return { [IDS]: storedArray(entries.map((e) => e.id as string)), $g1: generation(entries) } as { [key: string]: Json };
    }
    return storedArray(value);
  }
  if (isObject(value)) {
    const out: Obj = {};
    for (const [key, v] of Object.entries(value)) if (v !== undefined) put(out, storedKey(key), encodeState(v));
    return out as { [key: string]: Json };
  }
  return value === undefined ? null : (value as Json);
}

function decodeList(node: ListNode): unknown[] {
  const ids = decodeState(node.ids);
  if (!Array.isArray(ids)) return [];
  // The shared values are read once and shared by every entry (states are never changed in place).
  const shared = isObject(node.entries[DEFAULTS]) ? (node.entries[DEFAULTS] as Obj) : {};
  const base: [string, unknown][] = Object.entries(shared).map(([k, v]) => [stateKey(k), decodeState(v)]);
  return ids.map((id) => {
    const entry: Obj = { id };
    for (const [k, v] of base) put(entry, k, v);
    const own = node.entries[String(id)];
    if (isObject(own)) {
      for (const [k, v] of Object.entries(own)) {
        if (isAbsent(v)) delete entry[stateKey(k)];
        else put(entry, stateKey(k), decodeState(v));
      }
    }
    return entry;
  });
}

/** The machine state a stored form holds. */
export function decodeState(stored: unknown): unknown {
  if (Array.isArray(stored)) return stored.map(decodeState);
  if (!isObject(stored)) return stored;
  const list = listNode(stored);
  if (list) return decodeList(list);
  if (isOlderList(stored)) return (stored[IDS] as unknown[]).map((id) => decodeState((stored[BY] as Obj)[String(id)]));
  if (isChunked(stored)) {
    return Object.keys(stored)
      .sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))
      .flatMap((k) => (stored[k] as unknown[]).map(decodeState));
  }
  const out: Obj = {};
  for (const [key, v] of Object.entries(stored)) put(out, stateKey(key), decodeState(v));
  return out;
}

/** Are two machine states (or parts) equal as JSON? Shared parts are equal at once; a key whose value is undefined counts as absent. */
function equalState(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => equalState(v, b[i]) || (v == null && b[i] == null));
  if (isObject(a) && isObject(b)) {
    let count = 0;
    for (const key of Object.keys(a)) {
      if (a[key] === undefined) continue;
      count++;
      if (!has(b, key) || !equalState(a[key], b[key])) return false;
    }
    for (const key of Object.keys(b)) if (b[key] !== undefined) count--;
    return count === 0;
  }
  return false;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
  }
  return false;
}

/**
 * The update that turns stored object `before` into `after` under Foundry's
 * merge of an object field (v13 ObjectField#_updateDiff: keys merged
 * recursively, `-=key: null` removes a key, anything else replaced whole):
 * the changed keys only. Null when nothing changed.
 */
export function storedChange(before: Obj, after: Obj): Obj | null {
  const change: Obj = {};
  for (const [key, value] of Object.entries(after)) {
    const was = Object.hasOwn(before, key) ? before[key] : undefined;
    // Into an object key by key, an emptied one too: v13's diffObject skips an empty object, so `{}` would clear nothing.
    if (isObject(value) && isObject(was)) {
      const inner = storedChange(was, value);
      if (inner) put(change, key, inner);
    } else if (was === undefined || !same(was, value)) put(change, key, value);
  }
  for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) put(change, `-=${key}`, null);
  return Object.keys(change).length ? change : null;
}

/** `before` with a stored change merged in as Foundry does (a new object; to check `storedChange` against). */
export function mergeStored(before: Obj, change: Obj): Obj {
  const out: Obj = {};
  for (const [key, v] of Object.entries(before)) put(out, key, v);
  for (const [key, v] of Object.entries(change)) {
    if (key.startsWith("-=")) delete out[key.slice(2)];
    else if (isObject(v) && isObject(out[key])) put(out, key, mergeStored(out[key] as Obj, v));
    else put(out, key, v);
  }
  return out;
}

/** Is a stored value one Foundry keeps as written: no key anywhere with a dot or an operator prefix? */
export function safeKeys(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(safeKeys);
  if (!isObject(value)) return true;
  return Object.entries(value).every(([k, v]) => !k.includes(".") && !k.startsWith("-=") && !k.startsWith("==") && !PROTOTYPE_KEYS.has(k) && safeKeys(v));
}

/**
 * The update of one stored field, from what the database holds (`source`) to
 * the stored form `after`; null when nothing changes. JSON text kept by older
 * worlds is replaced whole (by "" when the new value is empty: an empty object
 * merged onto text would leave the text).
 */
export function fieldChange(source: unknown, after: Obj): unknown {
  if (isObject(source)) return storedChange(source, after);
  if (Object.keys(after).length) return after;
  return typeof source === "string" && source !== "" ? "" : null;
}

/** What goes under a key of a stored change: a value (Foundry replaces or inserts it) or a change of the object there (merged key by key). */
type Put = { readonly value: unknown } | null;

/** The stored `at` replaced by the stored form `value`: a key-by-key change when both are objects (a merge would keep the old keys otherwise). */
function replaced(at: unknown, value: Json): Put {
  if (isObject(at) && isObject(value)) {
    const change = storedChange(at, value);
    return change ? { value: change } : null;
  }
  return at !== undefined && same(at, value) ? null : { value };
}

/**
 * The change of a list of fighters kept as a generation (`at`), from `before`
 * to `after` (a keyed list): the ids when they changed, and the entries that are
 * not the same objects as before, each compared with its stored values. When
 * most entries changed, a new generation is written instead if it is shorter.
 */
function listChange(before: readonly unknown[], after: readonly Obj[], at: Obj, node: ListNode): Put {
  let idsChanged = after.length !== before.length;
  // The same entry object holds the same id: only entries that are not their own former selves are compared.
  for (let i = 0; !idsChanged && i < after.length; i++) idsChanged = before[i] !== after[i] && (!isObject(before[i]) || (before[i] as Obj).id !== after[i]!.id);
  const out: Obj = {};
  const ids = idsChanged ? after.map((e) => e.id as string) : null;
  if (ids) {
    const put$ = replaced(at[IDS], storedArray(ids));
    if (put$) put(out, IDS, put$.value);
  }
  const prior = idsChanged ? new Map(before.filter(isObject).map((e) => [e.id, e])) : null;
  const shared = isObject(node.entries[DEFAULTS]) ? (node.entries[DEFAULTS] as Obj) : {};
  const entries: Obj = {};
  let changed = 0;
  after.forEach((entry, i) => {
    const was = prior ? prior.get(entry.id) : before[i];
    // A machine may remake an entry it leaves as it was (a new round's every member): nothing to write for it.
    if (was === entry || equalState(was, entry)) return;
    changed++;
    const own = ownValues(storedFields(entry), shared);
    const stored = node.entries[entry.id as string];
    if (!own) {
      if (stored !== undefined) put(entries, `-=${entry.id as string}`, null);
      return;
    }
    const put$ = replaced(stored, own as Json);
    if (put$) put(entries, entry.id as string, put$.value);
  });
  if (prior) {
    const now = new Set(ids);
    for (const id of prior.keys()) if (!now.has(id as string) && Object.hasOwn(node.entries, id as string)) put(entries, `-=${id as string}`, null);
  }
  if (changed >= GENERATION_FROM && changed * 4 >= after.length) {
    const fresh = generation(after);
    if (JSON.stringify(fresh).length < JSON.stringify(entries).length) {
      put(out, `-=${node.key}`, null);
      put(out, `$g${node.n + 1}`, fresh);
      return { value: out };
    }
  }
  if (Object.keys(entries).length) put(out, node.key, entries);
  return Object.keys(out).length ? { value: out } : null;
}

/** The change of a long array kept in chunks (`at`), from `before` to `after`: the chunks with an element that is not the one before, and the chunks past its end removed. */
function chunkChange(before: readonly unknown[], after: readonly unknown[], at: Obj): Put {
  const out: Obj = {};
  const chunks = Math.ceil(after.length / CHUNK);
  for (let c = 0; c < chunks; c++) {
    const [from, to] = [c * CHUNK, Math.min((c + 1) * CHUNK, after.length)];
    let moved = before.length < to || (to < (c + 1) * CHUNK && before.length > to);
    for (let i = from; !moved && i < to; i++) moved = before[i] !== after[i];
    if (!moved) continue;
    const chunk = after.slice(from, to).map((v) => (v === undefined ? null : encodeState(v)));
    const put$ = replaced(at[`$${c}`], chunk);
    if (put$) put(out, `$${c}`, put$.value);
  }
  for (const key of Object.keys(at)) if (Number(key.slice(1)) >= chunks) put(out, `-=${key}`, null);
  return Object.keys(out).length ? { value: out } : null;
}

/** The change at one place of the state: `at` is what is stored there now (the stored form of `before`). */
function changeAt(before: unknown, after: unknown, at: unknown): Put {
  if (before === after) return null;
  if (Array.isArray(after)) {
    if (Array.isArray(before) && isObject(at)) {
      const node = listNode(at);
      // The same ids in the same order as a list kept by id are still one (without a check of every id).
      if (node && (sameIds(before, after) || keyedList(after))) return listChange(before, after as Obj[], at, node);
      if (after.length > CHUNK && isChunked(at)) return chunkChange(before, after, at);
    }
    return replaced(at, encodeState(after));
  }
  if (isObject(after) && isObject(before) && plainNode(at)) {
    const out: Obj = {};
    for (const key of Object.keys(after)) {
      const v = after[key];
      if (v === undefined || before[key] === v) continue;
      const sk = storedKey(key);
      const put$ = has(before, key) ? changeAt(before[key], v, Object.hasOwn(at, sk) ? at[sk] : undefined) : replaced(Object.hasOwn(at, sk) ? at[sk] : undefined, encodeState(v));
      if (put$) put(out, sk, put$.value);
    }
    for (const key of Object.keys(before)) {
      if (!has(before, key) || has(after, key)) continue;
      const sk = storedKey(key);
      if (Object.hasOwn(at, sk)) put(out, `-=${sk}`, null);
    }
    return Object.keys(out).length ? { value: out } : null;
  }
  return replaced(at, encodeState(after));
}

/**
 * The update of `system.state` from what the database holds (`source`, the
 * stored form of `before`) to the machine state `after`; null when nothing
 * changes. Only the parts of `after` that are not the very objects of `before`
 * are looked at (a machine's new state shares whatever it left alone), so a step
 * that changes one fighter costs the same at any table size. JSON text kept by
 * older worlds, or a fight not started, is written whole.
 */
export function stateChange(before: unknown, after: unknown, source: unknown): unknown {
  if (!isObject(after)) return fieldChange(source, {});
  if (!isObject(before) || !plainNode(source) || !Object.keys(source).length) return fieldChange(source, encodeState(after) as Obj);
  const put$ = changeAt(before, after, source);
  return put$ ? put$.value : null;
}
