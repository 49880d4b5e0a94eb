/**
 * Why the opposed rules refuse a request: a stable code and a key under
 * BOUT.Opposed.Refusal. Figures from forms arrive untyped, so every one is checked.
 */
import { isWholeNumber, refuse, type Outcome } from "../../outcome";
import { figureChecks } from "../figures";

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
  notAdjacent: { code: "opposed.notAdjacent", key: `${K}NotAdjacent` },
  outOfShot: { code: "opposed.outOfShot", key: `${K}OutOfShot` },
} as const;

export type OpposedRefusal = keyof typeof OPPOSED_REFUSALS;

export function opposedRefuse<T = never>(which: OpposedRefusal, data?: Record<string, string | number>): Outcome<T> {
  const r = OPPOSED_REFUSALS[which];
  return refuse<T>(r.code, r.key, data);
}

/** Whole-number figures, refused in opposed's words (figures.ts). */
export const { checkFigure, checkFigures } = figureChecks(opposedRefuse);

/** Whether checkFigure would pass a (required) figure. */
export function passesFigure(v: unknown, min: number, max: number): boolean {
  return isWholeNumber(v) && v >= min && v <= max;
}
