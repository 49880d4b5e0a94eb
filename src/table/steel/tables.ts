/**
 * The GM's editor for the steel tables the seed names without printing (wound
 * tables, hit zones, the 2d6 missile chart), in the shared JSON tables editor;
 * Save checks every box with the engine and writes the world setting only
 * when all are sound.
 */
import { DEFAULT_STEEL_TABLES, readMissileChart, readSteelTables, readWoundTable, readZones, type SteelTables } from "../../engine/rulesets/steel";
import type { Outcome } from "../../engine/outcome";
import { prettyTable, storedTables, tablesEditor } from "../../applications/settings/tables-editor";
import { assembleSteel } from "../roll-tables/catalogue";
import { worldLabel, worldPick } from "../roll-tables/world";

/** The GM's JSON tables, else ours (a stored table that no longer reads is ignored). */
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

/** GM: check every box; all sound writes one setting, any fault refuses and writes nothing. */
export async function saveSteelTables(text: { woundTable: string; zones: string; missileChart: string }): Promise<Outcome<unknown>> {
  const parsed: Record<string, unknown> = {};
  const readers: Record<string, (raw: unknown) => Outcome<unknown>> = { woundTable: readWoundTable, zones: readZones, missileChart: readMissileChart };
  for (const [key, reader] of Object.entries(readers)) {
    let raw: unknown;
    try {
      raw = JSON.parse(text[key as keyof typeof text]);
    } catch {
      return { ok: false, refusal: { code: "steel.tables.json", message: "BOUT.Steel.Tables.Refusal.json", data: { where: key } } };
    }
    const read = reader(raw);
    if (!read.ok) return read;
    parsed[key] = read.value;
  }
  await game.settings!.set("bout", "steelTables", JSON.stringify(parsed));
  return { ok: true, value: true };
}

export const SteelTablesEditor = tablesEditor({
  id: "bout-steel-tables",
  keys: "BOUT.Steel.Tables.",
  setting: "steelTables",
  boxes() {
    const t = steelJsonTables();
    return [
      { key: "woundTable", label: "BOUT.Steel.Tables.Wounds", text: prettyTable(t.woundTable), rows: 10 },
      { key: "zones", label: "BOUT.Steel.Tables.Zones", text: prettyTable(t.zones), rows: 8 },
      { key: "missileChart", label: "BOUT.Steel.Tables.MissileChart", text: prettyTable(t.missileChart), rows: 4 },
    ];
  },
  save: (o) => saveSteelTables({ woundTable: String(o.woundTable ?? ""), zones: String(o.zones ?? ""), missileChart: String(o.missileChart ?? "") }),
});
