/**
 * Pulse at the table by style (seed 004): the highest IV of an engagement
 * takes the first blow when it is a styled figure ([12.3]); a side whose
 * figures are all styled picks itself to go first after winning initiative; in
 * its turn a styled figure strikes a plain blow at the foe it has the best
 * chance to hit (the engine's exact odds; one it is engaged with when it is in
 * an engagement), which ends its turn; and it answers blows standing or
 * evading as its style says ([17.4]), a grievous injury on its armour. The
 * round's plan (whom it strikes at, how it answers) is the GM's to change.
 */
import { actorView } from "../../data/actor/actor-view";
import type { BoutCombat } from "../../documents/combat";
import type { TimeCommand } from "../../engine/time/machine";
import { currentActors, mayStrikeBlow, orderChoiceFor, withinReachOfEngagement, type PulsesState } from "../../engine/time/pulses";
import type { PulseStats } from "../../engine/rulesets/pulse/stats";
import { best, pulseAnswer, pulseOrder, styleRule, type PulseStyle } from "../../engine/styles";
import type { CardView } from "../cards";
import { fighterName } from "../fighter";
import { closingWeapon, foesOf, waitingCardBy, type Foe } from "../styles/fight";
import { registerRulesetStyles, type Styled } from "../styles/registry";
import { styledCombatant } from "../styles/runner";
import { blowChance } from "./attack";
import { firesMissiles } from "../../engine/rulesets/pulse/wielding";

const view = (actor: Actor.Implementation | null) => actorView<PulseStats>(actor, "pulse");
const rule = (styled: Pick<Styled, "style">) => styleRule<PulseStyle>("pulse", styled.style)!;
const ANSWERS = ["evade", "stand"] as const;
// [17.3] a broken weapon cannot strike; [16.4] a missile is fired, not swung.
const melee = (item: Item.Implementation) => {
  const w = (item.system as { pulse?: { use?: string; broken?: boolean } }).pulse;
  return !firesMissiles(w?.use) && !w?.broken;
};

/** The foes it may strike now: those in its engagement when it is in one, else every foe. */
function reachable(combat: BoutCombat, state: PulsesState, me: string): Foe[] {
  return foesOf(combat, me).filter((f) => withinReachOfEngagement(state, me, f.id));
}

function answer(_card: CardView, styled: Styled) {
  const planned = styled.plan?.answer;
  const stunned = Boolean(view(styled.actor).stats.stunned);
  const chosen = (ANSWERS as readonly unknown[]).includes(planned) && !stunned ? (planned as "evade" | "stand") : pulseAnswer(rule(styled), stunned);
  return { answer: chosen, grievous: "armor" };
}

function act(styled: Styled) {
  const state = styled.combat.machineState as PulsesState | null;
  const me = styled.combatantId;
  if (!state) return null;
  const step = state.step;
  // [12.3] the engagement's highest IV chooses to act first or last.
  const e = orderChoiceFor(state, me);
  if (e) return { command: { type: "chooseOrder", engagementId: e.id, combatantId: me, choice: styled.down ? "last" : pulseOrder(rule(styled)) } as TimeCommand };
  // The winning side picks which side's free figures go first: a side all of styled figures picks itself.
  if (step.kind === "sideChoice" && state.initiative?.winner) {
    const side = state.combatants.filter((c) => c.side === state.initiative!.winner);
    if (side[0]?.id === me && side.every((c) => styledCombatant(styled.combat, c.id, { down: true }))) return { command: { type: "chooseSideOrder", side: state.initiative.winner, first: state.initiative.winner } as TimeCommand };
  }
  if (!currentActors(state).includes(me) || waitingCardBy(styled.combat.id!, styled.actor)) return null;
  const end = { command: { type: "endTurn", combatantId: me } as TimeCommand };
  const weapon = closingWeapon(styled.actor, melee);
  // A blow as the fight judges it (the engine's mayStrikeBlow: not stunned, owing no Pass).
  if (styled.down || !mayStrikeBlow(state, me, styled.combat.fightNow()) || !weapon) return end;
  const foes = reachable(styled.combat, state, me);
  const planned = foes.find((f) => f.id === styled.plan?.target);
  const foe = planned ?? best(foes.map((f) => ({ value: f, chance: blowChance(styled.actor, weapon.id!, f.actor, styled.combat.id!) })).filter((o) => o.chance >= 0));
  return foe ? { card: "pulse.attack", defender: foe.actor, declaration: { weaponId: weapon.id, kind: "normal", modifier: 0 } } : end;
}

export function registerPulseStyles(): void {
  registerRulesetStyles("pulse", {
    answers: { "pulse.attack": answer },
    plan: {
      round: (state) => ((state as PulsesState | null)?.step ? `pulse ${(state as PulsesState).pulse}` : null),
      fields(styled) {
        const foes = foesOf(styled.combat, styled.combatantId);
        return [
          // The blow's target waits for its turn: the engagements are read from the map at the pulse's initiative.
          { kind: "select", name: "target", label: "BOUT.RoundForm.Target", value: "", options: [{ value: "", label: "BOUT.RoundForm.BestAtItsTurn" }, ...foes.map((f) => ({ value: f.id, label: fighterName(f.actor) }))] },
          { kind: "select", name: "answer", label: "BOUT.RoundForm.Answer", value: pulseAnswer(rule(styled), false), options: ANSWERS.map((a) => ({ value: a, label: `BOUT.Pulse.Table.Answer.${a}` })) },
        ];
      },
    },
    act,
  });
}
