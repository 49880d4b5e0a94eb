/**
 * "Action-point phases" (seed 002, sections I-III): each round everyone has an
 * Action Pool; a round is a run of action phases, and in each phase everyone
 * takes at most one action, the highest unspent pool first, the order worked out
 * again after every spend (ties act in either order: the seed does not rank
 * them). An action costs at most 10 AP (movement or mixed) or 12 (one combat
 * action); a dearer one is begun now and finished first thing next phase. A
 * character may spend part of an action and hold the rest, hold everything, or
 * pass for the round. An action may be made in parts within the phase: a move
 * leaves the fighter's action open, and an attack after it is the same (mixed)
 * action; the fighter stays among those acting until the action ends (an
 * attack, a full action, a hold). The round ends when nobody can or will act.
 */
import { byId, mapKeepingIds, putById } from "../by-id";
import { isWholeNumber, ok, refuse, type Outcome } from "../outcome";
import { ACTION_LIMITS, actionEnds, joinedAction, type ActionKind } from "../rulesets/actionpoints/pool";
import { samePlaces } from "./same-places";
import { listedFighters, type Label, type TimeMachine, type TrackerRow, type TrackerView, type Transition, lazyParts } from "./machine";

export interface ApCombatant {
  readonly id: string;
  /** Action points left this round. */
  readonly pool: number;
  /** The pool as rolled this round (older saved fights lack it: read as the pool). */
  readonly rolled?: number;
  readonly actedThisPhase: boolean;
  /** Will not act again this round. */
  readonly passed: boolean;
  /** An action begun in an earlier phase: what is still owed. */
  readonly continuing: { readonly remaining: number; readonly kind: ActionKind } | null;
  /**
   * This phase's action under way: movement spent so far, with room left for
   * more (an attack after moving is the same action, II.b). Absent: none.
   */
  readonly action?: { readonly points: number; readonly kind: ActionKind };
}

export interface ActionPhasesState {
  readonly round: number;
  readonly phase: number;
  readonly combatants: readonly ApCombatant[];
}

export type ActionPhasesCommand =
  | { readonly type: "spend"; readonly combatantId: string; readonly points: number; readonly kind: ActionKind }
  | { readonly type: "hold"; readonly combatantId: string }
  | { readonly type: "pass"; readonly combatantId: string }
  | { readonly type: "nextPhase" }
  | { readonly type: "nextRound"; readonly pools: Readonly<Record<string, number>> }
  | { readonly type: "join"; readonly combatantId: string; readonly pool: number }
  | { readonly type: "leave"; readonly combatantId: string };

export interface ActionPhasesEvent {
  readonly type: string;
  readonly key: string;
  readonly data: Readonly<Record<string, string | number | boolean>>;
}

const V = "BOUT.Time.ActionPhases.";
const ev = (type: string, data: Record<string, string | number | boolean> = {}): ActionPhasesEvent => ({ type, key: `${V}Event.${type}`, data });
const no = (code: string, data?: Record<string, string | number>) => refuse<Transition<ActionPhasesState, ActionPhasesEvent>>(`actionPhases.${code}`, `${V}Refusal.${code}`, data);

/** Largest sensible pool: 1d10 + BAP + armour stays far below it. */
export const MAX_POOL = 200;
const validPool = (n: unknown): n is number => isWholeNumber(n) && n >= 0 && n <= MAX_POOL;

export function startActionPhases(pools: readonly { id: string; pool: number }[]): Outcome<ActionPhasesState> {
  if (!Array.isArray(pools) || !pools.every((p) => typeof p?.id === "string" && p.id && validPool(p.pool))) return refuse("actionPhases.badPool", `${V}Refusal.badPool`);
  if (new Set(pools.map((p) => p.id)).size !== pools.length) return refuse("actionPhases.duplicate", `${V}Refusal.duplicate`);
  return ok({ round: 1, phase: 1, combatants: pools.map((p) => ({ id: p.id, pool: p.pool, rolled: p.pool, actedThisPhase: false, passed: false, continuing: null })) });
}

const canAct = (c: ApCombatant) => !c.passed && !c.actedThisPhase && c.pool > 0;

/**
 * Who may act now: the highest unspent pool among those yet to act this phase
 * (all of them on a tie), and anyone whose action is under way (it was begun in
 * turn, and the rest of it is the same action).
 */
export function actingNow(s: ActionPhasesState): readonly string[] {
  // Once per list of fighters (issue 35: the step, the tracker and core's turn each ask; lists are never changed in place).
  let found = ACTING.get(s.combatants);
  if (!found) {
    const ready = s.combatants.filter(canAct);
    let top = 0;
    for (const c of ready) top = Math.max(top, c.pool);
    ACTING.set(s.combatants, (found = ready.filter((c) => c.pool === top || c.action).map((c) => c.id)));
  }
  return found;
}
const ACTING = new WeakMap<readonly ApCombatant[], readonly string[]>();

/** Nobody can or will act again this round. */
export function roundOver(s: ActionPhasesState): boolean {
  return s.combatants.every((c) => c.passed || c.pool <= 0);
}

/** The fighter's action under way ends (a hold, a pass): the rest of the phase's points are held. */
const close = (s: ActionPhasesState, id: string, change: Partial<ApCombatant>): ActionPhasesState => ({
  ...s,
  combatants: mapKeepingIds(s.combatants, (c) => {
    if (c.id !== id) return c;
    const { action: _ended, ...rest } = c;
    return { ...rest, ...change };
  }),
});

/** A new phase: begun actions are finished first, before anyone else's order is worked out. */
function newPhase(s: ActionPhasesState, events: ActionPhasesEvent[]): ActionPhasesState {
  const phase = s.phase + 1;
  events.push(ev("phaseStarted", { phase }));
  // Each entry keeps its id in its place (by-id.ts): a phase that leaves everyone as he was keeps the list.
  const combatants = mapKeepingIds(s.combatants, (open) => {
    // Nothing to end or carry on: the fighter's entry stays the same object (issue 35: the stored change skips it).
    if (!("action" in open) && !open.continuing && !open.actedThisPhase) return open;
    // An action left open when the phase ends is over: the rest is held.
    const { action: _over, ...c } = open;
    if (!c.continuing) return { ...c, actedThisPhase: false };
    const pay = Math.min(c.continuing.remaining, ACTION_LIMITS[c.continuing.kind], c.pool);
    const remaining = c.continuing.remaining - pay;
    events.push(ev(remaining > 0 ? "actionContinues" : "actionFinished", { combatantId: c.id, points: pay, remaining }));
    return { ...c, pool: c.pool - pay, actedThisPhase: true, continuing: remaining > 0 ? { ...c.continuing, remaining } : null };
  });
  return { ...s, phase, combatants };
}

/** After a player's choice, a phase in which nobody is left to act gives way to the next by itself. */
function apply(s: ActionPhasesState, cmd: ActionPhasesCommand): Outcome<Transition<ActionPhasesState, ActionPhasesEvent>> {
  const r = applyOne(s, cmd);
  if (!r.ok || !["spend", "hold", "pass"].includes(cmd.type)) return r;
  const { state } = r.value;
  if (actingNow(state).length || roundOver(state)) {
    if (roundOver(state)) return ok({ state, events: [...r.value.events, ev("roundOver", { round: state.round })] });
    return r;
  }
  const events = [...r.value.events];
  let next = newPhase(state, events);
  // A phase taken up wholly by finishing begun actions is over at once.
  while (!actingNow(next).length && !roundOver(next)) next = newPhase(next, events);
  if (roundOver(next)) events.push(ev("roundOver", { round: next.round }));
  return ok({ state: next, events });
}

function applyOne(s: ActionPhasesState, cmd: ActionPhasesCommand): Outcome<Transition<ActionPhasesState, ActionPhasesEvent>> {
  const events: ActionPhasesEvent[] = [];
  const find = (id: string) => byId(s.combatants, id);
  switch (cmd?.type) {
    case "spend": {
      const c = find(cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (!actingNow(s).includes(c.id)) return no("outOfTurn", { combatantId: c.id });
      if (!isWholeNumber(cmd.points)) return no("notNumber");
      if (cmd.points < 1) return no("notPositive", { points: cmd.points });
      // Own keys only: "constructor" or "__proto__" are not kinds of action.
      if (typeof cmd.kind !== "string" || !Object.hasOwn(ACTION_LIMITS, cmd.kind)) return no("badKind");
      if (cmd.points > c.pool) return no("tooMany", { points: cmd.points, pool: c.pool });
      // II.b: a part spent after a move in the same phase joins that action (movement and combat together: mixed).
      const sofar = c.action?.points ?? 0;
      const kind = joinedAction(c.action?.kind ?? null, cmd.kind);
      const limit = ACTION_LIMITS[kind];
      // A dearer action is begun now and finished next phase.
      const now = Math.min(cmd.points, Math.max(0, limit - sofar));
      const remaining = cmd.points - now;
      const left = c.pool - now;
      events.push(ev(remaining > 0 ? "actionBegun" : "spent", { combatantId: c.id, points: now, remaining, kind, left }));
      const ends = actionEnds(kind, sofar + now, remaining > 0) || left <= 0;
      const { action: _part, ...rest } = c;
      const next: ApCombatant = { ...rest, pool: left, actedThisPhase: ends, continuing: remaining > 0 ? { remaining, kind } : null, ...(ends ? {} : { action: { points: sofar + now, kind } }) };
      return ok({ state: { ...s, combatants: putById(s.combatants, next) }, events });
    }
    case "hold": {
      const c = find(cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (!actingNow(s).includes(c.id)) return no("outOfTurn", { combatantId: c.id });
      events.push(ev("held", { combatantId: c.id, pool: c.pool }));
      return ok({ state: close(s, c.id, { actedThisPhase: true }), events });
    }
    case "pass": {
      const c = find(cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (c.passed) return no("alreadyPassed", { combatantId: c.id });
      if (c.continuing) return no("finishFirst", { combatantId: c.id });
      events.push(ev("passed", { combatantId: c.id }));
      return ok({ state: close(s, c.id, { passed: true }), events });
    }
    case "nextPhase": {
      if (roundOver(s)) return no("roundOver");
      // Anyone who has not acted holds.
      for (const id of s.combatants.filter(canAct).map((c) => c.id)) events.push(ev("held", { combatantId: id }));
      return ok({ state: newPhase(s, events), events });
    }
    case "nextRound": {
      const pools = cmd.pools ?? {};
      const missing = s.combatants.find((c) => !validPool(pools[c.id]));
      if (missing) return no("badPool", { combatantId: missing.id });
      events.push(ev("roundEnded", { round: s.round }));
      const round = s.round + 1;
      events.push(ev("roundStarted", { round }));
      // Unfinished actions and unspent points do not carry over.
      const combatants = s.combatants.map((c) => ({ id: c.id, pool: pools[c.id]!, rolled: pools[c.id]!, actedThisPhase: false, passed: false, continuing: null }));
      return ok({ state: { round, phase: 1, combatants }, events });
    }
    case "join": {
      if (typeof cmd.combatantId !== "string" || !cmd.combatantId) return no("badPool");
      if (find(cmd.combatantId)) return no("duplicate", { combatantId: cmd.combatantId });
      if (!validPool(cmd.pool)) return no("badPool", { combatantId: cmd.combatantId });
      events.push(ev("joined", { combatantId: cmd.combatantId, pool: cmd.pool }));
      return ok({ state: { ...s, combatants: [...s.combatants, { id: cmd.combatantId, pool: cmd.pool, rolled: cmd.pool, actedThisPhase: false, passed: false, continuing: null }] }, events });
    }
    case "leave": {
      if (!find(cmd.combatantId)) return no("unknown", { combatantId: String(cmd.combatantId) });
      events.push(ev("left", { combatantId: cmd.combatantId }));
      return ok({ state: { ...s, combatants: s.combatants.filter((c) => c.id !== cmd.combatantId) }, events });
    }
    default:
      return no("unknownCommand");
  }
}

/** The rows' order, highest pool first (ties by id), as indices into the list it was worked out from, and as ids. */
interface KeptOrder {
  readonly list: readonly ApCombatant[];
  readonly order: readonly number[];
  readonly ids: readonly string[];
}

/** Whether a list sorts as the kept one: the same fighters in the same places with the same pools. */
function sameOrderInputs(kept: KeptOrder, list: readonly ApCombatant[]): boolean {
  return samePlaces(kept.list, list, (x, y) => x.id === y.id && x.pool === y.pool);
}

/**
 * Whose turn it is: the first row acting and not done. Everyone acting can
 * still act (actingNow), so no row of theirs is done, and the first of them in
 * the rows' order is the one with the highest pool, then the first id.
 */
function holderOf(s: ActionPhasesState, acting: readonly string[]): string | null {
  let first: ApCombatant | undefined;
  for (const id of acting) {
    const c = byId(s.combatants, id)!;
    if (!first || c.pool > first.pool || (c.pool === first.pool && c.id < first.id)) first = c;
  }
  return first?.id ?? null;
}

/**
 * The action phases' tracker view, with what it keeps between states (issue
 * 35): the order is sorted again only when a pool or the fighters change, and a
 * fighter's row is his last one while his entry is the same object and he is
 * still (or still not) among those acting. The rows are made only when read: a
 * step needs the order and whose turn it is. Each call of `actionPhasesView`
 * keeps its own; the machine's view is one.
 */
export function actionPhasesView(): (s: ActionPhasesState) => TrackerView {
  let sorted: KeptOrder | null = null;
  const kept = new WeakMap<ApCombatant, { readonly acting: boolean; readonly row: TrackerRow }>();
  return (s) => {
    const acting = actingNow(s);
    const step: Label = roundOver(s) ? { key: `${V}Step.RoundOver` } : { key: `${V}Step.Phase`, data: { phase: s.phase } };
    if (!sorted || !sameOrderInputs(sorted, s.combatants)) {
      const list = s.combatants;
      const order = list.map((_, i) => i).sort((a, b) => list[b]!.pool - list[a]!.pool || (list[a]!.id < list[b]!.id ? -1 : 1));
      sorted = { list, order, ids: order.map((i) => list[i]!.id) };
    }
    const { order, ids } = sorted;
    return lazyParts({ round: s.round, step, order: ids, holder: holderOf(s, acting) }, () => {
      const actingIds = new Set(acting);
      const rows = order.map((i) => {
        const c = s.combatants[i]!;
        const isActing = actingIds.has(c.id);
        const was = kept.get(c);
        if (was && was.acting === isActing) return was.row;
        const row = apRow(c, isActing);
        kept.set(c, { acting: isActing, row });
        return row;
      });
      return { groups: [], rows };
    });
  };
}

/** One fighter's row: his points, what is under way, and whether he is done for the phase. */
function apRow(c: ApCombatant, acting: boolean): TrackerRow {
  const badges: { label: Label; value?: string | number }[] = [{ label: { key: `${V}Badge.Points` }, value: `${c.pool} / ${c.rolled ?? c.pool}` }];
  if (c.continuing) badges.push({ label: { key: `${V}Badge.Continuing` }, value: c.continuing.remaining });
  if (c.action) badges.push({ label: { key: `${V}Badge.UnderWay` }, value: c.action.points });
  if (c.passed) badges.push({ label: { key: `${V}Badge.Passed` } });
  return { combatantId: c.id, acting, done: c.actedThisPhase || c.passed || c.pool <= 0, badges };
}

export const actionPhasesMachine: TimeMachine<ActionPhasesState, ActionPhasesCommand, ActionPhasesEvent> = { id: "actionPhases", apply, view: actionPhasesView(), members: listedFighters };
