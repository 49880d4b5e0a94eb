/**
 * What a steel rule reports: plain data a chat card renders. `key` is the
 * localization key of the line, `data` its numbers and ids.
 */
export interface SteelEvent {
  readonly type: string;
  readonly key: string;
  readonly data: Readonly<Record<string, string | number | boolean>>;
}

// Keys built once per type: exchanges are resolved millions of times in simulations.
const KEYS = new Map<string, string>();

export function event(type: string, data: Record<string, string | number | boolean> = {}): SteelEvent {
  let key = KEYS.get(type);
  if (key === undefined) KEYS.set(type, (key = `BOUT.Steel.Event.${type}`));
  return { type, key, data };
}

/** A rule's successful answer: its result and the events to show. */
export interface Resolution<R> {
  readonly result: R;
  readonly events: readonly SteelEvent[];
}

/** Every event type the steel rules emit (each has a line under BOUT.Steel.Event). */
export const STEEL_EVENT_TYPES = [
  "roll", "exchange", "fumble", "hit", "wound", "bruise", "press", "push", "shock", "bloodLossRises", "knockedDown", "staysUp",
  "knockedOut", "staysConscious", "fatal", "bleeds", "holdsOn", "poolsHalved", "coma", "terrainSuccess", "terrainFailure",
  "terrainBotch", "terrainCancelled", "crowd", "blowOrder", "initiativeBought", "initiativeKept", "surprise", "defendOnly",
  "noAction", "rideBy", "rideByFails", "unhorsed", "keepsSaddle", "preparing", "missile", "skillSuccess", "skillFailure", "contest",
  "ridersPass", "ridersTie",
] as const;
