/**
 * What counts as a critical on the d100 (seed 002 uses critical successes and
 * failures without defining them). A world setting picks one; the default is
 * a tenth of the target or less, and 96-00 on a failed roll.
 */
import { DEFAULT_FRACTION_RULE, DOUBLES_RULE, NO_CRITICALS_RULE, type PercentileCriticalRule } from "../../dice";

export const AP_CRITICAL_RULES = {
  tenth: DEFAULT_FRACTION_RULE,
  fifth: Object.freeze({ kind: "fraction", successFraction: 0.2, failureFrom: 96 }) as PercentileCriticalRule,
  doubles: DOUBLES_RULE,
  none: NO_CRITICALS_RULE,
} as const satisfies Record<string, PercentileCriticalRule>;

export type ApCriticalRuleId = keyof typeof AP_CRITICAL_RULES;
export const DEFAULT_AP_CRITICAL_RULE: ApCriticalRuleId = "tenth";

/** The rule for a setting's value; anything unknown reads as the default. */
export function apCriticalRule(id: unknown): PercentileCriticalRule {
  return typeof id === "string" && Object.prototype.hasOwnProperty.call(AP_CRITICAL_RULES, id) ? AP_CRITICAL_RULES[id as ApCriticalRuleId] : AP_CRITICAL_RULES[DEFAULT_AP_CRITICAL_RULE];
}
