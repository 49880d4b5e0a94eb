/** What a `phases` rule reports, for a chat card: a line key and its values. */
export interface PhasesEvent {
  readonly type: string;
  readonly key: string;
  readonly data: Readonly<Record<string, string | number | boolean>>;
}

export function event(type: string, data: Record<string, string | number | boolean> = {}): PhasesEvent {
  return { type, key: `BOUT.Phases.Event.${type}`, data };
}

export interface Resolution<R> {
  readonly result: R;
  readonly events: readonly PhasesEvent[];
}

/** Every event type the phases rules emit (each has a line under BOUT.Phases.Event). */
export const PHASES_EVENT_TYPES = [
  "initiative", "botch", "attack", "defense", "hit", "miss", "undefended", "damage", "wounds", "woundLevel", "dead", "incapacitated",
  "missile", "ease", "fatigueCheck", "fatigueLost", "unconscious", "firstStrike", "athletics", "keptFooting", "fell",
] as const;
