/**
 * The roll tables pack (pack `tables`) from the engine's defaults: one RollTable
 * per lookup in src/table/roll-tables/catalogue.ts, one Folder per ruleset,
 * names and results in English from lang/en.json. Ids are hashed from lookup
 * ids, so a world's chosen table and links survive regeneration.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LOOKUPS, TABLE_RULESETS, type Label } from "../../src/table/roll-tables/catalogue";
import { stableId } from "../guide/build";

export const TABLES_PACK = "tables";

/** English from lang/en.json, with {placeholders} filled as game.i18n.format does. */
export function englishLabel(root: string): Label {
  const lang = JSON.parse(readFileSync(join(root, "lang/en.json"), "utf8")) as Record<string, unknown>;
  return (key, data) => {
    let v: unknown = lang;
    for (const part of key.split(".")) v = v && typeof v === "object" ? (v as Record<string, unknown>)[part] : undefined;
    const text = typeof v === "string" ? v : key;
    return data ? text.replace(/\{(\w+)\}/g, (m, k: string) => data[k] ?? m) : text;
  };
}

/** The id our pack gives a lookup's RollTable. */
export const tableId = (lookupId: string) => stableId(`table:${lookupId}`);

/** Every source file of the pack: its file name and its document. */
export function buildTables(root: string): { file: string; doc: Record<string, unknown> }[] {
  const label = englishLabel(root);
  const out: { file: string; doc: Record<string, unknown> }[] = [];
  TABLE_RULESETS.forEach((ruleset, i) => {
    const _id = stableId(`table-folder:${ruleset}`);
    out.push({
      file: `folder-${ruleset}.json`,
      doc: { _id, _key: `!folders!${_id}`, name: label(`BOUT.RollTables.Folder.${ruleset}`), type: "RollTable", description: "", folder: null, sorting: "m", sort: (i + 1) * 100000, color: null, flags: {} },
    });
  });
  LOOKUPS.forEach((lookup, index) => {
    const _id = tableId(lookup.id);
    const results = lookup.rows(label).map((row, i) => {
      const rid = stableId(`table:${lookup.id}:${i}`);
      return {
        _id: rid,
        _key: `!tables.results!${_id}.${rid}`,
        type: "text",
        name: row.name,
        img: "icons/svg/d20-black.svg",
        description: "",
        weight: row.range[1] - row.range[0] + 1,
        range: [...row.range],
        drawn: false,
        flags: { bout: { value: row.value, name: row.name } },
      };
    });
    out.push({
      file: `${lookup.id.replace(/\./g, "-").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.json`,
      doc: {
        _id,
        _key: `!tables!${_id}`,
        name: lookup.name(label),
        img: "icons/svg/d20-grey.svg",
        description: `<p>${lookup.description(label)}</p>`,
        results,
        formula: lookup.formula,
        replacement: true,
        displayRoll: true,
        folder: stableId(`table-folder:${lookup.ruleset}`),
        sort: (index + 1) * 1000,
        ownership: { default: 0 },
        flags: { bout: { lookup: lookup.id } },
      },
    });
  });
  return out;
}
