/**
 * Which fighting style plays a fighter: the combatant's own for this fight,
 * else its actor's default for the world's ruleset, else "GM decides". A style
 * plays only a fighter no player owns: it never acts for a player's character,
 * whatever is stored on it.
 */
import { GM_DECIDES, styleRule } from "../../engine/styles";
import type { RulesetId } from "../../engine/rulesets/ruleset";
import { activeRuleset } from "../../settings";
import { hasStatus } from "../status-effects";
import { keptUntilTheWorldChanges } from "../world-changes";
import type { BoutCombat } from "../../documents/combat";

type StyledCombatant = { readonly actor?: unknown; readonly system?: unknown; readonly isDefeated?: boolean; readonly id?: string | null; readonly parent?: unknown };

/** Does any player (a user who is not a GM) own this fighter's own actor? */
export function playerOwned(actor: Actor.Implementation | null | undefined): boolean {
  if (!actor) return false;
  return (game.users?.contents ?? []).some((u) => !u.isGM && actor.testUserPermission(u, "OWNER"));
}

/** The style id stored for a combatant (its own, else its actor's default), "gm" when none. */
export function storedStyle(combatant: StyledCombatant, ruleset: RulesetId = activeRuleset().id): string {
  return storedStyleWith(combatant, combatant.actor, ruleset);
}

/** storedStyle, with the combatant's actor already read. */
function storedStyleWith(combatant: StyledCombatant, actor: unknown, ruleset: RulesetId): string {
  const own = (combatant.system as { style?: unknown } | undefined)?.style;
  if (typeof own === "string" && own) return own;
  const fallback = ((actor as Actor.Implementation | null | undefined)?.system as { styles?: Record<string, unknown> } | undefined)?.styles?.[ruleset];
  return typeof fallback === "string" && fallback ? fallback : GM_DECIDES;
}

/** The style that plays this combatant now (a style id of the world's ruleset), or null: the GM decides. */
export function styleOf(combatant: StyledCombatant | null | undefined, ruleset: RulesetId = activeRuleset().id): string | null {
  if (!combatant) return null;
  const actor = (combatant.actor as Actor.Implementation | null | undefined) ?? null;
  if (!actor) return null;
  // The stored style first: most fighters have none (the GM decides), and it is cheaper to read than ownership (issue 35).
  const id = storedStyleWith(combatant, actor, ruleset);
  return styleRule(ruleset, id) && !playerOwned(actor) ? id : null;
}

/** Each fight's combatants whose stored style names one of the ruleset's styles, read again once the world changes. */
const STORED = keptUntilTheWorldChanges<BoutCombat, { ruleset: RulesetId; ids: ReadonlySet<string> }>();

/**
 * The combatants of a fight a style may play: those whose stored style names
 * one of the ruleset's styles (ownership and the rest are for styleOf to judge).
 * Most fighters have none: the styles' runner looks no further at them (issue 35).
 */
export function mayBeStyled(combat: BoutCombat, ruleset: RulesetId = activeRuleset().id): ReadonlySet<string> {
  const work = () => ({ ruleset, ids: new Set(combat.combatants.contents.filter((c) => styleRule(ruleset, storedStyle(c, ruleset))).map((c) => c.id!)) });
  const kept = STORED(combat, work);
  return (kept.ruleset === ruleset ? kept : work()).ids;
}

/** Of `order`, in its order, the combatants a style may play (mayBeStyled): usually none. */
export function styledInOrder(combat: BoutCombat, order: readonly string[], ruleset: RulesetId = activeRuleset().id): string[] {
  const ids = mayBeStyled(combat, ruleset);
  return ids.size ? order.filter((id) => ids.has(id)) : [];
}

/**
 * Out of the fight (a style neither acts for it nor strikes at it): marked defeated, or out of action as its
 * fight's roster counts it (the ruleset's rule on its figures and conditions: `BoutCombat#outOfAction`), so a
 * foe at 0 Body or in a coma is out for a style as for the tracker.
 */
export function downed(combatant: StyledCombatant | null | undefined): boolean {
  const actor = (combatant?.actor as Actor.Implementation | null | undefined) ?? null;
  if (Boolean(combatant?.isDefeated) || !actor || hasStatus(actor, "defeated")) return true;
  const fight = (combatant as { parent?: { outOfAction?: (id: string) => unknown } }).parent;
  const id = (combatant as { id?: unknown }).id;
  if (typeof fight?.outOfAction === "function" && typeof id === "string") return fight.outOfAction(id) !== null;
  return ["dead", "unconscious"].some((s) => hasStatus(actor, s));
}
