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

/** The first place of each id in a list of ids (read once per ids list). */
function placesOf(ids: readonly string[]): ReadonlyMap<string, number> {
  let places = PLACES.get(ids);
  if (!places) {
    const built = new Map<string, number>();
    ids.forEach((x, i) => built.has(x) || built.set(x, i));
    PLACES.set(ids, (places = built));
  }
  return places;
}

/** The first place of id `id` in a list, as Array#findIndex would answer (-1 when absent). */
export function placeOf(list: Listed, id: unknown): number {
  return typeof id === "string" ? (placesOf(idsOf(list)).get(id) ?? -1) : -1;
}

export function byId<T extends { readonly id: string }>(list: readonly T[], id: unknown): T | undefined {
  const at = placeOf(list, id);
  return at === -1 ? undefined : list[at];
}

/**
 * `list` with the entry at each place of id `id` replaced by what `change` gives for it: the list itself when nothing
 * changed, else a copy sharing `list`'s ids. The first place is looked up, any later one (a duplicate id) found in the
 * ids when the list has duplicates: a step that changes one fighter of 200 copies the list but looks at none of the others.
 */
function replaceAt<T extends { readonly id: string }>(list: readonly T[], id: string, change: (entry: T) => T): readonly T[] {
  const ids = idsOf(list);
  const places = placesOf(ids);
  // Ids all different (the places as many as the entries): the first place is the only one.
  const more = places.size === ids.length ? () => -1 : (at: number) => ids.indexOf(id, at + 1);
  let out: T[] | null = null;
  for (let at = places.get(id) ?? -1; at !== -1; at = more(at)) {
    const now = change(list[at]!);
    if (now !== list[at]) (out ??= list.slice())[at] = now;
  }
  return out ? withIdsOf(out, list) : list;
}

/** `list`, known to hold the same ids in the same places as `from` (its caller's promise): it shares `from`'s ids, read once. */
export function withIdsOf<T extends { readonly id: string }>(list: readonly T[], from: readonly T[]): readonly T[] {
  if (list.length === from.length) IDS.set(list, idsOf(from));
  return list;
}

/** `list` with `entry` in the place of every entry with its id (the same ids in the same places: shared, not read again). */
export function putById<T extends { readonly id: string }>(list: readonly T[], entry: T): readonly T[] {
  return replaceAt(list, entry.id, () => entry);
}

/** `list` with the entries of id `id` changed by `change`: a change that keeps the id shares `list`'s ids. */
export function patchById<T extends { readonly id: string }>(list: readonly T[], id: string, change: Partial<T>): readonly T[] {
  if (change.id === undefined || change.id === id) return replaceAt(list, id, (x) => ({ ...x, ...change }));
  return list.map((x) => (x.id === id ? { ...x, ...change } : x));
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
