/** Whom an attack dialog offers as targets: the others in the current fight, else every other actor. */
export function opponents(actor: Actor.Implementation): Actor.Implementation[] {
  const inCombat = game.combat?.combatants.contents.map((c) => c.actor as Actor.Implementation | null).filter((a): a is Actor.Implementation => Boolean(a) && a!.id !== actor.id);
  return inCombat?.length ? inCombat : (game.actors!.contents.filter((a) => a.id !== actor.id) as Actor.Implementation[]);
}
