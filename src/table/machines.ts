/**
 * The time structures the tracker can run, each an engine machine plus an
 * adapter that builds its start from the combat's combatants. The adapters only
 * read figures (through each ruleset's own derived values) and roll what a
 * start needs with Foundry's dice; every rule stays in the engine.
 */
import { resolveWithFoundry } from "../dice/foundry-dice";
import { actorView } from "../data/actor/actor-view";
import { ok, type Outcome } from "../engine/outcome";
import type { TimeStructureId } from "../engine/rulesets/ruleset";
import type { TimeCommand, TimeMachine } from "../engine/time/machine";
import { actionPhasesMachine, actingNow as apActingNow, startActionPhases, type ActionPhasesState } from "../engine/time/action-phases";
import { ACTION_LIMITS } from "../engine/rulesets/actionpoints/pool";
import { BOUT_LIGHTS, boutsMachine, startBouts, type BoutMissile, type BoutsState } from "../engine/time/bouts";
import { initiativeRollers, openActions, pulsesMachine, startPulses, type PulsesState } from "../engine/time/pulses";
import { rollOne } from "../engine/dice";
import { startTurns, turnsMachine, type TurnsState } from "../engine/time/turns";
import { actingNow, phasesMachine, startPhases, type PhasesState } from "../engine/time/phases";
import { rollStressTotal } from "../engine/rulesets/phases/stress";
import { PHASES_DECLARATION } from "./phases/declaration";
import type { DialogField, DialogValues } from "../applications/dialogs/odds-dialog";
import { pulseEngagements, type Placed } from "./pulse/engagements";
import { postCard } from "./cards";
import { runCrowd } from "./steel/crowd";
import { runBlowOrder } from "./steel/blow-order";
import type { BoutCombat } from "../documents/combat";
import { armourApModifier, rollActionPool, type ActionPointsStats } from "../engine/rulesets/actionpoints";
import { apTables } from "./actionpoints/tables";
import { COMBINABLE_ACTIONS, derivePulse, startingDistance } from "../engine/rulesets/pulse";
import { aimOf, endPreparationRound, holdFire, poolForRound, reflexOf, type SteelStats } from "../engine/rulesets/steel";
import type { ActorView } from "../engine/rulesets/ruleset";

/** What an adapter sees of a combatant. */
export interface CombatantInfo {
  readonly id: string;
  readonly groupId: string | null;
  readonly actor: Actor.Implementation | null;
  readonly side: string;
  /** Hex and facing on a hexagonal scene (the pulse ruleset's geometry), when the fighter has a token there. */
  readonly placed?: Placed | null;
}

export interface TimeStructure {
  readonly machine: TimeMachine<any, any, any>;
  /** The machine's state for a new fight. */
  start(combatants: readonly CombatantInfo[], options?: Readonly<Record<string, unknown>>): Promise<Outcome<unknown>>;
  /** GM: what the start needs to know first (who has surprise); null when the GM closes the question. */
  setup?(combatants: readonly CombatantInfo[]): Promise<Readonly<Record<string, unknown>> | null>;
  /** GM commands the tracker's buttons send. */
  readonly nextStep: TimeCommand;
  /** When the next step must roll something first (a phased round's Initiative Totals): the command to send instead. */
  stepCommand?(state: any, combatants: readonly CombatantInfo[]): Promise<TimeCommand | readonly TimeCommand[]>;
  /** A secret declaration the state waits for (opened in the same write that reaches that state). */
  declaration?(state: any): { readonly kind: string; readonly combatantIds: readonly string[] } | null;
  /** The kind `declaration` opens, so a declaration the state no longer waits for is closed. */
  readonly declarationKind?: string;
  /** The GM's buttons for the whole fight, beside "next step" (a phased round's casual mode). */
  fightActions?(state: any): readonly GroupAction[];
  /** The acting fighter's choices instead of a plain "done" (fire or hold in a missile phase). */
  turnChoices?(state: any, combatantId: string, actor?: Actor.Implementation | null): readonly GroupAction[];
  /** The next round, with whatever it must roll. */
  nextRound(state: any, combatants: readonly CombatantInfo[]): Promise<TimeCommand>;
  /** A player's "I am done" for the acting combatant, when the structure has one. */
  endTurn?(combatantId: string): TimeCommand;
  /**
   * Moving a fighter into another group once the fight runs (a bout formed or
   * split by dragging); null when the structure reads the groups itself later
   * (a pulse's engagements, at its next initiative).
   */
  regroup?(combatantId: string, groupId: string): TimeCommand | null;
  /** The GM's buttons on one group of the tracker (a bout's throw, next exchange, pause ...). */
  groupActions?(state: any, groupId: string): readonly GroupAction[];
  /** GM, after a step is written: what the new state sets off at the table (round-start rolls). */
  afterStep?(before: any, after: any, combatId: string, combatants: readonly CombatantInfo[]): Promise<void>;
  /** GM: fill a command with what only the documents know (each pool recomputed from wounds, light and footing for a bout's next round). */
  refine?(command: TimeCommand, state: any, combatants: readonly CombatantInfo[]): TimeCommand;
}

/** A tracker button: opens the group's secret throw, sends one machine command, or asks for figures first. */
export interface GroupAction {
  readonly id: string;
  readonly label: string;
  readonly icon: string;
  readonly throw?: true;
  readonly command?: TimeCommand;
  /** Posts a chat card of this kind for the combatant's actor, on themself (a fatigue check). */
  readonly card?: string;
  /** Asks the user for figures (how many points to spend) and builds the command from them. */
  readonly prompt?: { readonly title: string; readonly fields: readonly DialogField[]; command(values: DialogValues): TimeCommand };
  /** Only the GM sees it (a ruling such as higher footing), even on a row a player owns. */
  readonly gmOnly?: true;
  /** Offered beside the acting fighter's "done" rather than instead of it (a Prepare). */
  readonly alongsideEndTurn?: true;
  /** A GM's procedure that rolls and writes on its own (the outnumbered fighter's roll). */
  readonly run?: (combat: BoutCombat, groupId: string) => Promise<void>;
}

const structures = new Map<TimeStructureId, TimeStructure>();

export function registerTimeStructure(id: TimeStructureId, structure: TimeStructure): void {
  structures.set(id, structure);
}

export function timeStructure(id: string): TimeStructure | undefined {
  return structures.get(id as TimeStructureId);
}

const view = <S>(c: CombatantInfo, ruleset: string) => actorView(c.actor as never, ruleset as never) as unknown as ActorView<S & never>;

registerTimeStructure("bouts", {
  machine: boutsMachine,
  async start(combatants) {
    const groups = new Map<string, { id: string; reflex: number; pool: number }[]>();
    for (const c of combatants) {
      const v = view<SteelStats>(c, "steel") as unknown as ActorView<SteelStats>;
      const key = c.groupId ?? "bout";
      groups.set(key, [...(groups.get(key) ?? []), { id: c.id, reflex: reflexOf(v.stats), pool: poolForRound(v).pool }]);
    }
    return startBouts([...groups].map(([id, list]) => ({ id, combatants: list })));
  },
  nextStep: { type: "next" },
  async nextRound() {
    return { type: "nextRound" };
  },
  regroup: (combatantId, groupId) => ({ type: "move", combatantId, boutId: groupId }) as TimeCommand,
  // "Exchange of Blows": every pool refreshes to what the fighter's documents say now (Pain, Health, armour), in the fight's light, with footing.
  refine(command, state: BoutsState, combatants) {
    const c = command as { type: string; boutId?: string };
    if (c.type !== "next" && c.type !== "nextRound") return command;
    const boutId = c.boutId ?? state.focus;
    const pools: Record<string, number> = {};
    const missiles: Record<string, BoutMissile | null> = {};
    for (const fighter of state.combatants.filter((x) => x.boutId === boutId)) {
      const info = combatants.find((x) => x.id === fighter.id);
      if (!info?.actor) continue;
      const v = view<SteelStats>(info, "steel") as unknown as ActorView<SteelStats>;
      // "Mounted Combat": a rider's height counts as higher footing against anyone in the bout on foot.
      const aboveFoot = Boolean(fighter.mounted) && state.combatants.some((o) => o.boutId === boutId && o.id !== fighter.id && !o.mounted);
      pools[fighter.id] = poolForRound(v, { light: state.light ?? "bright", higherFooting: Boolean(fighter.higherFooting) || aboveFoot, mounted: Boolean(fighter.mounted) }).pool;
      // "Missile Combat": readying counts down; a loosed weapon must be readied again; a held one gathers Aim dice.
      const m = fighter.missile;
      if (m) missiles[fighter.id] = !m.ready ? endPreparationRound(m, v.stats.missileProficiency) : m.fired ? null : holdFire(m, aimOf(v.stats), v.stats.missileProficiency);
    }
    return { ...command, pools, missiles } as TimeCommand;
  },
  // "Blood Loss": a bout that reaches a new round asks each bleeding fighter for a Toughness roll (a card each).
  async afterStep(before: BoutsState, after: BoutsState, combatId, combatants) {
    for (const bout of after.bouts) {
      const was = before.bouts.find((b) => b.id === bout.id);
      if (!was || bout.round <= was.round) continue;
      for (const fighter of after.combatants.filter((c) => c.boutId === bout.id)) {
        const actor = combatants.find((c) => c.id === fighter.id)?.actor;
        const s = (actor?.system as { steel?: { bloodLoss?: number; healthNow?: number } } | undefined)?.steel;
        if (actor && (s?.bloodLoss ?? 0) > 0 && (s?.healthNow ?? 0) > 0) await postCard("steel.bloodLoss", actor, actor, {}, combatId);
      }
    }
  },
  fightActions(state: BoutsState) {
    const light = state.light ?? "bright";
    return [
      {
        id: "light",
        label: `BOUT.Tracker.Action.Light.${light}`,
        icon: "fa-solid fa-sun",
        prompt: {
          title: "BOUT.Tracker.Light.Title",
          fields: [{ kind: "select", name: "light", label: "BOUT.Tracker.Light.Label", value: light, options: BOUT_LIGHTS.map((l) => ({ value: l, label: `BOUT.Tracker.Light.Option.${l}` })) }],
          command: (values) => ({ type: "setLight", light: values.light }) as TimeCommand,
        },
      },
    ];
  },
  // "Higher Footing": the GM rules who holds it (a won terrain roll, a horse's height) and when it ends.
  turnChoices(state: BoutsState, combatantId) {
    const c = state.combatants.find((x) => x.id === combatantId);
    if (!c) return [];
    return [
      {
        id: "footing",
        label: c.higherFooting ? "BOUT.Tracker.Action.FootingLost" : "BOUT.Tracker.Action.FootingGained",
        icon: c.higherFooting ? "fa-solid fa-arrow-down" : "fa-solid fa-arrow-up",
        gmOnly: true,
        command: { type: "footing", combatantId, higher: !c.higherFooting } as TimeCommand,
      },
      {
        id: "mount",
        label: c.mounted ? "BOUT.Tracker.Action.Dismount" : "BOUT.Tracker.Action.Mount",
        icon: "fa-solid fa-horse",
        gmOnly: true,
        command: { type: "mount", combatantId, mounted: !c.mounted } as TimeCommand,
      },
    ];
  },
  groupActions(state: BoutsState, groupId) {
    const bout = state.bouts.find((b) => b.id === groupId);
    if (!bout) return [];
    const actions: GroupAction[] = [];
    if (state.focus !== bout.id) actions.push({ id: "focus", label: "BOUT.Tracker.Action.Focus", icon: "fa-solid fa-crosshairs", command: { type: "focus", boutId: bout.id } as TimeCommand });
    if (bout.phase === "opening") actions.push({ id: "throw", label: "BOUT.Tracker.Action.Throw", icon: "fa-solid fa-hand-fist", throw: true });
    // "Melee Combat": several threw red; their blows land in the order a Reflex roll gives.
    else if (bout.phase === "simultaneous") actions.push({ id: "blowOrder", label: "BOUT.Tracker.Action.BlowOrder", icon: "fa-solid fa-list-ol", run: runBlowOrder });
    else {
      actions.push({ id: "next", label: "BOUT.Tracker.Action.NextExchange", icon: "fa-solid fa-forward-step", command: { type: "next", boutId: bout.id } as TimeCommand });
      actions.push({ id: "pause", label: "BOUT.Tracker.Action.Pause", icon: "fa-solid fa-pause", command: { type: "pause", boutId: bout.id } as TimeCommand });
    }
    // "Multiple Opponents": one fighter against two or more.
    if (state.combatants.filter((c) => c.boutId === bout.id).length >= 3) actions.push({ id: "crowd", label: "BOUT.Tracker.Action.Crowd", icon: "fa-solid fa-users", run: runCrowd });
    return actions;
  },
});

registerTimeStructure("turns", {
  machine: turnsMachine,
  async start(combatants) {
    return startTurns(
      combatants.map((c) => {
        const s = (c.actor?.system as any)?.opposed ?? {};
        // "Surprise!": a fighter already marked Surprised (an ambush before the fight) starts so.
        const surprised = Boolean((c.actor as unknown as { statuses?: Set<string> } | null)?.statuses?.has("surprised"));
        return { id: c.id, initiative: Number(s.i ?? 0), agility: Number(s.ag ?? 0), surprised };
      }),
    );
  },
  nextStep: { type: "nextTurn" },
  async nextRound() {
    return { type: "nextRound" };
  },
  endTurn: (combatantId) => ({ type: "endTurn", combatantId }) as TimeCommand,
  // The GM's call on surprise (unwary defenders are surprised outright); a Surprised fighter may spend Resolve.
  turnChoices(state: TurnsState, combatantId) {
    const c = state.combatants.find((x) => x.id === combatantId);
    if (!c) return [];
    return [
      { id: "surprise", label: c.surprised ? "BOUT.Tracker.Action.Unsurprise" : "BOUT.Tracker.Action.Surprise", icon: "fa-solid fa-eye-slash", gmOnly: true, command: { type: "setSurprised", combatantId, surprised: !c.surprised } as TimeCommand },
      // "Prepare": the acting fighter's Action for +20 to a defensive skill until its next turn.
      ...(state.order[state.turn] === combatantId && !c.actionUsed && !c.surprised
        ? [
            {
              id: "prepare",
              label: "BOUT.Tracker.Action.Prepare",
              icon: "fa-solid fa-shield-halved",
              alongsideEndTurn: true as const,
              prompt: {
                title: "BOUT.Tracker.Prepare.Title",
                fields: [{ kind: "select" as const, name: "skill", label: "BOUT.Tracker.Prepare.Skill", value: "melee", options: ["melee", "dodge"].map((k) => ({ value: k, label: `BOUT.Opposed.Table.Defence.${k}` })) }],
                command: (values: DialogValues) => ({ type: "prepare", combatantId, skill: values.skill }) as TimeCommand,
              },
            },
          ]
        : []),
      ...(c.surprised ? [{ id: "shakeOff", label: "BOUT.Opposed.Surprise.ShakeOff", icon: "fa-solid fa-bolt", card: "opposed.shakeOff" }] : []),
    ];
  },
});

/** Each fighter's Action Pool for a round, rolled with Foundry's dice. */
async function actionPools(combatants: readonly CombatantInfo[]): Promise<Record<string, number>> {
  const pools: Record<string, number> = {};
  for (const c of combatants) {
    const v = view<ActionPointsStats>(c, "actionpoints") as unknown as ActorView<ActionPointsStats>;
    const armourModifier = armourApModifier(v.armor.filter((a) => a.equipped).map((a) => a.stats));
    const rolled = await resolveWithFoundry((dice) => rollActionPool({ bap: v.stats.bap ?? 0, armourModifier }, dice));
    pools[c.id] = rolled.value.ok ? rolled.value.value.result.pool : 0;
  }
  return pools;
}

registerTimeStructure("actionPhases", {
  machine: actionPhasesMachine,
  async start(combatants) {
    const pools = await actionPools(combatants);
    return startActionPhases(combatants.map((c) => ({ id: c.id, pool: pools[c.id] ?? 0 })));
  },
  nextStep: { type: "nextPhase" },
  async nextRound(_state, combatants) {
    return { type: "nextRound", pools: await actionPools(combatants) } as TimeCommand;
  },
  // Seed 002 II.a: ending one's turn without acting holds every point for the next action phase.
  endTurn: (combatantId) => ({ type: "hold", combatantId }) as TimeCommand,
  // II-III: whoever may act now spends points (a dearer action carries into the next phase), holds, or passes.
  turnChoices(state: ActionPhasesState, combatantId, actor) {
    const c = state.combatants.find((x) => x.id === combatantId);
    if (!c || !apActingNow(state).includes(combatantId)) return [];
    const kinds = Object.keys(ACTION_LIMITS) as (keyof typeof ACTION_LIMITS)[];
    // The world's action costs table: picking a line spends its points as its kind; "as entered" takes the figures typed.
    const costs = apTables().actionCosts;
    const i18n = game.i18n!;
    const kneeling = Boolean((actor?.system as { actionpoints?: { kneeling?: unknown } } | undefined)?.actionpoints?.kneeling);
    return [
      ...(kneeling ? [{ id: "stand", label: "BOUT.ActionPoints.Table.Stand.Label", icon: "fa-solid fa-person-arrow-up-from-line", card: "actionpoints.stand" }] : []),
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
});

registerTimeStructure("pulses", {
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
    const started = startPulses({
      surprise,
      combatants: combatants.map((c) => {
        const v = actorView(c.actor as never, "pulse");
        const d = derivePulse(v as never) as Record<string, { value: number }>;
        const s = v.stats as Record<string, number>;
        const rank = Number((v.weapons.find((w) => w.equipped)?.stats as { rank?: number } | undefined)?.rank ?? 0);
        return { id: c.id, side: c.side, pc: Number(s.pc ?? 0), militaryScientist: Number(s.militaryScientist ?? 0), modAG: Number(d.modAG?.value ?? s.ag ?? 0), rank, stunned: Boolean((s as { stunned?: unknown }).stunned) };
      }),
    });
    return started.ok ? ok(started.value.state) : started;
  },
  nextStep: { type: "nextStep" },
  // At each pulse's initiative: take the engagements (from the map, else the
  // tracker's groups) and roll each side's D10 [12.2], as one step.
  async stepCommand(state: PulsesState, combatants) {
    if (state.step.kind !== "initiative") return { type: "nextStep" };
    const commands: TimeCommand[] = [];
    const setEngagements = { type: "setEngagements", ...pulseEngagements(combatants) } as TimeCommand;
    const set = pulsesMachine.apply(state, setEngagements as never);
    // A refused grouping is sent anyway: the GM sees why and regroups.
    if (!set.ok) return setEngagements;
    commands.push(setEngagements);
    const after = set.value.state;
    if (after.step.kind !== "initiative") return commands;
    const rolls: Record<string, number> = {};
    for (const roller of initiativeRollers(after)) {
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
  regroup: () => null,
  turnChoices(state: PulsesState, combatantId) {
    const step = state.step;
    // [13]-[15] in its turn a figure names its action: its token's moves are then held to that action's hexes.
    const open = openActions(state, combatantId);
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
                ...((state.combatants.find((c) => c.id === combatantId)?.modAG ?? 0) >= 26
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
    if (step.kind !== "engagement") return declare;
    const e = state.engagements[step.index];
    if (!e || e.chosen || e.order[0] !== combatantId) return declare;
    return [
      { id: "first", label: "BOUT.Tracker.Action.ActFirst", icon: "fa-solid fa-angles-up", command: { type: "chooseOrder", engagementId: e.id, combatantId, choice: "first" } as TimeCommand },
      { id: "last", label: "BOUT.Tracker.Action.ActLast", icon: "fa-solid fa-angles-down", command: { type: "chooseOrder", engagementId: e.id, combatantId, choice: "last" } as TimeCommand },
    ];
  },
  // [12.3] the side that won initiative picks which side's free figures go first: the GM asks the table and clicks.
  fightActions(state: PulsesState) {
    if (state.step.kind !== "sideChoice" || !state.initiative) return [];
    const winner = state.initiative.winner;
    const sides = [...new Set(state.combatants.map((c) => c.side))];
    return sides.map((side) => ({ id: `first:${side}`, label: `BOUT.Tracker.Action.SideFirst.${side}`, icon: "fa-solid fa-flag", command: { type: "chooseSideOrder", side: winner, first: side } as TimeCommand }));
  },
});

registerTimeStructure("phases", {
  machine: phasesMachine,
  async start(combatants) {
    return startPhases(combatants.map((c) => ({ id: c.id })));
  },
  nextStep: { type: "next" },
  // Once everyone has declared, the next step rolls every Initiative Total at once.
  async stepCommand(state: PhasesState) {
    if (state.stage !== "initiative") return { type: "next" };
    const rolls: Record<string, number> = {};
    for (const c of state.combatants) {
      if (!c.active || !c.declaration || c.total !== null) continue;
      // The seed names no botch on Initiative: no botch dice.
      const rolled = await resolveWithFoundry((dice) => rollStressTotal(0, dice, 0));
      if (rolled.value.ok) rolls[c.id] = rolled.value.value.total;
    }
    return { type: "setInitiative", rolls } as TimeCommand;
  },
  declarationKind: PHASES_DECLARATION,
  declaration(state: PhasesState) {
    if (state.stage !== "declare") return null;
    const ids = state.combatants.filter((c) => c.active && !c.declaration).map((c) => c.id);
    return ids.length ? { kind: PHASES_DECLARATION, combatantIds: ids } : null;
  },
  async nextRound() {
    return { type: "nextRound" };
  },
  endTurn: (combatantId) => ({ type: "act", combatantId }) as TimeCommand,
  fightActions(state: PhasesState) {
    return state.casual
      ? [{ id: "strict", label: "BOUT.Tracker.Action.StrictPhases", icon: "fa-solid fa-list-ol", command: { type: "setCasual", casual: false } as TimeCommand }]
      : [{ id: "casual", label: "BOUT.Tracker.Action.CasualPhases", icon: "fa-solid fa-forward-fast", command: { type: "setCasual", casual: true } as TimeCommand }];
  },
  turnChoices(state: PhasesState, combatantId) {
    if (actingNow(state) !== combatantId) return [];
    if (state.phase === "fatigue") {
      return [
        { id: "fatigue", label: "BOUT.Tracker.Action.FatigueCheck", icon: "fa-solid fa-heart-pulse", card: "phases.fatigue" },
        { id: "done", label: "BOUT.Tracker.Action.EndTurn", icon: "fa-solid fa-check", command: { type: "act", combatantId } as TimeCommand },
      ];
    }
    // "1. Movement": the storyguide may ask a sprinter for an Athletics roll before they go.
    if (state.phase === "movement" && state.combatants.find((c) => c.id === combatantId)?.declaration?.movement === "sprint") {
      return [
        { id: "athletics", label: "BOUT.Tracker.Action.AthleticsRoll", icon: "fa-solid fa-person-running", card: "phases.athletics" },
        { id: "done", label: "BOUT.Tracker.Action.EndTurn", icon: "fa-solid fa-check", command: { type: "act", combatantId } as TimeCommand },
      ];
    }
    // "Combat Sequence": casters act in the Magic phase, highest total first; the seed has no spell procedure, so the table resolves it.
    if (state.phase === "magic") {
      return [
        { id: "cast", label: "BOUT.Phases.Table.MagicCast", icon: "fa-solid fa-wand-sparkles", card: "phases.magic" },
        { id: "done", label: "BOUT.Tracker.Action.EndTurn", icon: "fa-solid fa-check", command: { type: "act", combatantId } as TimeCommand },
      ];
    }
    if (state.phase !== "firstMissile" && state.phase !== "secondMissile") return [];
    return [
      { id: "fire", label: "BOUT.Tracker.Action.Fire", icon: "fa-solid fa-bullseye", command: { type: "act", combatantId, fire: true } as TimeCommand },
      { id: "hold", label: "BOUT.Tracker.Action.HoldFire", icon: "fa-solid fa-hand", command: { type: "act", combatantId, fire: false } as TimeCommand },
    ];
  },
});
