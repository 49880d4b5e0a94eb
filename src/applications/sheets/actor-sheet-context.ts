import type { Ruleset, Vitality } from "../../engine/rulesets/ruleset";
import type { DerivedValue } from "../../engine/rulesets/stats";
import { statFields, type StatFieldContext } from "./stat-fields";
import { columnsFor, itemImage, rowCells, rulesetUsesKind, type CellPart, type ColumnHead } from "./item-columns";
import { splitHeadline, type KeyedDerived } from "./headline-figures";

/** The item sections of an actor sheet, in display order. */
export const ITEM_SECTIONS = [
  // countable: carried in numbers (arrows, javelins, throwing knives), so the section shows how many.
  { type: "weapon", label: "BOUT.Sheet.Section.Weapons", equippable: true, rollable: true, countable: true },
  { type: "armor", label: "BOUT.Sheet.Section.Armor", equippable: true, rollable: false, countable: false },
  { type: "shield", label: "BOUT.Sheet.Section.Shields", equippable: true, rollable: false, countable: false },
  { type: "maneuver", label: "BOUT.Sheet.Section.Maneuvers", equippable: false, rollable: false, countable: false },
  { type: "skill", label: "BOUT.Sheet.Section.Skills", equippable: false, rollable: true, countable: false },
] as const;

export interface ItemRowContext {
  readonly id: string;
  readonly name: string;
  /** The item's picture, or Foundry's icon for its type when it has none. */
  readonly img: string;
  readonly equipped: boolean;
  /** How many are carried, for a countable section. */
  readonly quantity: number;
  /** The figures under the section's column headings, in order. */
  readonly cells: readonly { readonly key: string; readonly parts: readonly CellPart[] }[];
}

export interface ItemSectionContext {
  readonly type: string;
  readonly label: string;
  readonly equippable: boolean;
  readonly rollable: boolean;
  readonly countable: boolean;
  readonly columns: readonly ColumnHead[];
  /** Columns in the table, for the empty row's colspan: picture, name, figures, quantity, equipped, controls. */
  readonly span: number;
  readonly items: readonly ItemRowContext[];
}

export interface ActorSheetContext {
  readonly actor: { readonly id: string; readonly uuid: string; readonly name: string; readonly img: string; readonly type: string };
  readonly editable: boolean;
  readonly ruleset: { readonly id: string; readonly label: string };
  readonly stats: readonly StatFieldContext[];
  /** The same statistics grouped for reading: numbers and choices, then on/off states. */
  readonly statSections: readonly { readonly key: string; readonly label: string; readonly fields: readonly StatFieldContext[] }[];
  /** The figures a player fights with, shown large first. */
  readonly headline: readonly KeyedDerived[];
  /** Every other derived value. */
  readonly derived: readonly KeyedDerived[];
  readonly vitality: Vitality & { readonly percent: number; readonly editable: boolean };
  /** Item types the ruleset in play uses, with their columns. */
  readonly sections: readonly ItemSectionContext[];
  /** Item types it keeps no figures for: listed under a fold, by name only. */
  readonly unused: readonly ItemSectionContext[];
  readonly unusedCount: number;
  readonly biography: string;
}

type ItemLike = { id: string | null; name: string; img: string | null; type: string; system: any; sort?: number };
type ActorLike = { id: string | null; uuid: string; name: string; img: string | null; type: string; system: any; items: Iterable<ItemLike> };

/** The equipment tab's sections for the ruleset in play: columns per type, used types first. */
export function itemSections(ruleset: Ruleset, items: readonly ItemLike[]): { sections: ItemSectionContext[]; unused: ItemSectionContext[] } {
  const all = ITEM_SECTIONS.map((section): ItemSectionContext & { used: boolean } => {
    const used = rulesetUsesKind(ruleset, section.type);
    const columns = used ? columnsFor(ruleset, section.type) : [];
    return {
      ...section,
      used,
      columns,
      span: 2 + columns.length + (section.countable ? 1 : 0) + (section.equippable ? 1 : 0) + 1,
      items: items
        .filter((item) => item.type === section.type)
        .map((item) => ({
          id: item.id ?? "",
          name: item.name,
          img: itemImage(item.type, item.img),
          equipped: Boolean(item.system?.equipped),
          quantity: Number.isInteger(item.system?.quantity) ? (item.system.quantity as number) : 1,
          cells: used ? rowCells(ruleset, section.type, item.system?.[ruleset.id]) : [],
        })),
    };
  });
  const strip = ({ used: _used, ...section }: ItemSectionContext & { used: boolean }) => section;
  return { sections: all.filter((s) => s.used).map(strip), unused: all.filter((s) => !s.used).map(strip) };
}

/** Everything an actor sheet shows, from the actor and the active ruleset. */
export function actorSheetContext(actor: ActorLike, ruleset: Ruleset, { editable, enrichedBiography }: { editable: boolean; enrichedBiography: string }): ActorSheetContext {
  const items = [...actor.items].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.name.localeCompare(b.name));
  const derived = (actor.system.derived ?? {}) as Record<string, DerivedValue>;
  const { headline, rest } = splitHeadline(ruleset.id, derived);
  const stats = statFields(ruleset.stats.actor, actor.system[ruleset.id], `system.${ruleset.id}`, actor.id ?? "actor");
  const { sections, unused } = itemSections(ruleset, items);
  const vitality = (actor.system.vitality ?? { value: 0, max: 0 }) as Vitality;
  return {
    actor: { id: actor.id ?? "", uuid: actor.uuid, name: actor.name, img: actor.img ?? "", type: actor.type },
    editable,
    ruleset: { id: ruleset.id, label: ruleset.label },
    stats,
    statSections: [
      { key: "figures", label: "BOUT.Sheet.Statistics", fields: stats.filter((f) => f.kind !== "boolean") },
      { key: "states", label: "BOUT.Sheet.States", fields: stats.filter((f) => f.kind === "boolean") },
    ].filter((section) => section.fields.length > 0),
    headline,
    derived: rest,
    vitality: {
      ...vitality,
      percent: vitality.max > 0 ? Math.round((100 * Math.min(Math.max(vitality.value, 0), vitality.max)) / vitality.max) : 0,
      editable: editable && Boolean(vitality.path),
    },
    sections,
    unused,
    unusedCount: unused.reduce((n, s) => n + s.items.length, 0),
    biography: enrichedBiography,
  };
}
