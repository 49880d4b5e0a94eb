/**
 * Which RollTable each lookup reads in this world: the `rollTables` world
 * setting maps a lookup id to a table's uuid; a lookup left out reads ours (the
 * engine's defaults, which the Bout: Tables compendium holds word for word).
 * A chosen table that is gone, or only in a compendium, or does not read, is
 * refused with a notification naming it: the cards never fall back to ours
 * behind the GM's back, since the GM chose that table on purpose.
 */
import { SYSTEM_ID } from "../../config";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { lookupById, type Label, type Pick } from "./catalogue";
import { R, type ResultLike, type TableLike } from "./results";

export const ROLL_TABLES_SETTING = "rollTables";

/** The world's choices: lookup id → RollTable uuid (anything unreadable counts as none). */
export function chosenTables(): Record<string, string> {
  let v: unknown;
  try {
    v = game.settings?.get(SYSTEM_ID, ROLL_TABLES_SETTING);
  } catch {
    v = undefined;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return {};
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""));
}

/** This client's language, formatting {placeholders}. */
export const worldLabel: Label = (key, data) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));

/** A world RollTable as the converter reads it; one only in a compendium, or gone, is refused. */
export function tableOf(uuid: string, lookupId: string): Outcome<TableLike> {
  const lookup = lookupById(lookupId);
  const named = lookup ? lookup.name(worldLabel) : lookupId;
  // A compendium's table is refused even when its pack has it loaded: the cards play only tables in the world.
  if (uuid.startsWith("Compendium.")) return refuse("rollTables.notLoaded", `${R}notLoaded`, { lookup: named });
  let doc: any = null;
  try {
    doc = fromUuidSync(uuid as never);
  } catch {
    doc = null;
  }
  if (!doc || (doc.documentName !== undefined && doc.documentName !== "RollTable")) return refuse("rollTables.missing", `${R}missing`, { lookup: named });
  const results = doc.results;
  if (!results || typeof results.values !== "function") return refuse("rollTables.notLoaded", `${R}notLoaded`, { lookup: named });
  return ok({ name: String(doc.name ?? named), results: [...results.values()] as ResultLike[] });
}

/** The world's pick for a lookup: its chosen table, or null for ours. */
export function worldPick(choices: Record<string, string> = chosenTables()): Pick {
  return (id) => {
    const uuid = choices[id];
    return uuid ? tableOf(uuid, id) : ok(null);
  };
}
