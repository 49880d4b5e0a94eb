/**
 * What every ruleset provides. Each seed in ../shared/seeds becomes one ruleset;
 * the world setting `bout.ruleset` picks the one in play. Later parts of the
 * system extend this interface (statistics, actions, resolution); everything
 * here is plain data so the engine stays free of Foundry.
 */

export const RULESET_IDS = ["steel", "phases", "actionpoints", "opposed", "pulse"] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

/** How a ruleset measures time in combat; the tracker draws one view per structure. */
export type TimeStructureId =
  | "bouts" // local bouts of two exchanges a round, red/white initiative (seed 000)
  | "phases" // six phases a round ordered by Initiative Total (seed 001)
  | "actionPhases" // action phases ordered by unspent action points (seed 002)
  | "turns" // plain turn order by Initiative, ties by Agility (seed 003)
  | "pulses"; // 5-second pulses with side and engagement initiative (seed 004)

export interface Ruleset {
  readonly id: RulesetId;
  /** The seed file the ruleset follows, in ../shared/seeds. */
  readonly seed: string;
  readonly time: TimeStructureId;
  /** Localization keys: the ruleset's name and a one-line description. */
  readonly label: string;
  readonly hint: string;
}

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === "string" && (RULESET_IDS as readonly string[]).includes(value);
}
