/**
 * Seed 000 "Blood Loss" at the table: when a bout reaches a new round the GM's
 * client posts a card for each bleeding fighter and rolls Toughness dice
 * against the Blood Loss TN. A failure costs 1 Health on Apply; reaching
 * Health 1 halves the pool already refreshed this round, in the bout at once.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterRef } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import type { ActorView } from "../../engine/rulesets/ruleset";
import { bloodLossRoll, halvedPoolLoss, type SteelStats } from "../../engine/rulesets/steel";
import type { TimeCommand } from "../../engine/time/machine";
import { bloodLossHeadline } from "./headline";
import { combatantFor, delta, registerCardKind, withNames, type CardKind, type CardResolution } from "../cards";
import type { EngineEvent } from "../../applications/results/result-card";
import { fighterOf } from "./attack";

const view = (actor: Actor.Implementation) => actorView(actor as never, "steel") as unknown as ActorView<SteelStats>;

const bloodLossCard: CardKind = {
  title: "BOUT.Steel.Contest.BloodLossTitle",
  self: true,
  unanswered: () => true,
  prepare: (_raw, actor) => (view(actor).stats.bloodLoss > 0 ? ok({}) : refuse("steel.notBleeding", "BOUT.Steel.Contest.Refusal.NotBleeding")),
  describe: () => [{ type: "declared", key: "BOUT.Steel.Contest.BloodLossDeclared", data: {} }],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<CardResolution>> {
    const actor = card.attacker;
    if (!actor) return refuse("steel.notBleeding", "BOUT.Steel.Contest.Refusal.NotBleeding");
    const s = view(actor).stats;
    const rolled = await resolveWithFoundry((dice) => bloodLossRoll({ toughness: s.toughness, bloodLoss: s.bloodLoss, healthNow: s.healthNow }, dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result;
    const lost = s.healthNow - r.healthNow;
    const commands: TimeCommand[] = [];
    const fighter = fighterOf(actor, card.combatId);
    const id = combatantFor(card.combatId, actor);
    if (lost && r.halved && fighter && id) commands.push({ type: "penalty", combatantId: id, dice: halvedPoolLoss(fighter.cp) } as TimeCommand);
    return ok({
      outcome: lost ? "failure" : "success",
      events: withNames(rolled.value.value.events as EngineEvent[], [actor]),
      updates: lost ? { [fighterRef(actor)]: { "system.steel.healthNow": delta(-lost, 0) } } : {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: commands,
      statuses: r.dying ? { [fighterRef(actor)]: ["unconscious"] } : {},
      headline: bloodLossHeadline(r),
    });
  },
};

export function registerSteelBleeding(): void {
  registerCardKind("steel.bloodLoss", bloodLossCard);
}
