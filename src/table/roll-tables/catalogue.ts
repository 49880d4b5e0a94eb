/**
 * Every table a seed names without printing that is rolled (or read by a rolled
 * or counted number): hit zones, the missile chart and the wound tables in
 * steel; critical locations and effects in actionpoints; hit locations, Oops!
 * and the Critical table in opposed. Each lookup knows how to write our default
 * as RollTable results (the compendium is generated from these, tools/tables)
 * and how to read a RollTable's results back into the engine's shape; the
 * engine's own readers then take the assembled tables whole or refuse them.
 * The phases tracks and the pulse thresholds are not rolls and stay settings.
 */
import { ok, type Outcome } from "../../engine/outcome";
import { BODY_PARTS, DAMAGE_TYPES, DEFAULT_MISSILE_CHART, DEFAULT_WOUND_TABLE, DEFAULT_ZONES, readMissileChart, readWoundTable, readZones, type BodyPart, type SteelTables, type WoundEntry, type Zone } from "../../engine/rulesets/steel";
import { CRITICAL_LOCATIONS, DEFAULT_AP_TABLES, readCriticalEffects, readCriticalLocations, type ApTables, type CriticalEffect } from "../../engine/rulesets/actionpoints";
import { DEFAULT_CRITICAL_TABLE, DEFAULT_OPPOSED_TABLES, HIT_LOCATIONS, LOCATIONS, OOPS_EFFECTS, OOPS_TABLE, readCriticalBands, readHitLocationTable, readOopsTable, type Band, type Location, type OpposedTables } from "../../engine/rulesets/opposed";
import { asBands, byFace, boutFlags, matchId, type FromName, type TableLike } from "./results";

/** Localize (and format, with data) a key; the generator passes English, the shell the client's language. */
export type Label = (key: string, data?: Record<string, string>) => string;

export type TableRuleset = "steel" | "actionpoints" | "opposed";
export const TABLE_RULESETS: readonly TableRuleset[] = ["steel", "actionpoints", "opposed"];

/** One result as we write it: its range, its name, and the value the engine reads while the name is unchanged. */
export interface TableRow {
  readonly range: readonly [number, number];
  readonly name: string;
  readonly value: unknown;
}

export interface Lookup {
  /** Stable: names the lookup in the world setting and the table in the compendium. */
  readonly id: string;
  readonly ruleset: TableRuleset;
  readonly name: (label: Label) => string;
  readonly description: (label: Label) => string;
  readonly formula: string;
  /** Our default, as results. */
  readonly rows: (label: Label) => TableRow[];
}

const K = "BOUT.RollTables.";
const partLabel = (label: Label) => (p: BodyPart) => label(`BOUT.Steel.Part.${p}`);

/** A wound line as words a GM can retype: "Shock 3, Pain 2, Blood loss 4, knockdown". */
export function woundLine(e: WoundEntry): string {
  const flags = (["knockdown", "knockout", "fatal"] as const).filter((k) => e[k]);
  return [`Shock ${e.shock}`, `Pain ${e.pain}`, `Blood loss ${e.bloodLoss}`, ...flags].join(", ");
}

/** A retyped wound line read back (English words, any order; a number left out is 0); anything else is not a wound line. */
export function parseWoundLine(text: string): WoundEntry | undefined {
  const e = { shock: 0, pain: 0, bloodLoss: 0, knockdown: false, knockout: false, fatal: false };
  for (const raw of text.split(/[,;]/)) {
    const t = raw.trim().toLowerCase().replace(/\s+/g, " ");
    if (!t) continue;
    const n = /^(shock|pain|blood loss) (\d{1,2})$/.exec(t);
    if (n) e[n[1] === "blood loss" ? "bloodLoss" : (n[1] as "shock" | "pain")] = Number(n[2]);
    else if (t === "knockdown" || t === "knockout" || t === "fatal") e[t] = true;
    else return undefined;
  }
  return e;
}

const zoneLookup = (z: Zone): Lookup => ({
  id: `steel.zone.${z.id}`,
  ruleset: "steel",
  name: (label) => label(`${K}Name.steelZone`, { id: String(z.id), form: label(`${K}Form.${z.form}`) }),
  description: (label) => label(`${K}Desc.steelZone`),
  formula: "1d6",
  rows: (label) => z.parts.map((p, i) => ({ range: [i + 1, i + 1] as const, name: partLabel(label)(p), value: p })),
});

const missileLookup: Lookup = {
  id: "steel.missile",
  ruleset: "steel",
  name: (label) => label(`${K}Name.steelMissile`),
  description: (label) => label(`${K}Desc.steelMissile`),
  formula: "2d6",
  rows: (label) => DEFAULT_MISSILE_CHART.map((p, i) => ({ range: [i + 2, i + 2] as const, name: partLabel(label)(p), value: p })),
};

const woundLookup = (type: (typeof DAMAGE_TYPES)[number], part: BodyPart): Lookup => ({
  id: `steel.wound.${type}.${part}`,
  ruleset: "steel",
  name: (label) => label(`${K}Name.steelWound`, { type: label(`BOUT.Steel.Stat.DamageType.${type}`), part: label(`BOUT.Steel.Part.${part}`) }),
  description: (label) => label(`${K}Desc.steelWound`),
  formula: "1d5",
  rows: () => DEFAULT_WOUND_TABLE[type][part].map((e, i) => ({ range: [i + 1, i + 1] as const, name: woundLine(e), value: e })),
});

const bandRows = <T>(bands: readonly Band<T>[], name: (v: T) => string): TableRow[] => bands.map((b) => ({ range: [b.from, b.to] as const, name: name(b.value), value: b.value }));

const apLocations: Lookup = {
  id: "actionpoints.criticalLocations",
  ruleset: "actionpoints",
  name: (label) => label(`${K}Name.apCriticalLocations`),
  description: (label) => label(`${K}Desc.apCriticalLocations`),
  formula: "1d100",
  rows: (label) => bandRows(DEFAULT_AP_TABLES.criticalLocations, (v) => label(`BOUT.ActionPoints.Location.${v}`)),
};

const apEffects: Lookup = {
  id: "actionpoints.criticalEffects",
  ruleset: "actionpoints",
  name: (label) => label(`${K}Name.apCriticalEffects`),
  description: (label) => label(`${K}Desc.apCriticalEffects`, { order: CRITICAL_LOCATIONS.map((l, i) => `${i + 1} ${label(`BOUT.ActionPoints.Location.${l}`)}`).join(", ") }),
  formula: "1d5",
  rows: (label) => CRITICAL_LOCATIONS.map((l, i) => ({ range: [i + 1, i + 1] as const, name: label(DEFAULT_AP_TABLES.criticalEffects[l].text), value: DEFAULT_AP_TABLES.criticalEffects[l] })),
};

const opposedHit: Lookup = {
  id: "opposed.hitLocations",
  ruleset: "opposed",
  name: (label) => label(`${K}Name.opposedHitLocations`),
  description: (label) => label(`${K}Desc.opposedHitLocations`),
  formula: "1d100",
  rows: (label) => bandRows(HIT_LOCATIONS, (v) => label(`BOUT.Opposed.Stat.Location.${v}`)),
};

const opposedOops: Lookup = {
  id: "opposed.oops",
  ruleset: "opposed",
  name: (label) => label(`${K}Name.opposedOops`),
  description: (label) => label(`${K}Desc.opposedOops`),
  formula: "1d100",
  rows: (label) => bandRows(OOPS_TABLE, (v) => label(`BOUT.Opposed.Oops.${v}`)),
};

const opposedCritical = (location: Location): Lookup => ({
  id: `opposed.critical.${location}`,
  ruleset: "opposed",
  name: (label) => label(`${K}Name.opposedCritical`, { location: label(`BOUT.Opposed.Stat.Location.${location}`) }),
  description: (label) => label(`${K}Desc.opposedCritical`),
  formula: "1d100",
  rows: (label) => bandRows(DEFAULT_CRITICAL_TABLE[location], (v) => label(v)),
});

export const LOOKUPS: readonly Lookup[] = [
  ...DEFAULT_ZONES.map(zoneLookup),
  missileLookup,
  ...DAMAGE_TYPES.flatMap((type) => BODY_PARTS.map((part) => woundLookup(type, part))),
  apLocations,
  apEffects,
  opposedHit,
  opposedOops,
  ...LOCATIONS.map(opposedCritical),
];

export const lookupById = (id: string): Lookup | undefined => LOOKUPS.find((l) => l.id === id);

/** The world's choice for a lookup: a table to read, or null for ours. */
export type Pick = (id: string) => Outcome<TableLike | null>;

const parts = (label: Label): FromName<BodyPart> => matchId(BODY_PARTS, partLabel(label));

/** Steel's tables with every chosen RollTable read in, checked whole by the engine's readers. */
export function assembleSteel(base: SteelTables, pick: Pick, label: Label): Outcome<SteelTables> {
  let zones = base.zones;
  let missileChart = base.missileChart;
  let woundTable = base.woundTable;
  const zoneOut: unknown[] = [];
  let zonesChanged = false;
  for (const z of zones) {
    const t = pick(`steel.zone.${z.id}`);
    if (!t.ok) return t;
    if (!t.value) {
      zoneOut.push(z);
      continue;
    }
    const read = byFace(t.value, 1, 6, parts(label));
    if (!read.ok) return read;
    zoneOut.push({ id: z.id, form: z.form, parts: read.value });
    zonesChanged = true;
  }
  if (zonesChanged) {
    const read = readZones(zoneOut);
    if (!read.ok) return read;
    zones = read.value;
  }
  const m = pick("steel.missile");
  if (!m.ok) return m;
  if (m.value) {
    const faces = byFace(m.value, 2, 12, parts(label));
    if (!faces.ok) return faces;
    const read = readMissileChart(faces.value);
    if (!read.ok) return read;
    missileChart = read.value;
  }
  let wounds: Record<string, Record<string, unknown>> | null = null;
  for (const type of DAMAGE_TYPES) {
    for (const part of BODY_PARTS) {
      const t = pick(`steel.wound.${type}.${part}`);
      if (!t.ok) return t;
      if (!t.value) continue;
      const row = byFace(t.value, 1, 5, (name) => parseWoundLine(name));
      if (!row.ok) return row;
      wounds ??= Object.fromEntries(DAMAGE_TYPES.map((ty) => [ty, { ...woundTable[ty] }]));
      wounds[type]![part] = row.value;
    }
  }
  if (wounds) {
    const read = readWoundTable(wounds);
    if (!read.ok) return read;
    woundTable = read.value;
  }
  return ok({ zones, missileChart, woundTable });
}

/** Actionpoints' tables with the chosen critical location and effect tables read in. */
export function assembleAp(base: ApTables, pick: Pick, label: Label): Outcome<ApTables> {
  let out = base;
  const loc = pick("actionpoints.criticalLocations");
  if (!loc.ok) return loc;
  if (loc.value) {
    const bands = asBands(loc.value, matchId(CRITICAL_LOCATIONS, (l) => label(`BOUT.ActionPoints.Location.${l}`)));
    if (!bands.ok) return bands;
    const read = readCriticalLocations(bands.value);
    if (!read.ok) return read;
    out = { ...out, criticalLocations: read.value };
  }
  const eff = pick("actionpoints.criticalEffects");
  if (!eff.ok) return eff;
  if (eff.value) {
    // A retyped effect keeps our figures for its place (extra Body, kneel, drop) and takes the GM's words.
    const faces = byFace<CriticalEffect>(eff.value, 1, CRITICAL_LOCATIONS.length, (name, r) => {
      const at = Number(r.range[0]) - 1;
      const ours = (boutFlags(r).value as CriticalEffect | undefined) ?? out.criticalEffects[CRITICAL_LOCATIONS[at]!];
      return ours ? { ...ours, text: name } : undefined;
    });
    if (!faces.ok) return faces;
    const read = readCriticalEffects(Object.fromEntries(CRITICAL_LOCATIONS.map((l, i) => [l, faces.value[i]])));
    if (!read.ok) return read;
    out = { ...out, criticalEffects: read.value };
  }
  return ok(out);
}

export { DEFAULT_OPPOSED_TABLES, type OpposedTables };

/** Opposed's d100 tables with the chosen ones read in. */
export function assembleOpposed(pick: Pick, label: Label): Outcome<OpposedTables> {
  let { hitLocations, oops } = DEFAULT_OPPOSED_TABLES;
  const critical: Record<string, readonly Band<string>[]> = { ...DEFAULT_OPPOSED_TABLES.critical };
  const hit = pick("opposed.hitLocations");
  if (!hit.ok) return hit;
  if (hit.value) {
    const bands = asBands(hit.value, matchId(LOCATIONS, (l) => label(`BOUT.Opposed.Stat.Location.${l}`)));
    if (!bands.ok) return bands;
    const read = readHitLocationTable(bands.value, hit.value.name);
    if (!read.ok) return read;
    hitLocations = read.value;
  }
  const o = pick("opposed.oops");
  if (!o.ok) return o;
  if (o.value) {
    const bands = asBands(o.value, matchId(OOPS_EFFECTS, (e) => label(`BOUT.Opposed.Oops.${e}`)));
    if (!bands.ok) return bands;
    const read = readOopsTable(bands.value, o.value.name);
    if (!read.ok) return read;
    oops = read.value;
  }
  for (const location of LOCATIONS) {
    const c = pick(`opposed.critical.${location}`);
    if (!c.ok) return c;
    if (!c.value) continue;
    const bands = asBands(c.value, (name) => name);
    if (!bands.ok) return bands;
    const read = readCriticalBands(bands.value, location, c.value.name);
    if (!read.ok) return read;
    critical[location] = read.value;
  }
  return ok({ hitLocations, oops, critical: critical as OpposedTables["critical"] });
}
