/** Whom an attack dialog offers as targets: the others in the current fight, else every other actor. */
export function opponents(actor: Actor.Implementation): Actor.Implementation[] {
  const inCombat = game.combat?.combatants.contents.map((c) => c.actor as Actor.Implementation | null).filter((a): a is Actor.Implementation => Boolean(a) && a!.id !== actor.id);
  return inCombat?.length ? inCombat : (game.actors!.contents.filter((a) => a.id !== actor.id) as Actor.Implementation[]);
}

/**
 * The target a dialog starts on: the first offered actor whose token the user
 * targets, else the first offered. Tokens are matched by their world actor, as
 * the cards name fighters by actor id.
 */
export function defaultOpponent(foes: readonly Actor.Implementation[]): string {
  const targeted = [...(game.user?.targets ?? [])].map((t) => (t as { document?: { actorId?: string | null } }).document?.actorId ?? null);
  return (foes.find((f) => targeted.includes(f.id)) ?? foes[0])?.id ?? "";
}
