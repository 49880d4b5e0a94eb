import { combatantOf, fighterName, fighterRef, sameFighter } from "./fighter";

type Targeted = { document?: { actorId?: string | null; actor?: Actor.Implementation | null } | null; actor?: Actor.Implementation | null };

/** The actors of the tokens this user targets (each token its own fighter). */
function targetedFighters(): Actor.Implementation[] {
  return [...(game.user?.targets ?? [])].map((t) => ((t as Targeted).actor ?? (t as Targeted).document?.actor ?? null) as Actor.Implementation | null).filter((a): a is Actor.Implementation => Boolean(a));
}

/**
 * Whom an attack dialog offers as targets: the others in the current fight
 * (each combatant its own fighter, so two tokens of one NPC are two entries),
 * else the tokens the user targets and every other world actor.
 */
export function opponents(actor: Actor.Implementation): Actor.Implementation[] {
  const combat = game.combat;
  const mine = combatantOf(combat, actor);
  const inCombat = combat?.combatants.contents
    .filter((c) => c !== mine)
    .map((c) => c.actor as Actor.Implementation | null)
    .filter((a): a is Actor.Implementation => Boolean(a) && !sameFighter(a, actor));
  if (inCombat?.length) return inCombat;
  const targeted = targetedFighters().filter((a) => !sameFighter(a, actor));
  const others = game.actors!.contents.filter((a) => a.id !== actor.id || actor.isToken) as Actor.Implementation[];
  return [...targeted, ...others.filter((a) => !targeted.some((t) => sameFighter(t, a)))];
}

/**
 * The target a dialog starts on (a fighter ref): the first offered fighter
 * whose token the user targets, else the first offered.
 */
export function defaultOpponent(foes: readonly Actor.Implementation[]): string {
  const targeted = targetedFighters();
  const chosen = foes.find((f) => targeted.some((t) => sameFighter(t, f))) ?? foes.find((f) => !f.isToken && targeted.some((t) => t.id === f.id)) ?? foes[0];
  return chosen ? fighterRef(chosen) : "";
}

/** A target select's options: each fighter by ref, named as the table knows it ("Wolf", "Wolf (2)"). */
export function opponentOptions(foes: readonly Actor.Implementation[]): { value: string; label: string }[] {
  return foes.map((f) => ({ value: fighterRef(f), label: fighterName(f) }));
}

/** The offered fighter a dialog's answer names (by ref; a bare actor id, as macros and older callers give, names the first offered fighter of that actor). */
export function pickOpponent(foes: readonly Actor.Implementation[], value: unknown): Actor.Implementation | undefined {
  if (typeof value !== "string" || !value) return undefined;
  return foes.find((f) => fighterRef(f) === value) ?? (value.includes(".") ? undefined : foes.find((f) => f.id === value));
}
