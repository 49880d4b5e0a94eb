/**
 * The d100 and D10 checks the seed asks for outside the Strike Check: each one a
 * target the roll must not exceed, built from a characteristic.
 */
import { labelled, markD100, rollOne, said, type Dice } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { pulseEvent, type PulseEvent } from "./events";
import { checkWholeFields } from "./refusals";

export const CHECK_KINDS = ["fall", "weaponMishap", "stunRecovery", "poisonHandling", "knockoutLength"] as const;

/** [16.5] stay on one's feet after a Trip, Entangle or Shield Rush: d100 <= 3 x modAG. */
export const fallTarget = (modAG: number) => 3 * modAG;
/** [14.1] a clean landing from a jump: an AG roll, read like the fall check (our reading: 3 x modAG). */
export const landingTarget = (modAG: number) => 3 * modAG;
/** [17.3] keep a weapon at 99/100, and on being stunned [19]: d100 <= 3 x modMD. */
export const mishapTarget = (modMD: number) => 3 * modMD;
/** [19] shake off a stun: d100 <= 2 x (WP + current FT). */
export const stunRecoveryTarget = (wp: number, fatigueNow: number) => 2 * (wp + fatigueNow);
/** [20.3] handle a poisoned weapon unnicked (Assassins need not roll): d100 <= 3 x modMD. */
export const poisonHandlingTarget = (modMD: number) => 3 * modMD;

export interface CheckResult {
  readonly roll: number;
  readonly target: number;
  readonly success: boolean;
}

/** A d100 check passes at or under its target. */
export const checkPasses = (roll: number, target: number): boolean => roll <= target;

export function readCheck(roll: number, target: number): CheckResult {
  return { roll, target, success: checkPasses(roll, target) };
}

/** Rolls a d100 check and marks the die with its success (for the card's dice). */
export function rollCheck(dice: Dice, target: number): CheckResult {
  const result = readCheck(rollOne(dice, 100), target);
  markD100(dice, result);
  return result;
}

/** Rolls a d100 against a target; the event type names the check for the card, and its dice row for `who` (a fighter reference). */
export function resolveCheck(
  check: "Fall" | "WeaponMishap" | "StunRecovery" | "PoisonHandling" | "Landing",
  target: number,
  dice: Dice,
  who = "",
): Outcome<{ result: CheckResult; events: PulseEvent[] }> {
  const bad = checkWholeFields({ target: [target, -1000, 1000] });
  if (bad && !bad.ok) return bad;
  const result = labelled(dice, () => said(who, `BOUT.Card.Roll.Pulse.Check.${check}`, { target }), () => rollCheck(dice, target));
  return ok({ result, events: [pulseEvent(`${check}${result.success ? "Passed" : "Failed"}`, { roll: result.roll, target })] });
}

/** Chance (exact) that a d100 roll is at or under the target. */
export function checkOdds(target: number): number {
  return Math.min(100, Math.max(0, target)) / 100;
}
