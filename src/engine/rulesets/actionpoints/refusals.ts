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
  for (const [field, v] of Object.entries(values)) {
    if (v === undefined && optional.includes(field)) continue;
    if (!isWholeNumber(v)) return apRefuse("notNumber", { field });
    if (v < min || v > max) return apRefuse("outOfRange", { field, value: v, min, max });
  }
  return { ok: true, value: true };
}
