/**
 * The commands a pulse card sends to the running fight (seed
 * 004_2f46e4f6196f6037.txt [12]-[15], [19]): ending a figure's turn, and
 * telling the fight what changed about a figure (stunned, in close combat).
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

/** What the fight keeps about these figures changes: stunned [19] or in close combat [13.7]. */
export function patchCommands(combatId: string, actors: readonly (Actor.Implementation | null)[], patch: { readonly stunned?: boolean; readonly close?: boolean }): TimeCommand[] {
  if (!inPulseFight(combatId)) return [];
  return actors.flatMap((a) => {
    const id = combatantFor(combatId, a);
    return id ? [{ type: "update", combatantId: id, patch } as unknown as TimeCommand] : [];
  });
}
