/**
 * Who a fighter is. A fighter is an actor document as the table sees it: an
 * unlinked token's synthetic actor (uuid `Scene.<s>.Token.<t>.Actor.<a>`, the
 * same id as its world actor), or a world actor (`Actor.<a>`: a linked token's
 * actor, a token-less combatant, a sheet opened from the sidebar). Two tokens
 * of one NPC are two fighters; cards, dialogs and flags name a fighter by its
 * reference (the actor's uuid), never by the world actor's id, which both
 * tokens share. Writes go to the fighter's own document (`actor.update` on a
 * synthetic actor lands in its token's delta).
 *
 * Imports nothing of ours: every folder may use it.
 */

/**
 * A fighter's reference: its actor's uuid, `Scene.<s>.Token.<t>.Actor.<a>` for
 * an unlinked token's actor; for a world actor (linked token, token-less
 * combatant, sidebar sheet) the short form of `Actor.<a>`, its id, which is also
 * what cards and flags stored before fighters were tokens. Both forms resolve
 * with `fighterFrom` and compare with `refersTo`.
 */
export type FighterRef = string;

// uuid is null for a temporary document (v14 declares it so; v13 builds one from a null id).
type ActorLike = { readonly id: string | null; readonly uuid: string | null; readonly name: string; readonly isToken?: boolean; readonly token?: unknown };
type CombatantLike = { readonly id: string | null; readonly actorId: string | null; readonly tokenId?: string | null; readonly actor?: unknown; readonly token?: unknown };
type CombatLike = { readonly combatants: { readonly contents: readonly CombatantLike[] } };

/** The reference that names this fighter on cards, in dialogs and in flags. */
export function fighterRef(actor: { readonly id: string | null; readonly uuid: string | null; readonly isToken?: boolean }): FighterRef {
  return (actor.isToken || !actor.id ? actor.uuid : actor.id) ?? "";
}

/**
 * The fighter a reference names, or null. A reference is an actor's uuid; a
 * bare id (a card or flag written before fighters were tokens) reads as the
 * world actor `Actor.<id>`. Anything that is not an actor (an item, a scene, a
 * compendium entry, junk from a hostile payload) is null.
 */
export function fighterFrom(ref: unknown): Actor.Implementation | null {
  if (typeof ref !== "string" || !ref) return null;
  const uuid = ref.includes(".") ? ref : `Actor.${ref}`;
  if (uuid.startsWith("Compendium.")) return null;
  let doc: unknown;
  try {
    doc = fromUuidSync(uuid as never);
  } catch {
    return null;
  }
  return doc instanceof Actor ? (doc as unknown as Actor.Implementation) : null;
}

/** Whether a stored reference (a uuid, or an old bare id meaning the world actor) names this fighter. */
export function refersTo(ref: unknown, actor: ActorLike | null | undefined): boolean {
  if (!actor || typeof ref !== "string" || !ref) return false;
  return ref.includes(".") ? ref === actor.uuid : !actor.isToken && ref === actor.id;
}

/** The same fighter (two tokens of one NPC are not). */
export function sameFighter(a: ActorLike | null | undefined, b: ActorLike | null | undefined): boolean {
  return Boolean(a && b) && (a === b || (a!.uuid !== null && a!.uuid === b!.uuid));
}

/** A stored list of references, read: strings only, old bare ids kept as they are (refersTo reads them). */
export function refList(value: unknown): FighterRef[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.length > 0) : [];
}

/** The fighter a combatant is: its token's actor (synthetic when unlinked), else its world actor. */
export function fighterOfCombatant(combatant: CombatantLike | null | undefined): Actor.Implementation | null {
  return (combatant?.actor as Actor.Implementation | null | undefined) ?? null;
}

function combatantsOf(combat: CombatLike, actor: ActorLike): { exact: CombatantLike | null; byWorld: CombatantLike[] } {
  const all = combat.combatants.contents;
  // A combatant with a token is its token's fighter; a token-less combatant is its world actor.
  const exact =
    all.find((c) => {
      const token = c.token as { id?: string | null } | null | undefined;
      if (c.tokenId && token) return (c.actor as ActorLike | null | undefined)?.uuid === actor.uuid;
      return !c.tokenId && !actor.isToken && c.actorId === actor.id;
    }) ?? null;
  const byWorld = actor.isToken ? [] : all.filter((c) => c.actorId === actor.id);
  return { exact, byWorld };
}

/**
 * A fighter's combatant in a combat: the one on its token (an unlinked token's
 * actor), the one whose actor it is (a linked token, a token-less combatant).
 * A world actor opened from the sidebar whose one token in the fight is
 * unlinked is that token's combatant; with two or more it is none of them
 * (`ambiguousIn` says so: act from the token).
 */
export function combatantOf<C extends CombatantLike>(combat: { readonly combatants: { readonly contents: readonly C[] } } | null | undefined, actor: ActorLike | null | undefined): C | null {
  if (!combat || !actor) return null;
  const { exact, byWorld } = combatantsOf(combat, actor);
  if (exact) return exact as C;
  return byWorld.length === 1 ? (byWorld[0] as C) : null;
}

/** A world actor with several tokens in this fight and none of them its own: which fighter is meant cannot be told. */
export function ambiguousIn(combat: CombatLike | null | undefined, actor: ActorLike | null | undefined): boolean {
  if (!combat || !actor) return false;
  const { exact, byWorld } = combatantsOf(combat, actor);
  return !exact && byWorld.length > 1;
}

/**
 * The fighter who acts in this combat: the combatant's own actor when the
 * actor's combatant there is found (a world actor opened from the sidebar acts
 * as its one unlinked token), else the actor itself.
 */
export function actingFighter(combat: CombatLike | null | undefined, actor: Actor.Implementation): Actor.Implementation {
  return fighterOfCombatant(combatantOf(combat, actor)) ?? actor;
}

/**
 * The name the table knows a fighter by: its token's name, numbered when other
 * tokens on its scene bear the same name ("Wolf", "Wolf (2)"); a world actor's
 * own name.
 */
export function fighterName(actor: ActorLike | null | undefined): string {
  if (!actor) return "?";
  const token = (actor.isToken ? actor.token : null) as { id?: string | null; name?: string | null; parent?: { tokens?: { contents?: readonly { id: string | null; name?: string | null }[] } } | null } | null;
  if (!token) return actor.name;
  const name = token.name || actor.name;
  const same = (token.parent?.tokens?.contents ?? []).filter((t) => (t.name || "") === (token.name || ""));
  const index = same.findIndex((t) => t.id === token.id);
  return same.length > 1 && index > 0 ? `${name} (${index + 1})` : name;
}

/**
 * Every fighter who may be near this one: the fighters of the fight it is in
 * (the named one, else any that holds it), then the world's actors not already
 * among them (a fighter outside any fight).
 */
export function fightersAround(actor: ActorLike, combatId?: string): Actor.Implementation[] {
  const combats = (game.combats?.contents ?? []) as (CombatLike & { id: string | null })[];
  const fights = combatId ? combats.filter((c) => c.id === combatId) : combats.filter((c) => combatantOf(c, actor));
  const out: Actor.Implementation[] = [];
  const seen = new Set<string>();
  const add = (a: Actor.Implementation | null) => {
    const key = a?.uuid ?? a?.id;
    if (a && key && !seen.has(key)) {
      seen.add(key);
      out.push(a);
    }
  };
  for (const c of fights) for (const x of c.combatants.contents) add(fighterOfCombatant(x));
  for (const a of game.actors?.contents ?? []) add(a as Actor.Implementation);
  return out;
}
