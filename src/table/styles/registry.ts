/**
 * What each ruleset's table code tells the styles' runner (./runner.ts): how
 * a style answers that ruleset's cards, what it declares in secret, what it
 * plans for a round and what it does when the fight waits on it. Each ruleset
 * registers its own (src/table/<ruleset>/style.ts); the runner knows none.
 */
import type { BoutCombat } from "../../documents/combat";
import type { RulesetId } from "../../engine/rulesets/ruleset";
import type { TimeCommand } from "../../engine/time/machine";
import type { DialogField, DialogValues } from "../../applications/dialogs/odds-dialog";
import type { CardView, FollowUp } from "../cards";
import type { Outcome } from "../../engine/outcome";

/** A fighter a style plays, in its fight. */
export interface Styled {
  readonly combat: BoutCombat;
  readonly combatantId: string;
  readonly actor: Actor.Implementation;
  /** The style's id (one of the ruleset's). */
  readonly style: string;
  /** The round's plan as the GM confirmed it (its fields' values), when the ruleset plans rounds. */
  readonly plan: DialogValues | null;
  /** Out of the fight (defeated, dead, unconscious): when the fight still waits on it, its style lets its turn go. */
  readonly down?: boolean;
}

/** What a style does now: post a card, send a command to the fight, or run a step the GM would otherwise press. */
export type StyleAct =
  | { readonly card: string; readonly defender: Actor.Implementation; readonly declaration: unknown }
  | { readonly command: TimeCommand }
  | { readonly run: () => Promise<Outcome<unknown>> };

export interface RulesetStyles {
  /** The style's answer to a waiting card of each kind aimed at its fighter; null leaves it to the GM. */
  readonly answers: Readonly<Record<string, (card: CardView, styled: Styled) => unknown>>;
  /** What a style does with a resolved card's offers to its fighter (a Combat Advantage taken: the card it posts), or null. */
  followUp?(card: CardView, offers: readonly FollowUp[], styled: Styled): StyleAct | null;
  /**
   * The secret declaration the GM answers for its fighters in the round form:
   * the fields of one fighter's row (filled in with the style's choice; the
   * usual defaults when the GM decides) and the choice read back from them.
   */
  readonly declaration?: {
    readonly kind: string;
    fields(combat: BoutCombat, combatantId: string, style: string | null): DialogField[];
    choice(combat: BoutCombat, combatantId: string, values: DialogValues): unknown;
  };
  /**
   * A round's open plan for a styled fighter (whom it strikes at, how it
   * defends), confirmed by the GM in the round form. `round`: which round the
   * fight is in, so each is planned once; null while there is none to plan.
   */
  readonly plan?: {
    round(state: unknown): string | null;
    fields(styled: Omit<Styled, "plan">): DialogField[];
  };
  /** What the style does now that the fight waits on its fighter; null when it waits on someone else. */
  act?(styled: Styled): Promise<StyleAct | null> | StyleAct | null;
}

const registry = new Map<RulesetId, RulesetStyles>();

export function registerRulesetStyles(ruleset: RulesetId, styles: RulesetStyles): void {
  registry.set(ruleset, styles);
}

export function rulesetStyles(ruleset: RulesetId): RulesetStyles | undefined {
  return registry.get(ruleset);
}
