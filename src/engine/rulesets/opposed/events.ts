/** What an `opposed` rule reports, for a chat card: a line key and its values. */
export interface OpposedEvent {
  readonly type: string;
  readonly key: string;
  readonly data: Readonly<Record<string, string | number | boolean>>;
}

export function event(type: string, data: Record<string, string | number | boolean> = {}): OpposedEvent {
  return { type, key: `BOUT.Opposed.Event.${type}`, data };
}

export interface Resolution<R> {
  readonly result: R;
  readonly events: readonly OpposedEvent[];
}

/** Every event type the opposed rules emit (each has a line under BOUT.Opposed.Event). */
export const OPPOSED_EVENT_TYPES = [
  "test", "opposed", "hit", "miss", "location", "damage", "wounds", "criticalWound", "prone", "critical", "fumble", "misfire", "oops",
  "advantage", "oopsHits", "oopsStunned", "criticalRolled", "surprised", "surpriseLost", "charge", "flee", "fleeHit", "broken", "disengage", "disengageFailed", "run", "leap", "fall", "climb",
] as const;
