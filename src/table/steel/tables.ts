/**
 * The steel tables the seed names without printing (wound tables, hit zones,
 * the 2d6 missile chart), as the world plays them: each lookup's chosen
 * RollTable ("Roll tables the cards read"), over what an older world saved in
 * the old JSON editor, over ours.
 */
import { DEFAULT_STEEL_TABLES, readSteelTables, type SteelTables } from "../../engine/rulesets/steel";
import type { Outcome } from "../../engine/outcome";
import { storedTables } from "../../applications/settings/stored-tables";
import { cellsEditor } from "../../applications/settings/cells-editor";
import { assembleSteel } from "../roll-tables/catalogue";
import { worldLabel, worldPick } from "../roll-tables/world";

/** What an older world saved in the old editor, else ours (a stored table that no longer reads is ignored). */
export function steelJsonTables(): SteelTables {
  const read = readSteelTables(storedTables("steelTables"));
  return read.ok ? read.value : DEFAULT_STEEL_TABLES;
}

/**
 * The tables a resolution plays with: each lookup's chosen RollTable over the
 * JSON tables over ours, refused whole when a chosen table does not read.
 */
export function steelTablesRead(): Outcome<SteelTables> {
  return assembleSteel(steelJsonTables(), worldPick(), worldLabel);
}

/** For offering choices in a dialog (zone ids and parts); a resolution reads steelTablesRead and refuses a bad table. */
export function steelTables(): SteelTables {
  const read = steelTablesRead();
  return read.ok ? read.value : steelJsonTables();
}

const K = "BOUT.Steel.Tables.";
const PARTS = ["woundTable", "zones", "missileChart"] as const;

/**
 * The tables an older world saved in this editor before they became RollTables
 * (wound tables, hit zones, missile chart), where they differ from ours: they
 * still apply where no RollTable is chosen, so the world plays on as before;
 * the editor and a one-time notice name them, and the GM may drop them.
 */
export function steelLegacyTables(): string[] {
  const s = storedTables("steelTables");
  if (!s || typeof s !== "object") return [];
  const now = steelJsonTables();
  return PARTS.filter((k) => (s as Record<string, unknown>)[k] !== undefined && JSON.stringify(now[k]) !== JSON.stringify(DEFAULT_STEEL_TABLES[k]));
}

/**
 * The steel tables are all rolls: edited as RollTables only. What is left here
 * points there, and names (and can drop) what an older world saved.
 */
export const SteelTablesEditor = cellsEditor({
  id: "bout-steel-tables",
  keys: K,
  notes() {
    const legacy = steelLegacyTables();
    return [
      { text: `${K}RollTables` },
      ...(legacy.length ? [{ text: `${K}Legacy`, data: { tables: legacy.map((k) => game.i18n!.localize(`${K}Rolled.${k}`)).join(", ") }, action: { id: "forgetLegacy", label: `${K}Forget` } }] : []),
    ];
  },
  groups: () => [],
  save: async () => ({ ok: true, value: true }),
  reset: async () => {},
  noteActions: { forgetLegacy: () => game.settings!.set("bout", "steelTables", "").then(() => undefined) },
});
