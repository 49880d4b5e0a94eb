/**
 * The four result levels of one percentile roll against TSC%, each with its
 * exact chance: the actionpoints analogue of a Success Level distribution.
 */
import { DEFAULT_FRACTION_RULE, percentileDistribution, type PercentileCriticalRule } from "../../dice";
import type { OddsBar } from "../../odds-view";
import type { Level } from "./levels";

export function levelOdds(target: number, rule: PercentileCriticalRule = DEFAULT_FRACTION_RULE): Readonly<Record<Level, number>> {
  const d = percentileDistribution(target, rule);
  return { criticalFailure: d.fumble, failure: 1 - d.success - d.fumble, success: d.success - d.critical, criticalSuccess: d.critical };
}

/** Worst to best, labelled by localization key. */
export function levelBars(target: number, rule: PercentileCriticalRule = DEFAULT_FRACTION_RULE): OddsBar[] {
  const odds = levelOdds(target, rule);
  return (["criticalFailure", "failure", "success", "criticalSuccess"] as const).map((l) => ({ label: `BOUT.Roll.LevelShort.${l}`, probability: odds[l] }));
}
