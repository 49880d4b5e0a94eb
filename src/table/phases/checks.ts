/**
 * The checks a `phases` fighter makes on themself, from the tracker, each a
 * card the GM's client rolls and whose resolution ends the fighter's turn:
 * - the fatigue check of the Fatigue phase (seed 001 names the phase; the check
 *   is our default, docs/rulesets/phases.md): stress die + Stamina + penalties
 *   against 6; Apply takes the fatigue levels lost off the track;
 * - the sprinter's Athletics roll in the Movement phase ("1. Movement": the
 *   storyguide may ask for one); a failure is a fall, whose cost the storyguide
 *   decides;
 * - a caster's turn in the Magic phase ("Combat Sequence" names the phase; the
 *   seed's pages hold no spellcasting procedure): a note card that the spell is
 *   resolved by hand, no roll, nothing to apply, and the turn ends.
 */
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { fighterName, fighterRef } from "../fighter";
import { actorView } from "../../data/actor/actor-view";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import type { ActorView } from "../../engine/rulesets/ruleset";
import { rollAthletics, rollFatigue, trackPenalty, type PhasesStats } from "../../engine/rulesets/phases";
import { phasesTracks } from "../../settings";
import type { PhasesState } from "../../engine/time/phases";
import { checkRefusal, type PhasesCheck } from "../../engine/time/phases-checks";
import type { TimeCommand } from "../../engine/time/machine";
import { athleticsHeadline, fatigueAftermath, fatigueHeadline, magicHeadline } from "./headline";
import { combatantFor, delta, dryRun, machineStateOf, registerCardKind, withNames, withThen, type CardKind } from "../cards";
import type { EngineEvent } from "../../applications/results/result-card";

const T = "BOUT.Phases.Table.";
const refused = (code: string, key: string): Outcome<never> => refuse(`phases.card.${code}`, `${T}Refusal.${key}`);
const view = (actor: Actor.Implementation | null) => actorView<PhasesStats>(actor, "phases");

/** The notice when a check is made out of its phase. */
const WRONG_PHASE: Record<PhasesCheck, string> = { fatigue: "WrongPhaseFatigue", athletics: "WrongPhaseAthletics", magic: "WrongPhaseMagic" };

/** In a running round the check is the fighter's turn in its phase (the engine's checkRefusal says when). */
function turnCommands(combatId: string, actor: Actor.Implementation | null, check: PhasesCheck): Outcome<TimeCommand[]> {
  const state = machineStateOf<PhasesState>(combatId, "phases");
  const id = combatantFor(combatId, actor);
  if (!state || !id) return ok([]);
  const no = checkRefusal(state, id, check);
  if (no) return refused(no, no === "wrongPhase" ? WRONG_PHASE[check] : no === "outOfTurn" ? "OutOfTurn" : "NotSprinting");
  return ok([{ type: "act", combatantId: id } as TimeCommand]);
}

const fatigueTurn = (combatId: string, actor: Actor.Implementation | null) => turnCommands(combatId, actor, "fatigue");
const sprintTurn = (combatId: string, actor: Actor.Implementation | null) => turnCommands(combatId, actor, "athletics");
const magicTurn = (combatId: string, actor: Actor.Implementation | null) => turnCommands(combatId, actor, "magic");
// The wound and fatigue penalties by the world's tracks (the GM's form, else ours).
const penaltyOf = (s: ActorView<PhasesStats>["stats"]) => trackPenalty(s, phasesTracks());

const fatigueCard: CardKind = {
  title: `${T}FatigueTitle`,
  unanswered: () => true,
  self: true,
  prepare(_raw, attacker, _defender, combatId) {
    const commands = fatigueTurn(combatId, attacker);
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
    const commands = fatigueTurn(card.combatId, card.attacker);
    if (!commands.ok) return commands;
    const rolled = await resolveWithFoundry((dice) => rollFatigue({ id: fighterRef(card.attacker!), stamina: s.stamina, penalty: penaltyOf(s), fatigueLeft: s.fatigueLeft }, dice, 1, phasesTracks().fatigue));
    if (!rolled.value.ok) return rolled.value;
    const r = rolled.value.value.result;
    return ok({
      outcome: r.passed ? "success" : "failure",
      events: withNames(rolled.value.value.events as EngineEvent[], [card.attacker]),
      updates: r.lost ? { [fighterRef(card.attacker!)]: { "system.phases.fatigueLeft": delta(-r.lost, 0) } } : {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: commands.value,
      headline: withThen(fatigueHeadline(r), fatigueAftermath(r, fighterName(card.attacker))),
    });
  },
};

const athleticsCard: CardKind = {
  title: `${T}AthleticsTitle`,
  unanswered: () => true,
  self: true,
  prepare(_raw, attacker, _defender, combatId) {
    const commands = sprintTurn(combatId, attacker);
    if (!commands.ok) return commands;
    const ready = dryRun(combatId, commands.value);
    if (!ready.ok) return ready;
    return ok({});
  },
  describe: () => [{ type: "declared", key: `${T}AthleticsDeclared`, data: {} }],
  async defend() {
    return null;
  },
  async resolve(card) {
    if (!card.attacker) return refused("badForm", "BadForm");
    const s = view(card.attacker).stats;
    const commands = sprintTurn(card.combatId, card.attacker);
    if (!commands.ok) return commands;
    const rolled = await resolveWithFoundry((dice) => rollAthletics({ id: fighterRef(card.attacker!), athletics: s.athletics, penalty: penaltyOf(s) }, dice));
    if (!rolled.value.ok) return rolled.value;
    return ok({
      outcome: rolled.value.value.result.passed ? "success" : "failure",
      events: withNames(rolled.value.value.events as EngineEvent[], [card.attacker]),
      updates: {},
      rolls: rolled.rolls,
      lookups: [],
      combatCommands: commands.value,
      headline: athleticsHeadline(rolled.value.value.result),
    });
  },
};

/** The Magic phase's turn: a note that the spell is the table's to resolve, and the end of the turn. */
const magicCard: CardKind = {
  title: `${T}MagicTitle`,
  unanswered: () => true,
  self: true,
  prepare(_raw, attacker, _defender, combatId) {
    const commands = magicTurn(combatId, attacker);
    if (!commands.ok) return commands;
    const ready = dryRun(combatId, commands.value);
    if (!ready.ok) return ready;
    return ok({});
  },
  describe: () => [{ type: "declared", key: `${T}MagicDeclared`, data: {} }],
  async defend() {
    return null;
  },
  async resolve(card) {
    if (!card.attacker) return refused("badForm", "BadForm");
    const commands = magicTurn(card.combatId, card.attacker);
    if (!commands.ok) return commands;
    return ok({
      outcome: "neutral",
      events: withNames([{ type: "magicByHand", key: `${T}MagicByHand`, data: { caster: fighterRef(card.attacker) } }], [card.attacker]),
      updates: {},
      rolls: [],
      lookups: [],
      combatCommands: commands.value,
      headline: magicHeadline(),
    });
  },
};

export function registerPhasesChecks(): void {
  registerCardKind("phases.magic", magicCard);
  registerCardKind("phases.fatigue", fatigueCard);
  registerCardKind("phases.athletics", athleticsCard);
}
