/**
 * Initiative ("1. Movement" and the Initiative Modifiers Table, seed 001): after
 * everyone has declared, each rolls a stress die + the Initiative score of the
 * weapon declared, plus the table's modifiers and any the storyguide imposes: the
 * Initiative Total. Declarations that clash are settled from the highest total
 * down.
 */
import type { Dice, StressRoll } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution } from "./events";
import { checkFigures } from "./refusals";
import type { PhasesActor, PhasesWeapon } from "./stats";
import { readStressTotal, rollStressTotal } from "./stress";
import { checkSituation, initiativeModifiers, sumParts, type InitiativeSituation, type Part } from "./tables";

/** The Initiative score with a weapon: the actor's part plus the weapon's. */
export function initiativeScore(actor: Pick<PhasesActor, "initiative">, weapon: Pick<PhasesWeapon, "initiative"> | null): number {
  return actor.initiative + (weapon?.initiative ?? 0);
}

export interface InitiativeInput extends InitiativeSituation {
  /** Initiative score with the declared weapon. */
  readonly score: number;
}

export interface InitiativeResult {
  /** The stress die's total (0 after a first-roll 0). */
  readonly die: number;
  readonly parts: readonly Part[];
  readonly total: number;
}

export function checkInitiative(input: InitiativeInput): Outcome<true> {
  const figures = checkFigures({ score: input?.score }, -100, 100);
  if (!figures.ok) return figures;
  return checkSituation(input);
}

/** Initiative Total from a stress-die result already rolled. */
export function initiativeTotal(die: number, input: InitiativeInput): Outcome<InitiativeResult> {
  const figures = checkFigures({ die }, 0, 100_000);
  if (!figures.ok) return figures;
  const checked = checkInitiative(input);
  if (!checked.ok) return checked;
  const parts: Part[] = [{ key: "BOUT.Phases.Part.Die", value: die }, { key: "BOUT.Phases.Part.InitiativeScore", value: input.score }, ...initiativeModifiers(input)];
  return ok({ die, parts, total: sumParts(parts) });
}

/** Initiative modifiers without the die: what the stress die is added to. */
export function initiativeBonus(input: InitiativeInput): number {
  return input.score + sumParts(initiativeModifiers(input));
}

/** The seed names no botch on Initiative: no botch dice. */
export const INITIATIVE_BOTCH_DICE = 0;

/** The stress die alone, as the round rolls it for every Initiative Total at once (the round adds the rest). */
export const rollInitiativeDie = (dice: Dice) => rollStressTotal(0, dice, INITIATIVE_BOTCH_DICE);

/**
 * Rolls a stress die for Initiative. By default no botch dice (the seed names no
 * botch on Initiative); a group that wants one passes `botchDice`.
 */
export function rollInitiative(input: InitiativeInput, dice: Dice, botchDice = INITIATIVE_BOTCH_DICE): Outcome<Resolution<InitiativeResult & { roll: StressRoll; botched: boolean }>> {
  const checked = checkInitiative(input);
  if (!checked.ok) return checked;
  const rolled = rollStressTotal(0, dice, botchDice);
  if (!rolled.ok) return rolled;
  const result = initiativeTotal(rolled.value.roll.total, input);
  if (!result.ok) return result;
  const botched = readStressTotal(rolled.value.roll, 0).botched;
  const events = [event("initiative", { total: result.value.total, die: result.value.die })];
  if (botched) events.push(event("botch", { botches: rolled.value.roll.botches }));
  return ok({ result: { ...result.value, roll: rolled.value.roll, botched }, events });
}
