import type { Stat, StatBlock } from "../engine/rulesets/stats";

type Fields = foundry.data.fields.DataSchema;

/**
 * One Foundry data field for one engine statistic. The limits of the description
 * become the field's limits, so Foundry cleans and refuses bad numbers itself.
 */
export function fieldForStat(stat: Stat): foundry.data.fields.DataField.Any {
  const fields = foundry.data.fields;
  // Each options object written out whole, not spread from a shared part: every client builds its
  // schemas once, in code not yet warmed up, where a spread and each key after it take a slow path
  // (most of this function's time when it spread; issue 35).
  const label = stat.label;
  const hint = stat.hint ?? "";
  switch (stat.kind) {
    case "integer":
      return new fields.NumberField({ label, hint, required: true, nullable: false, integer: true, initial: stat.initial, min: stat.min, max: stat.max });
    case "number":
      return new fields.NumberField({ label, hint, required: true, nullable: false, initial: stat.initial, min: stat.min, max: stat.max, step: stat.step });
    case "boolean":
      return new fields.BooleanField({ label, hint, initial: stat.initial });
    case "text":
      return new fields.StringField({ label, hint, required: true, blank: true, initial: stat.initial });
    case "choice":
      return new fields.StringField({ label, hint, required: true, blank: false, initial: stat.initial, choices: stat.choices.slice() });
    case "group":
      return new fields.SchemaField(schemaFromBlock(stat.fields), { label, hint });
  }
}

/** The schema of one ruleset block (an actor's or item's figures for that ruleset). */
export function schemaFromBlock(block: StatBlock): Fields {
  return Object.fromEntries(Object.keys(block).map((key) => [key, fieldForStat(block[key]!)]));
}
