/**
 * A fighter of a machine state's list by id, found in constant time (issue 35:
 * a step touches the fighters it names, not the whole table). A state is never
 * changed in place, so each list is indexed once, the first time it is searched,
 * and the index goes with the list. Only for finished lists: one still being
 * built (pushed to) must be searched with Array#find.
 */
const INDEX = new WeakMap<readonly { readonly id: string }[], ReadonlyMap<string, { readonly id: string }>>();

export function byId<T extends { readonly id: string }>(list: readonly T[], id: unknown): T | undefined {
  let index = INDEX.get(list);
  if (!index) {
    const built = new Map<string, T>();
    // The first of an id, as Array#find would answer.
    for (const x of list) if (!built.has(x.id)) built.set(x.id, x);
    INDEX.set(list, (index = built));
  }
  return (typeof id === "string" ? index.get(id) : undefined) as T | undefined;
}
