/**
 * The part of `foundry.utils` the system and the harness use, written for the
 * harness from Foundry's documented behaviour.
 */

export type AnyObject = Record<string, any>;

export function getType(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "Array";
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  if (tag === "Object") {
    const proto = Object.getPrototypeOf(value);
    // Plain objects from any realm count as "Object"; class instances keep their name.
    if (proto === null || Object.getPrototypeOf(proto) === null) return "Object";
    return (value as object).constructor?.name ?? "Object";
  }
  return tag;
}

export function isPlainObject(value: unknown): value is AnyObject {
  // Anything but an object (a primitive, a function) is never "Object" to getType.
  if (value === null || typeof value !== "object") return false;
  return getType(value) === "Object";
}

export function deepClone<T>(value: T): T {
  // Primitives and functions are returned as they are (the checks below would come to that).
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => deepClone(v)) as T;
  if (value instanceof Set) return new Set([...value].map((v) => deepClone(v))) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (isPlainObject(value)) {
    const out: AnyObject = {};
    for (const k of Object.keys(value)) out[k] = deepClone((value as AnyObject)[k]);
    return out as T;
  }
  return value;
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Set || value instanceof Map) return value.size === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

export function isDeletionKey(key: string): boolean {
  return key.startsWith("-=") || key.startsWith("==");
}

export function getProperty(object: unknown, key: string): any {
  if (!key || object === undefined || object === null) return undefined;
  let target: any = object;
  for (const part of key.split(".")) {
    if (target === undefined || target === null) return undefined;
    target = target[part];
  }
  return target;
}

export function hasProperty(object: unknown, key: string): boolean {
  if (!key || object === undefined || object === null) return false;
  let target: any = object;
  for (const part of key.split(".")) {
    if (target === undefined || target === null || typeof target !== "object" || !(part in target)) return false;
    target = target[part];
  }
  return true;
}

/** Set a dotted property, creating plain objects on the way; returns whether it changed. */
export function setProperty(object: AnyObject, key: string, value: unknown): boolean {
  const parts = key.split(".");
  const last = parts.pop()!;
  let target = object;
  for (const part of parts) {
    if (!isPlainObject(target[part]) && (typeof target[part] !== "object" || target[part] === null)) target[part] = {};
    target = target[part];
  }
  const changed = target[last] !== value;
  target[last] = value;
  return changed;
}

/** Turn `{"a.b": 1}` into `{a: {b: 1}}`, recursively. */
export function expandObject(object: AnyObject): AnyObject {
  const expanded: AnyObject = {};
  for (const [key, value] of Object.entries(object)) {
    const v = isPlainObject(value) ? expandObject(value) : value;
    if (key.includes(".") && !isDeletionKey(key)) {
      const parts = key.split(".");
      const last = parts.pop()!;
      let target = expanded;
      for (const part of parts) {
        if (!isPlainObject(target[part])) target[part] = {};
        target = target[part];
      }
      target[last] = isPlainObject(target[last]) && isPlainObject(v) ? mergeObject(target[last], v) : v;
    } else {
      expanded[key] = isPlainObject(expanded[key]) && isPlainObject(v) ? mergeObject(expanded[key], v) : v;
    }
  }
  return expanded;
}

export function flattenObject(object: AnyObject, prefix = ""): AnyObject {
  const flat: AnyObject = {};
  for (const [key, value] of Object.entries(object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value) && !isEmpty(value)) Object.assign(flat, flattenObject(value, path));
    else flat[path] = value;
  }
  return flat;
}

export interface MergeOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  recursive?: boolean;
  inplace?: boolean;
  performDeletions?: boolean;
}

/** Merge `other` into `original` (in place unless `inplace: false`), Foundry-style. */
export function mergeObject<T extends AnyObject>(original: T, other: AnyObject = {}, options: MergeOptions = {}): T {
  const {
    insertKeys = true,
    insertValues = true,
    overwrite = true,
    recursive = true,
    inplace = true,
    performDeletions = false,
  } = options;
  const target: AnyObject = inplace ? original : deepClone(original);
  const source = Object.keys(other).some((k) => k.includes(".") && !isDeletionKey(k)) ? expandObject(other) : other;
  for (const [key, value] of Object.entries(source)) {
    if (performDeletions && key.startsWith("-=")) {
      delete target[key.slice(2)];
      continue;
    }
    if (performDeletions && key.startsWith("==")) {
      target[key.slice(2)] = deepClone(value);
      continue;
    }
    const exists = key in target;
    if (!exists && !insertKeys) continue;
    if (recursive && isPlainObject(value) && isPlainObject(target[key])) {
      mergeObject(target[key], value, { insertKeys: insertValues, insertValues, overwrite, recursive, inplace: true, performDeletions });
      continue;
    }
    if (exists && !overwrite) continue;
    target[key] = isPlainObject(value) ? mergeObject({}, value, { performDeletions, insertKeys: true, insertValues: true }) : deepClone(value);
  }
  return target as T;
}

/**
 * The parts of `other` that differ from `original`. With `deletionKeys` (v13
 * foundry.utils.diffObject's option, as ObjectField#_updateDiff passes it), a
 * `-=key: null` counts when `original` has the key and a `==key` always counts.
 */
export function diffObject(original: AnyObject, other: AnyObject, { deletionKeys = false }: { deletionKeys?: boolean } = {}): AnyObject {
  const diff: AnyObject = {};
  for (const [key, value] of Object.entries(other)) {
    if (deletionKeys && isDeletionKey(key)) {
      if (key[0] === "-") {
        if (value !== null) throw new Error("Removing a key using the -= deletion syntax requires the value of that deletion key to be null, for example {-=key: null}");
        if (key.slice(2) in original) diff[key] = null;
      } else diff[key] = deepClone(value);
      continue;
    }
    const before = original[key];
    if (isPlainObject(value) && isPlainObject(before)) {
      const inner = diffObject(before, value, { deletionKeys });
      if (!isEmpty(inner)) diff[key] = inner;
    } else if (JSON.stringify(before) !== JSON.stringify(value)) diff[key] = deepClone(value);
  }
  return diff;
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
let idCounter = 0;

/**
 * Start the id sequence again. The shell projects run their files in one module
 * cache per worker (vitest.config.ts, isolate: false): setup.ts calls this before each
 * file, so a file sees the same ids whichever files ran before it in that worker.
 */
export function resetIds(): void {
  idCounter = 0;
}

/** 16-character ids. Deterministic in the harness so test output is stable. */
export function randomID(length = 16): string {
  idCounter += 1;
  let n = idCounter * 2654435761;
  let id = "";
  for (let i = 0; i < length; i++) {
    n = (n * 1103515245 + 12345) % 2147483648;
    id += ID_CHARS[n % ID_CHARS.length];
  }
  return id;
}

export function escapeHTML(text: string): string {
  return String(text)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

/**
 * v13 EmbeddedCollectionField#_updateDiff / #_updateCommit for a (recursive) update of a
 * parent carrying an embedded array: each entry merges into the child of its _id, entries
 * of new ids are appended, and children left out stay as they were.
 */
export function mergeEmbeddedSources(existing: AnyObject[] = [], changes: AnyObject[]): AnyObject[] {
  const byId = new Map(changes.filter((c) => c._id).map((c) => [c._id, c]));
  const merged = existing.map((prior) => {
    const change = byId.get(prior._id);
    return change ? mergeObject(deepClone(prior), change, { performDeletions: true }) : deepClone(prior);
  });
  const added = changes.filter((c) => !c._id || !existing.some((e) => e._id === c._id));
  return [...merged, ...added.map((c) => deepClone(c))];
}

export const utils = {
  getType,
  deepClone,
  duplicate: <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T,
  isEmpty,
  isDeletionKey,
  getProperty,
  hasProperty,
  setProperty,
  expandObject,
  flattenObject,
  mergeObject,
  diffObject,
  randomID,
  escapeHTML,
};
