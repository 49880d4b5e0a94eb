/**
 * The Fatigue phase at the table (seed 001 names the phase; the check is our
 * default, docs/rulesets/phases.md): the fighter whose turn it is presses
 * "Fatigue check" on the tracker, the GM's client rolls stress die + Stamina +
 * penalties against 6, and the card's Apply takes the fatigue levels lost off
 * the track. Resolving the card ends the fighter's turn in the phase.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { actorView } from "../../data/actor/actor-view";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import type { ActorView } from "../../engine/rulesets/ruleset";
import { fatigueState, rollFatigue, woundState, type PhasesStats } from "../../engine/rulesets/phases";
import { actingNow, type PhasesState } from "../../engine/time/phases";
import type { TimeCommand } from "../../engine/time/machine";
import { combatantFor, delta, dryRun, machineStateOf, registerCardKind, withNames, type CardKind } from "../../chat/cards";
import type { EngineEvent } from "../results/result-card";

const T = "BOUT.Phases.Table.";
const refused = (code: string, key: string): Outcome<never> => refuse(`phases.card.${code}`, `${T}Refusal.${key}`);
const view = (actor: Actor.Implementation | null) => actorView(actor as never, "phases") as unknown as ActorView<PhasesStats>;

/** In a running round the check is the fighter's turn in the Fatigue phase. */
function turnCommands(combatId: string, actor: Actor.Implementation | null): Outcome<TimeCommand[]> {
  const state = machineStateOf<PhasesState>(combatId, "phases");
  const id = combatantFor(combatId, actor);
  if (!state || !id) return ok([]);
  if (state.stage !== "act" || state.phase !== "fatigue") return refused("wrongPhase", "WrongPhaseFatigue");
  if (actingNow(state) !== id) return refused("outOfTurn", "OutOfTurn");
  return ok([{ type: "act", combatantId: id } as TimeCommand]);
}

const fatigueCard: CardKind = {
  title: `${T}FatigueTitle`,
  unanswered: () => true,
  self: true,
  prepare(_raw, attacker, _defender, combatId) {
    const commands = turnCommands(combatId, attacker);
    if (!commands.ok) return commands;
    const ready = dryRun(combatId, commands.value);
    if (!ready.ok) return ready;
    return ok({});
  },
  describe: () => [{ type: "declared", key: `${T}FatigueDeclared`, data: {} }],
  async defend() {
    return null;
  },
  async resolve(card) {
    if (!card.attacker) return refused("badForm", "BadForm");
    const s = view(card.attacker).stats;
    const commands = turnCommands(card.combatId, card.attacker);
    if (!commands.ok) return commands;
    const penalty = woundState(s.woundsLeft).penalty + fatigueState(s.fatigueLeft).penalty;
    const rolled = await resolveWithFoundry((dice) => rollFatigue({ stamina: s.stamina, penalty, fatigueLeft: s.fatigueLeft }, dice));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result;
    return ok({
      outcome: r.passed ? "success" : "failure",
      events: withNames(rolled.value.value.events as EngineEvent[], [card.attacker]),
      updates: r.lost ? { [card.attacker.id!]: { "system.phases.fatigueLeft": delta(-r.lost, 0) } } : {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: commands.value,
    });
  },
};

export function registerPhasesFatigue(): void {
  registerCardKind("phases.fatigue", fatigueCard);
}
