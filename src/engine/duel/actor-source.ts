/**
 * An actor as stored (a pack source or a Foundry export: `system` plus embedded
 * `items`) seen through one ruleset, without Foundry. The duel simulator's command
 * line reads actors this way; the shell builds the same view from live documents.
 */
import { initialValues, type StatBlock } from "../rulesets/stats";
import { RULESETS } from "../rulesets/registry";
import type { ActorView, ItemView, RulesetId } from "../rulesets/ruleset";

interface StoredItem {
  readonly _id?: string;
  readonly name?: string;
  readonly type?: string;
  readonly system?: Record<string, unknown>;
}

export interface StoredActor {
  readonly name?: string;
  readonly system?: Record<string, unknown>;
  readonly items?: readonly StoredItem[];
}

/** Stored values over the block's initial values, as Foundry's cleaning would fill them. */
function filled(block: StatBlock, stored: unknown): any {
  const base = initialValues(block) as Record<string, unknown>;
  const values = (stored ?? {}) as Record<string, unknown>;
  for (const [key, stat] of Object.entries(block)) {
    if (!(key in values)) continue;
    base[key] = stat.kind === "group" ? filled(stat.fields, values[key]) : values[key];
  }
  return base;
}

export function actorViewFromSource(actor: StoredActor, ruleset: RulesetId): ActorView {
  const stats = RULESETS[ruleset].stats;
  const items = actor.items ?? [];
  const view = (type: string, block: StatBlock): ItemView<any>[] =>
    items
      .filter((i) => i.type === type)
      .map((i) => ({
        id: i._id ?? "",
        name: i.name ?? "",
        equipped: (i.system?.["equipped"] as boolean | undefined) ?? true,
        stats: filled(block, i.system?.[ruleset]),
      }));
  return {
    stats: filled(stats.actor, actor.system?.[ruleset]),
    weapons: view("weapon", stats.weapon),
    armor: view("armor", stats.armor),
    shields: view("shield", stats.shield),
    maneuvers: view("maneuver", stats.maneuver),
    skills: view("skill", stats.skill),
  };
}
