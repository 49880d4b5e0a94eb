/**
 * Actionpoints' time structure (seed 002): action phases, each fighter's
 * Action Pool rolled with Foundry's dice, spending by the world's action
 * costs, holding and passing. Registered with the runner's time structures
 * (../machines.ts).
 */
import { registerTimeStructure, combatantView, type CombatantInfo, type TimeStructure, type TimeWords } from "../machines";
import type { TimeCommand } from "../../engine/time/machine";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { actionPhasesMachine, actingNow as apActingNow, startActionPhases, type ActionPhasesState } from "../../engine/time/action-phases";
import { ACTION_LIMITS, standUpAction } from "../../engine/rulesets/actionpoints/pool";
import { armourApModifier, rollActionPool, wornArmour, type ActionPointsStats } from "../../engine/rulesets/actionpoints";
import { apJsonTables } from "./tables";

/** Each fighter's Action Pool for a round, rolled with Foundry's dice. */
async function actionPools(combatants: readonly CombatantInfo[]): Promise<Record<string, number>> {
  const pools: Record<string, number> = {};
  for (const c of combatants) {
    const v = combatantView<ActionPointsStats>(c, "actionpoints");
    const armourModifier = armourApModifier(wornArmour(v));
    const rolled = await resolveWithFoundry((dice) => rollActionPool({ bap: v.stats.bap ?? 0, armourModifier }, dice));
    pools[c.id] = rolled.value.ok ? rolled.value.value.result.pool : 0;
  }
  return pools;
}

const ACTION_PHASES: TimeStructure = {
  machine: actionPhasesMachine,
  async start(combatants) {
    const pools = await actionPools(combatants);
    return startActionPhases(combatants.map((c) => ({ id: c.id, pool: pools[c.id] ?? 0 })));
  },
  // Seed 002 I: a newcomer rolls its Action Pool as everyone did at the round's start, and acts from the next phase it can.
  async join(c) {
    const pools = await actionPools([c]);
    return { type: "join", combatantId: c.id, pool: pools[c.id] ?? 0 } as TimeCommand;
  },
  nextStep: { type: "nextPhase" },
  async nextRound(_state, combatants) {
    return { type: "nextRound", pools: await actionPools(combatants) } as TimeCommand;
  },
  // "Round 2 · Action phase 3": the phases inside a round, each its own step.
  words(state: ActionPhasesState): TimeWords {
    return { title: { key: "BOUT.Tracker.Time.ActionPhases.Title", data: { round: state.round, phase: state.phase } }, nextTurn: "BOUT.Tracker.Time.ActionPhases.NextTurn", nextRound: "BOUT.Tracker.Time.ActionPhases.NextRound" };
  },
  // Seed 002 II.a: ending one's turn without acting holds every point for the next action phase.
  endTurn: (combatantId) => ({ type: "hold", combatantId }) as TimeCommand,
  // II-III: whoever may act now spends points (a dearer action carries into the next phase), holds, or passes.
  turnChoices(state: ActionPhasesState, combatantId, actor) {
    const c = state.combatants.find((x) => x.id === combatantId);
    if (!c || !apActingNow(state).includes(combatantId)) return [];
    const kinds = Object.keys(ACTION_LIMITS) as (keyof typeof ACTION_LIMITS)[];
    // The world's action costs table: picking a line spends its points as its kind; "as entered" takes the figures typed.
    const costs = apJsonTables().actionCosts;
    const i18n = game.i18n!;
    const kneeling = Boolean((actor?.system as { actionpoints?: { kneeling?: unknown } } | undefined)?.actionpoints?.kneeling);
    return [
      ...(standUpAction(costs, kneeling) ? [{ id: "stand", label: "BOUT.ActionPoints.Table.Stand.Label", icon: "fa-solid fa-person-arrow-up-from-line", card: "actionpoints.stand" }] : []),
      {
        id: "spend",
        label: "BOUT.Tracker.Action.Spend",
        icon: "fa-solid fa-coins",
        prompt: {
          title: "BOUT.Tracker.Spend.Title",
          fields: [
            {
              kind: "select",
              name: "action",
              label: "BOUT.ActionPoints.Table.Spend.Action",
              value: "custom",
              options: [{ value: "custom", label: "BOUT.ActionPoints.Table.Spend.Custom" }, ...costs.map((a) => ({ value: a.id, label: `${i18n.localize(a.label)} (${a.ap} AP)` }))],
            },
            { kind: "number", name: "points", label: "BOUT.Tracker.Spend.Points", value: Math.min(c.pool, 4), min: 1, max: c.pool },
            { kind: "select", name: "kind", label: "BOUT.Tracker.Spend.Kind", value: "movement", options: kinds.map((k) => ({ value: k, label: `BOUT.Tracker.Spend.KindLabel.${k}` })) },
          ],
          command: (values) => {
            const picked = costs.find((a) => a.id === values.action);
            return { type: "spend", combatantId, points: picked ? picked.ap : values.points, kind: picked ? picked.kind : values.kind } as TimeCommand;
          },
        },
      },
      { id: "hold", label: "BOUT.Tracker.Action.Hold", icon: "fa-solid fa-hourglass-half", command: { type: "hold", combatantId } as TimeCommand },
      { id: "pass", label: "BOUT.Tracker.Action.Pass", icon: "fa-solid fa-flag-checkered", command: { type: "pass", combatantId } as TimeCommand },
    ];
  },
};

/** Registers the structure with the runner. Called once from the `init` hook. */
export function registerActionPointsTime(): void {
  registerTimeStructure("actionPhases", ACTION_PHASES);
}
