/**
 * What this client works out per fighter from the documents (the fighters'
 * conditions, who carries a timed condition, whose stored style names a style)
 * kept until a document it is made of changes, so a step of a large fight does
 * not read every fighter again (issue 35).
 *
 * The world stays the one truth: every create, update or delete this client
 * hears of a combatant, an actor or its token's delta, a token, an effect, an
 * item, a scene or a setting (but the world's clock: CLOCK) drops everything
 * kept. While such a change is still being applied (the rest of the task that
 * delivered it: v13 rebuilds an unlinked token's synthetic actor around its
 * hooks, and other listeners run after ours) nothing is kept at all, so an
 * answer read half-way through is never reused.
 * A document's own callbacks run before its hook (v13 calls `_onUpdate`, then
 * `Hooks.callAll`): a read made inside one of them may still get the answer kept
 * before that change (none of ours reads a fighter's conditions, style or timed
 * effects there; core's turn order read there is put right at the next update).
 */

/** The documents a fighter's kept reads come from (Hooks `create<Name>`, `update<Name>`, `delete<Name>`). */
const DOCUMENTS = ["Combatant", "Actor", "ActorDelta", "Token", "ActiveEffect", "Item", "Scene", "Setting"] as const;

let generation = 0;
/** A change heard in this task: nothing is kept until the task is done. */
let settling = false;
let listening = false;

function changed(): void {
  generation++;
  if (settling) return;
  settling = true;
  // A microtask: after the task that delivered the change (and its other listeners) is done.
  void Promise.resolve().then(() => {
    generation++;
    settling = false;
  });
}

/**
 * The world's clock: v13 keeps it as the world setting `core.time`, which the server advances (its own Setting
 * update) with every Combat update that moves the time on, so every round or pulse of a fight. Nothing kept here
 * is read from it (a timed condition's end is held against the clock when a step asks), so its change keeps them:
 * otherwise each round would read every fighter again (issue 35).
 */
const CLOCK = "core.time";
const settingChanged = (setting: unknown): void => {
  if ((setting as { key?: unknown } | null)?.key !== CLOCK) changed();
};

/** Listens to the world's changes (once, at init, before any other listener of the system). */
export function registerWorldChanges(): void {
  if (listening) return;
  listening = true;
  // Each document's own hook names, put together (as v13's Hooks.callAll names them for every document type).
  const on = Hooks.on.bind(Hooks) as (hook: string, fn: (document: unknown) => void) => number;
  for (const name of DOCUMENTS) for (const verb of ["create", "update", "delete"]) on(`${verb}${name}`, name === "Setting" ? settingChanged : changed);
}

/**
 * A cache of one value per key (a combat), worked out again once the world has
 * changed since: `work` reads the documents. Without the hooks (or while a
 * change is being applied) it works every value out afresh.
 */
export function keptUntilTheWorldChanges<K extends object, V>(): (key: K, work: () => V) => V {
  const kept = new WeakMap<K, { generation: number; value: V }>();
  return (key, work) => {
    const known = kept.get(key);
    const current = listening && !settling ? generation : null;
    if (current !== null && known?.generation === current) return known.value;
    const value = work();
    if (current !== null) kept.set(key, { generation: current, value });
    return value;
  };
}
