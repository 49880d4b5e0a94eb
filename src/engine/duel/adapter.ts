/**
 * What a ruleset provides so whole duels can be simulated: a fighter built from an
 * actor, named policies (plain objects a GM can compare, such as "all-out attack"
 * or "defend and riposte"), and one duel played to its end with the given dice.
 */
import type { Dice } from "../dice";
import type { ActorView, RulesetId } from "../rulesets/ruleset";
import type { SteelTables } from "../rulesets/steel";
import type { ApTables, CritThroughBlock } from "../rulesets/actionpoints";
import type { OpposedTables, OpposedTie } from "../rulesets/opposed";
import type { PhasesTracks } from "../rulesets/phases";
import type { PercentileCriticalRule } from "../dice";

export type Side = "a" | "b";

export interface DuelOutcome {
  /** The side left standing, or "draw" when both fall or time runs out. */
  readonly winner: Side | "draw";
  readonly rounds: number;
  /** How badly each side ended up, in the ruleset's own terms, as a small label key. */
  readonly condition: { readonly a: string; readonly b: string };
  /** Why the duel ended, as a label key, when the adapter knows better than the simulator's reading of the outcome. */
  readonly ending?: string;
}

/** What every ruleset's fighter carries for the summary. */
export interface DuelFighter {
  /** The name of the weapon the fighter fights with (empty for bare hands). */
  readonly weaponName: string;
}

/**
 * The world a duel is played in, as the cards read it: the tables, tracks and
 * rules a GM may change. A part left out plays our defaults (the command-line
 * simulator passes none); the shell reads each part through the same readers
 * the cards use and hands it in whole.
 */
export interface DuelWorld {
  readonly steel?: { readonly tables: SteelTables };
  readonly actionpoints?: { readonly tables: ApTables; readonly rule?: PercentileCriticalRule; readonly critThroughBlock?: CritThroughBlock };
  readonly opposed?: { readonly tables: OpposedTables; readonly tie: OpposedTie };
  readonly phases?: { readonly tracks: PhasesTracks };
}

export interface DuelAdapter<Fighter extends DuelFighter = DuelFighter, Policy = unknown> {
  readonly ruleset: RulesetId;
  readonly policies: Readonly<Record<string, Policy>>;
  readonly defaultPolicy: string;
  /** Localization keys of the condition labels, worst last, for charts. */
  readonly conditions: readonly string[];
  fighter(actor: ActorView, name: string, world?: DuelWorld): Fighter;
  duel(a: Fighter, b: Fighter, policyA: Policy, policyB: Policy, dice: Dice, maxRounds: number, world?: DuelWorld): DuelOutcome;
}

const adapters = new Map<RulesetId, DuelAdapter<any, any>>();

export function registerDuelAdapter(adapter: DuelAdapter<any, any>): void {
  adapters.set(adapter.ruleset, adapter);
}

export function duelAdapter(ruleset: RulesetId): DuelAdapter<any, any> | undefined {
  return adapters.get(ruleset);
}

export function duelRulesets(): RulesetId[] {
  return [...adapters.keys()];
}
