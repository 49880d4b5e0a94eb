import { actionpoints } from "./actionpoints/index";
import { opposed } from "./opposed/index";
import { phases } from "./phases/index";
import { pulse } from "./pulse/index";
import { RULESET_IDS, isRulesetId, type Ruleset, type RulesetId } from "./ruleset";
import { steel } from "./steel/index";

export const DEFAULT_RULESET: RulesetId = "steel";

export const RULESETS: Readonly<Record<RulesetId, Ruleset>> = { steel, phases, actionpoints, opposed, pulse };

/** The ruleset for an id; an unknown id (a stale setting) falls back to the default. */
export function getRuleset(id: unknown): Ruleset {
  return isRulesetId(id) ? RULESETS[id] : RULESETS[DEFAULT_RULESET];
}

export function listRulesets(): Ruleset[] {
  return RULESET_IDS.map((id) => RULESETS[id]);
}
