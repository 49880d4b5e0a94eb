/**
 * The steel tables a GM may replace in the world (the seed names them without
 * printing them, so ours are only defaults): the wound tables, the hit zones
 * and the 2d6 missile chart. Each arrives as untyped JSON; a table is taken
 * whole or refused with the first thing wrong with it, so a half-typed table
 * can never reach a resolution.
 */
import { ok, refuse, type Outcome } from "../../outcome";
import { BODY_PARTS, DEFAULT_MISSILE_CHART, DEFAULT_ZONES, type BodyPart, type Zone } from "./hit-locations";
import { DAMAGE_TYPES } from "./stats";
import { DEFAULT_WOUND_TABLE, MAX_WOUND_LEVEL, type WoundEntry, type WoundRow, type WoundTable } from "./wounds";

export interface SteelTables {
  readonly woundTable: WoundTable;
  readonly zones: readonly Zone[];
  readonly missileChart: readonly BodyPart[];
}

export const DEFAULT_STEEL_TABLES: SteelTables = { woundTable: DEFAULT_WOUND_TABLE, zones: DEFAULT_ZONES, missileChart: DEFAULT_MISSILE_CHART };

const K = "BOUT.Steel.Tables.Refusal.";
const bad = (code: string, where: string): Outcome<never> => refuse(`steel.tables.${code}`, `${K}${code}`, { where });
const isPart = (v: unknown): v is BodyPart => typeof v === "string" && (BODY_PARTS as readonly string[]).includes(v);
const count = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 99;

function entry(raw: unknown, where: string): Outcome<WoundEntry> {
  const e = (raw ?? {}) as Record<string, unknown>;
  if (typeof raw !== "object" || raw === null) return bad("entry", where);
  for (const k of ["shock", "pain", "bloodLoss"]) if (!count(e[k])) return bad("entry", `${where}.${k}`);
  for (const k of ["knockdown", "knockout", "fatal"]) if (typeof e[k] !== "boolean") return bad("entry", `${where}.${k}`);
  return ok({ shock: e.shock as number, pain: e.pain as number, bloodLoss: e.bloodLoss as number, knockdown: e.knockdown as boolean, knockout: e.knockout as boolean, fatal: e.fatal as boolean });
}

/** A full wound table: every damage type, every body part, levels 1 to 5. */
export function readWoundTable(raw: unknown): Outcome<WoundTable> {
  if (typeof raw !== "object" || raw === null) return bad("shape", "wounds");
  const out: Record<string, Record<string, WoundRow>> = {};
  for (const type of DAMAGE_TYPES) {
    const byPart = (raw as Record<string, unknown>)[type];
    if (typeof byPart !== "object" || byPart === null) return bad("missing", type);
    out[type] = {};
    for (const part of BODY_PARTS) {
      const row = (byPart as Record<string, unknown>)[part];
      if (!Array.isArray(row) || row.length !== MAX_WOUND_LEVEL) return bad("row", `${type}.${part}`);
      const entries: WoundEntry[] = [];
      for (let i = 0; i < MAX_WOUND_LEVEL; i++) {
        const e = entry(row[i], `${type}.${part}.${i + 1}`);
        if (!e.ok) return e;
        entries.push(e.value);
      }
      out[type]![part] = entries as unknown as WoundRow;
    }
  }
  return ok(out as WoundTable);
}

/** Hit zones: each with a whole id (unique), a form, and six parts for the d6. */
export function readZones(raw: unknown): Outcome<readonly Zone[]> {
  if (!Array.isArray(raw) || raw.length === 0) return bad("shape", "zones");
  const seen = new Set<number>();
  const zones: Zone[] = [];
  for (const [i, z] of raw.entries()) {
    const r = (z ?? {}) as Record<string, unknown>;
    if (!count(r.id) || seen.has(r.id as number)) return bad("zone", `zones.${i}.id`);
    if (r.form !== "swing" && r.form !== "thrust") return bad("zone", `zones.${i}.form`);
    if (!Array.isArray(r.parts) || r.parts.length !== 6 || !r.parts.every(isPart)) return bad("zone", `zones.${i}.parts`);
    seen.add(r.id as number);
    zones.push({ id: r.id as number, form: r.form, parts: [...r.parts] as unknown as Zone["parts"] });
  }
  return ok(zones);
}

/** The 2d6 chart: eleven parts, for totals 2 to 12. */
export function readMissileChart(raw: unknown): Outcome<readonly BodyPart[]> {
  if (!Array.isArray(raw) || raw.length !== 11 || !raw.every(isPart)) return bad("chart", "missileChart");
  return ok([...raw]);
}

/** The world's tables: any left out stay ours. */
export function readSteelTables(raw: unknown): Outcome<SteelTables> {
  if (raw === null || raw === undefined || raw === "") return ok(DEFAULT_STEEL_TABLES);
  if (typeof raw !== "object") return bad("shape", "tables");
  const r = raw as Record<string, unknown>;
  const woundTable = r.woundTable === undefined ? ok(DEFAULT_WOUND_TABLE) : readWoundTable(r.woundTable);
  if (!woundTable.ok) return woundTable;
  const zones = r.zones === undefined ? ok(DEFAULT_ZONES) : readZones(r.zones);
  if (!zones.ok) return zones;
  const missileChart = r.missileChart === undefined ? ok(DEFAULT_MISSILE_CHART) : readMissileChart(r.missileChart);
  if (!missileChart.ok) return missileChart;
  return ok({ woundTable: woundTable.value, zones: zones.value, missileChart: missileChart.value });
}
