/**
 * Every ruleset's fighting styles by id, as the GM picks them: "GM decides"
 * first, then the ruleset's own, each named in plain words (lang keys
 * BOUT.Style.<ruleset>.<id>.Name and .Hint).
 */
import type { RulesetId } from "../rulesets/ruleset";
import { ACTIONPOINTS_STYLES } from "./actionpoints";
import { GM_DECIDES } from "./choice";
import { OPPOSED_STYLES } from "./opposed";
import { PHASES_STYLES } from "./phases";
import { PULSE_STYLES } from "./pulse";
import { STEEL_STYLES } from "./steel";

const STYLES: Readonly<Record<RulesetId, Readonly<Record<string, object>>>> = {
  steel: STEEL_STYLES,
  phases: PHASES_STYLES,
  actionpoints: ACTIONPOINTS_STYLES,
  opposed: OPPOSED_STYLES,
  pulse: PULSE_STYLES,
};

/** The ruleset's style ids, in the order the GM sees them (without "GM decides"). */
export function styleIds(ruleset: RulesetId): string[] {
  return Object.keys(STYLES[ruleset] ?? {});
}

/** The style's rule object, or null for "GM decides", an unknown id or another ruleset's style. */
export function styleRule<T>(ruleset: RulesetId, id: unknown): T | null {
  const table = STYLES[ruleset];
  return typeof id === "string" && id !== GM_DECIDES && table && Object.hasOwn(table, id) ? (table[id] as T) : null;
}

/** The lang key of a style's short name ("Cautious") or its line ("Cautious: parries first"). */
export function styleName(ruleset: RulesetId, id: string): string {
  return id === GM_DECIDES || !styleRule(ruleset, id) ? "BOUT.Style.GmDecides" : `BOUT.Style.${ruleset}.${id}.Name`;
}

export function styleHint(ruleset: RulesetId, id: string): string {
  return id === GM_DECIDES || !styleRule(ruleset, id) ? "BOUT.Style.GmDecidesHint" : `BOUT.Style.${ruleset}.${id}.Hint`;
}
