/** Why the actionpoints rules refuse a request: a code and a key under BOUT.ActionPoints.Refusal. */
import { isWholeNumber, refuse, type Outcome } from "../../outcome";

const K = "BOUT.ActionPoints.Refusal.";

export const AP_REFUSALS = {
  notNumber: { code: "actionpoints.notNumber", key: `${K}NotNumber` },
  outOfRange: { code: "actionpoints.outOfRange", key: `${K}OutOfRange` },
  badChoice: { code: "actionpoints.badChoice", key: `${K}BadChoice` },
  notAllowed: { code: "actionpoints.notAllowed", key: `${K}NotAllowed` },
} as const;

export function apRefuse<T = never>(which: keyof typeof AP_REFUSALS, data?: Record<string, string | number>): Outcome<T> {
  const r = AP_REFUSALS[which];
  return refuse<T>(r.code, r.key, data);
}

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
  if (!isWholeNumber(v)) return apRefuse("notNumber", { field });
  if (v < min || v > max) return apRefuse("outOfRange", { field, value: v, min, max });
  return null;
}
