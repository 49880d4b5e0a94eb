/**
 * The actionpoints tables seed 002 names without printing, as the world plays
 * them: the GM's form for the ones that are not rolls (action costs, Fatigue
 * costs, the attribute check multiplier, shield bash damage), a labelled cell
 * each, read by the engine's limits; the rolled ones (critical locations and
 * effects) are RollTables chosen in "Roll tables the cards read", read over
 * these (src/table/roll-tables/).
 */
import { ACTION_LIMITS, AP_TABLE_LIMITS, DEFAULT_AP_TABLES, apCriticalRule, critThroughBlockReading, readApTables, type ApTables, type CritThroughBlock } from "../../engine/rulesets/actionpoints";
import type { PercentileCriticalRule } from "../../engine/dice";
import type { Outcome } from "../../engine/outcome";
import { storedTables } from "../../applications/settings/stored-tables";
import { cellsEditor, cellValue, type Cell, GM_ONLY_REFUSAL } from "../../applications/settings/cells-editor";
import { assembleAp } from "../roll-tables/catalogue";
import { worldLabel, worldPick } from "../roll-tables/world";


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

const K = "BOUT.ActionPoints.Tables.";
const ROLLED = ["criticalLocations", "criticalEffects"] as const;
const FORM = ["actionCosts", "defenceFatigue", "advantageFatigue", "checkMultiplier", "shieldBashDamage"] as const;
const field = (where: string) => where.replaceAll(".", "__");

/** The stored setting as an object (nothing stored: an empty one). */
function stored(): Record<string, unknown> {
  const s = storedTables("apTables");
  return s && typeof s === "object" && !Array.isArray(s) ? (s as Record<string, unknown>) : {};
}

/**
 * The critical tables an older world saved in this editor before they became
 * RollTables: they still apply where no RollTable is chosen (so the world plays
 * on as before), are named in the editor and in a one-time notice, and can be
 * dropped; they are no longer edited here.
 */
export function apLegacyTables(): string[] {
  const s = stored();
  const read = readApTables(Object.fromEntries(ROLLED.filter((k) => s[k] !== undefined).map((k) => [k, s[k]])));
  if (!read.ok) return [];
  return ROLLED.filter((k) => s[k] !== undefined && JSON.stringify(read.value[k]) !== JSON.stringify(DEFAULT_AP_TABLES[k]));
}

/** GM: every cell read by the engine; all sound writes the setting once (keeping an older world's critical tables), any fault refuses and writes nothing. */
export async function saveApTables(values: Record<string, unknown>): Promise<Outcome<unknown>> {
  if (!game.user?.isGM) return GM_ONLY_REFUSAL;
  const now = apJsonTables();
  const cell = (where: string) => cellValue(values[field(where)]);
  const raw: Record<string, unknown> = {
    ...stored(),
    actionCosts: now.actionCosts.map((a, i) => ({ ...a, ap: cell(`actionCosts.${i}.ap`), kind: cell(`actionCosts.${i}.kind`) })),
    defenceFatigue: Object.fromEntries(Object.keys(now.defenceFatigue).map((k) => [k, cell(`defenceFatigue.${k}`)])),
    advantageFatigue: Object.fromEntries(Object.keys(now.advantageFatigue).map((k) => [k, cell(`advantageFatigue.${k}`)])),
    checkMultiplier: cell("checkMultiplier"),
    shieldBashDamage: cell("shieldBashDamage"),
  };
  const read = readApTables(raw);
  if (!read.ok) return read;
  const s = stored();
  const keep = Object.fromEntries(ROLLED.filter((k) => s[k] !== undefined).map((k) => [k, read.value[k]]));
  await game.settings!.set("bout", "apTables", JSON.stringify({ ...keep, ...Object.fromEntries(FORM.map((k) => [k, read.value[k]])) }));
  return { ok: true, value: true };
}

/** Writes the setting with only what `keep` names of it ("" when nothing is left). */
async function keepOnly(keep: readonly string[]): Promise<void> {
  const s = stored();
  const left = Object.fromEntries(keep.filter((k) => s[k] !== undefined).map((k) => [k, s[k]]));
  await game.settings!.set("bout", "apTables", Object.keys(left).length ? JSON.stringify(left) : "");
}

const KINDS = Object.keys(ACTION_LIMITS).map((k) => ({ value: k, label: `${K}Kind.${k}` }));
const number = (where: string, value: number, limits: { min: number; max: number }): Cell => ({ name: field(where), where, kind: "number", value, ...limits });

export const ApTablesEditor = cellsEditor({
  id: "bout-ap-tables",
  keys: K,
  notes() {
    const legacy = apLegacyTables();
    return [
      { text: `${K}RollTables` },
      ...(legacy.length ? [{ text: `${K}Legacy`, data: { tables: legacy.map((k) => game.i18n!.localize(`${K}Rolled.${k}`)).join(", ") }, action: { id: "forgetLegacy", label: `${K}Forget` } }] : []),
    ];
  },
  groups() {
    const t = apJsonTables();
    const L = AP_TABLE_LIMITS;
    return [
      {
        label: `${K}Group.actionCosts`,
        rowHeader: `${K}Column.action`,
        columns: [`${K}Column.ap`, `${K}Column.kind`],
        rows: t.actionCosts.map((a, i) => ({ label: a.label, cells: [number(`actionCosts.${i}.ap`, a.ap, L.ap), { name: field(`actionCosts.${i}.kind`), where: `actionCosts.${i}.kind`, kind: "select", value: a.kind, options: KINDS } as Cell] })),
      },
      {
        label: `${K}Group.defenceFatigue`,
        rowHeader: `${K}Column.defence`,
        columns: [`${K}Column.fatigue`],
        rows: Object.entries(t.defenceFatigue).map(([k, v]) => ({ label: `BOUT.ActionPoints.Table.Defence.${k}`, cells: [number(`defenceFatigue.${k}`, v, L.fatigue)] })),
      },
      {
        label: `${K}Group.advantageFatigue`,
        rowHeader: `${K}Column.advantage`,
        columns: [`${K}Column.fatigue`],
        rows: Object.entries(t.advantageFatigue).map(([k, v]) => ({ label: `BOUT.ActionPoints.Advantage.${k}`, cells: [number(`advantageFatigue.${k}`, v, L.fatigue)] })),
      },
      {
        label: `${K}Group.figures`,
        rowHeader: `${K}Column.figure`,
        columns: [`${K}Column.value`],
        rows: [
          { label: `${K}Field.checkMultiplier`, cells: [number("checkMultiplier", t.checkMultiplier, L.checkMultiplier)] },
          { label: `${K}Field.shieldBashDamage`, cells: [number("shieldBashDamage", t.shieldBashDamage, L.shieldBashDamage)] },
        ],
      },
    ];
  },
  save: saveApTables,
  reset: () => keepOnly(ROLLED),
  noteActions: { forgetLegacy: () => keepOnly(FORM) },
});
