/**
 * The figures a player fights with, per ruleset, shown large at the top of the
 * Figures tab; every other derived value stays in the group below. Display only:
 * the values are the ruleset's own derived values.
 */
import type { RulesetId } from "../../engine/rulesets/ruleset";
import type { DerivedValue } from "../../engine/rulesets/stats";

export const HEADLINE_FIGURES: Readonly<Record<RulesetId, readonly string[]>> = {
  steel: ["combatPool", "reflex", "move", "effectivePain", "armourPenalty"],
  phases: ["initiative", "attack", "defense", "damage", "soak", "woundPenalty"],
  actionpoints: ["poolLow", "poolHigh", "armourApModifier", "armourAbsorption"],
  opposed: ["melee", "ranged", "dodge"],
  pulse: ["strikeChance", "defense", "iv", "modAG", "protection"],
};

export type KeyedDerived = DerivedValue & { readonly key: string };

/** The derived values split into the headline (in the ruleset's order) and the rest (in the engine's). */
export function splitHeadline(ruleset: RulesetId, derived: Readonly<Record<string, DerivedValue>>): { headline: KeyedDerived[]; rest: KeyedDerived[] } {
  const wanted = HEADLINE_FIGURES[ruleset];
  const headline = wanted.filter((key) => derived[key]).map((key) => ({ key, ...derived[key]! }));
  const rest = Object.entries(derived)
    .filter(([key]) => !wanted.includes(key))
    .map(([key, value]) => ({ key, ...value }));
  return { headline, rest };
}
