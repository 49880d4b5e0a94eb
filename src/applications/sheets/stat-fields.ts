import type { Stat, StatBlock } from "../../engine/rulesets/stats";

/** One statistic ready for the `stat-field` partial. Labels stay keys: templates localize. */
export interface StatFieldContext {
  readonly key: string;
  /** Form name, e.g. `system.steel.reflex`. */
  readonly name: string;
  readonly id: string;
  readonly kind: Stat["kind"];
  readonly label: string;
  readonly hint?: string;
  readonly value: unknown;
  readonly min?: number;
  readonly max?: number;
  /** Templates cannot test for a zero minimum with `#if`, so presence is explicit. */
  readonly hasMin?: boolean;
  readonly hasMax?: boolean;
  readonly step?: number | "any";
  readonly choices?: readonly { readonly value: string; readonly label: string; readonly selected: boolean }[];
  readonly fields?: readonly StatFieldContext[];
  /** A state that is a token condition: its status id (the box sets or clears the condition, never a stored figure). */
  readonly status?: string;
}

/**
 * The fields of one ruleset block, in the order the ruleset declares them, with the
 * stored values. Sheets render them generically, so a new statistic in the engine
 * appears on every sheet without template changes.
 */
export function statFields(block: StatBlock, values: unknown, prefix: string, idPrefix: string): StatFieldContext[] {
  const source = (values ?? {}) as Record<string, unknown>;
  return Object.entries(block).map(([key, stat]) => {
    const name = `${prefix}.${key}`;
    const id = `${idPrefix}-${name.replaceAll(".", "-")}`;
    const value = source[key];
    const base = { key, name, id, kind: stat.kind, label: stat.label, ...(stat.hint ? { hint: stat.hint } : {}) };
    switch (stat.kind) {
      case "integer":
        return { ...base, value: value ?? stat.initial, min: stat.min, max: stat.max, hasMin: stat.min !== undefined, hasMax: stat.max !== undefined, step: 1 };
      case "number":
        return { ...base, value: value ?? stat.initial, min: stat.min, max: stat.max, hasMin: stat.min !== undefined, hasMax: stat.max !== undefined, step: stat.step ?? "any" };
      case "boolean":
        return { ...base, value: value ?? stat.initial, ...(stat.status ? { status: stat.status } : {}) };
      case "text":
        return { ...base, value: value ?? stat.initial };
      case "choice": {
        const current = (value as string | undefined) ?? stat.initial;
        const choices = stat.choices.map((c) => ({ value: c, label: `${stat.choiceLabels}.${c}`, selected: c === current }));
        return { ...base, value: current, choices };
      }
      case "group":
        return { ...base, value: undefined, fields: statFields(stat.fields, value, name, idPrefix) };
    }
  });
}
