/**
 * Seed 002 VII.b.ii.2.c at the table: a fighter on one knee stands up only on
 * its own action in an action phase, for the Action Points the world's action
 * costs table gives (4 by the seed). A card on oneself: the GM's client checks
 * the fight would take the spend, then applying clears the knee.
 */
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { fighterRef } from "../fighter";
import { standHeadline } from "./headline";
import { registerCardKind, combatantFor, dryRun, type CardKind } from "../cards";
import type { TimeCommand } from "../../engine/time/machine";
import { standUpAction } from "../../engine/rulesets/actionpoints/pool";
import { eventLine as line } from "../../applications/results/result-card";
import { apJsonTables } from "./tables";
import { view } from "./attack";

/** What standing up spends in this world: the AP and the kind of action its row of the costs table gives (the engine's standUpAction). */
const standAction = () => standUpAction(apJsonTables().actionCosts)!;
/** The AP standing costs in this world. */
export const standCost = () => standAction().points;

const spend = (combatId: string, actor: Actor.Implementation, cost: number): TimeCommand[] => {
  const id = combatantFor(combatId, actor);
  return id ? [{ type: "spend", combatantId: id, points: cost, kind: standAction().kind } as TimeCommand] : [];
};

const standCard: CardKind = {
  title: "BOUT.ActionPoints.Table.Stand.Title",
  self: true,
  unanswered: () => true,
  prepare(_raw, actor, _same, combatId): Outcome<{ cost: number }> {
    if (!standUpAction(apJsonTables().actionCosts, Boolean(view(actor).stats.kneeling))) return refuse("ap.notKneeling", "BOUT.ActionPoints.Table.Stand.NotKneeling", { name: actor.name });
    const cost = standCost();
    const ready = dryRun(combatId, spend(combatId, actor, cost));
    if (!ready.ok) return ready;
    return ok({ cost });
  },
  describe: (d: { cost: number } | null) => [line("declared", "BOUT.ActionPoints.Table.Stand.Declared", { cost: d?.cost ?? 0 })],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const actor = card.attacker;
    if (!actor) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    const cost = Number(card.declaration?.cost ?? standCost());
    return ok({
      outcome: "success",
      events: [line("stands", "BOUT.ActionPoints.Table.Stand.Done", { who: actor.name })],
      updates: {},
      statuses: { [fighterRef(actor)]: [{ id: "kneeling", active: false }] },
      rolls: [],
      combatCommands: spend(card.combatId, actor, cost),
      headline: standHeadline(cost),
    });
  },
};

export function registerActionPointsStand(): void {
  registerCardKind("actionpoints.stand", standCard);
}
