/**
 * How a fight's machine state is kept on the Combat (`system.state`, an object
 * field): as structured data, so a step's update carries only the paths it
 * changed, not the whole state (issue 23: 16.8 KB per step for 50 fighters).
 *
 * Foundry merges an object field's update key by key but replaces an array
 * whole, so a list of fighters (an array of objects each with its own `id`)
 * is kept as a record keyed by id beside the list of ids in order: a step that
 * changes one fighter changes one entry. Keys are escaped so none holds a dot
 * (Foundry expands dotted keys into nested objects) or starts with `-=` / `==`
 * (its deletion and replacement keys). Pure: no Foundry globals.
 */

/** The two keys of a list kept by id: the ids in order, and the entries by id. */
const IDS = "$ids";
const BY = "$by";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Sets an own key, even one named like a prototype's (`__proto__`). */
function put(target: Obj, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

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

/** The stored form of a machine state (or of any JSON value in it). */
export function encodeState(value: unknown): Json {
  if (Array.isArray(value)) {
    if (keyedList(value)) {
      const by: Obj = {};
      const entries = value as readonly Obj[];
      for (const entry of entries) put(by, entry.id as string, encodeState(entry));
      return { [IDS]: entries.map((e) => e.id as string), [BY]: by as { [key: string]: Json } };
    }
    return value.map((v) => (v === undefined ? null : encodeState(v)));
  }
  if (isObject(value)) {
    const out: Obj = {};
    for (const [key, v] of Object.entries(value)) if (v !== undefined) put(out, storedKey(key), encodeState(v));
    return out as { [key: string]: Json };
  }
  return value === undefined ? null : (value as Json);
}

/** The machine state a stored form holds. */
export function decodeState(stored: unknown): unknown {
  if (Array.isArray(stored)) return stored.map(decodeState);
  if (!isObject(stored)) return stored;
  const ids = stored[IDS];
  const by = stored[BY];
  if (Array.isArray(ids) && isObject(by) && Object.keys(stored).length === 2) return ids.map((id) => decodeState(by[String(id)]));
  const out: Obj = {};
  for (const [key, v] of Object.entries(stored)) put(out, stateKey(key), decodeState(v));
  return out;
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
