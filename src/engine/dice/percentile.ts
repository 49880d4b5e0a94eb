/**
 * d100 roll-under tests (seeds 002, 003 and 004): succeed by rolling the target or
 * less. A d100 result is 1..100, and 100 is the face read "00".
 */
import { checkResult, rollOne, type Dice } from "./dice";
import { markD100 } from "./marks";

/** Throws a RangeError unless `roll` is a d100 result, 1..100. */
export function checkD100(roll: number): void {
  checkResult(100, roll);
}

function checkTarget(target: number): void {
  if (!Number.isInteger(target)) throw new RangeError(`percentile: target must be an integer, got ${String(target)}`);
}

/**
 * Seed 003's Success Levels: tens digit of the target minus tens digit of the roll.
 * "00" is read as 100, tens 10. Flooring (not truncating) keeps the steps even
 * below zero, so a target of -5 has tens -1 and a -25 target has tens -3.
 */
export function successLevel(roll: number, target: number): number {
  checkD100(roll);
  checkTarget(target);
  return Math.floor(target / 10) - Math.floor(roll / 10);
}

/**
 * Success Levels as a signed text: a success "+n", a failure "-n". At 0 the sign
 * is all that tells them apart: a roll just above the target is a failure
 * ("-0"), one at or just under it a success ("+0").
 */
export function signedSl(sl: number, success: boolean): string {
  return success ? `+${Math.abs(sl)}` : `-${Math.abs(sl)}`;
}

/** 11, 22, ..., 99 and "00" (100); seed 003 counts 00 as a double (its Misfire names it). */
export function isDouble(roll: number): boolean {
  checkD100(roll);
  return roll === 100 || roll % 11 === 0;
}

/**
 * Swaps the digits of the two-digit reading, as seed 003 does to find the hit
 * location: 07 -> 70, 70 -> 07 (7), 10 -> 01 (1), 00 -> 00 (100). It is its own inverse.
 */
export function reverseD100(roll: number): number {
  checkD100(roll);
  const reading = roll % 100;
  const reversed = (reading % 10) * 10 + Math.floor(reading / 10);
  return reversed === 0 ? 100 : reversed;
}

/**
 * When a percentile test is a critical or a fumble.
 * - doubles: seed 003, "Criticals and Fumbles": a double on a success is a critical,
 *   on a failure a fumble.
 * - fraction: seed 002 uses critical successes and failures without defining them;
 *   this is our default reading, to be overridden by the group (see DEFAULT_FRACTION_RULE).
 * - none: no criticals at all.
 */
export type PercentileCriticalRule =
  | { readonly kind: "doubles" }
  | { readonly kind: "fraction"; readonly successFraction: number; readonly failureFrom: number }
  | { readonly kind: "none" };

export const DOUBLES_RULE: PercentileCriticalRule = Object.freeze({ kind: "doubles" });
export const NO_CRITICALS_RULE: PercentileCriticalRule = Object.freeze({ kind: "none" });

/** A tenth of the target is a critical success; 96-00 on a failure is a critical failure. */
export const DEFAULT_FRACTION_RULE: PercentileCriticalRule = Object.freeze({
  kind: "fraction",
  successFraction: 0.1,
  failureFrom: 96,
});

/**
 * The highest roll that is a critical success under a fraction rule: a fraction of
 * the target, rounded down, never below 1. The tiny nudge stops binary floating
 * point from turning 29% of 100 (28.999999999999996) into 28.
 */
export function criticalThreshold(target: number, successFraction: number): number {
  checkTarget(target);
  return Math.max(1, Math.floor(target * successFraction + 1e-9));
}

export function checkCriticalRule(rule: PercentileCriticalRule): void {
  switch (rule.kind) {
    case "doubles":
    case "none":
      return;
    case "fraction":
      if (!Number.isFinite(rule.successFraction) || rule.successFraction < 0 || rule.successFraction > 1) {
        throw new RangeError(`percentile: successFraction must be from 0 to 1, got ${String(rule.successFraction)}`);
      }
      if (!Number.isInteger(rule.failureFrom)) {
        throw new RangeError(`percentile: failureFrom must be an integer, got ${String(rule.failureFrom)}`);
      }
      return;
    default:
      throw new RangeError(`percentile: unknown critical rule ${JSON.stringify(rule)}`);
  }
}

export interface PercentileTest {
  readonly roll: number;
  readonly target: number;
  readonly success: boolean;
  readonly sl: number;
  readonly double: boolean;
  readonly critical: boolean;
  readonly fumble: boolean;
}

/** Reads a d100 roll against a target. Success is simply roll <= target. */
export function percentileTest(
  roll: number,
  target: number,
  rule: PercentileCriticalRule = DOUBLES_RULE,
): PercentileTest {
  checkD100(roll);
  checkTarget(target);
  checkCriticalRule(rule);
  const success = roll <= target;
  const double = isDouble(roll);
  let critical = false;
  let fumble = false;
  if (rule.kind === "doubles") {
    critical = success && double;
    fumble = !success && double;
  } else if (rule.kind === "fraction") {
    critical = success && roll <= criticalThreshold(target, rule.successFraction);
    fumble = !success && roll >= rule.failureFrom;
  }
  return { roll, target, success, sl: successLevel(roll, target), double, critical, fumble };
}

export function rollPercentile(
  source: Dice,
  target: number,
  rule: PercentileCriticalRule = DOUBLES_RULE,
): PercentileTest {
  checkTarget(target);
  checkCriticalRule(rule);
  const test = percentileTest(rollOne(source, 100), target, rule);
  markD100(source, test);
  return test;
}
