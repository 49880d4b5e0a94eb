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
}
