import { RULESET_IDS, type ItemKind, type Ruleset, type RulesetId } from "../../engine/rulesets/ruleset";
import { RULESETS } from "../../engine/rulesets/registry";
import { FIGURE_SOURCES } from "../../data/shared/ruleset-blocks";
import { statFields, type StatFieldContext } from "./stat-fields";

export interface ItemRulesetTab {
  readonly id: RulesetId;
  readonly label: string;
  readonly active: boolean;
  /** True for the world's ruleset (shown first). */
  readonly inPlay: boolean;
  readonly fields: readonly StatFieldContext[];
  readonly source: { readonly name: string; readonly options: readonly { value: string; label: string; selected: boolean }[] };
}

export interface ItemSheetContext {
  readonly item: { readonly id: string; readonly uuid: string; readonly name: string; readonly img: string; readonly type: string };
  readonly editable: boolean;
  readonly equippable: boolean;
  readonly equipped: boolean;
  /** Carried in numbers: the quantity field is shown. */
  readonly countable: boolean;
  readonly quantity: number;
  readonly tabs: readonly ItemRulesetTab[];
  readonly descriptionActive: boolean;
  readonly description: string;
}

type ItemLike = { id: string | null; uuid: string; name: string; img: string | null; type: string; system: any };

/** The rulesets in tab order: the one in play first, then the others as registered. */
export function rulesetTabOrder(active: RulesetId): RulesetId[] {
  return [active, ...RULESET_IDS.filter((id) => id !== active)];
}

/**
 * An item sheet shows every ruleset's figures, one tab each, so a GM fills a weapon
 * for all five at once; the ruleset in play comes first.
 */
export function itemSheetContext(
  item: ItemLike,
  active: Ruleset,
  { editable, tab, enrichedDescription }: { editable: boolean; tab: string | null; enrichedDescription: string },
): ItemSheetContext {
  const kind = item.type as ItemKind;
  const current = tab ?? active.id;
  const tabs = rulesetTabOrder(active.id).map((id) => {
    const ruleset = RULESETS[id];
    const sourceValue = String(item.system?.figureSource?.[id] ?? "group");
    return {
      id,
      label: ruleset.label,
      active: current === id,
      inPlay: id === active.id,
      fields: statFields(ruleset.stats[kind] ?? {}, item.system?.[id], `system.${id}`, item.id ?? "item"),
      source: {
        name: `system.figureSource.${id}`,
        options: FIGURE_SOURCES.map((value) => ({ value, label: `BOUT.Item.FigureSource.${value}`, selected: value === sourceValue })),
      },
    };
  });
  return {
    item: { id: item.id ?? "", uuid: item.uuid, name: item.name, img: item.img ?? "", type: item.type },
    editable,
    equippable: typeof item.system?.equipped === "boolean",
    equipped: Boolean(item.system?.equipped),
    countable: typeof item.system?.quantity === "number",
    quantity: typeof item.system?.quantity === "number" ? item.system.quantity : 1,
    tabs,
    descriptionActive: current === "description",
    description: enrichedDescription,
  };
}
