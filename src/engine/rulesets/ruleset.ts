/**
 * What every ruleset provides. Each seed in ../shared/seeds becomes one ruleset;
 * the world setting `bout.ruleset` picks the one in play. A ruleset is plain data
 * and pure functions: its statistics (from which the shell builds schemas and
 * sheets), the values it derives from them, and its rules in its own folder.
 */
import type { DerivedValue, StatBlock, StatValues } from "./stats";
import type { PhasesTracks } from "./phases/tracks";
import type { OutOfAction } from "./out-of-action";

export const RULESET_IDS = ["steel", "phases", "actionpoints", "opposed", "pulse"] as const;
export type RulesetId = (typeof RULESET_IDS)[number];

/** How a ruleset measures time in combat; the tracker draws one view per structure. */
export type TimeStructureId =
  | "bouts" // local bouts of two exchanges a round, red/white initiative (seed 000)
  | "phases" // six phases a round ordered by Initiative Total (seed 001)
  | "actionPhases" // action phases ordered by unspent action points (seed 002)
  | "turns" // plain turn order by Initiative, ties by Agility (seed 003)
  | "pulses"; // 5-second pulses with side and engagement initiative (seed 004)

/** The item types every ruleset gives figures for (an empty block where it has none). */
export const ITEM_KINDS = ["weapon", "armor", "shield", "maneuver", "skill"] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export interface RulesetStats {
  readonly actor: StatBlock;
  readonly weapon: StatBlock;
  readonly armor: StatBlock;
  readonly shield: StatBlock;
  readonly maneuver: StatBlock;
  readonly skill: StatBlock;
}

/** An item as the engine sees it: its name, whether it is equipped, and this ruleset's figures. */
export interface ItemView<V> {
  readonly id: string;
  readonly name: string;
  readonly equipped: boolean;
  readonly stats: V;
}

/** An actor as the engine sees it: this ruleset's figures for the actor and its items. */
export interface ActorView<S extends RulesetStats = RulesetStats> {
  readonly stats: StatValues<S["actor"]>;
  readonly weapons: readonly ItemView<StatValues<S["weapon"]>>[];
  readonly armor: readonly ItemView<StatValues<S["armor"]>>[];
  readonly shields: readonly ItemView<StatValues<S["shield"]>>[];
  readonly maneuvers: readonly ItemView<StatValues<S["maneuver"]>>[];
  readonly skills: readonly ItemView<StatValues<S["skill"]>>[];
}

export interface Vitality {
  readonly value: number;
  readonly max: number;
  readonly path?: string;
}

/**
 * The world's own tables a ruleset derives with, read from the settings by the
 * shell (left out: ours). Only what a sheet's derived values depend on.
 */
export interface RulesetWorld {
  readonly phasesTracks?: PhasesTracks;
}

export interface RulesetDefinition<S extends RulesetStats> {
  readonly id: RulesetId;
  /** The seed file the ruleset follows, in ../shared/seeds. */
  readonly seed: string;
  readonly time: TimeStructureId;
  /** Localization keys: the ruleset's name and a one-line description. */
  readonly label: string;
  readonly hint: string;
  readonly stats: S;
  /** Values computed from the figures (Combat Pool, modAG, Wounds, ...), shown read-only. */
  derive(actor: ActorView<S>, world?: RulesetWorld): Record<string, DerivedValue>;
  /**
   * The track shown on the token bar. `path` is the actor statistic (dotted, inside
   * this ruleset's block) that an edit of the bar writes to; omit it for a track
   * that is only derived.
   */
  vitality(actor: ActorView<S>, derived: Record<string, DerivedValue>): Vitality;
  /**
   * Why the fighter cannot act at all (dead, unconscious, in a coma), from its
   * figures and the conditions its actor carries; null while it can. Such a
   * fighter is out of the fight's order and its actions are refused.
   */
  outOfAction(actor: ActorView<S>, statuses: ReadonlySet<string>, world?: RulesetWorld): OutOfAction | null;
}

export type Ruleset = RulesetDefinition<RulesetStats>;

/** Keep a ruleset's precise types inside its folder and hand the registry the common shape. */
export function defineRuleset<S extends RulesetStats>(definition: RulesetDefinition<S>): Ruleset {
  return definition as Ruleset;
}

export function isRulesetId(value: unknown): value is RulesetId {
  return typeof value === "string" && (RULESET_IDS as readonly string[]).includes(value);
}
