/**
 * The stress die of seed 001 ("each combatant rolls a stress die + Initiative
 * score"), read through the project's stress die (src/engine/dice/stress.ts:
 * 2-9 count, a 1 rerolls and doubles, a first 0 counts 0 and calls for botch
 * dice) with a bonus added. The seed names the die without defining it; the
 * definition is the project's and is spelled out in docs/rulesets/phases.md.
 */
import { checkCount, rollStress, type Dice, type StressRoll } from "../../dice";
import { isWholeNumber, ok, type Outcome } from "../../outcome";
import { checkFigure, phasesRefuse } from "./refusals";

export interface StressTotal {
  readonly roll: StressRoll;
  readonly bonus: number;
  /** Die + bonus; a botch still shows the bonus (0 on the die): the rule reading it decides what a botch costs. */
  readonly total: number;
  readonly botched: boolean;
}

export function readStressTotal(roll: StressRoll, bonus: number): StressTotal {
  return { roll, bonus, total: roll.total + bonus, botched: roll.botched };
}

/** Rolls a stress die plus `bonus`; a first-roll 0 rolls `botchDice` botch dice (0: no botch check). */
export function rollStressTotal(bonus: number, dice: Dice, botchDice = 1): Outcome<StressTotal> {
  const figures = checkFigure("bonus", bonus, -1000, 1000);
  if (figures) return figures;
  if (!isWholeNumber(botchDice) || botchDice < 0 || botchDice > 20) return phasesRefuse("outOfRange", { field: "botchDice", value: String(botchDice), min: 0, max: 20 });
  checkCount(botchDice);
  return ok(readStressTotal(rollStress(dice, botchDice), bonus));
}
