/**
 * Figures from forms and query payloads arrive untyped: each must be a whole
 * number within its limits. One check for every ruleset; each refuses in its
 * own words (its codes and lang keys), which is all that differs between them.
 */
import { isWholeNumber, PASSED, type Outcome } from "../outcome";

/** How a ruleset refuses a figure: not a whole number, or outside [min, max]. */
export type FigureRefuse = (which: "notNumber" | "outOfRange", data: Record<string, string | number>) => Outcome<never>;

export interface FigureChecks {
  /**
   * One figure, building nothing unless it is refused: null when it passes
   * (the duel loops check every attack's figures this way). `undefined` passes
   * when the figure is optional.
   */
  checkFigure(field: string, v: unknown, min?: number, max?: number, optional?: boolean): Outcome<never> | null;
  /** Every value, in order; `undefined` passes for the names in `optional`. */
  checkFigures(values: Readonly<Record<string, unknown>>, min?: number, max?: number, optional?: readonly string[]): Outcome<true>;
}

export function figureChecks(refuseAs: FigureRefuse): FigureChecks {
  const checkFigure = (field: string, v: unknown, min = -1000, max = 1000, optional = false): Outcome<never> | null => {
    if (v === undefined && optional) return null;
    if (!isWholeNumber(v)) return refuseAs("notNumber", { field });
    if (v < min || v > max) return refuseAs("outOfRange", { field, value: v, min, max });
    return null;
  };
  const checkFigures = (values: Readonly<Record<string, unknown>>, min = -1000, max = 1000, optional: readonly string[] = []): Outcome<true> => {
    for (const field of Object.keys(values)) {
      const v = values[field];
      const bad = checkFigure(field, v, min, max, v === undefined && optional.includes(field));
      if (bad) return bad;
    }
    return PASSED;
  };
  return { checkFigure, checkFigures };
}
