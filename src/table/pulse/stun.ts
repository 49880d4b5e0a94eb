/**
 * Seed 004 [19] at the table: a stunned figure's only action is to try to
 * recover (the sheet's **Recover from stun**): d100 at most 2 x (WP + current
 * Fatigue). Success clears the Stunned box and condition, and the running
 * fight stops treating the figure as stunned. In a running pulse it is the
 * figure's action and ends its turn.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterRef } from "../fighter";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { checkOdds, resolveCheck, stunRecoveryTarget } from "../../engine/rulesets/pulse/checks";
import { recoverHeadline } from "./headline";
import { dryRun, postCard, registerCardKind, withNames, type CardKind } from "../cards";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { eventLine as line, type EngineEvent } from "../../applications/results/result-card";
import { view } from "./attack";
import { endTurnCommands } from "./fight";

const T = "BOUT.Pulse.Table.Recover.";
const target = (actor: Actor.Implementation) => {
  const s = view(actor).stats;
  return stunRecoveryTarget(s.wp, s.fatigueNow);
};

const recoverCard: CardKind = {
  title: `${T}Title`,
  self: true,
  unanswered: () => true,
  prepare(_raw, actor, _same, combatId): Outcome<{ target: number }> {
    if (!view(actor).stats.stunned) return refuse("pulse.recover.notStunned", `${T}NotStunned`, { name: actor.name });
    const turn = dryRun(combatId, endTurnCommands(combatId, actor));
    if (!turn.ok) return turn;
    return ok({ target: target(actor) });
  },
  describe: (d: { target: number } | null) => [line("declared", `${T}Declared`, { target: d?.target ?? 0 })],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const actor = card.attacker;
    const d = card.declaration as { target: number } | null;
    if (!actor || !d) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    const turn = endTurnCommands(card.combatId, actor);
    const rolled = await resolveWithFoundry((dice) => resolveCheck("StunRecovery", d.target, dice, fighterRef(actor)));
    if (!rolled.value.ok) return rolled.value;
    const recovered = rolled.value.value.result.success;
    return ok({
      outcome: recovered ? "success" : "failure",
      headline: recoverHeadline(rolled.value.value.result),
      events: withNames(rolled.value.value.events as EngineEvent[], [actor]),
      updates: {},
      statuses: recovered ? { [fighterRef(actor)]: [{ id: "stun", active: false }] } : {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: turn,
    });
  },
};

async function recoverFromSheet(actor: Actor.Implementation) {
  if (!view(actor).stats.stunned) return postCard("pulse.recover", actor, actor, {}, game.combat?.id ?? "");
  const t = target(actor);
  const values = await openOddsDialog({
    title: `${T}Title`,
    titleData: { attacker: actor.name },
    confirmLabel: `${T}Go`,
    fields: [],
    odds: () => ({ rows: [{ label: `${T}Odds`, data: { target: t }, probability: checkOdds(t), headline: true }] }),
  });
  if (values) return postCard("pulse.recover", actor, actor, {}, game.combat?.id ?? "");
}

export function registerPulseStun(): void {
  registerCardKind("pulse.recover", recoverCard);
  registerActorAction("pulse", { id: "recover", label: `${T}Action`, icon: "fa-solid fa-head-side-virus", run: recoverFromSheet });
}
