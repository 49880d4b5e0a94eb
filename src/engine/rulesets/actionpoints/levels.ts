/**
 * Percentile skill rolls against TSC% with four levels of result. The seed uses
 * critical successes and failures without defining them: by default a roll of a
 * tenth of the target or less is a critical success and 96-00 on a failure a
 * critical failure (the dice engine's fraction rule); a group may set its own.
 */
import { DEFAULT_FRACTION_RULE, percentileTest, type PercentileCriticalRule } from "../../dice";

export type Level = "criticalFailure" | "failure" | "success" | "criticalSuccess";
const RANK: Readonly<Record<Level, number>> = { criticalFailure: 0, failure: 1, success: 2, criticalSuccess: 3 };

export const rank = (l: Level) => RANK[l];
export const succeeded = (l: Level) => RANK[l] >= 2;

export interface Roll {
  readonly roll: number;
  readonly target: number;
  readonly level: Level;
}

export function readRoll(roll: number, target: number, rule: PercentileCriticalRule = DEFAULT_FRACTION_RULE): Roll {
  const t = percentileTest(roll, target, rule);
  const level: Level = t.success ? (t.critical ? "criticalSuccess" : "success") : t.fumble ? "criticalFailure" : "failure";
  return { roll, target, level };
}
