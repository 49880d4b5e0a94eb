/**
 * Pulse's time structure (seed 004): pulses with the GM's surprise question,
 * engagements taken from the map at each initiative, each side's D10, declared
 * actions and the engagement's order. Registered with the runner's time
 * structures (../machines.ts).
 */
import { fightNowOf, registerTimeStructure, type CombatantInfo, type GroupAction, type TimeStructure, type TimeWords } from "../machines";
import type { FightNow, TimeCommand } from "../../engine/time/machine";
import { resolveWithFoundry } from "../../dice/foundry-dice";
import { actorView } from "../../data/actor/actor-view";
import { ok } from "../../engine/outcome";
import { rollOne } from "../../engine/dice";
import { initiativeRollers, MAX_PENALTY, openActions, orderChoiceFor, pulsesMachine, startPulses, strikePenaltyOf, type PulseCombatantInput, type PulsesState } from "../../engine/time/pulses";
import { COMBINABLE_ACTIONS, derivePulse, mainWeapon, mayCombineActions, startingDistance, type PulseStats } from "../../engine/rulesets/pulse";
import { weaponRank } from "../../engine/rulesets/pulse/wielding";
import { pulseEngagements } from "./engagements";
import { clearMovementRecords } from "../movement-record";
import { openOddsDialog, type DialogValues } from "../../applications/dialogs/odds-dialog";

/** A figure as the pulses machine takes it in: its side, PC and Military Scientist [12.2], and its IV's parts [12.3]. */
function pulseInput(c: CombatantInfo): PulseCombatantInput {
  const v = actorView<PulseStats>(c.actor, "pulse");
  const d = derivePulse(v);
  // [12.3] the Rank of the IV, as the sheet's IV counts it (the engine's weaponRank of the weapon it fights with).
  const rank = weaponRank(mainWeapon(v)?.stats, v.stats.unarmedRank);
  return { id: c.id, side: c.side, pc: Number(v.stats.pc ?? 0), militaryScientist: Number(v.stats.militaryScientist ?? 0), modAG: Number(d.modAG?.value ?? v.stats.ag ?? 0), rank };
}

const PULSES: TimeStructure = {
  machine: pulsesMachine,
  // [11.1] the GM decides whether one side has surprise: it gets a free pulse first.
  async setup(combatants) {
    const sides = [...new Set(combatants.map((c) => c.side))];
    const answer = await foundry.applications.api.DialogV2.wait({
      window: { title: "BOUT.Tracker.Surprise.Title" },
      content: `<p>${game.i18n!.localize("BOUT.Tracker.Surprise.Question")}</p>`,
      buttons: [
        { action: "none", label: "BOUT.Tracker.Surprise.None", default: true },
        ...sides.map((side) => ({ action: side, label: `BOUT.Tracker.Surprise.Side.${side}` })),
      ],
      rejectClose: false,
    } as never);
    if (answer === null || answer === undefined) return null;
    return { surprise: typeof answer === "string" && sides.includes(answer) ? answer : null };
  },
  async start(combatants, options = {}) {
    const surprise = typeof options.surprise === "string" ? options.surprise : null;
    // [11.1] the sides start 8 hexes or more apart, within 8 with surprise: the GM placed them, so only a warning.
    const placed = combatants.filter((c) => c.placed).map((c) => ({ side: c.side, hex: c.placed!.hex, ...(c.placed!.hexes ? { hexes: c.placed!.hexes } : {}) }));
    const distance = startingDistance(placed, surprise !== null);
    if (!distance.fits) ui.notifications?.warn(game.i18n!.format(surprise ? "BOUT.Tracker.Surprise.TooFar" : "BOUT.Tracker.Surprise.TooClose", { nearest: String(distance.nearest) }));
    const started = startPulses({ surprise, combatants: combatants.map(pulseInput) }, fightNowOf(combatants));
    return started.ok ? ok(started.value.state) : started;
  },
  // A newcomer (or a figure back on its feet) is not engaged: it acts with its side [12], engaged from the next initiative on.
  async join(c) {
    return { type: "join", combatant: pulseInput(c) } as TimeCommand;
  },
  nextStep: { type: "nextStep" },
  // [12.1], [13]-[15] a figure's movement is counted over the pulse: the tokens' movement records start empty with each
  // pulse, in the step that begins it (the attack reads where the figure stood then, and what it walked since).
  clearsMovementRecords: true,
  async stepWrites(before: PulsesState, after: PulsesState, combatId) {
    if (before.pulse === after.pulse) return null;
    return {
      commands: [],
      async gather(batch) {
        clearMovementRecords(batch, game.combats?.get(combatId) as never);
      },
    };
  },
  // At each pulse's initiative: take the engagements (from the map, else the
  // tracker's groups) and roll each side's D10 [12.2], as one step.
  async stepCommand(state: PulsesState, combatants) {
    if (state.step.kind !== "initiative") return { type: "nextStep" };
    const commands: TimeCommand[] = [];
    const setEngagements = { type: "setEngagements", ...pulseEngagements(combatants) } as TimeCommand;
    const now = fightNowOf(combatants);
    const set = pulsesMachine.apply(state, setEngagements as never, now);
    // A refused grouping is sent anyway: the GM sees why and regroups.
    if (!set.ok) return setEngagements;
    commands.push(setEngagements);
    const after = set.value.state;
    if (after.step.kind !== "initiative") return commands;
    const rolls: Record<string, number> = {};
    for (const roller of initiativeRollers(after, now)) {
      const rolled = await resolveWithFoundry((dice) => rollOne(dice, 10));
      rolls[roller.side] = rolled.value;
    }
    commands.push({ type: "rollSideInitiative", rolls } as TimeCommand);
    return commands;
  },
  async nextRound() {
    return { type: "nextPulse" };
  },
  endTurn: (combatantId) => ({ type: "endTurn", combatantId }) as TimeCommand,
  // Pulses, never rounds: pulse 0 is the free pulse of a side with surprise.
  words(state: PulsesState): TimeWords {
    return {
      title: state.pulse === 0 ? { key: "BOUT.Tracker.Time.Pulses.FreePulse" } : { key: "BOUT.Tracker.Time.Pulses.Title", data: { pulse: state.pulse } },
      nextTurn: "BOUT.Tracker.Time.Pulses.NextTurn",
      nextRound: "BOUT.Tracker.Time.Pulses.NextRound",
    };
  },
  regroup: () => null,
  turnChoices(state: PulsesState, combatantId, _actor, now) {
    const penalty = penaltyChoice(state, combatantId);
    return [...(penalty ? [penalty] : []), ...figureChoices(state, combatantId, now)];
  },
  // [12.2] the GM names each side's leader on the side's group: the engine rolls for the side with the leader's PC + Military Scientist.
  groupActions(state: PulsesState, groupId: string) {
    if (!groupId.startsWith("side:")) return [];
    const side = groupId.slice("side:".length);
    const members = state.combatants.filter((c) => c.side === side);
    if (!members.length) return [];
    return [
      {
        id: "leader",
        label: "BOUT.Tracker.Action.ChooseLeader",
        icon: "fa-solid fa-crown",
        async run(combat, _groupId) {
          const name = (id: string) => combat.combatants.get(id)?.name ?? id;
          const values = await openOddsDialog({
            title: "BOUT.Tracker.Leader.Title",
            confirmLabel: "BOUT.Tracker.Action.ChooseLeader",
            fields: [
              {
                kind: "select",
                name: "leader",
                label: "BOUT.Tracker.Leader.Leader",
                value: members.find((c) => c.leader)?.id ?? "",
                options: [{ value: "", label: "BOUT.Tracker.Leader.None" }, ...members.map((c) => ({ value: c.id, label: name(c.id) }))],
              },
            ],
          });
          if (!values) return;
          await combat.command({ type: "setLeader", side, combatantId: typeof values.leader === "string" && values.leader ? values.leader : null } as TimeCommand);
        },
      },
    ];
  },
  // [12.3] the side that won initiative picks which side's free figures go first: the GM asks the table and clicks.
  fightActions(state: PulsesState) {
    if (state.step.kind !== "sideChoice" || !state.initiative) return [];
    const winner = state.initiative.winner;
    const sides = [...new Set(state.combatants.map((c) => c.side))];
    return sides.map((side) => ({ id: `first:${side}`, label: `BOUT.Tracker.Action.SideFirst.${side}`, icon: "fa-solid fa-flag", command: { type: "chooseSideOrder", side: winner, first: side } as TimeCommand }));
  },
};

/** The figure's own choices: its action [13]-[15], and for the top of an engagement first or last [12.3]. */
function figureChoices(state: PulsesState, combatantId: string, now: FightNow | undefined): GroupAction[] {
  // [13]-[15] in its turn a figure names its action: its token's moves are then held to that action's hexes.
  const open = openActions(state, combatantId, now);
  const declare: GroupAction[] = open.length
    ? [
        {
          id: "declareAction",
          label: "BOUT.Tracker.Action.DeclareAction",
          icon: "fa-solid fa-person-running",
          alongsideEndTurn: true,
          prompt: {
            title: "BOUT.Tracker.DeclareAction.Title",
            fields: [
              { kind: "select", name: "action", label: "BOUT.Tracker.DeclareAction.Action", value: state.declared?.[combatantId]?.[0] ?? open[0]!, options: open.map((a) => ({ value: a, label: `BOUT.Time.Pulses.Action.${a}` })) },
              // [15] modAG 26 or more: a second action from the combinable list.
              ...(mayCombineActions(state.combatants.find((c) => c.id === combatantId)?.modAG ?? 0)
                ? [
                    {
                      kind: "select" as const,
                      name: "second",
                      label: "BOUT.Tracker.DeclareAction.Second",
                      value: state.declared?.[combatantId]?.[1] ?? "",
                      options: [{ value: "", label: "BOUT.Tracker.DeclareAction.None" }, ...open.filter((a) => COMBINABLE_ACTIONS.includes(a)).map((a) => ({ value: a, label: `BOUT.Time.Pulses.Action.${a}` }))],
                    },
                  ]
                : []),
            ],
            command: (values) => ({ type: "declareAction", combatantId, action: values.action, second: values.second || null }) as TimeCommand,
          },
        },
      ]
    : [];
  // [12.3] the top IV of the engagement at its step chooses (the engine's orderChoiceFor).
  const e = orderChoiceFor(state, combatantId);
  if (!e) return declare;
  return [
    { id: "first", label: "BOUT.Tracker.Action.ActFirst", icon: "fa-solid fa-angles-up", command: { type: "chooseOrder", engagementId: e.id, combatantId, choice: "first" } as TimeCommand },
    { id: "last", label: "BOUT.Tracker.Action.ActLast", icon: "fa-solid fa-angles-down", command: { type: "chooseOrder", engagementId: e.id, combatantId, choice: "last" } as TimeCommand },
  ];
}

/**
 * [14.1] the GM's penalty for facing and terrain on any figure's attacks this
 * pulse (the row's menu, GM only): "Change facing at will, but GM may assign
 * penalty"; "TMR assumes flat surface". The engine keeps it for the pulse.
 */
function penaltyChoice(state: PulsesState, combatantId: string): GroupAction | null {
  if (!state.combatants.some((c) => c.id === combatantId)) return null;
  return {
    id: "penalty",
    label: "BOUT.Tracker.Action.PulsePenalty",
    icon: "fa-solid fa-gavel",
    gmOnly: true,
    prompt: {
      title: "BOUT.Tracker.PulsePenalty.Title",
      fields: [{ kind: "number", name: "penalty", label: "BOUT.Tracker.PulsePenalty.Penalty", value: -strikePenaltyOf(state, combatantId), min: 0, max: MAX_PENALTY }],
      command: (values: DialogValues) => ({ type: "penalize", combatantId, penalty: values.penalty }) as TimeCommand,
    },
  };
}

/** Registers the structure with the runner. Called once from the `init` hook. */
export function registerPulseTime(): void {
  registerTimeStructure("pulses", PULSES);
}
