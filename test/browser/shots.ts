/**
 * Where the browser tests write their screenshots, and the one rule for their
 * names: `<view>-<ruleset>-<state>-<theme>.png`. The view is one word (card,
 * dialog, tracker, character, item, ...); the ruleset one of the five, or `all`
 * for a view every ruleset shares, `none` for one no ruleset shapes; the state
 * one or more lowercase words joined by dashes, the subject first when the view
 * holds several (a card kind, a dialog, a tab: `card-steel-ride-by-waiting`,
 * `dialog-steel-ready-missile-open`); the theme light or dark.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { RULESET_IDS } from "../../src/engine/rulesets/ruleset";

export const SHOTS = join(process.cwd(), "test-results", "screenshots");

export const SHOT_NAME = new RegExp(`^[a-z]+-(?:${[...RULESET_IDS, "all", "none"].join("|")})-[a-z0-9]+(?:-[a-z0-9]+)*-(?:light|dark)\\.png$`);

/** The path a screenshot named `name` is written to; a name that breaks the rule throws. */
export function shotPath(name: string): string {
  if (!SHOT_NAME.test(name)) throw new Error(`screenshot name ${name} is not <view>-<ruleset>-<state>-<theme>.png`);
  return join(SHOTS, name);
}

/**
 * Screenshots of different views that came out byte for byte the same: each group
 * names two or more files with one image. Two views drawing one picture means a test
 * captured the wrong window (the throw dialog once stood in for the blow order and
 * the outnumbered roll), so a browser test that writes several views expects none.
 */
export function identicalShots(names: readonly string[], read: (name: string) => Buffer = (name) => readFileSync(join(SHOTS, name))): string[][] {
  const byHash = new Map<string, string[]>();
  for (const name of new Set(names)) {
    const hash = createHash("sha256").update(read(name)).digest("hex");
    byHash.set(hash, [...(byHash.get(hash) ?? []), name]);
  }
  return [...byHash.values()].filter((group) => group.length > 1);
}
