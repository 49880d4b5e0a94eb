/** Why the actionpoints rules refuse a request: a code and a key under BOUT.ActionPoints.Refusal. */
import { refuse, type Outcome } from "../../outcome";
import { figureChecks } from "../figures";

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

/** Whole-number figures, refused in actionpoints' words (figures.ts). */
export const { checkFigure, checkFigures } = figureChecks(apRefuse);
