/**
 * Actionpoints at the table by style (seed 002): while it is among those who
 * act now, a styled fighter strikes when its points pay for the blow (at the
 * foe it has the best chance to hit by the engine's exact odds) and passes for
 * the round when they do not; it defends as its style says when its skill and
 * Fatigue allow (else the free passive defence), and takes the blow a winning
 * defence opens when its style takes them. The round's plan (whom it strikes
 * at, how it defends) is the GM's to change in the round form.
 */
import { actorView } from "../../data/actor/actor-view";
import type { TimeCommand } from "../../engine/time/machine";
import { actingNow, type ActionPhasesState } from "../../engine/time/action-phases";
import { attackCostOf, attackOdds, DEFENCES, defenceFatigueCost, isMissileSkill, mayPayDefence, type ActionPointsStats, type AdvantageKind, type Defence } from "../../engine/rulesets/actionpoints";
import { apAct, apAdvantage, apDefence, best, styleRule, type ActionPointsStyle } from "../../engine/styles";
import type { CardView, FollowUp } from "../cards";
import { fighterRef } from "../fighter";
import { closingWeapon, foesOf, plannedFoe, sameOdds, targetField, waitingCardBy, type Foe } from "../styles/fight";
import { registerRulesetStyles, type Styled } from "../styles/registry";
import { attackerFigures, defenderFigures, defencesFor } from "./attack";
import { apJsonTables, apRule } from "./tables";

const view = (actor: Actor.Implementation | null) => actorView<ActionPointsStats>(actor, "actionpoints");
const rule = (styled: Pick<Styled, "style">) => styleRule<ActionPointsStyle>("actionpoints", styled.style)!;
// Missile skills make no melee blow (the engine's isMissileSkill, as the duel simulator has it).
const melee = (item: Item.Implementation) => !isMissileSkill((item.system as { actionpoints?: { skill?: unknown } }).actionpoints?.skill);

/** The defence the style makes now: its own when the fighter can make and pay for it, else the free passive one. */
function styleDefence(styled: Pick<Styled, "actor" | "style">): Defence {
  const v = view(styled.actor);
  const open = defencesFor(v);
  const costs = apJsonTables().defenceFatigue;
  const can = (d: Defence) => open.includes(d) && mayPayDefence(costs, d, v.stats.fatigueNow) && defenderFigures(v, fighterRef(styled.actor), d) !== null;
  const chosen = apDefence(rule(styled), open.includes("passiveShield") && can("passiveShield"), can);
  return can(chosen) ? chosen : (open.find((d) => d !== "none" && can(d) && !defenceFatigueCost(costs, d)) ?? "none");
}

/** The foe its weapon has the best chance to hit (undefended: the attack dialog's headline). */
function bestFoe(actor: Actor.Implementation, weapon: Item.Implementation, foes: readonly Foe[]): Foe | null {
  const a = attackerFigures(actor, weapon, 0);
  if (!a) return null;
  return best(
    foes.flatMap((f) => {
      const d = defenderFigures(view(f.actor), fighterRef(f.actor), "none");
      if (!d) return [];
      const input = { attacker: { ...a, id: "" }, defender: { ...d, id: "" }, rule: apRule() };
      return [{ value: f, chance: sameOdds(["actionpoints", input], () => {
        const odds = attackOdds(input);
        return odds.outcomes.hit + odds.outcomes.partial;
      }) }];
    }),
  );
}

function answer(_card: CardView, styled: Styled) {
  const planned = styled.plan?.defence as Defence | undefined;
  const v = view(styled.actor);
  // The plan's defence while the fighter can still make and pay for it; else the style's.
  const fits = planned && defencesFor(v).includes(planned) && mayPayDefence(apJsonTables().defenceFatigue, planned, v.stats.fatigueNow);
  return { defence: fits ? planned : styleDefence(styled) };
}

/** VI: the blow a winning defence opened that the style takes, posted at the one who missed (as the card's button would). */
function followUp(card: CardView, offers: readonly FollowUp[], styled: Styled) {
  const costs = apJsonTables().advantageFatigue;
  const kind = apAdvantage(rule(styled), offers.map((o) => o.id as AdvantageKind), costs, view(styled.actor).stats.fatigueNow);
  const victim = card.attacker;
  return kind && victim ? { card: "actionpoints.advantage", defender: victim, declaration: { sourceId: card.id, kind } } : null;
}

function act(styled: Styled) {
  const state = styled.combat.machineState as ActionPhasesState | null;
  const me = state?.combatants.find((c) => c.id === styled.combatantId);
  if (!state || !me || !actingNow(state).includes(me.id) || waitingCardBy(styled.combat.id!, styled.actor)) return null;
  const weapon = closingWeapon(styled.actor, melee);
  const cost = attackCostOf((weapon?.system as { actionpoints?: { attackCost?: unknown } } | undefined)?.actionpoints);
  const pass = { command: { type: "pass", combatantId: me.id } as TimeCommand };
  if (styled.down || !weapon || apAct(rule(styled), me.pool, cost) === "pass") return pass;
  const foes = foesOf(styled.combat, me.id);
  const foe = plannedFoe(foes, styled.plan?.target, () => bestFoe(styled.actor, weapon, foes));
  return foe ? { card: "actionpoints.attack", defender: foe.actor, declaration: { weaponId: weapon.id, modifier: 0, moved: 0, location: "" } } : pass;
}

export function registerActionPointsStyles(): void {
  registerRulesetStyles("actionpoints", {
    answers: { "actionpoints.attack": answer },
    followUp,
    plan: {
      round: (state) => ((state as ActionPhasesState | null)?.round ? `round ${(state as ActionPhasesState).round}` : null),
      fields(styled) {
        const foes = foesOf(styled.combat, styled.combatantId);
        const weapon = closingWeapon(styled.actor, melee);
        const open = defencesFor(view(styled.actor));
        return [
          targetField(foes, weapon ? bestFoe(styled.actor, weapon, foes) : null),
          { kind: "select", name: "defence", label: "BOUT.RoundForm.Defence", value: styleDefence(styled), options: DEFENCES.filter((d) => open.includes(d)).map((d) => ({ value: d, label: `BOUT.ActionPoints.Table.Defence.${d}` })) },
        ];
      },
    },
    act,
  });
}
