/**
 * The GM's editor for the actionpoints tables seed 002 names without printing
 * (action costs, Fatigue costs, critical locations and effects) and two
 * figures of ours (the attribute check multiplier, shield bash damage). Each
 * table is JSON in a box, prefilled with what the world uses now; Save reads
 * them all with the engine and writes the world setting only when all are
 * sound; Reset goes back to ours (the shared JSON tables editor).
 */
import { DEFAULT_AP_TABLES, apCriticalRule, critThroughBlockReading, readApTables, type ApTables, type CritThroughBlock } from "../../engine/rulesets/actionpoints";
import type { PercentileCriticalRule } from "../../engine/dice";
import type { Outcome } from "../../engine/outcome";
import { prettyTable, storedTables, tablesEditor } from "../../applications/settings/tables-editor";
import { assembleAp } from "../roll-tables/catalogue";
import { worldLabel, worldPick } from "../roll-tables/world";

export const AP_TABLE_BOXES = ["actionCosts", "defenceFatigue", "advantageFatigue", "criticalLocations", "criticalEffects"] as const;
export const AP_TABLE_NUMBERS = ["checkMultiplier", "shieldBashDamage"] as const;

/**
 * The GM's JSON tables, else ours (a stored table that no longer reads is
 * ignored). Costs and figures come only from these; the chosen critical
 * RollTables matter only to a resolution, which reads apTablesRead.
 */
export function apJsonTables(): ApTables {
  const read = readApTables(storedTables("apTables"));
  return read.ok ? read.value : DEFAULT_AP_TABLES;
}

/** The tables a resolution plays with: the chosen critical RollTables over the JSON tables over ours, refused whole when a chosen table does not read. */
export function apTablesRead(): Outcome<ApTables> {
  return assembleAp(apJsonTables(), worldPick(), worldLabel);
}

/** What the world counts as a critical on the d100. */
export function apRule(): PercentileCriticalRule {
  let id: unknown;
  try {
    id = game.settings?.get("bout", "apCriticals");
  } catch {
    id = undefined;
  }
  return apCriticalRule(id);
}

/** How this world takes a critical through a successful Shield Block (seed 002 IV.c.i.3). */
export function apCritThroughBlock(): CritThroughBlock {
  let v: unknown;
  try {
    v = game.settings?.get("bout", "apCritThroughBlock");
  } catch {
    v = undefined;
  }
  return critThroughBlockReading(v);
}

/** GM: read every box; all sound writes one setting, any fault refuses and writes nothing. */
export async function saveApTables(text: Record<string, unknown>): Promise<Outcome<unknown>> {
  const raw: Record<string, unknown> = {};
  for (const key of AP_TABLE_BOXES) {
    try {
      raw[key] = JSON.parse(String(text[key] ?? ""));
    } catch {
      return { ok: false, refusal: { code: "actionpoints.tables.json", message: "BOUT.ActionPoints.Tables.Refusal.json", data: { where: key } } };
    }
  }
  for (const key of AP_TABLE_NUMBERS) raw[key] = typeof text[key] === "string" && text[key] !== "" ? Number(text[key]) : text[key];
  const read = readApTables(raw);
  if (!read.ok) return read;
  await game.settings!.set("bout", "apTables", JSON.stringify(read.value));
  return { ok: true, value: true };
}

export const ApTablesEditor = tablesEditor({
  id: "bout-ap-tables",
  keys: "BOUT.ActionPoints.Tables.",
  setting: "apTables",
  boxes() {
    const t = apJsonTables();
    return AP_TABLE_BOXES.map((key) => ({ key, label: `BOUT.ActionPoints.Tables.Field.${key}`, text: prettyTable(t[key]), rows: key === "actionCosts" || key === "criticalEffects" ? 10 : 5 }));
  },
  numbers() {
    const t = apJsonTables();
    return AP_TABLE_NUMBERS.map((key) => ({ key, label: `BOUT.ActionPoints.Tables.Field.${key}`, value: t[key] }));
  },
  save: saveApTables,
});
