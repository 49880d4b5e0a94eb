import type { Ruleset, Vitality } from "../../engine/rulesets/ruleset";
import type { DerivedValue } from "../../engine/rulesets/stats";
import { statFields, type StatFieldContext } from "./stat-fields";

/** The item sections of an actor sheet, in display order. */
export const ITEM_SECTIONS = [
  { type: "weapon", label: "BOUT.Sheet.Section.Weapons", equippable: true, rollable: true },
  { type: "armor", label: "BOUT.Sheet.Section.Armor", equippable: true, rollable: false },
  { type: "shield", label: "BOUT.Sheet.Section.Shields", equippable: true, rollable: false },
  { type: "maneuver", label: "BOUT.Sheet.Section.Maneuvers", equippable: false, rollable: false },
  { type: "skill", label: "BOUT.Sheet.Section.Skills", equippable: false, rollable: true },
] as const;

export interface ItemRowContext {
  readonly id: string;
  readonly name: string;
  readonly img: string;
  readonly equipped: boolean;
  /** The first few figures of the active ruleset, as a one-line summary. */
  readonly summary: readonly { readonly label: string; readonly value: string }[];
}

export interface ActorSheetContext {
  readonly actor: { readonly id: string; readonly uuid: string; readonly name: string; readonly img: string; readonly type: string };
  readonly editable: boolean;
  readonly ruleset: { readonly id: string; readonly label: string };
  readonly stats: readonly StatFieldContext[];
  readonly derived: readonly (DerivedValue & { readonly key: string })[];
  readonly vitality: Vitality & { readonly percent: number; readonly editable: boolean };
  readonly sections: readonly {
    readonly type: string;
    readonly label: string;
    readonly equippable: boolean;
    readonly rollable: boolean;
    readonly items: readonly ItemRowContext[];
  }[];
  readonly biography: string;
}

type ItemLike = { id: string | null; name: string; img: string | null; type: string; system: any; sort?: number };
type ActorLike = { id: string | null; uuid: string; name: string; img: string | null; type: string; system: any; items: Iterable<ItemLike> };

const SUMMARY_LENGTH = 3;

function summary(ruleset: Ruleset, item: ItemLike): ItemRowContext["summary"] {
  const block = ruleset.stats[item.type as keyof Ruleset["stats"]] ?? {};
  const values = (item.system?.[ruleset.id] ?? {}) as Record<string, unknown>;
  return Object.entries(block)
    .filter(([, stat]) => stat.kind !== "group" && stat.kind !== "text")
    .slice(0, SUMMARY_LENGTH)
    .map(([key, stat]) => {
      const value = values[key];
      const shown = stat.kind === "choice" ? `${stat.choiceLabels}.${String(value)}` : stat.kind === "boolean" ? (value ? "BOUT.Sheet.Yes" : "BOUT.Sheet.No") : String(value ?? "");
      return { label: stat.label, value: shown };
    });
}

/** Everything an actor sheet shows, from the actor and the active ruleset. */
export function actorSheetContext(actor: ActorLike, ruleset: Ruleset, { editable, enrichedBiography }: { editable: boolean; enrichedBiography: string }): ActorSheetContext {
  const items = [...actor.items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name));
  const derived = (actor.system.derived ?? {}) as Record<string, DerivedValue>;
  const vitality = (actor.system.vitality ?? { value: 0, max: 0 }) as Vitality;
  return {
    actor: { id: actor.id ?? "", uuid: actor.uuid, name: actor.name, img: actor.img ?? "", type: actor.type },
    editable,
    ruleset: { id: ruleset.id, label: ruleset.label },
    stats: statFields(ruleset.stats.actor, actor.system[ruleset.id], `system.${ruleset.id}`, actor.id ?? "actor"),
    derived: Object.entries(derived).map(([key, value]) => ({ key, ...value })),
    vitality: {
      ...vitality,
      percent: vitality.max > 0 ? Math.round((100 * Math.min(Math.max(vitality.value, 0), vitality.max)) / vitality.max) : 0,
      editable: editable && Boolean(vitality.path),
    },
    sections: ITEM_SECTIONS.map((section) => ({
      ...section,
      items: items
        .filter((item) => item.type === section.type)
        .map((item) => ({ id: item.id ?? "", name: item.name, img: item.img ?? "", equipped: Boolean(item.system?.equipped), summary: summary(ruleset, item) })),
    })),
    biography: enrichedBiography,
  };
}
