import { RULESETS } from "../../engine/rulesets/registry";
import { RULESET_IDS, type ItemKind, type RulesetId } from "../../engine/rulesets/ruleset";
import { schemaFromBlock } from "../stat-schema";

export type BlockKind = "actor" | ItemKind;

/**
 * One schema field per ruleset (`system.steel`, `system.phases`, ...), built from
 * the engine's stat descriptions, so a world can switch rulesets without losing a
 * number and one compendium item carries its figures for all five.
 */
export function rulesetBlockFields(kind: BlockKind): Record<RulesetId, foundry.data.fields.SchemaField.Any> {
  const fields = foundry.data.fields;
  return Object.fromEntries(
    RULESET_IDS.map((id) => [id, new fields.SchemaField(schemaFromBlock(RULESETS[id].stats[kind]), { label: RULESETS[id].label })]),
  ) as Record<RulesetId, foundry.data.fields.SchemaField.Any>;
}

/** Where an item's figures for each ruleset came from: the seed, our default, or the group. */
export const FIGURE_SOURCES = ["seed", "default", "group"] as const;
export type FigureSource = (typeof FIGURE_SOURCES)[number];

export function figureSourceFields(): foundry.data.fields.SchemaField.Any {
  const fields = foundry.data.fields;
  return new fields.SchemaField(
    Object.fromEntries(
      RULESET_IDS.map((id) => [
        id,
        new fields.StringField({ required: true, blank: false, initial: "group", choices: [...FIGURE_SOURCES], label: "BOUT.Item.FigureSource.Label" }),
      ]),
    ),
  );
}
