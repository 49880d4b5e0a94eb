/**
 * The commands a pulse card sends to the running fight (seed
 * 004_2f46e4f6196f6037.txt [12]-[15], [19]): ending a figure's turn and an
 * owed Pass; and who is tangled with whom in close combat [13.6]. What changed
 * about a figure (stunned, in close combat) is its token's condition, which the
 * fight reads as it decides.
 * Outside a running pulse fight there is nothing to send.
 */
import { combatantFor } from "../cards";
import { refList } from "../fighter";
import { hasStatus } from "../status-effects";
import type { CombatantInfo } from "../machines";
import type { TimeCommand } from "../../engine/time/machine";

/** A running pulse fight by that id (none: nothing to send). */
export const inPulseFight = (combatId: string) =>
  Boolean(combatId) && (game.combats?.get(combatId) as unknown as { boutSystem?: { structure: string } } | undefined)?.boutSystem?.structure === "pulses";

/** The figure's action is done: its turn ends. */
export function endTurnCommands(combatId: string, actor: Actor.Implementation | null): TimeCommand[] {
  const id = inPulseFight(combatId) ? combatantFor(combatId, actor) : null;
  return id ? [{ type: "endTurn", combatantId: id } as TimeCommand] : [];
}

/** [17.4] a parry of 3 or less: the parrier must Pass next pulse. */
export function owePassCommands(combatId: string, actor: Actor.Implementation | null): TimeCommand[] {
  const id = inPulseFight(combatId) ? combatantFor(combatId, actor) : null;
  return id ? [{ type: "owePass", combatantId: id } as unknown as TimeCommand] : [];
}

/** The fight's fighters with their sides and, on a hex scene, where they stand (none without a fight). */
export function fightInfos(combatId: string): CombatantInfo[] {
  const combat = combatId ? (game.combats?.get(combatId) as unknown as { combatantInfos?(): CombatantInfo[] } | undefined) : undefined;
  return combat?.combatantInfos?.() ?? [];
}

/** In close combat (the token condition) [13.6]. */
export const inClose = (actor: Actor.Implementation | null) => hasStatus(actor, "closeCombat");

/** Fighter refs a figure keeps in one of its flags (whom it grapples, who holds it); an older bare actor id reads as the world actor (refersTo). */
export function actorIdsFlag(actor: Actor.Implementation | null, key: "closeWith" | "restrainedBy"): string[] {
  return refList((actor?.flags as { bout?: Record<string, unknown> } | undefined)?.bout?.[key]);
}

/** Whom a figure is tangled with (kept on the actor, so a withdrawal knows whose strength holds it). */
export const tangledWith = (actor: Actor.Implementation | null) => actorIdsFlag(actor, "closeWith");
