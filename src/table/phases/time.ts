/**
 * Phases' time structure (seed 001): phased rounds, the secret declaration,
 * every Initiative Total rolled at once with the stress die, the casual mode
 * and each phase's choices. Registered with the runner's time structures
 * (../machines.ts).
 */
import { registerTimeStructure, type GroupAction, type TimeStructure, type TimeText, type TimeWords } from "../machines";
import type { DialogValues } from "../../applications/dialogs/odds-dialog";
import type { TimeCommand } from "../../engine/time/machine";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { awaitingDeclaration, awaitingInitiative, MAX_RULING, phasesMachine, startPhases, type PhasesState } from "../../engine/time/phases";
import { rollInitiativeDie } from "../../engine/rulesets/phases/initiative";
import { PHASES_DECLARATION } from "./declaration";
import { movementPhaseBegins } from "../../engine/time/phases-movement";
import { turnOffers, type PhasesCheck } from "../../engine/time/phases-checks";
import { clearMovementRecords } from "../movement-record";

const PHASES: TimeStructure = {
  machine: phasesMachine,
  async start(combatants) {
    return startPhases(combatants.map((c) => ({ id: c.id })));
  },
  // "Combat Sequence": a newcomer declares with everyone else, now while declarations are open, else from the next round.
  async join(c) {
    return { type: "join", combatantId: c.id } as TimeCommand;
  },
  nextStep: { type: "next" },
  // "1. Movement": the Movement Table's paces are per round, so the tokens' movement records start empty with the round's
  // Movement phase, in the step that begins it.
  clearsMovementRecords: true,
  async stepWrites(before: PhasesState, after: PhasesState, combatId) {
    if (!movementPhaseBegins(before, after)) return null;
    return {
      commands: [],
      async gather(batch) {
        clearMovementRecords(batch, game.combats?.get(combatId));
      },
    };
  },
  // Once everyone has declared, the next step rolls every Initiative Total at once.
  async stepCommand(state: PhasesState) {
    if (state.stage !== "initiative") return { type: "next" };
    const rolls: Record<string, number> = {};
    for (const id of awaitingInitiative(state)) {
      const rolled = await resolveWithFoundry((dice) => rollInitiativeDie(dice));
      if (rolled.value.ok) rolls[id] = rolled.value.value.total;
    }
    return { type: "setInitiative", rolls } as TimeCommand;
  },
  declarationKind: PHASES_DECLARATION,
  declaration(state: PhasesState) {
    const ids = awaitingDeclaration(state);
    return ids.length ? { kind: PHASES_DECLARATION, combatantIds: ids } : null;
  },
  async nextRound() {
    return { type: "nextRound" };
  },
  endTurn: (combatantId) => ({ type: "act", combatantId }) as TimeCommand,
  // "Round 3 · Phase: Melee", or the round's declarations, Initiative, or end.
  words(state: PhasesState): TimeWords {
    const stage: TimeText = state.stage === "act" ? { key: "BOUT.Tracker.Time.Phases.Title", data: { round: state.round, phase: `BOUT.Phases.Phase.${state.phase}` }, keys: ["phase"] } : { key: `BOUT.Tracker.Time.Phases.Stage.${state.stage}`, data: { round: state.round } };
    return { title: stage, nextTurn: "BOUT.Tracker.Time.Phases.NextTurn", nextRound: "BOUT.Tracker.Time.Phases.NextRound" };
  },
  fightActions(state: PhasesState) {
    return state.casual
      ? [{ id: "strict", label: "BOUT.Tracker.Action.StrictPhases", icon: "fa-solid fa-list-ol", command: { type: "setCasual", casual: false } as TimeCommand }]
      : [{ id: "casual", label: "BOUT.Tracker.Action.CasualPhases", icon: "fa-solid fa-forward-fast", command: { type: "setCasual", casual: true } as TimeCommand }];
  },
  turnChoices(state: PhasesState, combatantId) {
    const ruling = rulingChoice(state, combatantId);
    return [...(ruling ? [ruling] : []), ...actingChoices(state, combatantId)];
  },
};

/**
 * "1. Movement": the storyguide's rulings on any fighter, a player's included
 * (the row's menu, GM only): an Initiative modifier for the situation, the
 * charger's run-up, and how many paces less a hustle covers on broken ground or
 * in the dark. The engine says when each may still change.
 */
function rulingChoice(state: PhasesState, combatantId: string): GroupAction | null {
  const c = state.combatants.find((x) => x.id === combatantId);
  if (!c?.active) return null;
  const R = "BOUT.Tracker.PhasesRuling.";
  const runUp = c.ruling?.runUp === undefined ? "" : c.ruling.runUp ? "yes" : "no";
  return {
    id: "ruling",
    label: "BOUT.Tracker.Action.PhasesRuling",
    icon: "fa-solid fa-gavel",
    gmOnly: true,
    prompt: {
      title: `${R}Title`,
      fields: [
        { kind: "number", name: "initiative", label: `${R}Initiative`, value: c.ruling?.initiative ?? 0, min: -MAX_RULING, max: MAX_RULING },
        { kind: "select", name: "runUp", label: `${R}RunUp`, value: runUp, options: ["", "yes", "no"].map((v) => ({ value: v, label: `${R}RunUpChoice.${v || "open"}` })) },
        { kind: "number", name: "hustleLess", label: `${R}HustleLess`, value: c.ruling?.hustleLess ?? 0, min: 0, max: MAX_RULING },
      ],
      command: (values: DialogValues) =>
        ({ type: "rule", combatantId, initiative: values.initiative, runUp: values.runUp === "yes" ? true : values.runUp === "no" ? false : null, hustleLess: values.hustleLess }) as TimeCommand,
    },
  };
}

/** The buttons for each offer of the acting fighter's turn (the engine's turnOffers says which). */
const OFFER_CHOICES: Record<PhasesCheck, Omit<GroupAction, "command">> = {
  fatigue: { id: "fatigue", label: "BOUT.Tracker.Action.FatigueCheck", icon: "fa-solid fa-heart-pulse", card: "phases.fatigue" },
  athletics: { id: "athletics", label: "BOUT.Tracker.Action.AthleticsRoll", icon: "fa-solid fa-person-running", card: "phases.athletics" },
  magic: { id: "cast", label: "BOUT.Phases.Table.MagicCast", icon: "fa-solid fa-wand-sparkles", card: "phases.magic" },
};

/** The acting fighter's choices in the phase (fire or hold, the fatigue check, a sprinter's Athletics, a cast), each with ending the turn. */
function actingChoices(state: PhasesState, combatantId: string): GroupAction[] {
  const offers = turnOffers(state, combatantId);
  if (offers.includes("fire")) {
    return [
      { id: "fire", label: "BOUT.Tracker.Action.Fire", icon: "fa-solid fa-bullseye", command: { type: "act", combatantId, fire: true } as TimeCommand },
      { id: "hold", label: "BOUT.Tracker.Action.HoldFire", icon: "fa-solid fa-hand", command: { type: "act", combatantId, fire: false } as TimeCommand },
    ];
  }
  const checks = offers.filter((o): o is PhasesCheck => o !== "fire");
  if (!checks.length) return [];
  return [
    ...checks.map((c) => OFFER_CHOICES[c] as GroupAction),
    { id: "done", label: "BOUT.Tracker.Action.EndTurn", icon: "fa-solid fa-check", command: { type: "act", combatantId } as TimeCommand },
  ];
}

/** Registers the structure with the runner. Called once from the `init` hook. */
export function registerPhasesTime(): void {
  registerTimeStructure("phases", PHASES);
}
