/**
 * The shape of every time structure (bouts, phases, action phases, turns,
 * pulses). A machine is a pure function from the combat's state and one command
 * to the next state plus the events that happened; the Foundry shell stores the
 * state in the Combat's `system` data and writes it in one update. States are
 * plain JSON so they survive that round trip unchanged.
 */
import { idsOf } from "../by-id";
import type { Outcome } from "../outcome";
import type { TimeStructureId } from "../rulesets/ruleset";

export interface TimeCommand {
  readonly type: string;
}

export interface TimeEvent {
  readonly type: string;
}

export interface Transition<S, E extends TimeEvent = TimeEvent> {
  readonly state: S;
  readonly events: readonly E[];
}

/**
 * What the world says of the fighters at the moment of decision: each fighter's
 * statuses (its actor's Active Effects, whoever set them: a card, the token HUD,
 * the sheet), by combatant id. The state never keeps a copy of them; a machine
 * whose rules turn on a condition (a pulse's stun) reads it from here.
 */
export interface FightNow {
  readonly statuses: Readonly<Record<string, readonly string[]>>;
}

/** Nobody under any condition: what a machine reads when the shell gives it nothing. */
export const CALM: FightNow = { statuses: {} };

export interface TimeMachine<S, C extends TimeCommand, E extends TimeEvent = TimeEvent> {
  readonly id: TimeStructureId;
  /** Apply one command; a command that breaks the rules is refused and changes nothing. `now`: the fighters' conditions as they are. */
  apply(state: S, command: C, now?: FightNow): Outcome<Transition<S, E>>;
  /** What the tracker shows for a state, with the fighters' conditions as they are. */
  view(state: S, now?: FightNow): TrackerView;
  /** The fighters the state holds (who is in the fight's order), by combatant id. */
  members(state: S): readonly string[];
  /**
   * Rounds (or pulses) begun so far, for the world's clock; the view's round
   * when absent. Concurrent groups with their own rounds (bouts) count the
   * furthest one, so simultaneous bouts do not add up.
   */
  roundsBegun?(state: S): number;
}

/** Rounds (or pulses) a machine's state has begun: its own count, else its view's round (`view`: the caller's view of that state, when it keeps one). */
export function roundsBegun<S>(machine: TimeMachine<S, TimeCommand>, state: S, view: (state: S) => TrackerView = (s) => machine.view(s)): number {
  return machine.roundsBegun ? machine.roundsBegun(state) : view(state).round;
}

/** A label the shell localizes: a key and the values for its {placeholders}. */
export interface Label {
  readonly key: string;
  readonly data?: Readonly<Record<string, string | number>>;
}

/** One group of combatants that keeps its own time (a bout, an engagement, a side). */
export interface TrackerGroup {
  readonly id: string;
  readonly label: Label;
  /** Extra lines under the group's name (initiative holder, exchange 1/2, ...). */
  readonly notes: readonly Label[];
  /** True for the group the GM is resolving now. */
  readonly focused: boolean;
}

/** One combatant's row in the tracker, in acting order. */
export interface TrackerRow {
  readonly combatantId: string;
  readonly groupId?: string;
  /** It is this combatant's moment to act. */
  readonly acting: boolean;
  /** It has finished for the current step. */
  readonly done: boolean;
  /** Small figures beside the name: points left, Initiative Total, "has chosen", ... */
  readonly badges: readonly { readonly label: Label; readonly value?: string | number }[];
}

/**
 * What the combat tracker draws, whatever the structure: the round, the step
 * inside it (exchange, phase, action phase, turn, pulse), the groups and the rows.
 * Built by each machine's `view`, so the tracker holds no rules. A step reads
 * the round, the step, the order and the holder; only the tracker reads the
 * groups and rows, so a machine may work those out when first read (lazyParts).
 */
export interface TrackerView {
  readonly round: number;
  readonly step: Label;
  /**
   * The fighters in acting order, each once: the order of the rows' fighters (a
   * machine lists its rows in acting order). The shell keeps core's turn list in
   * this order, so core's turn index moves forward as the fight does.
   */
  readonly order: readonly string[];
  /**
   * The fighter whose turn it is, for a structure that hands the turn to one
   * fighter at a time: the first row acting and not yet done; null when nobody
   * holds the turn (between steps, a secret declaration, a round over).
   */
  readonly holder: string | null;
  readonly groups: readonly TrackerGroup[];
  readonly rows: readonly TrackerRow[];
}

/** The acting order read from rows: each row's fighter, once, in the rows' order. */
export function orderOfRows(rows: readonly TrackerRow[]): string[] {
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const { combatantId: id } of rows) {
    if (seen.has(id)) continue;
    seen.add(id);
    ids.push(id);
  }
  return ids;
}

/** The turn holder read from rows: the first row acting and not yet done, else null. */
export function holderOfRows(rows: readonly TrackerRow[]): string | null {
  return rows.find((r) => r.acting && !r.done)?.combatantId ?? null;
}

/** A view whose order and holder are read from its rows (a machine whose rows a step needs anyway). */
export function viewOfRows(round: number, step: Label, groups: readonly TrackerGroup[], rows: readonly TrackerRow[]): TrackerView {
  return { round, step, order: orderOfRows(rows), holder: holderOfRows(rows), groups, rows };
}

/**
 * A view whose groups and rows are worked out the first time either is read,
 * once (issue 35: a step reads the order and the holder, which the machine
 * knows without a row; the tracker reads the rows when it draws). They stay
 * plain enumerable fields to whoever reads them (a copy, a comparison, JSON).
 * `parts` must give what it would have given when the view was made: a machine
 * passes it what it read of the state then.
 */
export function lazyParts(head: Pick<TrackerView, "round" | "step" | "order" | "holder">, parts: () => Pick<TrackerView, "groups" | "rows">): TrackerView {
  let made: Pick<TrackerView, "groups" | "rows"> | undefined;
  const part = () => (made ??= parts());
  const view = { ...head } as TrackerView;
  Object.defineProperties(view, {
    groups: { enumerable: true, get: () => part().groups },
    rows: { enumerable: true, get: () => part().rows },
  });
  return view;
}

/** The fighters of a state that lists them as `combatants` (every machine's): its members, one frozen list for every list of the same fighters in the same places (by-id.ts). */
export function listedFighters(state: { readonly combatants: readonly { readonly id: string }[] }): readonly string[] {
  return idsOf(state.combatants);
}
