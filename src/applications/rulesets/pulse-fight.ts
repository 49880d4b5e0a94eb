/**
 * The commands a pulse card sends to the running fight (seed
 * 004_2f46e4f6196f6037.txt [12]-[15], [19]): ending a figure's turn, and
 * telling the fight what changed about a figure (stunned, in close combat);
 * and who is tangled with whom in close combat [13.6].
 * Outside a running pulse fight there is nothing to send.
 */
import { combatantFor } from "../../chat/cards";
import type { TimeCommand } from "../../engine/time/machine";

const inPulseFight = (combatId: string) =>
  Boolean(combatId) && (game.combats?.get(combatId) as unknown as { boutSystem?: { structure: string } } | undefined)?.boutSystem?.structure === "pulses";

/** The figure's action is done: its turn ends. */
export function endTurnCommands(combatId: string, actor: Actor.Implementation | null): TimeCommand[] {
  const id = inPulseFight(combatId) ? combatantFor(combatId, actor) : null;
  return id ? [{ type: "endTurn", combatantId: id } as TimeCommand] : [];
}

/** What the fight keeps about these figures changes: stunned or out cold [19], or in close combat [13.7]. */
export function patchCommands(combatId: string, actors: readonly (Actor.Implementation | null)[], patch: { readonly stunned?: boolean; readonly unconscious?: boolean; readonly close?: boolean }): TimeCommand[] {
  if (!inPulseFight(combatId)) return [];
  return actors.flatMap((a) => {
    const id = combatantFor(combatId, a);
    return id ? [{ type: "update", combatantId: id, patch } as unknown as TimeCommand] : [];
  });
}

const CLOSE = "closeCombat";

/** In close combat (the token condition) [13.6]. */
export const inClose = (actor: Actor.Implementation | null) => Boolean((actor as unknown as { statuses?: Set<string> } | null)?.statuses?.has(CLOSE));

/** Whom a figure is tangled with (kept on the actor, so a withdrawal knows whose strength holds it). */
export function tangledWith(actor: Actor.Implementation | null): string[] {
  const ids = (actor?.flags as { bout?: { closeWith?: unknown } } | undefined)?.bout?.closeWith;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === "string") : [];
}
