/**
 * Issue 31: the fight follows the world. A fighter's figures and conditions
 * change through Foundry's own doors (a card's Apply, the token HUD, the sheet,
 * a macro); on the active GM's client each such change reaches every running
 * fight the fighter is in, through that fight's write queue (BoutCombat's
 * followWorld): a fighter knocked out or in a coma leaves its order, one woken
 * joins it again, and a stun set by hand moves the turn as a card's would.
 * Combatants added, marked defeated or removed reach it from the combat itself
 * (documents/combat.ts).
 */
interface FollowingCombat {
  readonly started: boolean;
  readonly combatants: { readonly contents: readonly { readonly actor?: unknown }[] };
  followWorld?(): Promise<void>;
}

/**
 * Every running fight with this fighter in it. Matched by the world actor's id,
 * which its unlinked tokens share: a change to the world actor reaches its
 * tokens' figures too, and a fight with nothing to change writes nothing.
 */
function fightsOf(actor: { readonly id: string | null }): FollowingCombat[] {
  return ((game.combats?.contents ?? []) as FollowingCombat[]).filter((c) => c.started && c.followWorld && c.combatants.contents.some((x) => (x.actor as { id?: string | null } | null)?.id === actor.id));
}

function follow(actor: unknown): void {
  if (!game.user?.isActiveGM || !(actor instanceof Actor)) return;
  for (const combat of fightsOf(actor as { id: string | null })) void combat.followWorld!();
}

/** An effect's actor: effects on an item (its own, not yet the actor's) change no condition. */
const effectActor = (effect: unknown) => (effect as { parent?: unknown } | null)?.parent;

export function registerFightFollowsWorld(): void {
  Hooks.on("updateActor", (actor) => follow(actor));
  Hooks.on("createActiveEffect", (effect) => follow(effectActor(effect)));
  Hooks.on("updateActiveEffect", (effect) => follow(effectActor(effect)));
  Hooks.on("deleteActiveEffect", (effect) => follow(effectActor(effect)));
}
