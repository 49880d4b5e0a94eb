/**
 * Seed 004 [24] at the table. After the fight the GM rolls each wounded
 * figure's **Infection check** from its sheet: 10%, +20 + the Endurance damage
 * taken if any (starting less current Endurance unless the GM says otherwise),
 * +20 for bites, claws or talons, plus the GM's own figure for grievous
 * injuries. Only the GM posts it, since its inputs are the GM's word. Apply ticks
 * Infected. Each day after, the sheet's **A day with an infection** rolls d100
 * under the starting Endurance: the infection heals (Apply clears the box), or
 * it costs D-5 Endurance (Apply takes it, with unconsciousness or death).
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterRef } from "../fighter";
import { isWholeNumber, ok, refuse, type Outcome } from "../../engine/outcome";
import { infectionChance, infectionHealOdds, resolveInfection, resolveInfectionDay, type InfectionInput } from "../../engine/rulesets/pulse/after-combat";
import { vitalState } from "../../engine/rulesets/pulse/damage";
import { infectionDayHeadline, infectionHeadline } from "./headline";
import { delta, postCard, registerCardKind, withNames, type CardKind, type StatusChange } from "../cards";
import { openOddsDialog } from "../../applications/dialogs/odds-dialog";
import { registerActorAction } from "../../applications/sheets/actor-actions";
import { eventLine as line, type EngineEvent } from "../../applications/results/result-card";
import { view } from "./attack";
import { notifyRefusal } from "../notify";
import { blowConditions, enduranceDamageTaken } from "../../engine/rulesets/pulse/card-effects";
import { checkOdds } from "../../engine/rulesets/pulse/checks";

const T = "BOUT.Pulse.Table.Infection.";
/** Endurance lost since the fight began, as the sheet shows it. */
const enduranceLost = (actor: Actor.Implementation) => {
  const s = view(actor).stats;
  return enduranceDamageTaken(s.endurance, s.enduranceNow);
};

const checkCard: CardKind = {
  title: `${T}CheckTitle`,
  self: true,
  gmOnly: true,
  anyState: true,
  unanswered: () => true,
  prepare(raw): Outcome<InfectionInput> {
    const d = (raw ?? {}) as Record<string, unknown>;
    if (!isWholeNumber(d.enduranceDamage) || d.enduranceDamage < 0 || d.enduranceDamage > 1000) return refuse("pulse.infection.badDamage", `${T}BadDamage`);
    if (!isWholeNumber(d.gmModifier) || Math.abs(d.gmModifier) > 100) return refuse("pulse.infection.badModifier", `${T}BadModifier`);
    return ok({ enduranceDamage: d.enduranceDamage, natural: d.natural === true, gmModifier: d.gmModifier });
  },
  describe: (d: InfectionInput | null) => [line("declared", `${T}CheckDeclared`, { chance: d ? infectionChance(d) : 0 })],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const actor = card.attacker;
    const d = card.declaration as InfectionInput | null;
    if (!actor || !d) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    const rolled = await resolveWithFoundry((dice) => resolveInfection({ ...d, id: fighterRef(actor) }, dice));
    if (!rolled.value.ok) return rolled.value;
    const infected = rolled.value.value.result.infected;
    return ok({
      outcome: infected ? "failure" : "success",
      events: withNames(rolled.value.value.events as EngineEvent[], [actor]),
      updates: infected ? { [fighterRef(actor)]: { "system.pulse.infected": true } } : {},
      rolls: rolled.rolls,
      lookups: [],
      headline: infectionHeadline(rolled.value.value.result),
    });
  },
};

const dayCard: CardKind = {
  title: `${T}DayTitle`,
  self: true,
  anyState: true,
  unanswered: () => true,
  prepare(_raw, actor): Outcome<{ endurance: number }> {
    const s = view(actor).stats;
    if (!s.infected) return refuse("pulse.infection.none", `${T}NotInfected`, { name: actor.name });
    return ok({ endurance: s.endurance });
  },
  describe: (d: { endurance: number } | null) => [line("declared", `${T}DayDeclared`, { endurance: d?.endurance ?? 0 })],
  async defend() {
    return null;
  },
  async resolve(card): Promise<Outcome<any>> {
    const actor = card.attacker;
    if (!actor) return refuse("card.unknownActor", "BOUT.Card.Refusal.UnknownActor");
    const s = view(actor).stats;
    const rolled = await resolveWithFoundry((dice) => resolveInfectionDay({ id: fighterRef(actor), endurance: s.endurance, enduranceNow: s.enduranceNow }, dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result;
    const changes: Record<string, unknown> = r.healed ? { "system.pulse.infected": false } : { "system.pulse.enduranceNow": delta(r.enduranceNow - s.enduranceNow, 0) };
    // [19] Endurance spent by the fever: unconscious at 3 or less, dead at 0.
    const state = r.healed ? "fine" : vitalState(r.enduranceNow, { endurance: s.endurance, monster: s.monster });
    const conditions: StatusChange[] = blowConditions({ hit: false, kind: "normal", damage: { state, stun: false, effective: 0 }, prone: false, restrained: false }).map((id) => ({ id, active: true }));
    return ok({
      outcome: r.healed ? "success" : "failure",
      events: withNames(rolled.value.value.events as EngineEvent[], [actor]),
      updates: { [fighterRef(actor)]: changes },
      statuses: conditions.length ? { [fighterRef(actor)]: conditions } : {},
      rolls: rolled.rolls,
      lookups: [],
      headline: infectionDayHeadline(r),
    });
  },
};

async function checkFromSheet(actor: Actor.Implementation) {
  if (!game.user?.isGM) {
    notifyRefusal({ code: "card.gmOnly", message: "BOUT.Card.Refusal.GmOnly", data: {} });
    return;
  }
  const values = await openOddsDialog({
    title: `${T}CheckTitle`,
    titleData: { attacker: actor.name },
    confirmLabel: `${T}Go`,
    fields: [
      { kind: "number", name: "enduranceDamage", label: `${T}EnduranceDamage`, value: enduranceLost(actor), min: 0, max: 1000 },
      { kind: "checkbox", name: "natural", label: `${T}Natural`, value: false },
      { kind: "number", name: "gmModifier", label: `${T}GmModifier`, value: 0, min: -100, max: 100 },
    ],
    odds: (v) => {
      const chance = infectionChance({ enduranceDamage: Math.max(0, Number(v.enduranceDamage) || 0), natural: v.natural === true, gmModifier: Number(v.gmModifier) || 0 });
      return { rows: [{ label: `${T}Odds`, data: { chance }, probability: checkOdds(chance), headline: true }] };
    },
  });
  if (values) return postCard("pulse.infection", actor, actor, { enduranceDamage: Number(values.enduranceDamage), natural: values.natural === true, gmModifier: Number(values.gmModifier) }, "");
}

async function dayFromSheet(actor: Actor.Implementation) {
  const s = view(actor).stats;
  if (!s.infected) return postCard("pulse.infectionDay", actor, actor, {}, "");
  const values = await openOddsDialog({
    title: `${T}DayTitle`,
    titleData: { attacker: actor.name },
    confirmLabel: `${T}Go`,
    fields: [],
    odds: () => ({ rows: [{ label: `${T}HealOdds`, data: { endurance: s.endurance }, probability: infectionHealOdds(s.endurance), headline: true }] }),
  });
  if (values) return postCard("pulse.infectionDay", actor, actor, {}, "");
}

export function registerPulseInfection(): void {
  registerCardKind("pulse.infection", checkCard);
  registerCardKind("pulse.infectionDay", dayCard);
  registerActorAction("pulse", { id: "infection", label: `${T}CheckAction`, icon: "fa-solid fa-virus", shown: () => Boolean(game.user?.isGM), run: checkFromSheet });
  registerActorAction("pulse", { id: "infectionDay", label: `${T}DayAction`, icon: "fa-solid fa-calendar-day", run: dayFromSheet });
}
