/**
 * A fighter of a machine state's list by id, found in constant time (issue 35:
 * a step touches the fighters it names, not the whole table). A state is never
 * changed in place, so each list's ids are read once, the first time it is
 * searched, and go with the list. A list made from another by putting entries
 * in the places of entries with the same ids (`withIdsOf`, `putById`) shares
 * that list's ids and places: it is not read again. Only for finished lists: one
 * still being built (pushed to) must be searched with Array#find.
 */
type Listed = readonly { readonly id: string }[];

/** Each list's ids, in order (shared by lists with the same ids in the same places). */
const IDS = new WeakMap<Listed, readonly string[]>();
/** Each ids list's places: the first place of each id, as Array#find would answer. */
const PLACES = new WeakMap<readonly string[], ReadonlyMap<string, number>>();

/** The ids of a list, in order: the very same (frozen) array for every list known to hold the same ids in the same places. */
export function idsOf(list: Listed): readonly string[] {
  let ids = IDS.get(list);
  if (!ids) IDS.set(list, (ids = Object.freeze(list.map((x) => x.id))));
  return ids;
}

export function byId<T extends { readonly id: string }>(list: readonly T[], id: unknown): T | undefined {
  if (typeof id !== "string") return undefined;
  const ids = idsOf(list);
  let places = PLACES.get(ids);
  if (!places) {
    const built = new Map<string, number>();
    ids.forEach((x, i) => built.has(x) || built.set(x, i));
    PLACES.set(ids, (places = built));
  }
  const at = places.get(id);
  return at === undefined ? undefined : list[at];
}

/** `list`, known to hold the same ids in the same places as `from` (its caller's promise): it shares `from`'s ids, read once. */
export function withIdsOf<T extends { readonly id: string }>(list: readonly T[], from: readonly T[]): readonly T[] {
  if (list.length === from.length) IDS.set(list, idsOf(from));
  return list;
}

/** `list` with `entry` in the place of every entry with its id (the same ids in the same places: shared, not read again). */
export function putById<T extends { readonly id: string }>(list: readonly T[], entry: T): readonly T[] {
  return mapKeepingIds(list, (x) => (x.id === entry.id ? entry : x));
}

/** `list` with the entries of id `id` changed by `change`: a change that keeps the id shares `list`'s ids. */
export function patchById<T extends { readonly id: string }>(list: readonly T[], id: string, change: Partial<T>): readonly T[] {
  const patched = (x: T): T => (x.id === id ? { ...x, ...change } : x);
  return change.id === undefined || change.id === id ? mapKeepingIds(list, patched) : list.map(patched);
}

/**
 * `list` with each entry `change` gives back, where `change` keeps every entry's id: the list itself when no entry
 * changed (a step that left every fighter as he was stores no new list), else a new list sharing `list`'s ids.
 */
export function mapKeepingIds<T extends { readonly id: string }>(list: readonly T[], change: (entry: T) => T): readonly T[] {
  let out: T[] | null = null;
  for (let i = 0; i < list.length; i++) {
    const was = list[i]!;
    const now = change(was);
    if (now !== was && !out) out = list.slice(0, i);
    out?.push(now);
  }
  return out ? withIdsOf(out, list) : list;
}
