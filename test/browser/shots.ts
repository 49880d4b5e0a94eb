/**
 * Where the browser tests write their screenshots, and the one rule for their
 * names: `<view>-<ruleset>-<state>-<theme>.png`. The view is one word (card,
 * dialog, tracker, character, item, ...); the ruleset one of the five, or `all`
 * for a view every ruleset shares, `none` for one no ruleset shapes; the state
 * one or more lowercase words joined by dashes, the subject first when the view
 * holds several (a card kind, a dialog, a tab: `card-steel-ride-by-waiting`,
 * `dialog-steel-ready-missile-open`); the theme light or dark.
 */
import { join } from "node:path";
import { RULESET_IDS } from "../../src/engine/rulesets/ruleset";

export const SHOTS = join(process.cwd(), "test-results", "screenshots");

export const SHOT_NAME = new RegExp(`^[a-z]+-(?:${[...RULESET_IDS, "all", "none"].join("|")})-[a-z0-9]+(?:-[a-z0-9]+)*-(?:light|dark)\\.png$`);

/** The path a screenshot named `name` is written to; a name that breaks the rule throws. */
export function shotPath(name: string): string {
  if (!SHOT_NAME.test(name)) throw new Error(`screenshot name ${name} is not <view>-<ruleset>-<state>-<theme>.png`);
  return join(SHOTS, name);
}
