/**
 * Why the phases rules refuse a request: a stable code and a key under
 * BOUT.Phases.Refusal. Figures from forms arrive untyped, so every one is checked.
 */
import { isWholeNumber, refuse, type Outcome } from "../../outcome";

const K = "BOUT.Phases.Refusal.";

export const PHASES_REFUSALS = {
  notNumber: { code: "phases.notNumber", key: `${K}NotNumber` },
  outOfRange: { code: "phases.outOfRange", key: `${K}OutOfRange` },
  badChoice: { code: "phases.badChoice", key: `${K}BadChoice` },
  routing: { code: "phases.routing", key: `${K}Routing` },
  outOfReach: { code: "phases.outOfReach", key: `${K}OutOfReach` },
  noFiring: { code: "phases.noFiring", key: `${K}NoFiring` },
  notMissile: { code: "phases.notMissile", key: `${K}NotMissile` },
  notReady: { code: "phases.notReady", key: `${K}NotReady` },
  noRunUp: { code: "phases.noRunUp", key: `${K}NoRunUp` },
  trackRises: { code: "phases.trackRises", key: `${K}TrackRises` },
  trackBack: { code: "phases.trackBack", key: `${K}TrackBack` },
  trackEnd: { code: "phases.trackEnd", key: `${K}TrackEnd` },
} as const;

export type PhasesRefusal = keyof typeof PHASES_REFUSALS;

export function phasesRefuse<T = never>(which: PhasesRefusal, data?: Record<string, string | number>): Outcome<T> {
  const r = PHASES_REFUSALS[which];
  return refuse<T>(r.code, r.key, data);
}

/** Whole numbers within [min, max]; `undefined` passes for the names in `optional`. */
export function checkFigures(values: Readonly<Record<string, unknown>>, min = -1000, max = 1000, optional: readonly string[] = []): Outcome<true> {
  for (const field of Object.keys(values)) {
    const v = values[field];
    const bad = checkFigure(field, v, min, max, v === undefined && optional.includes(field));
    if (bad) return bad;
  }
  return { ok: true, value: true };
}

/**
 * One figure as checkFigures checks it, building nothing unless it is refused:
 * null when it passes. The duel loops check every attack's figures this way.
 */
export function checkFigure(field: string, v: unknown, min = -1000, max = 1000, optional = false): Outcome<never> | null {
  if (v === undefined && optional) return null;
  if (!isWholeNumber(v)) return phasesRefuse("notNumber", { field });
  if (v < min || v > max) return phasesRefuse("outOfRange", { field, value: v, min, max });
  return null;
}

/** A flag from a form: a boolean or absent. */
export function checkFlags(values: Readonly<Record<string, unknown>>): Outcome<true> {
  for (const [field, v] of Object.entries(values)) if (v !== undefined && typeof v !== "boolean") return phasesRefuse("badChoice", { field });
  return { ok: true, value: true };
}
