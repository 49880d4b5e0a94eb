import type { ActorView, ItemView, RulesetId, RulesetStats } from "../../engine/rulesets/ruleset";

type ItemLike = { readonly id: string | null; readonly name: string; readonly type: string; readonly system: unknown };
/** What the view reads of an actor: a Foundry actor (world or a token's synthetic one) or a stored copy. */
type ActorLike = { readonly system: unknown; readonly items: Iterable<ItemLike> } | null | undefined;

function blockOf(system: unknown, ruleset: RulesetId): any {
  return (system as Record<string, unknown> | undefined)?.[ruleset] ?? {};
}

function itemView(item: ItemLike, ruleset: RulesetId): ItemView<any> {
  const system = item.system as { equipped?: boolean } | undefined;
  return { id: item.id ?? "", name: item.name, equipped: system?.equipped ?? true, stats: blockOf(item.system, ruleset) };
}

/** An actor and its items as one ruleset's engine sees them: plain figures only. */
export function actorView<S extends RulesetStats = RulesetStats>(actor: ActorLike, ruleset: RulesetId): ActorView<S> {
  const items = actor ? [...actor.items] : [];
  const ofType = (type: string) => items.filter((i) => i.type === type).map((i) => itemView(i, ruleset));
  return {
    stats: blockOf(actor?.system, ruleset),
    weapons: ofType("weapon"),
    armor: ofType("armor"),
    shields: ofType("shield"),
    maneuvers: ofType("maneuver"),
    skills: ofType("skill"),
  };
}
