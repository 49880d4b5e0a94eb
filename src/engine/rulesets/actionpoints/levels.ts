/**
 * Percentile skill rolls against TSC% with four levels of result. The seed uses
 * critical successes and failures without defining them: by default a roll of a
 * tenth of the target or less is a critical success and 96-00 on a failure a
 * critical failure (the dice engine's fraction rule); a group may set its own.
 */
import { DEFAULT_FRACTION_RULE, labelled, markD100, percentileTest, rollOne, said, type Dice, type PercentileCriticalRule } from "../../dice";

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

/** Marks a read roll's d100 for the card: success or failure, a critical or fumble noted. */
export function markRoll(dice: Dice, roll: Roll): void {
  markD100(dice, { roll: roll.roll, success: succeeded(roll.level), critical: roll.level === "criticalSuccess", fumble: roll.level === "criticalFailure" });
}

/** Rolls a skill's d100 against the target and marks it for the card (a skill test from the sheet); `as`: who rolls, and the skill's name for the card. */
export function rollLevel(target: number, dice: Dice, rule: PercentileCriticalRule = DEFAULT_FRACTION_RULE, as: { readonly who?: string; readonly skill?: string } = {}): Roll {
  const roll = readRoll(labelled(dice, () => said(as.who, "BOUT.Card.Roll.skillTarget", { skill: as.skill ?? "", target }), () => rollOne(dice, 100)), target, rule);
  markRoll(dice, roll);
  return roll;
}
