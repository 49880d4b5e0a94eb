/**
 * The shape of every time structure (bouts, phases, action phases, turns,
 * pulses). A machine is a pure function from the combat's state and one command
 * to the next state plus the events that happened; the Foundry shell stores the
 * state in the Combat's `system` data and writes it in one update. States are
 * plain JSON so they survive that round trip unchanged.
 */
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

export interface TimeMachine<S, C extends TimeCommand, E extends TimeEvent = TimeEvent> {
  readonly id: TimeStructureId;
  /** Apply one command; a command that breaks the rules is refused and changes nothing. */
  apply(state: S, command: C): Outcome<Transition<S, E>>;
  /** What the tracker shows for a state. */
  view(state: S): TrackerView;
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
 * Built by each machine's `view`, so the tracker holds no rules.
 */
export interface TrackerView {
  readonly round: number;
  readonly step: Label;
  readonly groups: readonly TrackerGroup[];
  readonly rows: readonly TrackerRow[];
}
