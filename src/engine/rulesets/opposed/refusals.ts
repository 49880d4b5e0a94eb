/**
 * Why the opposed rules refuse a request: a stable code and a key under
 * BOUT.Opposed.Refusal. Figures from forms arrive untyped, so every one is checked.
 */
import { isWholeNumber, refuse, type Outcome } from "../../outcome";

const K = "BOUT.Opposed.Refusal.";

export const OPPOSED_REFUSALS = {
  notNumber: { code: "opposed.notNumber", key: `${K}NotNumber` },
  outOfRange: { code: "opposed.outOfRange", key: `${K}OutOfRange` },
  badChoice: { code: "opposed.badChoice", key: `${K}BadChoice` },
  cannotDefend: { code: "opposed.cannotDefend", key: `${K}CannotDefend` },
  engagedRanged: { code: "opposed.engagedRanged", key: `${K}EngagedRanged` },
  cannotOppose: { code: "opposed.cannotOppose", key: `${K}CannotOppose` },
  noAdvantage: { code: "opposed.noAdvantage", key: `${K}NoAdvantage` },
  cannotCharge: { code: "opposed.cannotCharge", key: `${K}CannotCharge` },
} as const;

export type OpposedRefusal = keyof typeof OPPOSED_REFUSALS;

export function opposedRefuse<T = never>(which: OpposedRefusal, data?: Record<string, string | number>): Outcome<T> {
  const r = OPPOSED_REFUSALS[which];
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

/** Whether checkFigure would pass a (required) figure. */
export function passesFigure(v: unknown, min: number, max: number): boolean {
  return isWholeNumber(v) && v >= min && v <= max;
}

/**
 * One figure as checkFigures checks it, building nothing unless it is refused:
 * null when it passes. The duel loops check every attack's figures this way.
 */
export function checkFigure(field: string, v: unknown, min = -1000, max = 1000, optional = false): Outcome<never> | null {
  if (v === undefined && optional) return null;
  if (!isWholeNumber(v)) return opposedRefuse("notNumber", { field });
  if (v < min || v > max) return opposedRefuse("outOfRange", { field, value: v, min, max });
  return null;
}
