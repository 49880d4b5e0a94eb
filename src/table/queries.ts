/**
 * The GM's side of every player request. Each handler trusts nothing it is sent:
 * it learns who asks from the sender's confirmed pass (grants.ts), finds the
 * documents itself, checks that the sender owns the actor acted for now, and
 * applies the rule through the engine. Requests to one combat are handled one
 * at a time, so two simultaneous clicks cannot both pass a check.
 */
import type { BoutCombat } from "../documents/combat";
import { refuse, type Outcome } from "../engine/outcome";
import type { TimeCommand } from "../engine/time/machine";
import { isPlayerCommand } from "../engine/time/player-commands";
import { checkGrant, registerGrantQueries, registerRequest } from "./grants";
import { registerDeclarationQueries } from "./declarations";
import { queued } from "./write-queue";

function combatFor(id: unknown): BoutCombat | null {
  return typeof id === "string" ? ((game.combats?.get(id) as BoutCombat | undefined) ?? null) : null;
}

export function registerCombatQueries(): void {
  registerGrantQueries();
  registerDeclarationQueries();

  // A player's command for a combatant she owns; another GM's command (or several, as one step) of any kind, trusted as a GM's.
  registerRequest("combatCommand", (data: { combatId?: string; command?: { type?: string; combatantId?: string }; commands?: unknown }, from) => {
    const combat = combatFor(data?.combatId);
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    if (Array.isArray(data.commands)) {
      if (!from.isGM) return refuse("combat.gmOnly", "BOUT.Combat.GmOnly");
      const commands = data.commands.filter((c): c is TimeCommand => Boolean(c) && typeof c === "object" && typeof (c as { type?: unknown }).type === "string");
      if (commands.length !== data.commands.length) return refuse("combat.notAllowed", "BOUT.Combat.NotAllowed");
      return queued([combat], (lease) => combat.applyCommands(commands, lease));
    }
    return queued([combat], async (lease): Promise<Outcome<unknown>> => {
      const command = data.command;
      if (!command || typeof command !== "object" || typeof command.type !== "string") return refuse("combat.notAllowed", "BOUT.Combat.NotAllowed");
      if (from.isGM) return combat.applyCommand(command as never, lease);
      // Only a fighter's own decisions (the engine's list), for a combatant the sender owns.
      if (!isPlayerCommand(command.type)) return refuse("combat.notAllowed", "BOUT.Combat.NotAllowed");
      const combatant = typeof command.combatantId === "string" ? combat.combatants.get(command.combatantId) : undefined;
      // The combatant's own actor (an unlinked token's synthetic actor), owned by the sender now.
      if (!combatant || !checkGrant(combatant.actor, from)) return refuse("combat.notYours", "BOUT.Combat.NotYours");
      return combat.applyCommand(command as never, lease);
    });
  });

  // Another GM's Begin, next step or next round: worked out, rolled and written here, once.
  registerRequest("combatStep", (data: { combatId?: unknown; step?: unknown; options?: unknown }, from) => {
    const combat = combatFor(data?.combatId);
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    if (!from.isGM) return refuse("combat.gmOnly", "BOUT.Combat.GmOnly");
    if (data.step === "nextTurn" || data.step === "nextRound") return combat.stepHere(data.step);
    if (data.step !== "start") return refuse("combat.notAllowed", "BOUT.Combat.NotAllowed");
    const options = data.options && typeof data.options === "object" && !Array.isArray(data.options) ? (data.options as Record<string, unknown>) : {};
    return combat.startHere(options);
  });

  // Another GM's regrouping (a drag onto a bout or group, or the row menu's Move).
  registerRequest("moveCombatant", (data: { combatId?: unknown; combatantId?: unknown; groupId?: unknown }, from) => {
    const combat = combatFor(data?.combatId);
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    if (!from.isGM) return refuse("combat.gmOnly", "BOUT.Combat.GmOnly");
    if (typeof data.combatantId !== "string" || (data.groupId !== null && typeof data.groupId !== "string")) return refuse("combat.unknownCombatant", "BOUT.Tracker.Refusal.UnknownCombatant");
    return combat.moveToGroup(data.combatantId, data.groupId);
  });

  // Another GM's Undo: only a GM may ask; applied to the state that GM saw, so two at once take back one step.
  registerRequest("combatUndo", (data: { combatId?: unknown; seen?: unknown }, from) => {
    const combat = combatFor(data?.combatId);
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    if (!from.isGM) return refuse("combat.gmOnly", "BOUT.Combat.GmOnly");
    return queued([combat], () => combat.applyUndo(typeof data.seen === "string" ? data.seen : undefined));
  });
}
