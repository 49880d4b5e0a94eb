/**
 * Buttons in an actor sheet's header for rolls that belong to the fighter rather
 * than to one item (a steel terrain roll, buying initiative). A ruleset registers
 * its own; the sheet shows those of the world's ruleset to the actor's owners.
 */
import type { RulesetId } from "../../engine/rulesets/ruleset";

export interface ActorAction {
  readonly id: string;
  /** Localization key. */
  readonly label: string;
  readonly icon: string;
  /** Whether the button is worth showing for this actor now (a stunned figure's Recover); absent: always. Hidden actions still refuse clearly if run. */
  shown?(actor: Actor.Implementation): boolean;
  run(actor: Actor.Implementation): Promise<unknown>;
}

const actions = new Map<RulesetId, ActorAction[]>();

export function registerActorAction(ruleset: RulesetId, action: ActorAction): void {
  actions.set(ruleset, [...(actions.get(ruleset) ?? []).filter((a) => a.id !== action.id), action]);
}

export function actorActions(ruleset: RulesetId): readonly ActorAction[] {
  return actions.get(ruleset) ?? [];
}
