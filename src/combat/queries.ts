/**
 * The GM's side of every player request. Each handler trusts nothing it is sent:
 * it finds the documents itself, checks the actor's grant, and applies the rule
 * through the engine. Requests to one combat are handled one at a time, so two
 * simultaneous clicks cannot both pass a check.
 */
import type { BoutCombat } from "../documents/combat";
import { refuse, type Outcome } from "../engine/outcome";
import { checkGrant, registerGrantQueries } from "./grants";
import { recordChoice } from "./declarations";
import { registerQuery } from "./query";
import { queued } from "./write-queue";

/** Commands a player may send for a combatant their actor owns. */
const PLAYER_COMMANDS = new Set(["act", "endTurn", "spend", "hold", "pass", "chooseOrder", "prepare", "declareAction"]);

function combatFor(id: unknown): BoutCombat | null {
  return typeof id === "string" ? ((game.combats?.get(id) as unknown as BoutCombat | undefined) ?? null) : null;
}

export function registerCombatQueries(): void {
  registerGrantQueries();

  registerQuery("combatCommand", (data: { combatId?: string; command?: { type?: string; combatantId?: string }; actorId?: string; token?: string }) => {
    if (!game.user?.isActiveGM) return refuse("combat.notGm", "BOUT.Combat.NoGm");
    const combat = combatFor(data?.combatId);
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    return queued([combat], async (lease): Promise<Outcome<unknown>> => {
      const command = data.command;
      if (!command || typeof command.type !== "string" || !PLAYER_COMMANDS.has(command.type)) return refuse("combat.notAllowed", "BOUT.Combat.NotAllowed");
      const combatant = typeof command.combatantId === "string" ? combat.combatants.get(command.combatantId) : undefined;
      if (!combatant || !checkGrant(combatant.actorId, data.token)) return refuse("combat.notYours", "BOUT.Combat.NotYours");
      return combat.applyCommand(command as never, lease);
    });
  });

  registerQuery("declare", (data: any) => {
    if (!game.user?.isActiveGM) return refuse("combat.notGm", "BOUT.Combat.NoGm");
    const combat = combatFor(data?.combatId);
    if (!combat) return refuse("combat.unknown", "BOUT.Combat.Unknown");
    return queued([combat], () => recordChoice(combat, data ?? {}, false));
  });
}
