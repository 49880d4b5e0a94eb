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
/** When an action applies, registered apart from the action (a ruleset's engine decides; its shell gathers the situation). */
const conditions = new Map<string, (actor: Actor.Implementation) => boolean>();

export function registerActorAction(ruleset: RulesetId, action: ActorAction): void {
  actions.set(ruleset, [...(actions.get(ruleset) ?? []).filter((a) => a.id !== action.id), action]);
}

export function registerActionCondition(ruleset: RulesetId, id: string, applies: (actor: Actor.Implementation) => boolean): void {
  conditions.set(`${ruleset}.${id}`, applies);
}

/** The ruleset's actions, each shown only when both its own test and any registered condition allow. */
export function actorActions(ruleset: RulesetId): readonly ActorAction[] {
  return (actions.get(ruleset) ?? []).map((action) => {
    const applies = conditions.get(`${ruleset}.${action.id}`);
    if (!applies) return action;
    return { ...action, shown: (actor: Actor.Implementation) => applies(actor) && (action.shown?.(actor) ?? true) };
  });
}
