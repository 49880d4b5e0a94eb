import type { Stat, StatBlock } from "../engine/rulesets/stats";

type Fields = foundry.data.fields.DataSchema;

/**
 * One Foundry data field for one engine statistic. The limits of the description
 * become the field's limits, so Foundry cleans and refuses bad numbers itself.
 */
export function fieldForStat(stat: Stat): foundry.data.fields.DataField.Any {
  const fields = foundry.data.fields;
  const common = { label: stat.label, hint: stat.hint ?? "" };
  switch (stat.kind) {
    case "integer":
      return new fields.NumberField({ ...common, required: true, nullable: false, integer: true, initial: stat.initial, min: stat.min, max: stat.max });
    case "number":
      return new fields.NumberField({ ...common, required: true, nullable: false, initial: stat.initial, min: stat.min, max: stat.max, step: stat.step });
    case "boolean":
      return new fields.BooleanField({ ...common, initial: stat.initial });
    case "text":
      return new fields.StringField({ ...common, required: true, blank: true, initial: stat.initial });
    case "choice":
      return new fields.StringField({ ...common, required: true, blank: false, initial: stat.initial, choices: [...stat.choices] });
    case "group":
      return new fields.SchemaField(schemaFromBlock(stat.fields), common);
  }
}

/** The schema of one ruleset block (an actor's or item's figures for that ruleset). */
export function schemaFromBlock(block: StatBlock): Fields {
  return Object.fromEntries(Object.entries(block).map(([key, stat]) => [key, fieldForStat(stat)]));
}
