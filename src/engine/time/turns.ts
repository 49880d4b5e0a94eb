/**
 * "Turn order" (seed 003, "Combat Summary"): combatants act in order of
 * Initiative, ties broken by Agility (and, if still tied, as the GM arranges);
 * each turn holds one Action and one Move. A round starts and ends with its
 * effects: Surprised ends at the end of every round, and the penalties an Oops!
 * leaves for "next round" (act last, lose the Move or the Action, -10 to the
 * Action) take hold when the next round starts. Every refusal leaves the state
 * untouched.
 */
import { byId, mapKeepingIds, patchById, putById } from "../by-id";
import { groupsByPair } from "../same-pair";
import { isWholeNumber, ok, refuse, type Outcome } from "../outcome";
import { samePlaces } from "./same-places";
import { listedFighters, type FightNow, type Label, type TimeMachine, type TrackerRow, type TrackerView, type Transition, lazyParts } from "./machine";

export interface TurnEffects {
  readonly actsLast: boolean;
  readonly loseAction: boolean;
  readonly loseMove: boolean;
  /** Added to the Action's test (Oops! 41-60: -10). */
  readonly actionPenalty: number;
}

const NO_EFFECTS: TurnEffects = { actsLast: false, loseAction: false, loseMove: false, actionPenalty: 0 };

export interface TurnCombatant {
  readonly id: string;
  readonly initiative: number;
  readonly agility: number;
  readonly surprised: boolean;
  readonly actionUsed: boolean;
  readonly moveUsed: boolean;
  /** In force this round. */
  readonly effects: TurnEffects;
  /** Waiting for the next round. */
  readonly pending: TurnEffects;
  /** "Prepare": +20 to this defensive skill until the start of the fighter's next turn. Absent: none. */
  readonly prepared?: PreparedSkill | null;
  /** "Charge": charged this turn, so the Action must be a melee attack. Absent: no. */
  readonly charged?: boolean;
  /** "Disengage" II failed: "you cannot move" for the rest of the turn. Absent: no. */
  readonly pinned?: boolean;
  /** The name of a skill prepared from the fighter's own skills ("Prepare": "choose a skill"), for the tracker. */
  readonly preparedName?: string;
}

/** "Prepare": Melee, Dodge, or one of the fighter's own skills ("item:<its id>"). */
export type PreparedSkill = string;
/** A skill a fighter may prepare: Melee, Dodge, or a skill item of its own, named by id. */
export const isPreparedSkill = (skill: unknown): skill is PreparedSkill => skill === "melee" || skill === "dodge" || (typeof skill === "string" && /^item:[A-Za-z0-9]{1,64}$/.test(skill));
export const PREPARE_BONUS = 20;

export interface TurnsState {
  readonly round: number;
  /** Combatant ids in acting order for this round. */
  readonly order: readonly string[];
  /** Index into `order` of the one acting; `order.length` once everyone has gone. */
  readonly turn: number;
  readonly combatants: readonly TurnCombatant[];
  /** The GM's arrangement of exact ties (earlier acts first). */
  readonly arrangement: readonly string[];
  /** Round 1 while anyone started Surprised. */
  readonly surpriseRound: boolean;
}

export interface TurnsCombatantInput {
  readonly id: string;
  readonly initiative: number;
  readonly agility: number;
  readonly surprised?: boolean;
}

export type OopsTurnEffect = "weaponJars" | "outOfPosition" | "loseMove" | "loseAction";

export type TurnsCommand =
  /** `charge`: the Move is a Charge; `melee`: the Action is a melee attack (the only Action a charger may take). */
  | { readonly type: "act"; readonly combatantId: string; readonly use: "action" | "move"; readonly charge?: boolean; readonly melee?: boolean }
  | { readonly type: "endTurn"; readonly combatantId: string }
  | { readonly type: "nextTurn" }
  | { readonly type: "nextRound" }
  | { readonly type: "attacked"; readonly combatantId: string }
  | { readonly type: "setSurprised"; readonly combatantId: string; readonly surprised: boolean }
  | { readonly type: "oops"; readonly combatantId: string; readonly effect: OopsTurnEffect }
  /** "Prepare" as the Action: +20 to one defensive skill until the fighter's next turn starts; `name`: a skill item's (filled by the GM's client). */
  | { readonly type: "prepare"; readonly combatantId: string; readonly skill: PreparedSkill; readonly name?: string }
  /** "Disengage" II failed: the fighter's Move is gone and it cannot move this turn. */
  | { readonly type: "pin"; readonly combatantId: string }
  | { readonly type: "arrange"; readonly order: readonly string[] }
  | { readonly type: "join"; readonly combatant: TurnsCombatantInput }
  | { readonly type: "leave"; readonly combatantId: string };

export interface TurnsEvent {
  readonly type: string;
  readonly key: string;
  readonly data: Readonly<Record<string, string | number | boolean>>;
}

const E = "BOUT.Time.Turns.Event.";
const V = "BOUT.Time.Turns.";
const ev = (type: string, data: Record<string, string | number | boolean> = {}): TurnsEvent => ({ type, key: `${E}${type}`, data });
const no = (code: string, data?: Record<string, string | number>) => refuse<Transition<TurnsState, TurnsEvent>>(`turns.${code}`, `${V}Refusal.${code}`, data);

/** Initiative, then Agility, then the GM's arrangement; those acting last this round go to the end in the same order. */
export function turnOrder(combatants: readonly TurnCombatant[], arrangement: readonly string[]): string[] {
  const rank = (id: string) => {
    const i = arrangement.indexOf(id);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const sorted = [...combatants].sort(
    (a, b) =>
      Number(a.effects.actsLast) - Number(b.effects.actsLast) ||
      b.initiative - a.initiative ||
      b.agility - a.agility ||
      rank(a.id) - rank(b.id) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return sorted.map((c) => c.id);
}

/** Groups of ids tied on Initiative and Agility, for the GM to arrange (in the order each tie first appears). */
export function exactTies(combatants: readonly TurnCombatant[]): string[][] {
  return groupsByPair(combatants, (c) => c.initiative, (c) => c.agility)
    .filter((g) => g.length > 1)
    .map((g) => g.map((c) => c.id));
}

function validInput(c: TurnsCombatantInput): boolean {
  return typeof c?.id === "string" && c.id.length > 0 && isWholeNumber(c.initiative) && isWholeNumber(c.agility);
}

function fresh(c: TurnsCombatantInput): TurnCombatant {
  return { id: c.id, initiative: c.initiative, agility: c.agility, surprised: Boolean(c.surprised), actionUsed: false, moveUsed: false, effects: NO_EFFECTS, pending: NO_EFFECTS };
}

/** The first round's state. Bad input is refused, as from any form. */
export function startTurns(combatants: readonly TurnsCombatantInput[]): Outcome<TurnsState> {
  if (!Array.isArray(combatants) || !combatants.every(validInput)) return refuse("turns.badCombatant", `${V}Refusal.badCombatant`);
  if (new Set(combatants.map((c) => c.id)).size !== combatants.length) return refuse("turns.duplicate", `${V}Refusal.duplicate`);
  const list = combatants.map(fresh);
  return ok({ round: 1, order: turnOrder(list, []), turn: 0, combatants: list, arrangement: [], surpriseRound: list.some((c) => c.surprised) });
}

const find = (s: TurnsState, id: string) => byId(s.combatants, id);
const current = (s: TurnsState) => (s.turn < s.order.length ? s.order[s.turn] : undefined);
const patch = (s: TurnsState, id: string, change: Partial<TurnCombatant>): TurnsState => ({ ...s, combatants: patchById(s.combatants, id, change) });

function advance(s: TurnsState, events: TurnsEvent[]): TurnsState {
  const id = current(s);
  if (id) events.push(ev("turnEnded", { combatantId: id }));
  let next: TurnsState = { ...s, turn: Math.min(s.order.length, s.turn + 1) };
  // A failed Disengage holds the fighter for the rest of its turn.
  if (id && find(next, id)?.pinned) next = { ...next, combatants: mapKeepingIds(next.combatants, (c) => (c.id === id ? unpinned(c) : c)) };
  const nextId = current(next);
  // A Prepare lasts until the start of the preparer's next turn.
  if (nextId && find(next, nextId)?.prepared) next = patch(next, nextId, { prepared: null });
  if (nextId) events.push(ev("turnStarted", { combatantId: nextId }));
  else events.push(ev("allActed", { round: s.round }));
  return next;
}

/** The token condition that is a fighter's Surprised ("Surprise!"). */
const SURPRISED = "surprised";

/**
 * Issue 31: Surprised is the fighter's token condition, whoever set it (an
 * ambush card, the GM's Token HUD); the state only caches it. The state with
 * each fighter's Surprised as `now` has it (a fighter `now` does not name has no
 * conditions: the shell leaves out those with none); without `now`, as stored.
 */
export function surpriseNow(s: TurnsState, now?: FightNow): TurnsState {
  if (!now) return s;
  const surprisedNow = (id: string) => now.statuses[id]?.includes(SURPRISED) === true;
  // Only those the state holds Surprised and those `now` names can differ (issue 35: not a look at every fighter).
  const differs = storedSurprised(s.combatants).some((c) => !surprisedNow(c.id)) || Object.keys(now.statuses).some((id) => surprisedNow(id) && byId(s.combatants, id)?.surprised === false);
  if (!differs) return s;
  return {
    ...s,
    combatants: mapKeepingIds(s.combatants, (c) => {
      const surprised = surprisedNow(c.id);
      return c.surprised === surprised ? c : { ...c, surprised };
    }),
  };
}

/** The fighters a list holds Surprised, worked out once per list (states are never changed in place). */
const SURPRISED_IN = new WeakMap<readonly TurnCombatant[], readonly TurnCombatant[]>();
function storedSurprised(list: readonly TurnCombatant[]): readonly TurnCombatant[] {
  let found = SURPRISED_IN.get(list);
  if (!found) SURPRISED_IN.set(list, (found = list.filter((c) => c.surprised)));
  return found;
}

/**
 * "Oops!" 61-70 and 71-80 cost the fighter's next Move or next Action: the one
 * still to come this round when its turn is now or later in the order and that
 * part of the turn is unspent (a parry fumbled before its own turn, a Move not
 * yet taken after the attack); null when it is next round's. The other Oops!
 * results name "next round" outright.
 */
export function oopsNow(s: TurnsState, c: TurnCombatant, effect: OopsTurnEffect): Partial<TurnEffects> | null {
  const toCome = s.order.indexOf(c.id) >= s.turn;
  if (effect === "loseMove" && toCome && !c.moveUsed && !c.effects.loseMove) return { loseMove: true };
  if (effect === "loseAction" && toCome && !c.actionUsed && !c.effects.loseAction) return { loseAction: true };
  return null;
}

/**
 * "Action": may the fighter take its Action now (a melee attack, the one
 * Action a charger may take)? As the machine would judge the `act` itself
 * (its turn, not Surprised, the Action neither spent nor lost to an Oops!),
 * so a button or a style never offers what the order then refuses.
 */
export function actionOpen(s: TurnsState, combatantId: string, now?: FightNow): boolean {
  return apply(s, { type: "act", combatantId, use: "action", melee: true }, now).ok;
}

/** "Prepare": may the fighter spend its Action preparing now (as actionOpen, and not after a Charge: that Action is a melee attack)? */
export function prepareOpen(s: TurnsState, combatantId: string, now?: FightNow): boolean {
  return apply(s, { type: "prepare", combatantId, skill: "melee" }, now).ok;
}

/** The fighter free to move again: the key goes (the stored state stays as small as before anyone was held). */
function unpinned(c: TurnCombatant): TurnCombatant {
  const { pinned: _was, ...rest } = c;
  return rest;
}

function apply(stored: TurnsState, cmd: TurnsCommand, now?: FightNow): Outcome<Transition<TurnsState, TurnsEvent>> {
  const s = surpriseNow(stored, now);
  const events: TurnsEvent[] = [];
  switch (cmd?.type) {
    case "act": {
      const c = find(s, cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (current(s) !== c.id) return no("outOfTurn", { combatantId: c.id });
      if (cmd.use !== "action" && cmd.use !== "move") return no("badUse");
      if (c.surprised) return no("surprised", { combatantId: c.id });
      if (cmd.use === "action" && (c.actionUsed || c.effects.loseAction)) return no("actionGone", { combatantId: c.id });
      if (cmd.use === "move" && (c.moveUsed || c.effects.loseMove)) return no("moveGone", { combatantId: c.id });
      // "Charge": "If you Charge, your Action must be a Melee Test to attack an opponent."
      if (cmd.use === "action" && c.charged && cmd.melee !== true) return no("chargeNeedsMelee", { combatantId: c.id });
      events.push(ev(cmd.use === "action" ? "actionTaken" : "moveTaken", { combatantId: c.id, penalty: cmd.use === "action" ? c.effects.actionPenalty : 0 }));
      return ok({ state: patch(s, c.id, cmd.use === "action" ? { actionUsed: true } : { moveUsed: true, ...(cmd.charge === true ? { charged: true } : {}) }), events });
    }
    case "prepare": {
      const c = find(s, cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (current(s) !== c.id) return no("outOfTurn", { combatantId: c.id });
      // "choose a skill to use defensively": Melee, Dodge, or a skill of the fighter's own (named by the GM's client).
      if (!isPreparedSkill(cmd.skill)) return no("badUse");
      const own = cmd.skill.startsWith("item:");
      if (own && (typeof cmd.name !== "string" || !cmd.name.trim() || cmd.name.length > 100)) return no("badUse");
      if (c.surprised) return no("surprised", { combatantId: c.id });
      if (c.actionUsed || c.effects.loseAction) return no("actionGone", { combatantId: c.id });
      if (c.charged) return no("chargeNeedsMelee", { combatantId: c.id });
      events.push(ev("actionTaken", { combatantId: c.id, penalty: 0 }));
      const { preparedName: _was, ...rest } = c;
      const named = own ? { ...rest, preparedName: (cmd.name as string).trim() } : rest;
      return ok({ state: { ...s, combatants: putById(s.combatants, { ...named, actionUsed: true, prepared: cmd.skill }) }, events });
    }
    case "pin": {
      const c = find(s, cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (current(s) !== c.id) return no("outOfTurn", { combatantId: c.id });
      events.push(ev("pinned", { combatantId: c.id }));
      return ok({ state: patch(s, c.id, { moveUsed: true, pinned: true }), events });
    }
    case "endTurn": {
      if (!find(s, cmd.combatantId)) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (current(s) !== cmd.combatantId) return no("outOfTurn", { combatantId: cmd.combatantId });
      return ok({ state: advance(s, events), events });
    }
    case "nextTurn": {
      if (!current(s)) return no("roundOver");
      return ok({ state: advance(s, events), events });
    }
    case "nextRound": {
      events.push(ev("roundEnded", { round: s.round }));
      // End of round: Surprised ends for everyone.
      for (const c of s.combatants) if (c.surprised) events.push(ev("surpriseEnded", { combatantId: c.id }));
      const combatants = mapKeepingIds(s.combatants, (c) => {
        if (c.pending !== NO_EFFECTS && (c.pending.actsLast || c.pending.loseAction || c.pending.loseMove || c.pending.actionPenalty)) {
          events.push(ev("effectsApply", { combatantId: c.id }));
        }
        return { ...unpinned(c), surprised: false, actionUsed: false, moveUsed: false, charged: false, effects: c.pending, pending: NO_EFFECTS };
      });
      const order = turnOrder(combatants, s.arrangement);
      let state: TurnsState = { ...s, round: s.round + 1, combatants, order, turn: 0, surpriseRound: false };
      if (order[0] && find(state, order[0])?.prepared) state = patch(state, order[0], { prepared: null });
      events.push(ev("roundStarted", { round: state.round }));
      if (order[0]) events.push(ev("turnStarted", { combatantId: order[0] }));
      return ok({ state, events });
    }
    case "attacked": {
      const c = find(s, cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (!c.surprised) return ok({ state: s, events });
      events.push(ev("surpriseEnded", { combatantId: c.id }));
      return ok({ state: patch(s, c.id, { surprised: false }), events });
    }
    case "setSurprised": {
      const c = find(s, cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      if (typeof cmd.surprised !== "boolean") return no("badUse");
      events.push(ev(cmd.surprised ? "surprised" : "surpriseEnded", { combatantId: c.id }));
      return ok({ state: patch(s, c.id, { surprised: cmd.surprised }), events });
    }
    case "oops": {
      const c = find(s, cmd.combatantId);
      if (!c) return no("unknown", { combatantId: String(cmd.combatantId) });
      // "Lose your next Move" / "Miss your next Action": this round's, when the fighter still has it to take
      // (its turn is now or still to come, and that part of it unspent); else the next round's.
      const now = oopsNow(s, c, cmd.effect);
      if (now) {
        events.push(ev("effectNow", { combatantId: c.id, effect: cmd.effect }));
        return ok({ state: patch(s, c.id, { effects: { ...c.effects, ...now } }), events });
      }
      const p = c.pending;
      const pending: TurnEffects | null =
        cmd.effect === "weaponJars"
          ? { ...p, actsLast: true }
          : cmd.effect === "outOfPosition"
            ? { ...p, actionPenalty: -10 }
            : cmd.effect === "loseMove"
              ? { ...p, loseMove: true }
              : cmd.effect === "loseAction"
                ? { ...p, loseAction: true }
                : null;
      if (!pending) return no("badUse");
      events.push(ev("effectPending", { combatantId: c.id, effect: cmd.effect }));
      return ok({ state: patch(s, c.id, { pending }), events });
    }
    case "arrange": {
      const ids = cmd.order;
      const same = Array.isArray(ids) && ids.length === s.order.length && new Set(ids).size === ids.length && ids.every((id) => s.order.includes(id));
      if (!same) return no("badOrder");
      // Only exact ties may be rearranged: the rules settle everything else.
      const byId = new Map(s.combatants.map((c) => [c.id, c]));
      const list = ids.map((id) => byId.get(id)!);
      const stillOrdered = list.every((c, i) => {
        const next = list[i + 1];
        if (!next) return true;
        return (
          Number(c.effects.actsLast) < Number(next.effects.actsLast) ||
          (c.effects.actsLast === next.effects.actsLast && (c.initiative > next.initiative || (c.initiative === next.initiative && c.agility >= next.agility)))
        );
      });
      if (!stillOrdered) return no("notATie");
      if (s.turn > 0 && ids.slice(0, s.turn).some((id, i) => id !== s.order[i])) return no("alreadyActed");
      events.push(ev("arranged", { order: ids.join(",") }));
      return ok({ state: { ...s, order: [...ids], arrangement: [...ids] }, events });
    }
    case "join": {
      if (!validInput(cmd.combatant)) return no("badCombatant");
      if (find(s, cmd.combatant.id)) return no("duplicate", { combatantId: cmd.combatant.id });
      const combatants = [...s.combatants, fresh(cmd.combatant)];
      // A newcomer takes its place among those who have not yet acted this round.
      const acted = s.order.slice(0, s.turn);
      const rest = turnOrder(combatants.filter((c) => !acted.includes(c.id)), s.arrangement);
      events.push(ev("joined", { combatantId: cmd.combatant.id }));
      return ok({ state: { ...s, combatants, order: [...acted, ...rest] }, events });
    }
    case "leave": {
      const index = s.order.indexOf(cmd.combatantId);
      if (index < 0) return no("unknown", { combatantId: String(cmd.combatantId) });
      const order = s.order.filter((id) => id !== cmd.combatantId);
      const turn = index < s.turn ? s.turn - 1 : s.turn;
      events.push(ev("left", { combatantId: cmd.combatantId }));
      let state: TurnsState = {
        ...s,
        order,
        turn: Math.min(turn, order.length),
        combatants: s.combatants.filter((c) => c.id !== cmd.combatantId),
        arrangement: s.arrangement.filter((id) => id !== cmd.combatantId),
      };
      // It left in its own turn: the next in order starts theirs (and a Prepare of theirs ends), as after an End Turn.
      const nextId = index === s.turn ? current(state) : undefined;
      if (nextId) {
        if (find(state, nextId)?.prepared) state = patch(state, nextId, { prepared: null });
        events.push(ev("turnStarted", { combatantId: nextId }));
      } else if (index === s.turn) events.push(ev("allActed", { round: s.round }));
      return ok({ state, events });
    }
    default:
      return no("unknownCommand");
  }
}

/** The order's ties, worked out from who holds which Initiative and Agility; `list`: the fighters they were worked out from. */
interface KeptTies {
  readonly list: readonly TurnCombatant[];
  readonly tied: ReadonlySet<string>;
}

/** Whether a list's ties are those kept: the same fighters in the same places with the same Initiative and Agility. */
function sameTieInputs(kept: KeptTies, list: readonly TurnCombatant[]): boolean {
  return samePlaces(kept.list, list, (x, y) => x.id === y.id && x.initiative === y.initiative && x.agility === y.agility);
}

/** A row kept for a fighter's entry, with what else it was worked out from. */
interface KeptRow {
  readonly row: TrackerRow;
  readonly acting: boolean;
  readonly done: boolean;
  readonly tied: boolean;
}

/**
 * The turn order's tracker view, with what it keeps between states (issue 35:
 * a step touches the fighters it names). States are never changed in place, so
 * the ties are worked out again only when someone's Initiative or Agility, or
 * the fighters, change, and a fighter's row is his last one while his entry is
 * the same object and his turn, whether he has gone and his tie are as they
 * were. Each call of `turnsView` keeps its own; the machine's view is one.
 */
export function turnsView(): (stored: TurnsState, now?: FightNow) => TrackerView {
  let ties: KeptTies | null = null;
  const kept = new WeakMap<TurnCombatant, KeptRow>();
  return (stored, now) => {
    const s = surpriseNow(stored, now);
    const acting = current(s);
    const step: Label = acting ? { key: `${V}Step.Turn`, data: { n: s.turn + 1, of: s.order.length } } : { key: `${V}Step.RoundOver` };
    // The rows are worked out when the tracker reads them (lazyParts): a step reads the order and whose turn it is.
    return lazyParts({ round: s.round, step, order: s.order, holder: acting ?? null }, () => {
      if (!ties || !sameTieInputs(ties, s.combatants)) ties = { list: s.combatants, tied: new Set(exactTies(s.combatants).flat()) };
      const { tied } = ties;
      const rows = s.order.map((id, index) => {
        const c = find(s, id)!;
        const isActing = id === acting;
        const done = index < s.turn;
        const isTied = tied.has(id);
        const was = kept.get(c);
        if (was && was.acting === isActing && was.done === done && was.tied === isTied) return was.row;
        const row = turnRow(c, isActing, done, isTied);
        kept.set(c, { row, acting: isActing, done, tied: isTied });
        return row;
      });
      const groups = s.surpriseRound ? [{ id: "surprise", label: { key: `${V}SurpriseRound` }, notes: [], focused: true }] : [];
      return { groups, rows };
    });
  };
}

/** One fighter's row: his Initiative, what is left of his turn, and whatever marks him now. */
function turnRow(c: TurnCombatant, acting: boolean, done: boolean, tied: boolean): TrackerRow {
  const badges: { label: Label; value?: string | number }[] = [{ label: { key: `${V}Badge.Initiative` }, value: c.initiative }];
  badges.push({ label: { key: c.actionUsed || c.effects.loseAction ? `${V}Badge.ActionGone` : `${V}Badge.ActionReady` } });
  badges.push({ label: { key: c.moveUsed || c.effects.loseMove ? `${V}Badge.MoveGone` : `${V}Badge.MoveReady` } });
  if (c.surprised) badges.push({ label: { key: `${V}Badge.Surprised` } });
  if (c.effects.actionPenalty) badges.push({ label: { key: `${V}Badge.ActionPenalty` }, value: c.effects.actionPenalty });
  if (c.prepared) badges.push(c.prepared.startsWith("item:") ? { label: { key: `${V}Badge.PreparedSkill`, data: { skill: c.preparedName ?? "" } } } : { label: { key: `${V}Badge.Prepared.${c.prepared}` } });
  if (c.pinned) badges.push({ label: { key: `${V}Badge.Pinned` } });
  if (tied) badges.push({ label: { key: `${V}Badge.Tied` } });
  return { combatantId: c.id, acting, done, badges };
}

export const turnsMachine: TimeMachine<TurnsState, TurnsCommand, TurnsEvent> = { id: "turns", apply, view: turnsView(), members: listedFighters };
