/**
 * The "Pulses" time structure (seed 004_2f46e4f6196f6037.txt, [11]-[12]). Each
 * 5-second pulse: the sides roll initiative for their non-engaged figures
 * [12.2]; each engagement is resolved in turn, its figures acting by Initiative
 * Value, the highest choosing to go first or last [12.3]; then the non-engaged
 * figures act side by side, the side that won initiative choosing which side
 * goes first. With surprise [11.1] the advantaged side has one free pulse before
 * the first. Dice arrive in commands (the shell rolls them); the state is plain JSON.
 */
import { byId as byIdIn, patchById, putById, withIdsOf } from "../by-id";
import { ok, refuse, isWholeNumber, type Outcome } from "../outcome";
import { applyFirstOrLast, defaultLeader, engagementOrder, rollerAmong } from "../rulesets/pulse/initiative";
import { actionsFor, checkDeclaredActions, checkStunnedMay, type PulseAction } from "../rulesets/pulse/actions";
import { CALM, listedFighters, type FightNow, type Label, type TimeMachine, type TrackerGroup, type TrackerRow, type TrackerView, type Transition, viewOfRows } from "./machine";

const K = "BOUT.Time.Pulses.";

/** What the tracker needs to know of a figure. */
export interface PulseCombatantInput {
  readonly id: string;
  readonly side: string;
  /** [12.2] PC and Military Scientist rank for the side's roll. */
  readonly pc: number;
  readonly militaryScientist: number;
  /** [12.3] IV = modAG + PC + rank with the weapon in hand. */
  readonly modAG: number;
  readonly rank: number;
  readonly leader?: boolean;
}

export interface PulseCombatant {
  readonly id: string;
  readonly side: string;
  readonly pc: number;
  readonly militaryScientist: number;
  readonly modAG: number;
  readonly rank: number;
  readonly leader: boolean;
}

/**
 * A figure as this pulse's rules read it at the moment of decision: its stored
 * figures and the conditions its token carries now (whoever set them: a card,
 * the token HUD, the sheet). The state never stores these (issue 31).
 */
interface LiveCombatant extends PulseCombatant {
  /** [19] stunned: lowest IV in an engagement, last on its side, only recovers [15]. */
  readonly stunned: boolean;
  /** [13.6] in close combat (grappling): only Grapple, Pass or Withdraw [13.7]. */
  readonly close: boolean;
}

/** The state with every figure's conditions now, and those conditions for a newcomer. */
interface LiveState extends PulsesState {
  readonly combatants: readonly LiveCombatant[];
  readonly now: FightNow;
}

/** The status ids a pulse's rules read: core's stun, and our close-combat condition. */
const STUNNED = "stun";
const IN_CLOSE = "closeCombat";

/**
 * The stored figure each live figure was read from, while the rules leave it as it was: a step stores that same
 * object back (issue 35: the stored change and the undo entry skip a figure that did not change without comparing).
 */
const READ_FROM = new WeakMap<LiveCombatant, PulseCombatant>();

/**
 * The live figure last read from each stored figure: read again under the same conditions, it is that same
 * object (issue 35: a step reads every figure's conditions, but copies only a figure whose conditions changed;
 * figures are never changed in place).
 */
const LIVE = new WeakMap<PulseCombatant, LiveCombatant>();

function liveFigure(c: PulseCombatant, now: FightNow): LiveCombatant {
  const statuses = now.statuses[c.id] ?? [];
  const stunned = statuses.includes(STUNNED);
  const close = statuses.includes(IN_CLOSE);
  const known = LIVE.get(c);
  if (known && known.stunned === stunned && known.close === close) return known;
  const figure = { ...c, stunned, close };
  // An older state's stored conditions are not kept: such a figure is stored again without them.
  if (!("stunned" in c) && !("close" in c) && !("unconscious" in c)) READ_FROM.set(figure, c);
  LIVE.set(c, figure);
  return figure;
}

/**
 * The state last read under each `now` (issue 35: a step, its view and the shell's questions read the same state
 * under the same conditions several times; states and `now` are never changed in place, so one reading serves all).
 */
const READ = new WeakMap<PulsesState, LiveState>();

/**
 * The stored list each live list was read from: a step that leaves every figure as it was (a new pulse) stores that
 * same list back, so the stored change and the undo entry pass it by as one (issue 35).
 */
const LIST_FROM = new WeakMap<readonly LiveCombatant[], readonly PulseCombatant[]>();

/** The live list last read from each stored list, and under which `now`: the next state of a step that left the figures as they were reads the same list. */
const LIST_READ = new WeakMap<readonly PulseCombatant[], { readonly now: FightNow; readonly list: readonly LiveCombatant[] }>();

/** The figures of a stored list as the rules read them now (lists and `now` are never changed in place). */
function liveList(list: readonly PulseCombatant[], now: FightNow): readonly LiveCombatant[] {
  const known = LIST_READ.get(list);
  if (known && known.now === now) return known.list;
  const combatants: LiveCombatant[] = [];
  // The list goes back as it was only if every figure does (an older state's stored conditions are not kept).
  let same = true;
  for (const c of list) {
    const figure = liveFigure(c, now);
    combatants.push(figure);
    same &&= READ_FROM.get(figure) === c;
  }
  if (same) LIST_FROM.set(combatants, list);
  // Each figure read from its stored self: the same ids in the same places.
  withIdsOf(combatants, list);
  LIST_READ.set(list, { now, list: combatants });
  return combatants;
}

/** The state as the rules read it now. */
function live(s: PulsesState, now: FightNow = CALM): LiveState {
  const known = READ.get(s);
  if (known && known.now === now) return known;
  const read = { ...s, combatants: liveList(s.combatants, now), now };
  READ.set(s, read);
  return read;
}

/** What is stored: the figures without their conditions (an older state's stored conditions go too). */
function stored(s: LiveState): PulsesState {
  const { now: _now, ...rest } = s;
  return {
    ...rest,
    combatants:
      LIST_FROM.get(s.combatants) ??
      withIdsOf(
        s.combatants.map((c) => {
          const was = READ_FROM.get(c);
          if (was) return was;
          const { stunned: _s, close: _c, unconscious: _u, ...figure } = c as LiveCombatant & { unconscious?: unknown };
          return figure;
        }),
        s.combatants,
      ),
  };
}

export interface Engagement {
  readonly id: string;
  readonly members: readonly string[];
  /** Members with an opponent in their rear hex [12.3] (from the hex geometry or the GM). */
  readonly rear: readonly string[];
  /** Acting order this pulse (set when the engagement's turn comes). */
  readonly order: readonly string[];
  /** The top figure has chosen first or last (or there was nothing to choose). */
  readonly chosen: boolean;
}

export type PulseStep =
  | { readonly kind: "surprise"; readonly side: string }
  | { readonly kind: "initiative" }
  | { readonly kind: "engagement"; readonly index: number }
  | { readonly kind: "sideChoice" }
  | { readonly kind: "side"; readonly index: number };

export interface SideRoll {
  readonly side: string;
  readonly rollerId: string;
  readonly roll: number;
  readonly bonus: number;
  readonly total: number;
}

export interface PulsesState {
  /** Pulse number; the surprise free pulse is pulse 0. */
  readonly pulse: number;
  readonly combatants: readonly PulseCombatant[];
  readonly engagements: readonly Engagement[];
  readonly step: PulseStep;
  /** This pulse's side rolls and the winner (null until rolled, or when no roll was needed). */
  readonly initiative: { readonly rolls: readonly SideRoll[]; readonly winner: string | null } | null;
  /** Sides in the order they act this pulse (after the winner's choice). */
  readonly sideOrder: readonly string[];
  /** Combatants who have finished in the current step. */
  readonly acted: readonly string[];
  /** Engagement ids counter, so ids stay unique as engagements come and go. */
  readonly nextEngagement: number;
  /** [13]-[15] the action each figure took this pulse, named in its turn (older saved fights lack it). */
  readonly declared?: Readonly<Record<string, readonly PulseAction[]>>;
  /** [16.4] the attacks each figure has made in its action this pulse, in order (for a second weapon or a sweep). */
  readonly strikes?: Readonly<Record<string, readonly { readonly targetId: string; readonly type: StrikeType }[]>>;
  /** [23] hexes a mount must run on in the coming pulse after a mounted charge (set now, owed next pulse). */
  readonly momentum?: Readonly<Record<string, { readonly hexes: number; readonly pulse: number }>>;
  /** [14.1] hexes of movement a figure's jumps have used this pulse. */
  readonly jumped?: Readonly<Record<string, number>>;
  /** [17.4] the pulse in which a figure whose parry only turned the blow must Pass. */
  readonly owedPass?: Readonly<Record<string, number>>;
  /**
   * Figures whose engagement came apart this pulse after they had their turn in
   * it (the foe knocked out or gone): they act no second time with the free
   * figures of their side [12]. Absent: none.
   */
  readonly spent?: readonly string[];
  /**
   * [14.1] the GM's penalty to a figure's strike chance for this pulse, for
   * turning ("Change facing at will, but GM may assign penalty") or ground that
   * is not flat ("TMR assumes flat surface"). Absent: none.
   */
  readonly penalties?: Readonly<Record<string, number>>;
  /** [12.2] sides the GM ruled to have no leader (a stand-in rolls without Military Scientist). Absent: none. */
  readonly noLeader?: readonly string[];
}

export type PulsesCommand =
  | { readonly type: "setEngagements"; readonly groups: readonly (readonly string[])[]; readonly rear?: readonly string[] }
  | { readonly type: "rollSideInitiative"; readonly rolls: Readonly<Record<string, number>> }
  | { readonly type: "chooseOrder"; readonly engagementId: string; readonly combatantId: string; readonly choice: "first" | "last" }
  | { readonly type: "chooseSideOrder"; readonly side: string; readonly first: string }
  | { readonly type: "endTurn"; readonly combatantId: string }
  | { readonly type: "nextStep" }
  | { readonly type: "nextPulse" }
  | { readonly type: "join"; readonly combatant: PulseCombatantInput }
  | { readonly type: "leave"; readonly combatantId: string }
  | { readonly type: "update"; readonly combatantId: string; readonly patch: Partial<Omit<PulseCombatantInput, "id">> }
  | { readonly type: "declareAction"; readonly combatantId: string; readonly action: PulseAction; readonly second?: PulseAction | null }
  | { readonly type: "strike"; readonly combatantId: string; readonly targetId: string; readonly attackType: StrikeType; readonly done: boolean }
  | { readonly type: "momentum"; readonly combatantId: string; readonly hexes: number }
  | { readonly type: "jump"; readonly combatantId: string; readonly hexes: number }
  | { readonly type: "owePass"; readonly combatantId: string }
  /** [12.2] the GM names a side's leader (null: none), who rolls for the side with PC + Military Scientist. */
  | { readonly type: "setLeader"; readonly side: string; readonly combatantId: string | null }
  /** [14.1] the GM's penalty for facing and terrain on a figure's attacks this pulse (0 clears it). */
  | { readonly type: "penalize"; readonly combatantId: string; readonly penalty: number };

export type PulsesEvent =
  | { readonly type: "pulseStarted"; readonly pulse: number }
  | { readonly type: "surprisePulse"; readonly side: string }
  | { readonly type: "engagementsSet"; readonly engagements: readonly (readonly string[])[] }
  | { readonly type: "sideInitiative"; readonly rolls: readonly SideRoll[]; readonly winner: string }
  | { readonly type: "sideInitiativeTied"; readonly rolls: readonly SideRoll[] }
  | { readonly type: "sideInitiativeNotNeeded"; readonly winner: string | null }
  | { readonly type: "engagementStarted"; readonly engagementId: string; readonly order: readonly string[]; readonly chooser: string | null }
  | { readonly type: "orderChosen"; readonly engagementId: string; readonly combatantId: string; readonly choice: "first" | "last"; readonly order: readonly string[] }
  | { readonly type: "engagementResolved"; readonly engagementId: string }
  | { readonly type: "sideOrderChosen"; readonly order: readonly string[] }
  | { readonly type: "sideStarted"; readonly side: string; readonly acting: readonly string[] }
  | { readonly type: "turnStarted"; readonly combatantId: string }
  | { readonly type: "turnEnded"; readonly combatantId: string }
  | { readonly type: "skipped"; readonly combatantIds: readonly string[] }
  | { readonly type: "pulseEnded"; readonly pulse: number }
  | { readonly type: "joined"; readonly combatantId: string }
  | { readonly type: "left"; readonly combatantId: string }
  | { readonly type: "updated"; readonly combatantId: string }
  | { readonly type: "actionDeclared"; readonly combatantId: string; readonly actions: readonly PulseAction[] }
  | { readonly type: "struck"; readonly combatantId: string; readonly targetId: string; readonly attackType: StrikeType }
  | { readonly type: "passOwed"; readonly combatantId: string; readonly pulse: number }
  | { readonly type: "leaderSet"; readonly side: string; readonly combatantId: string | null }
  | { readonly type: "penalized"; readonly combatantId: string; readonly penalty: number };

const R = "BOUT.Time.Pulses.Refusal.";

/** [16.4] the kinds of attack that may not be mixed in one action. */
export const STRIKE_TYPES = ["melee", "fire", "grapple"] as const;
export type StrikeType = (typeof STRIKE_TYPES)[number];
const no = <T>(code: string, key: string, data?: Record<string, string | number>): Outcome<T> => refuse<T>(`pulses.${code}`, `${R}${key}`, data);

function checkCombatant(c: PulseCombatantInput): Outcome<PulseCombatant> {
  if (typeof c?.id !== "string" || c.id === "" || typeof c.side !== "string" || c.side === "") return no("badCombatant", "BadCombatant");
  for (const [name, value, max] of [
    ["pc", c.pc, 100],
    ["militaryScientist", c.militaryScientist, 10],
    ["modAG", c.modAG, 100],
    ["rank", c.rank, 10],
  ] as const) {
    if (!isWholeNumber(value) || value < 0 || value > max) return no("notANumber", "NotANumber", { field: name });
  }
  return ok({
    id: c.id,
    side: c.side,
    pc: c.pc,
    militaryScientist: c.militaryScientist,
    modAG: c.modAG,
    rank: c.rank,
    leader: c.leader === true,
  });
}

export interface PulsesStart {
  readonly combatants: readonly PulseCombatantInput[];
  /** [11.1] the side that has surprise gets a free pulse first; null or absent: no surprise. */
  readonly surprise?: string | null;
  /** Engagements already formed (usually none at the start). */
  readonly engagements?: readonly (readonly string[])[];
}

/** The state at the start of combat, with the figures' conditions then (`now`). Bad input is refused, as a command would be. */
export function startPulses(input: PulsesStart, now: FightNow = CALM): Outcome<Transition<PulsesState, PulsesEvent>> {
  const combatants: PulseCombatant[] = [];
  const ids = new Set<string>();
  for (const c of input.combatants ?? []) {
    const checked = checkCombatant(c);
    if (!checked.ok) return checked;
    if (ids.has(c.id)) return no("duplicate", "Duplicate", { id: c.id });
    ids.add(c.id);
    combatants.push(checked.value);
  }
  const surprise = input.surprise ?? null;
  if (surprise !== null && !combatants.some((c) => c.side === surprise)) return no("unknownSide", "UnknownSide", { side: String(surprise) });
  let state: LiveState = {
    pulse: surprise !== null ? 0 : 1,
    combatants: combatants.map((c) => liveFigure(c, now)),
    now,
    engagements: [],
    step: surprise !== null ? { kind: "surprise", side: surprise } : { kind: "initiative" },
    initiative: null,
    sideOrder: [],
    acted: [],
    nextEngagement: 1,
  };
  const events: PulsesEvent[] = [{ type: "pulseStarted", pulse: state.pulse }];
  if (input.engagements && input.engagements.length > 0) {
    const set = setEngagements(state, input.engagements, []);
    if (!set.ok) return set;
    state = set.value;
  }
  if (surprise !== null) events.push({ type: "surprisePulse", side: surprise });
  return ok(settled(state, events));
}

// Through the list's index (issue 35: no search of the table per figure; lists are never changed in place).
const byId = (s: LiveState, id: string) => byIdIn(s.combatants, id);
const engagedIds = (s: PulsesState) => new Set(s.engagements.flatMap((e) => e.members));

/** Each list's figures by side, sides in the order they first appear (issue 35: grouped once per list, not per question). */
const BY_SIDE = new WeakMap<readonly PulseCombatant[], ReadonlyMap<string, readonly PulseCombatant[]>>();

function bySide<T extends PulseCombatant>(list: readonly T[]): ReadonlyMap<string, readonly T[]> {
  let sides = BY_SIDE.get(list);
  if (!sides) {
    const built = new Map<string, T[]>();
    for (const c of list) {
      const own = built.get(c.side);
      if (own) own.push(c);
      else built.set(c.side, [c]);
    }
    BY_SIDE.set(list, (sides = built));
  }
  return sides as ReadonlyMap<string, readonly T[]>;
}

function sidesOf(s: PulsesState): string[] {
  return [...bySide(s.combatants).keys()];
}

/** Stunned figures after the others [19], each part in list order. */
function stunnedLast(figures: readonly LiveCombatant[]): string[] {
  return [...figures.filter((c) => !c.stunned), ...figures.filter((c) => c.stunned)].map((c) => c.id);
}

/** Non-engaged figures of a side able to act, stunned ones last [19]. */
function sideActors(s: LiveState, side: string): string[] {
  const engaged = engagedIds(s);
  const spent = new Set(s.spent ?? []);
  return stunnedLast((bySide(s.combatants).get(side) ?? []).filter((c) => !engaged.has(c.id) && !spent.has(c.id)));
}

/** [11.1] in the free pulse every figure of the surprising side acts, engaged or not; stunned last. */
function surpriseActors(s: LiveState, side: string): string[] {
  return stunnedLast(bySide(s.combatants).get(side) ?? []);
}

function setEngagements(s: LiveState, groups: readonly (readonly string[])[], rear: readonly string[]): Outcome<LiveState> {
  if (!Array.isArray(groups)) return no("badEngagements", "BadEngagements");
  const seen = new Set<string>();
  let next = s.nextEngagement;
  const engagements: Engagement[] = [];
  for (const g of groups) {
    if (!Array.isArray(g) || g.length < 2) return no("badEngagements", "BadEngagements");
    for (const id of g) {
      if (typeof id !== "string" || !byId(s, id)) return no("unknownCombatant", "UnknownCombatant", { id: String(id) });
      if (seen.has(id)) return no("badEngagements", "BadEngagements");
      seen.add(id);
    }
    // Reuse the id of an engagement with the same members, so the tracker keeps its row.
    const same = s.engagements.find((e) => e.members.length === g.length && e.members.every((m) => g.includes(m)));
    engagements.push({ id: same?.id ?? `e${next++}`, members: [...g], rear: (rear ?? []).filter((r) => g.includes(r)), order: [], chosen: false });
  }
  for (const id of rear ?? []) if (!seen.has(id)) return no("unknownCombatant", "UnknownCombatant", { id: String(id) });
  return ok({ ...s, engagements, nextEngagement: next });
}

function engagementStart(s: LiveState, index: number, events: PulsesEvent[]): LiveState {
  const e = s.engagements[index]!;
  const figures = e.members
    .map((id) => byId(s, id)!)
    .map((c) => ({ id: c.id, iv: c.modAG + c.pc + c.rank, stunned: c.stunned, opponentInRear: e.rear.includes(c.id) }));
  const order = engagementOrder(figures);
  const chosen = order.length < 2;
  const engagements = s.engagements.map((x, i) => (i === index ? { ...x, order, chosen } : x));
  events.push({ type: "engagementStarted", engagementId: e.id, order, chooser: chosen ? null : order[0]! });
  if (chosen && order.length > 0) events.push({ type: "turnStarted", combatantId: order[0]! });
  return { ...s, engagements, step: { kind: "engagement", index }, acted: [] };
}

function sideStart(s: LiveState, index: number, events: PulsesEvent[]): LiveState {
  const side = s.sideOrder[index]!;
  const acting = sideActors(s, side);
  events.push({ type: "sideStarted", side, acting });
  return { ...s, step: { kind: "side", index }, acted: [] };
}

/** The side order before the winner's choice: winner first, the rest as they appear. */
function defaultSideOrder(s: LiveState, winner: string | null): string[] {
  const sides = sidesOf(s).filter((side) => sideActors(s, side).length > 0);
  return winner && sides.includes(winner) ? [winner, ...sides.filter((x) => x !== winner)] : sides;
}

function newPulse(s: LiveState, events: PulsesEvent[]): LiveState {
  events.push({ type: "pulseEnded", pulse: s.pulse });
  const pulse = s.pulse + 1;
  events.push({ type: "pulseStarted", pulse });
  // The GM's facing and terrain penalties were for the pulse that ended.
  const { spent: _spent, penalties: _penalties, ...rest } = s;
  return {
    ...rest,
    pulse,
    step: { kind: "initiative" },
    initiative: null,
    sideOrder: [],
    acted: [],
    declared: {},
    strikes: {},
    jumped: {},
    engagements: s.engagements.map((e) => ({ ...e, order: [], chosen: false })),
  };
}

/** [14.1] the most the GM's facing and terrain penalty takes off a strike chance (percentage points). */
export const MAX_PENALTY = 100;

/**
 * [14.1] what the GM's facing and terrain penalty takes off this figure's
 * strike chance in the current pulse: a modifier term for the attack (0: none).
 */
export function strikePenaltyOf(state: PulsesState | null | undefined, combatantId: string | null | undefined): number {
  const n = combatantId ? state?.penalties?.[combatantId] : undefined;
  return typeof n === "number" && isWholeNumber(n) && n > 0 && n <= MAX_PENALTY ? -n : 0;
}

type Rollers = { side: string; rollerId: string; bonus: number }[];

/** Each live list's rollers while no figure is engaged or spent (a new pulse's question, asked several times a step). */
const ROLLERS_ALL_FREE = new WeakMap<readonly LiveCombatant[], Rollers>();

/** Sides whose non-engaged figures need the initiative roll, each with its roller (the figures' conditions as `now` gives them). */
export function initiativeRollers(state: PulsesState, now?: FightNow): Rollers {
  const s = "now" in state ? (state as LiveState) : live(state, now);
  const engaged = engagedIds(s);
  const spent = new Set(s.spent ?? []);
  const allFree = engaged.size === 0 && spent.size === 0;
  const known = allFree ? ROLLERS_ALL_FREE.get(s.combatants) : undefined;
  if (known) return known.map((r) => ({ ...r }));
  const out: Rollers = [];
  for (const [side, figures] of bySide(s.combatants)) {
    // Only a side with a figure free to act rolls (sideActors).
    if (!figures.some((c) => !engaged.has(c.id) && !spent.has(c.id))) continue;
    const roller = rollerAmong(figures, (c) => engaged.has(c.id));
    if (roller) out.push({ side, rollerId: roller.id, bonus: roller.bonus });
  }
  if (allFree) ROLLERS_ALL_FREE.set(s.combatants, out.map((r) => ({ ...r })));
  return out;
}

/** Each list's sides with no leader among their figures (issue 35: withLeaders asks at every settle). */
const LEADERLESS = new WeakMap<readonly PulseCombatant[], readonly string[]>();

/**
 * [12.2] every side has a leader to roll for it: a side without one (at the
 * start, or after its leader left) gets the default leader, unless the GM ruled
 * it has none.
 */
function withLeaders(s: LiveState): LiveState {
  let leaderless = LEADERLESS.get(s.combatants);
  if (!leaderless) {
    leaderless = [...bySide(s.combatants)].filter(([, own]) => !own.some((c) => c.leader)).map(([side]) => side);
    LEADERLESS.set(s.combatants, leaderless);
  }
  let combatants = s.combatants;
  for (const side of leaderless) {
    if (s.noLeader?.includes(side)) continue;
    const id = defaultLeader(bySide(s.combatants).get(side) ?? []);
    if (id) combatants = patchById(combatants, id, { leader: true });
  }
  return combatants === s.combatants ? s : { ...s, combatants };
}

/** Moves past every step that has nothing left to do, until a decision is needed; what is stored of the result. */
function settled(state: LiveState, events: PulsesEvent[]): Transition<PulsesState, PulsesEvent> {
  const done = settle(state, events);
  return { state: stored(done.state), events: done.events };
}

/** Moves past every step that has nothing left to do, until a decision is needed. */
function settle(state: LiveState, events: PulsesEvent[]): Transition<LiveState, PulsesEvent> {
  let s = withLeaders(state);
  for (let guard = 0; guard < 10_000; guard++) {
    const step = s.step;
    if (step.kind === "surprise") {
      const acting = surpriseActors(s, step.side);
      if (acting.some((id) => !s.acted.includes(id))) break;
      s = newPulse(s, events);
      continue;
    }
    if (step.kind === "initiative") {
      const rollers = initiativeRollers(s);
      if (rollers.length >= 2) break;
      const winner = rollers[0]?.side ?? null;
      events.push({ type: "sideInitiativeNotNeeded", winner });
      s = { ...s, initiative: { rolls: [], winner }, sideOrder: defaultSideOrder(s, winner) };
      s = s.engagements.length > 0 ? engagementStart(s, 0, events) : { ...s, step: { kind: "sideChoice" } };
      continue;
    }
    if (step.kind === "engagement") {
      const e = s.engagements[step.index]!;
      if (!e.chosen) break;
      // A figure gone from the fight during the engagement (knocked senseless, removed) no longer holds it up.
      if (e.order.some((id) => !s.acted.includes(id) && byId(s, id))) break;
      events.push({ type: "engagementResolved", engagementId: e.id });
      s = step.index + 1 < s.engagements.length ? engagementStart(s, step.index + 1, events) : { ...s, step: { kind: "sideChoice" }, acted: [] };
      continue;
    }
    if (step.kind === "sideChoice") {
      // The choice only matters with two or more sides to act and a winner to make it.
      const order = defaultSideOrder(s, s.initiative?.winner ?? null);
      if (order.length >= 2 && s.initiative?.winner && order.includes(s.initiative.winner)) break;
      s = { ...s, sideOrder: order };
      s = order.length > 0 ? sideStart(s, 0, events) : newPulse(s, events);
      continue;
    }
    // step.kind === "side"
    const side = s.sideOrder[step.index];
    const acting = side === undefined ? [] : sideActors(s, side);
    if (acting.some((id) => !s.acted.includes(id))) break;
    s = step.index + 1 < s.sideOrder.length ? sideStart(s, step.index + 1, events) : newPulse(s, events);
  }
  return { state: s, events };
}

/** Who may end a turn now: the engagement's current figure, or any not-yet-acted figure of the acting side (the figures' conditions as `now` gives them). */
export function currentActors(state: PulsesState, now?: FightNow): string[] {
  const s = "now" in state ? (state as LiveState) : live(state, now);
  const step = s.step;
  if (step.kind === "engagement") {
    const e = s.engagements[step.index]!;
    if (!e.chosen) return [];
    const next = e.order.find((id) => !s.acted.includes(id) && byId(s, id));
    return next ? [next] : [];
  }
  if (step.kind === "side" || step.kind === "surprise") {
    const left = (step.kind === "side" ? sideActors(s, s.sideOrder[step.index]!) : surpriseActors(s, step.side)).filter((id) => !s.acted.includes(id));
    const ready = left.filter((id) => !byId(s, id)!.stunned);
    // [19] a stunned figure acts last on its side.
    return ready.length > 0 ? ready : left;
  }
  return [];
}

/** [13]-[15] the actions a figure may name now: none out of its turn (the figures' conditions as `now` gives them). */
export function openActions(state: PulsesState, id: string, now?: FightNow): readonly PulseAction[] {
  const s = "now" in state ? (state as LiveState) : live(state, now);
  const c = byId(s, id);
  if (!c || !currentActors(s).includes(id)) return [];
  // [17.4] after a parry of 3 or less the figure's next action is a Pass.
  if (owesPass(s, id) && !c.stunned) return ["pass"];
  return actionsFor(c.close ? "close" : engagedIds(s).has(id) ? "engaged" : "free", c.stunned);
}

/** [17.4] the figure must Pass in this pulse. */
export const owesPass = (s: PulsesState, id: string) => s.owedPass?.[id] === s.pulse;

/** [13]-[15] the actions a blow can be: a melee attack (engaged), a charge (free), a grapple (in close combat). */
const BLOW_ACTIONS: readonly PulseAction[] = ["meleeAttack", "charge", "grapple"];

/** May the figure strike a blow now: its moment, and a blow among its open actions (not stunned, owing no Pass)? */
export function mayStrikeBlow(state: PulsesState, id: string, now?: FightNow): boolean {
  return openActions(state, id, now).some((a) => BLOW_ACTIONS.includes(a));
}

/** [13] whom a figure may strike at: in an engagement, only the others of its engagement; free, any foe. */
export function withinReachOfEngagement(state: PulsesState, id: string, foeId: string): boolean {
  const mine = state.engagements.find((e) => e.members.includes(id));
  return !mine || mine.members.includes(foeId);
}

/** [12.3] "Highest IV chooses to go 1st or last": the engagement the figure may choose for now (its step, its top IV, not yet chosen), else null. */
export function orderChoiceFor(s: PulsesState, id: string): Engagement | null {
  if (s.step.kind !== "engagement") return null;
  const e = s.engagements[s.step.index];
  return e && !e.chosen && e.order[0] === id ? e : null;
}

/** The actions that hold a figure this pulse: those it named, else a Pass it owes. */
export function heldToActions(s: PulsesState, id: string): readonly PulseAction[] | undefined {
  return s.declared?.[id] ?? (owesPass(s, id) ? ["pass"] : undefined);
}

function apply(state: PulsesState, command: PulsesCommand, now: FightNow = CALM): Outcome<Transition<PulsesState, PulsesEvent>> {
  const read = live(state, now);
  const done = applyLive(read, command);
  if (!done.ok) return done;
  // A command that changes nothing (a tied roll) leaves the very state it was given.
  return ok({ state: done.value.state === read ? state : stored(done.value.state), events: done.value.events });
}

function applyLive(state: LiveState, command: PulsesCommand): Outcome<Transition<LiveState, PulsesEvent>> {
  const events: PulsesEvent[] = [];
  const s = state;
  switch (command?.type) {
    case "setEngagements": {
      if (s.step.kind !== "initiative" && s.step.kind !== "surprise") return no("notNow", "NotNow");
      const set = setEngagements(s, command.groups, command.rear ?? []);
      if (!set.ok) return set;
      events.push({ type: "engagementsSet", engagements: set.value.engagements.map((e) => e.members) });
      return ok(settle({ ...set.value, acted: s.step.kind === "surprise" ? s.acted : [] }, events));
    }
    case "rollSideInitiative": {
      if (s.step.kind !== "initiative") return no("notNow", "NotNow");
      const rollers = initiativeRollers(s);
      // [12.2] only a figure free to act rolls: a stun set since the step began can leave a side (or both) nobody
      // to roll, and then there is nothing to roll against; the step moves on as it would have.
      if (rollers.length < 2) return ok(settle(s, events));
      const rolls: SideRoll[] = [];
      for (const r of rollers) {
        const roll = command.rolls?.[r.side];
        if (!isWholeNumber(roll) || roll < 1 || roll > 10) return no("badRoll", "BadRoll", { side: r.side });
        rolls.push({ side: r.side, rollerId: r.rollerId, roll, bonus: r.bonus, total: roll + r.bonus });
      }
      const best = Math.max(...rolls.map((r) => r.total));
      const top = rolls.filter((r) => r.total === best);
      if (top.length > 1) {
        // A tie settles nothing: the sides roll again (the state is unchanged).
        return ok({ state: s, events: [{ type: "sideInitiativeTied", rolls }] });
      }
      const winner = top[0]!.side;
      events.push({ type: "sideInitiative", rolls, winner });
      let next: LiveState = { ...s, initiative: { rolls, winner }, sideOrder: defaultSideOrder(s, winner) };
      next = next.engagements.length > 0 ? engagementStart(next, 0, events) : { ...next, step: { kind: "sideChoice" } };
      return ok(settle(next, events));
    }
    case "chooseOrder": {
      const step = s.step;
      if (step.kind !== "engagement") return no("notNow", "NotNow");
      const e = s.engagements[step.index]!;
      if (e.id !== command.engagementId || e.chosen) return no("notNow", "NotNow");
      if (e.order[0] !== command.combatantId) return no("notYourChoice", "NotYourChoice");
      if (command.choice !== "first" && command.choice !== "last") return no("badChoice", "BadChoice");
      const order = applyFirstOrLast(e.order, command.choice);
      const engagements = s.engagements.map((x, i) => (i === step.index ? { ...x, order, chosen: true } : x));
      events.push({ type: "orderChosen", engagementId: e.id, combatantId: command.combatantId, choice: command.choice, order });
      events.push({ type: "turnStarted", combatantId: order[0]! });
      return ok(settle({ ...s, engagements }, events));
    }
    case "chooseSideOrder": {
      if (s.step.kind !== "sideChoice") return no("notNow", "NotNow");
      if (command.side !== s.initiative?.winner) return no("notYourChoice", "NotYourChoice");
      const order = defaultSideOrder(s, s.initiative.winner);
      if (!order.includes(command.first)) return no("unknownSide", "UnknownSide", { side: String(command.first) });
      const sideOrder = [command.first, ...order.filter((x) => x !== command.first)];
      events.push({ type: "sideOrderChosen", order: sideOrder });
      return ok(settle(sideStart({ ...s, sideOrder }, 0, events), events));
    }
    case "endTurn": {
      if (!byId(s, command.combatantId)) return no("unknownCombatant", "UnknownCombatant", { id: String(command.combatantId) });
      if (!currentActors(s).includes(command.combatantId)) return no("outOfTurn", "OutOfTurn");
      events.push({ type: "turnEnded", combatantId: command.combatantId });
      const next = { ...s, acted: [...s.acted, command.combatantId] };
      if (next.step.kind === "engagement") {
        const following = currentActors(next)[0];
        if (following) events.push({ type: "turnStarted", combatantId: following });
      }
      return ok(settle(next, events));
    }
    case "nextStep": {
      // The GM closes the current step: whoever has not acted loses the chance.
      const step = s.step;
      if (step.kind === "initiative" || step.kind === "sideChoice") return no("notNow", "NotNow");
      if (step.kind === "engagement") {
        const e = s.engagements[step.index]!;
        const skipped = e.order.filter((id) => !s.acted.includes(id));
        events.push({ type: "skipped", combatantIds: skipped });
        const engagements = s.engagements.map((x, i) => (i === step.index ? { ...x, chosen: true } : x));
        return ok(settle({ ...s, engagements, acted: [...s.acted, ...skipped] }, events));
      }
      const acting = step.kind === "side" ? sideActors(s, s.sideOrder[step.index]!) : surpriseActors(s, step.side);
      const skipped = acting.filter((id) => !s.acted.includes(id));
      events.push({ type: "skipped", combatantIds: skipped });
      return ok(settle({ ...s, acted: [...s.acted, ...skipped] }, events));
    }
    case "nextPulse":
      return ok(settle(newPulse(s, events), events));
    case "join": {
      const checked = checkCombatant(command.combatant);
      if (!checked.ok) return checked;
      if (byId(s, checked.value.id)) return no("duplicate", "Duplicate", { id: checked.value.id });
      events.push({ type: "joined", combatantId: checked.value.id });
      // A newcomer is not engaged; it acts with its side if its side has not finished.
      let next: LiveState = { ...s, combatants: [...s.combatants, liveFigure(checked.value, s.now)] };
      if (next.step.kind === "side" && !next.sideOrder.includes(checked.value.side)) next = { ...next, sideOrder: [...next.sideOrder, checked.value.side] };
      return ok(settle(next, events));
    }
    case "leave": {
      if (!byId(s, command.combatantId)) return no("unknownCombatant", "UnknownCombatant", { id: String(command.combatantId) });
      events.push({ type: "left", combatantId: command.combatantId });
      return ok(settle(removeCombatant(s, command.combatantId, events), events));
    }
    case "update": {
      const current = byId(s, command.combatantId);
      if (!current) return no("unknownCombatant", "UnknownCombatant", { id: String(command.combatantId) });
      const patch = command.patch ?? {};
      const checked = checkCombatant({ ...current, ...patch, id: current.id, side: patch.side ?? current.side });
      if (!checked.ok) return checked;
      events.push({ type: "updated", combatantId: current.id });
      return ok(settle({ ...s, combatants: putById(s.combatants, liveFigure(checked.value, s.now)) }, events));
    }
    case "declareAction": {
      // [13]-[15] in its turn a figure names its action; what it may name depends on whether it is engaged, and a stunned one only recovers.
      const c = byId(s, command.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { id: String(command.combatantId) });
      if (!currentActors(s).includes(c.id)) return no("outOfTurn", "OutOfTurn");
      if (!openActions(s, c.id).includes(command.action)) return no("actionNotOpen", "ActionNotOpen", { action: String(command.action) });
      // [15] modAG 26 or more: a second action from the combinable list.
      const actions = command.second ? [command.action, command.second] : [command.action];
      const checked = checkDeclaredActions(actions, c.modAG, c.close ? "close" : engagedIds(s).has(c.id) ? "engaged" : "free", c.stunned);
      if (!checked.ok) return checked;
      events.push({ type: "actionDeclared", combatantId: c.id, actions });
      return ok({ state: { ...s, declared: { ...(s.declared ?? {}), [c.id]: actions } }, events });
    }
    case "momentum": {
      // [23] the pulse after a mounted charge the mount runs on past the target.
      const c = byId(s, command.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { id: String(command.combatantId) });
      if (!isWholeNumber(command.hexes) || command.hexes < 0 || command.hexes > 60) return no("notANumber", "NotANumber", { field: "hexes" });
      return ok({ state: { ...s, momentum: { ...(s.momentum ?? {}), [c.id]: { hexes: command.hexes, pulse: s.pulse + 1 } } }, events });
    }
    case "jump": {
      // [14.1] a jump spends movement in the figure's own turn: 1 TMR per 5 feet.
      const c = byId(s, command.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { id: String(command.combatantId) });
      if (!currentActors(s).includes(c.id)) return no("outOfTurn", "OutOfTurn");
      const stun = checkStunnedMay(c.stunned, "move");
      if (!stun.ok) return stun;
      if (!isWholeNumber(command.hexes) || command.hexes < 1 || command.hexes > 60) return no("notANumber", "NotANumber", { field: "hexes" });
      return ok({ state: { ...s, jumped: { ...(s.jumped ?? {}), [c.id]: (s.jumped?.[c.id] ?? 0) + command.hexes } }, events });
    }
    case "owePass": {
      // [17.4] a parry of 3 or less turns the blow, and the parrier's next action is a Pass.
      const c = byId(s, command.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { id: String(command.combatantId) });
      events.push({ type: "passOwed", combatantId: c.id, pulse: s.pulse + 1 });
      return ok({ state: { ...s, owedPass: { ...(s.owedPass ?? {}), [c.id]: s.pulse + 1 } }, events });
    }
    case "setLeader": {
      // [12.2] one leader per side: naming one unnames the side's other; the next side roll is the leader's.
      if (typeof command.side !== "string" || !sidesOf(s).includes(command.side)) return no("unknownSide", "UnknownSide", { side: String(command.side) });
      const id = command.combatantId ?? null;
      if (id !== null && byId(s, id)?.side !== command.side) return no("unknownCombatant", "UnknownCombatant", { id: String(id) });
      events.push({ type: "leaderSet", side: command.side, combatantId: id });
      // "None" is the GM's ruling too: no default leader is named for the side again until the GM names one.
      const others = (s.noLeader ?? []).filter((x) => x !== command.side);
      const noLeader = id === null ? [...others, command.side] : others;
      const { noLeader: _was, ...rest } = s;
      return ok({ state: { ...rest, ...(noLeader.length ? { noLeader } : {}), combatants: s.combatants.map((c) => (c.side === command.side ? { ...c, leader: c.id === id } : c)) }, events });
    }
    case "penalize": {
      const c = byId(s, command.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { id: String(command.combatantId) });
      if (!isWholeNumber(command.penalty) || command.penalty < 0 || command.penalty > MAX_PENALTY) return no("notANumber", "NotANumber", { field: "penalty" });
      events.push({ type: "penalized", combatantId: c.id, penalty: command.penalty });
      const { [c.id]: _was, ...others } = s.penalties ?? {};
      const penalties = command.penalty ? { ...others, [c.id]: command.penalty } : others;
      const { penalties: _old, ...rest } = s;
      return ok({ state: { ...rest, ...(Object.keys(penalties).length ? { penalties } : {}) }, events });
    }
    case "strike": {
      // [16.4] an attack in the figure's action: kept for the next of several, and the last one ends the turn.
      const c = byId(s, command.combatantId);
      if (!c) return no("unknownCombatant", "UnknownCombatant", { id: String(command.combatantId) });
      if (!currentActors(s).includes(c.id)) return no("outOfTurn", "OutOfTurn");
      // [15] a stunned figure's only action is to recover: it strikes nobody, in its turn or not.
      const stun = checkStunnedMay(c.stunned, command.attackType === "fire" ? "fire" : command.attackType === "grapple" ? "grapple" : "meleeAttack");
      if (!stun.ok) return stun;
      if (owesPass(s, c.id)) return no("mustPass", "MustPass");
      if (typeof command.targetId !== "string" || !STRIKE_TYPES.includes(command.attackType)) return no("badChoice", "BadChoice");
      events.push({ type: "struck", combatantId: c.id, targetId: command.targetId, attackType: command.attackType });
      const strikes = { ...(s.strikes ?? {}), [c.id]: [...(s.strikes?.[c.id] ?? []), { targetId: command.targetId, type: command.attackType }] };
      const next = { ...s, strikes };
      if (!command.done) return ok({ state: next, events });
      const ended = applyLive(next, { type: "endTurn", combatantId: c.id });
      if (!ended.ok) return ended;
      return ok({ state: ended.value.state, events: [...events, ...ended.value.events] });
    }
    default:
      return no("unknownCommand", "UnknownCommand");
  }
}

/** Takes a figure out everywhere; an engagement left with one side only dissolves. */
/** A record without one figure's entry (absent records stay absent). */
function without<T>(record: Readonly<Record<string, T>> | undefined, id: string): Readonly<Record<string, T>> | undefined {
  if (!record || !Object.prototype.hasOwnProperty.call(record, id)) return record;
  const { [id]: _gone, ...rest } = record;
  return rest;
}

/**
 * Everything this pulse keeps about a figure that leaves: its declared action,
 * strikes, jumps, momentum and owed Pass go; others' strikes at it still count
 * for them (a second weapon, a sweep) with the target left blank; a side roll it
 * made stays the side's, its roller unnamed.
 */
function forget(s: LiveState, id: string): LiveState {
  const strikes = without(s.strikes, id);
  const next: { -readonly [K in keyof LiveState]: LiveState[K] } = { ...s };
  const set = <K extends keyof LiveState>(key: K, value: LiveState[K] | undefined) => {
    if (value === undefined) delete next[key];
    else next[key] = value;
  };
  set("declared", without(s.declared, id));
  set("strikes", strikes && Object.fromEntries(Object.entries(strikes).map(([k, list]) => [k, list.map((x) => (x.targetId === id ? { ...x, targetId: "" } : x))])));
  set("momentum", without(s.momentum, id));
  set("jumped", without(s.jumped, id));
  set("owedPass", without(s.owedPass, id));
  if (s.initiative) next.initiative = { ...s.initiative, rolls: s.initiative.rolls.map((r) => (r.rollerId === id ? { ...r, rollerId: "" } : r)) };
  return next;
}

function removeCombatant(s: LiveState, id: string, events: PulsesEvent[]): LiveState {
  const combatants = s.combatants.filter((c) => c.id !== id);
  const sideOf = (x: string) => combatants.find((c) => c.id === x)?.side;
  const step = s.step;
  const kept: Engagement[] = [];
  let keptBefore = 0;
  const spent = [...(s.spent ?? [])];
  s.engagements.forEach((e, i) => {
    const members = e.members.filter((m) => m !== id);
    if (members.length >= 2 && new Set(members.map(sideOf)).size >= 2) {
      kept.push({ ...e, members, rear: e.rear.filter((m) => m !== id), order: e.order.filter((m) => m !== id) });
      if (step.kind === "engagement" && i < step.index) keptBefore++;
      return;
    }
    // Those left of an engagement that came apart go free; whoever already had a turn in it has had this pulse's.
    const resolved = step.kind === "sideChoice" || step.kind === "side" || (step.kind === "engagement" && i < step.index);
    const current = step.kind === "engagement" && i === step.index;
    for (const m of members) if ((resolved || (current && s.acted.includes(m))) && !spent.includes(m)) spent.push(m);
  });
  const base: LiveState = { ...forget(s, id), combatants, engagements: kept, acted: s.acted.filter((a) => a !== id), ...(spent.length ? { spent } : {}) };
  if (step.kind !== "engagement") return base;
  const current = s.engagements[step.index]!;
  const index = kept.findIndex((e) => e.id === current.id);
  if (index >= 0) return { ...base, step: { kind: "engagement", index } };
  // The resolving engagement dissolved: the next one resolves now, or the sides act.
  return keptBefore < kept.length ? engagementStart(base, keptBefore, events) : { ...base, step: { kind: "sideChoice" }, acted: [] };
}

const label = (key: string, data?: Record<string, string | number>): Label => (data ? { key: `${K}${key}`, data } : { key: `${K}${key}` });

function stepLabel(s: PulsesState): Label {
  switch (s.step.kind) {
    case "surprise":
      return label("Step.Surprise", { side: s.step.side });
    case "initiative":
      return label("Step.Initiative");
    case "engagement":
      return label("Step.Engagement", { n: s.step.index + 1, of: s.engagements.length });
    case "sideChoice":
      return label("Step.SideChoice", { side: s.initiative?.winner ?? "" });
    case "side":
      return label("Step.Side", { side: s.sideOrder[s.step.index] ?? "" });
  }
}

/** A row kept for a live figure, with what else of the state it was worked out from. */
interface KeptRow {
  readonly row: TrackerRow;
  readonly groupId: string;
  readonly acting: boolean;
  readonly done: boolean;
  readonly penalty: number | undefined;
  readonly declared: readonly PulseAction[] | undefined;
  readonly momentum: number | undefined;
  readonly mustPass: boolean;
}

/**
 * What the tracker draws, with the figures' conditions now (a stunned figure's
 * badge and its place on its side), keeping a figure's row from one state to
 * the next while the figure read under its conditions is the same object and
 * nothing else its row shows changed (issue 35). Each call of `pulsesView`
 * keeps its own; the machine's view (`viewPulses`) is one.
 */
export function pulsesView(): (state: PulsesState, now?: FightNow) => TrackerView {
  const kept = new WeakMap<LiveCombatant, KeptRow>();
  const keptSides = new WeakMap<readonly LiveCombatant[], { readonly groupId: string; readonly done: boolean; readonly listedKey: string; readonly rows: readonly TrackerRow[] }>();
  return (state, now = CALM) => {
    const s = live(state, now);
    const groups: TrackerGroup[] = [];
    const rows: TrackerRow[] = [];
    const actors = new Set(currentActors(s));
    const step = s.step;
    const listed = new Set<string>();
    const row = (c: LiveCombatant, groupId: string, done: boolean) => {
      const acting = actors.has(c.id);
      const penalty = s.penalties?.[c.id];
      const declared = s.declared?.[c.id];
      const m = s.momentum?.[c.id];
      const momentum = m?.pulse === s.pulse ? m.hexes : undefined;
      const mustPass = owesPass(s, c.id) && !declared;
      const was = kept.get(c);
      if (was && was.groupId === groupId && was.acting === acting && was.done === done && was.penalty === penalty && was.declared === declared && was.momentum === momentum && was.mustPass === mustPass) return was.row;
      const made: TrackerRow = { combatantId: c.id, groupId, acting, done, badges: pulseBadges(c, penalty, declared, momentum, mustPass) };
      kept.set(c, { row: made, groupId, acting, done, penalty, declared, momentum, mustPass });
      return made;
    };
    s.engagements.forEach((e, i) => {
      const focused = step.kind === "engagement" && step.index === i;
      const done = step.kind === "engagement" ? i < step.index : step.kind === "sideChoice" || step.kind === "side";
      const notes: Label[] = [];
      if (focused && !e.chosen && e.order[0]) notes.push(label("Note.Chooses", { id: e.order[0] }));
      if (done) notes.push(label("Note.Resolved"));
      groups.push({ id: e.id, label: label("Engagement", { n: i + 1 }), notes, focused });
      const order = e.order.length > 0 ? e.order : e.members;
      for (const id of [...order, ...e.members.filter((m) => !order.includes(m))]) {
        const c = byId(s, id);
        if (!c) continue;
        listed.add(id);
        rows.push(row(c, e.id, done || (focused && s.acted.includes(id))));
      }
    });
    const sides = s.sideOrder.length > 0 ? [...s.sideOrder, ...sidesOf(s).filter((x) => !s.sideOrder.includes(x))] : sidesOf(s);
    const acted = new Set(s.acted);
    // Nothing this pulse marks any figure (a new pulse's opening, before anyone acts): a side's rows are then its
    // figures' plain rows, kept whole while its figures are the same list (issue 35: no look at each figure).
    const quiet = isEmpty(s.penalties) && isEmpty(s.declared) && !Object.values(s.momentum ?? {}).some((m) => m.pulse === s.pulse) && !Object.values(s.owedPass ?? {}).includes(s.pulse);
    const listedKey = [...listed].join("\u0000");
    for (const side of sides) {
      const focused = (step.kind === "side" && s.sideOrder[step.index] === side) || (step.kind === "surprise" && step.side === side);
      const done = step.kind === "side" && s.sideOrder.indexOf(side) >= 0 && s.sideOrder.indexOf(side) < step.index;
      const notes: Label[] = [];
      const roll = s.initiative?.rolls.find((r) => r.side === side);
      if (roll) notes.push(label("Note.Roll", { roll: roll.roll, bonus: roll.bonus, total: roll.total }));
      if (s.initiative?.winner === side) notes.push(label("Note.Winner"));
      const groupId = `side:${side}`;
      groups.push({ id: groupId, label: label("Side", { side }), notes, focused });
      const own = bySide(s.combatants).get(side) ?? [];
      const plain = quiet && (!focused || acted.size === 0) && ![...actors].some((id) => byId(s, id)?.side === side);
      const was = plain ? keptSides.get(own) : undefined;
      if (was && was.groupId === groupId && was.done === done && was.listedKey === listedKey) {
        rows.push(...was.rows);
        continue;
      }
      const made: TrackerRow[] = [];
      for (const c of own) if (!listed.has(c.id)) made.push(row(c, groupId, done || (focused && acted.has(c.id))));
      if (plain) keptSides.set(own, { groupId, done, listedKey, rows: made });
      rows.push(...made);
    }
    return viewOfRows(s.pulse, stepLabel(s), groups, rows);
  };
}

const isEmpty = (o: object | undefined) => !o || Object.keys(o).length === 0;

/** A figure's badges: its IV, whether it leads or is stunned, and what this pulse holds for it. */
function pulseBadges(c: LiveCombatant, penalty: number | undefined, declared: readonly PulseAction[] | undefined, momentum: number | undefined, mustPass: boolean): { label: Label; value?: string | number }[] {
  const badges: { label: Label; value?: string | number }[] = [{ label: label("Badge.IV"), value: c.modAG + c.pc + c.rank }];
  if (c.leader) badges.push({ label: label("Badge.Leader") });
  if (c.stunned) badges.push({ label: label("Badge.Stunned") });
  if (penalty) badges.push({ label: label("Badge.Penalty"), value: -penalty });
  for (const a of declared ?? []) badges.push({ label: label(`Action.${a}`) });
  if (momentum !== undefined) badges.push({ label: label("Badge.Momentum"), value: momentum });
  if (mustPass) badges.push({ label: label("Badge.MustPass") });
  return badges;
}

/** What the tracker draws (the machine's view, keeping rows from state to state: `pulsesView`). */
export const viewPulses: (state: PulsesState, now?: FightNow) => TrackerView = pulsesView();

export const pulsesMachine: TimeMachine<PulsesState, PulsesCommand, PulsesEvent> = {
  id: "pulses",
  apply,
  view: viewPulses,
  members: listedFighters,
};
