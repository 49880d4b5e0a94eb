/**
 * Steel's time structure (seed 000): bouts of exchanges, each bout's pools
 * refreshed from the fighters' documents, blood loss rolled at a new round, the
 * GM's light, footing and mount rulings, the throw, blow order and crowd
 * buttons. Registered with the runner's time structures (../machines.ts).
 */
import { registerTimeStructure, combatantView, type CombatantInfo, type GroupAction, type TimeStructure, type TimeWords } from "../machines";
import type { TimeCommand } from "../../engine/time/machine";
import { byId, placeOf } from "../../engine/by-id";
import { THROW_KIND } from "./throw";
import { BOUT_LIGHTS, boutsMachine, startBouts, stepStartsRound, THROWS, type BoutLight, type BoutMissile, type BoutsState, type CombatantInput } from "../../engine/time/bouts";
import { matchUpChoosers, missileNextRound, outnumberedApplies, poolForRound, poolSizeForRound, reflexOf, riderHasHeight, rollsForBloodLoss, type SteelStats } from "../../engine/rulesets/steel";
import { gatherCard } from "../cards";
import { runCrowd } from "./crowd";
import { runBlowOrder } from "./blow-order";
import { bloodLossAtRoundStart } from "./bleeding";
import { keptUntilTheWorldChanges } from "../world-changes";
import type { ActorView } from "../../engine/rulesets/ruleset";

/** What a round's pool turns on besides the fighter's documents. */
type RoundSituation = { readonly light: BoutLight; readonly higherFooting: boolean; readonly mounted: boolean };
/**
 * Each fighter's steel figures as its documents give them, and the round pools worked out from them (by light,
 * footing and mount), kept per actor until the world changes (issue 35: a bout's round refreshes every member's
 * pool, and a large bout's members mostly have not changed since the last round).
 */
const STEEL_FIGURES = keptUntilTheWorldChanges<object, { readonly view: ActorView<SteelStats>; readonly pools: (RoundSituation & { readonly pool: number })[] }>();
const figuresOf = (info: CombatantInfo & { actor: object }) => STEEL_FIGURES(info.actor, () => ({ view: combatantView<SteelStats>(info, "steel"), pools: [] }));

/** A fighter's pool at a round's start in this light and footing, mounted or not (the engine's rule on its kept figures; a fighter meets few situations). */
function roundPoolOf(info: CombatantInfo & { actor: object }, situation: RoundSituation): number {
  const { view, pools } = figuresOf(info);
  const known = pools.find((p) => p.light === situation.light && p.higherFooting === situation.higherFooting && p.mounted === situation.mounted);
  if (known) return known.pool;
  const pool = poolSizeForRound(view, situation);
  pools.push({ ...situation, pool });
  return pool;
}

/**
 * The fighters of a list (a state's members) whose documents say they lose blood at a round's start, with their
 * actors, found once until the world changes (issue 35: a bout's new round looks at its bleeding members, not at
 * every fighter of the table; most fighters do not bleed).
 */
const BLEEDING = keptUntilTheWorldChanges<readonly CombatantInfo[], ReadonlyMap<string, Actor.Implementation>>();
function bleedingAmong(combatants: readonly CombatantInfo[]): ReadonlyMap<string, Actor.Implementation> {
  return BLEEDING(combatants, () => {
    const found = new Map<string, Actor.Implementation>();
    for (const info of combatants) {
      const actor = (info.actor as Actor.Implementation | null | undefined) ?? null;
      const s = (actor?.system as { steel?: { bloodLoss?: number; healthNow?: number } } | undefined)?.steel;
      if (actor && rollsForBloodLoss({ bloodLoss: s?.bloodLoss ?? 0, healthNow: s?.healthNow ?? 0 })) found.set(info.id, actor);
    }
    return found;
  });
}

/** A fighter as the bouts machine takes it in: its Reflex and the pool its documents give now (in the fight's light). */
function boutInput(c: CombatantInfo, light: BoutLight = "bright"): CombatantInput {
  const v = combatantView<SteelStats>(c, "steel");
  return { id: c.id, reflex: reflexOf(v.stats), pool: poolForRound(v, { light }).pool };
}

/** The bout a fighter fights in: its tracker group's, else the one bout of fighters nobody grouped. */
const boutKey = (c: CombatantInfo) => c.groupId ?? "bout";

const BOUTS: TimeStructure = {
  machine: boutsMachine,
  async start(combatants) {
    const groups = new Map<string, CombatantInput[]>();
    for (const c of combatants) groups.set(boutKey(c), [...(groups.get(boutKey(c)) ?? []), boutInput(c)]);
    return startBouts([...groups].map(([id, list]) => ({ id, combatants: list })));
  },
  // "Melee Combat": a newcomer enters its group's bout (a bout of its own when the group has none yet) and throws with it at its next opening.
  async join(c, state: BoutsState) {
    return { type: "join", boutId: boutKey(c), combatant: boutInput(c, state.light) } as TimeCommand;
  },
  nextStep: { type: "next" },
  async nextRound() {
    return { type: "nextRound" };
  },
  // The focused bout's exchange and round: the other bouts keep their own, shown on each bout.
  words(state: BoutsState): TimeWords {
    const bout = state.bouts.find((b) => b.id === state.focus) ?? state.bouts[0];
    return {
      title: bout ? { key: "BOUT.Tracker.Time.Bouts.Title", data: { exchange: bout.exchange, round: bout.round } } : { key: "BOUT.Tracker.Time.Bouts.None" },
      nextTurn: "BOUT.Tracker.Time.Bouts.NextTurn",
      nextRound: "BOUT.Tracker.Time.Bouts.NextRound",
    };
  },
  regroup: (combatantId, groupId) => ({ type: "move", combatantId, boutId: groupId }) as TimeCommand,
  // "Exchange of Blows": every pool refreshes to what the fighter's documents say now (Pain, Health, armour), in the fight's light, with footing.
  refine(command, state: BoutsState, combatants) {
    const c = command as { type: string; boutId?: string };
    // Pools refresh and missiles count down only at a round's start: a step into the second exchange reads no documents.
    if (!stepStartsRound(state, c)) return command;
    const boutId = c.boutId ?? state.focus;
    const pools: Record<string, number> = {};
    const missiles: Record<string, BoutMissile | null> = {};
    // Each fighter through the infos' index (issue 35: no search of the table per fighter, no map of it per step).
    const bout = state.combatants.filter((x) => x.boutId === boutId);
    const onFoot: readonly boolean[] = bout.some((x) => !x.mounted) ? [false] : [];
    for (const fighter of bout) {
      const info = byId(combatants, fighter.id);
      if (!info?.actor) continue;
      const withActor = info as CombatantInfo & { actor: object };
      // "Mounted Combat": a rider's height counts as higher footing against anyone in the bout on foot (a rider is not on foot himself).
      const aboveFoot = riderHasHeight(Boolean(fighter.mounted), onFoot);
      const pool = roundPoolOf(withActor, { light: state.light ?? "bright", higherFooting: Boolean(fighter.higherFooting) || aboveFoot, mounted: Boolean(fighter.mounted) });
      // Only a pool that differs from the fighter's is sent: the machine keeps the pool of a fighter the command leaves out.
      if (pool !== fighter.poolMax) pools[fighter.id] = pool;
      // "Missile Combat": readying counts down; a loosed weapon must be readied again; a held one gathers Aim dice.
      const m = fighter.missile;
      if (m) missiles[fighter.id] = missileNextRound(m, figuresOf(withActor).view.stats);
    }
    return { ...command, pools, missiles } as TimeCommand;
  },
  // "Blood Loss": a bout that reaches a new round rolls for each bleeding fighter as the round is worked out
  // (a pool halved at Health 1 is halved in the round's own write); each roll's card, already resolved, is written with the round.
  async stepWrites(before: BoutsState, after: BoutsState, combatId, combatants) {
    const commands: TimeCommand[] = [];
    const cards: { actor: Actor.Implementation; declaration: unknown }[] = [];
    // The bleeding fighters found once until the world changes, each bout's round before the step through the list's
    // index (issue 35: no look at every fighter per step); a bout the step left as it was has no new round.
    const bleeding = bleedingAmong(combatants);
    if (!bleeding.size) return null;
    for (const bout of after.bouts) {
      const was = byId(before.bouts, bout.id);
      if (was === undefined || was === bout || bout.round <= was.round) continue;
      // The bout's bleeding members, in the fight's order (as their cards were always posted).
      const members = [...bleeding.keys()].map((id) => placeOf(after.combatants, id)).filter((at) => after.combatants[at]?.boutId === bout.id);
      for (const fighter of members.sort((a, b) => a - b).map((at) => after.combatants[at]!)) {
        const actor = bleeding.get(fighter.id)!;
        const rolled = await bloodLossAtRoundStart(actor, fighter.id, fighter.cp);
        if (!rolled) continue;
        if (rolled.command) commands.push(rolled.command);
        cards.push({ actor, declaration: rolled.declaration });
      }
    }
    if (!cards.length) return null;
    return {
      commands,
      async gather(batch, lease) {
        for (const card of cards) {
          const gathered = await gatherCard(batch, lease, "steel.bloodLoss", card.actor, card.actor, card.declaration, combatId);
          if (!gathered.ok) console.warn("bout | a Blood Loss card was refused", gathered.refusal);
        }
      },
    };
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
  // "Multiple Opponents": after the outnumbered roll, whoever the engine says must choose whom to face does so from the row.
  turnChoices(state: BoutsState, combatantId) {
    const c = state.combatants.find((x) => x.id === combatantId);
    if (!c) return [];
    return [
      ...faceChoices(state, combatantId),
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
    if (bout.phase === "opening") actions.push({ id: "throw", label: "BOUT.Tracker.Action.Throw", icon: "fa-solid fa-hand-fist", declare: { kind: THROW_KIND, options: THROWS } });
    // "Melee Combat": several threw red; their blows land in the order a Reflex roll gives.
    else if (bout.phase === "simultaneous") actions.push({ id: "blowOrder", label: "BOUT.Tracker.Action.BlowOrder", icon: "fa-solid fa-list-ol", run: runBlowOrder });
    else {
      actions.push({ id: "next", label: "BOUT.Tracker.Action.NextExchange", icon: "fa-solid fa-forward-step", command: { type: "next", boutId: bout.id } as TimeCommand });
      actions.push({ id: "pause", label: "BOUT.Tracker.Action.Pause", icon: "fa-solid fa-pause", command: { type: "pause", boutId: bout.id } as TimeCommand });
    }
    // "Multiple Opponents": one fighter against two or more.
    if (outnumberedApplies(state.combatants.filter((c) => c.boutId === bout.id).length)) actions.push({ id: "crowd", label: "BOUT.Tracker.Action.Crowd", icon: "fa-solid fa-users", run: runCrowd });
    return actions;
  },
};

/** A combatant's name as the tracker shows it, from whichever fight holds it. */
function combatantName(id: string): string {
  const combatant = game.combats?.contents.map((c) => c.combatants.get(id)).find(Boolean);
  return combatant?.name ?? id;
}

/**
 * "Multiple Opponents", after the roll: the lone fighter picks his foe among
 * those the engine offers; an opponent who beat him faces him or stands off.
 * The bout checks the choice again (`face`).
 */
function faceChoices(state: BoutsState, combatantId: string): GroupAction[] {
  const c = state.combatants.find((x) => x.id === combatantId);
  const bout = state.bouts.find((b) => b.id === c?.boutId);
  const crowd = bout?.crowd;
  if (!crowd || crowd.round !== bout.round) return [];
  const now = matchUpChoosers(crowd);
  if (combatantId === crowd.lone && now.lone.length) {
    return [
      {
        id: "face",
        label: "BOUT.Tracker.Action.ChooseFoe",
        icon: "fa-solid fa-user-large",
        prompt: {
          title: "BOUT.Tracker.Action.ChooseFoe",
          fields: [{ kind: "select", name: "target", label: "BOUT.Tracker.Face.Foe", value: now.lone[0]!, options: now.lone.map((id) => ({ value: id, label: combatantName(id) })) }],
          command: (values) => ({ type: "face", combatantId, target: String(values.target) }) as TimeCommand,
        },
      },
    ];
  }
  if (!now.opponents.includes(combatantId)) return [];
  return [
    { id: "faceLone", label: "BOUT.Tracker.Action.FaceLone", icon: "fa-solid fa-people-arrows", command: { type: "face", combatantId, target: crowd.lone } as TimeCommand },
    { id: "standOff", label: "BOUT.Tracker.Action.StandOff", icon: "fa-solid fa-person-walking-arrow-right", command: { type: "face", combatantId, target: null } as TimeCommand },
  ];
}

/** Registers the structure with the runner. Called once from the `init` hook. */
export function registerSteelTime(): void {
  registerTimeStructure("bouts", BOUTS);
}
