import type { ActorView, ItemView, RulesetId } from "../../engine/rulesets/ruleset";

type ItemLike = { id: string | null; name: string; type: string; system: unknown };
type ActorLike = { system: unknown; items: Iterable<ItemLike> } | null | undefined;

function blockOf(system: unknown, ruleset: RulesetId): any {
  return (system as Record<string, unknown> | undefined)?.[ruleset] ?? {};
}

function itemView(item: ItemLike, ruleset: RulesetId): ItemView<any> {
  const system = item.system as { equipped?: boolean } | undefined;
  return { id: item.id ?? "", name: item.name, equipped: system?.equipped ?? true, stats: blockOf(item.system, ruleset) };
}

/** An actor and its items as one ruleset's engine sees them: plain figures only. */
export function actorView(actor: ActorLike, ruleset: RulesetId): ActorView {
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
