/**
 * The armory's words (pure): what the grid calls a column and a choice, and the
 * way back from those words to the keys and values the items store. A file may
 * say "Steel: Reach", "reach" or "steel.reach" for a column, and "Cutting",
 * "cutting" or the stored value for a choice; an export writes the words.
 *
 * `localize` turns a localization key into the client's words (the shell passes
 * game.i18n's; a test passes English from lang/en.json). Without it everything
 * is read and written by key and stored value, as before words existed.
 */
import { FIGURE_SOURCES } from "../../data/shared/ruleset-blocks";
import type { RulesetId } from "../../engine/rulesets/ruleset";
import { allColumns, FIXED_COLUMNS, type ArmoryColumn, type ArmoryKind } from "./columns";

export type Localize = (key: string) => string;

/** Case, surrounding spaces and runs of spaces do not tell two words apart. */
export const fold = (text: string): string => text.trim().replace(/\s+/g, " ").toLocaleLowerCase();

/** A fixed column's name (id, name, image), as the grid's header says it. */
export const fixedWords = (key: (typeof FIXED_COLUMNS)[number], localize: Localize): string => localize(`BOUT.Armory.Column.${key}`);

/** A ruleset's short name, as the item sheet's tabs say it. */
export const rulesetWords = (ruleset: RulesetId, localize: Localize): string => localize(`BOUT.Sheet.RulesetShort.${ruleset}`);

/** A column as the grid's header names it: the figure's label, under its group's if it has one. */
export function columnWords(column: ArmoryColumn, localize: Localize): string {
  if (column.type === "source") return localize("BOUT.Item.FigureSource.Label");
  const label = localize(column.label);
  return column.group ? `${localize(column.group)}: ${label}` : label;
}

/** A column as a file's header names it: its ruleset, then the grid's words ("Steel: Reach"). */
export const headerWords = (column: ArmoryColumn, localize: Localize): string => `${rulesetWords(column.ruleset, localize)}: ${columnWords(column, localize)}`;

/** The choices a column takes (a choice figure's, or the "figures from" marker's), and the localization key of each one's words; none for other columns. */
function choicesOf(column: ArmoryColumn): { readonly values: readonly string[]; readonly key: (value: string) => string } | null {
  if (column.type === "source") return { values: FIGURE_SOURCES, key: (v) => `BOUT.Item.FigureSource.${v}` };
  if (column.stat.kind === "choice") {
    const prefix = column.stat.choiceLabels;
    return { values: column.stat.choices, key: (v) => `${prefix}.${v}` };
  }
  return null;
}

/** A choice cell's value as the grid's menu shows it; any other value as it is. */
export function valueWords(column: ArmoryColumn, value: unknown, localize: Localize): unknown {
  const choices = choicesOf(column);
  return choices && typeof value === "string" && choices.values.includes(value) ? localize(choices.key(value)) : value;
}

/** The choices of a column as words, for a refusal ("Cutting, Piercing, Crushing"); stored values without `localize`. */
export function choiceList(column: ArmoryColumn, localize?: Localize): string {
  const choices = choicesOf(column);
  if (!choices) return "";
  return choices.values.map((v) => (localize ? localize(choices.key(v)) : v)).join(", ");
}

/**
 * The stored value a choice cell names: the value itself (exactly, then in any
 * case), else the words the grid shows for it (in any case); undefined when it
 * names none.
 */
export function choiceOf(column: ArmoryColumn, text: string, localize?: Localize): string | undefined {
  const choices = choicesOf(column);
  if (!choices) return undefined;
  if (choices.values.includes(text)) return text;
  const wanted = fold(text);
  return choices.values.find((v) => fold(v) === wanted) ?? (localize ? choices.values.find((v) => fold(localize(choices.key(v))) === wanted) : undefined);
}

/** What a file's header names: a column key, or why it names none. */
export type HeaderReading = { readonly key: string } | { readonly unknown: true } | { readonly ambiguous: true };

/**
 * Reads a file's headers for a kind: the fixed columns by key or by the grid's
 * words; a figure by its key, by "Ruleset: words" as the export writes it, or by
 * the grid's words alone, which name the figure of the ruleset shown
 * (`shown`), else the one ruleset that has such a figure. Any case.
 */
export function headerReader(kind: ArmoryKind, options: { readonly localize?: Localize; readonly shown?: RulesetId } = {}): (header: string) => HeaderReading {
  const { localize, shown } = options;
  const exact = new Map<string, string>();
  const bare = new Map<string, string[]>();
  for (const key of FIXED_COLUMNS) {
    exact.set(fold(key), key);
    if (localize) exact.set(fold(fixedWords(key, localize)), key);
  }
  for (const column of allColumns(kind)) {
    exact.set(fold(column.key), column.key);
    if (!localize) continue;
    exact.set(fold(headerWords(column, localize)), column.key);
    const words = fold(columnWords(column, localize));
    bare.set(words, [...(bare.get(words) ?? []), column.key]);
  }
  const rulesetOf = (key: string) => key.slice(0, key.indexOf(".")) as RulesetId;
  return (header) => {
    const h = fold(header);
    const key = exact.get(h);
    if (key) return { key };
    const keys = bare.get(h) ?? [];
    const inShown = keys.find((k) => rulesetOf(k) === shown);
    if (inShown) return { key: inShown };
    if (keys.length === 1) return { key: keys[0]! };
    return keys.length ? { ambiguous: true } : { unknown: true };
  };
}
