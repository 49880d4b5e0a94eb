/**
 * The GM's side of every player request. Each handler trusts nothing it is sent:
 * it learns who asks from the sender's confirmed pass (grants.ts), finds the
 * documents itself, checks that the sender owns the actor acted for now, and
 * applies the rule through the engine. Requests to one combat are handled one
 * at a time, so two simultaneous clicks cannot both pass a check.
 */
import type { BoutCombat } from "../documents/combat";
import { refuse, type Outcome } from "../engine/outcome";
import { checkGrant, registerGrantQueries, registerRequest } from "./grants";
import { registerDeclarationQueries } from "./declarations";
import { queued } from "./write-queue";

/** Commands a player may send for a combatant their actor owns. */
const PLAYER_COMMANDS = new Set(["act", "endTurn", "spend", "hold", "pass", "chooseOrder", "prepare", "declareAction"]);

function combatFor(id: unknown): BoutCombat | null {
  return typeof id === "string" ? ((game.combats?.get(id) as unknown as BoutCombat | undefined) ?? null) : null;
}

export function registerCombatQueries(): void {
  registerGrantQueries();
  registerDeclarationQueries();

  registerRequest("combatCommand", (data: { combatId?: string; command?: { type?: string; combatantId?: string } }, from) => {
    const combat = combatFor(data?.combatId);
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    return queued([combat], async (lease): Promise<Outcome<unknown>> => {
      const command = data.command;
      if (!command || typeof command.type !== "string" || !PLAYER_COMMANDS.has(command.type)) return refuse("combat.notAllowed", "BOUT.Combat.NotAllowed");
      const combatant = typeof command.combatantId === "string" ? combat.combatants.get(command.combatantId) : undefined;
      // The combatant's own actor (an unlinked token's synthetic actor), owned by the sender now.
      if (!combatant || !checkGrant(combatant.actor, from)) return refuse("combat.notYours", "BOUT.Combat.NotYours");
      return combat.applyCommand(command as never, lease);
    });
  });

  // Another GM's Undo: only a GM may ask; applied to the state that GM saw, so two at once take back one step.
  registerRequest("combatUndo", (data: { combatId?: unknown; seen?: unknown }, from) => {
    const combat = combatFor(data?.combatId);
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    if (!from.isGM) return refuse("combat.gmOnly", "BOUT.Combat.GmOnly");
    return queued([combat], () => combat.applyUndo(typeof data.seen === "string" ? data.seen : undefined));
  });
}
