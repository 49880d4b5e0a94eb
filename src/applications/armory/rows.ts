/**
 * The armory's rows (pure): one item as a flat record of its figures for every
 * ruleset, keyed by column. Editing a row returns a new one; comparing a row
 * with the stored item gives the cells that changed and the one update to write.
 */
import { initialValues } from "../../engine/rulesets/stats";
import { RULESETS } from "../../engine/rulesets/registry";
import { RULESET_IDS, type RulesetId } from "../../engine/rulesets/ruleset";
import { allColumns, splitColumnKey, type ArmoryColumn, type ArmoryKind } from "./columns";
import { DEFAULT_ITEM_ICONS } from "../sheets/item-columns";

export interface ArmoryRow {
  /** The row's key in the grid: the item's id, or `new-N` until it is saved. */
  readonly key: string;
  /** The stored item's id (null for a row not yet created). */
  readonly id: string | null;
  readonly name: string;
  readonly img: string;
  /** Every ruleset's figures and "figures from" marker, by column key. */
  readonly values: Readonly<Record<string, unknown>>;
}

/** A cell of a row by column key: the name, the picture, or a figure. */
export function cellValue(row: ArmoryRow, key: string): unknown {
  return key === "name" ? row.name : key === "img" ? row.img : row.values[key];
}

/** What the armory reads of an item: its source data. */
export interface ItemSource {
  readonly _id?: string | null;
  readonly name: string;
  readonly img?: string | null;
  readonly system?: Record<string, any>;
}


const read = (obj: unknown, path: string): unknown => path.split(".").reduce<unknown>((o, k) => (o == null ? undefined : (o as Record<string, unknown>)[k]), obj);

const INITIAL = new Map<string, Record<string, unknown>>();

function initialOf(kind: ArmoryKind, column: ArmoryColumn): unknown {
  if (column.type === "source") return "group";
  const id = `${kind}.${column.ruleset}`;
  if (!INITIAL.has(id)) INITIAL.set(id, initialValues(RULESETS[column.ruleset].stats[kind]));
  return read(INITIAL.get(id), column.path);
}

/** A row from an item's source (missing figures take their initial values, as the data model would). */
export function rowFromSource(kind: ArmoryKind, source: ItemSource, key = source._id ?? ""): ArmoryRow {
  const values: Record<string, unknown> = {};
  for (const column of allColumns(kind)) {
    const stored = column.type === "source" ? read(source.system, `figureSource.${column.ruleset}`) : read(source.system, `${column.ruleset}.${column.path}`);
    values[column.key] = stored ?? initialOf(kind, column);
  }
  return { key, id: source._id ?? null, name: source.name, img: source.img || DEFAULT_ITEM_ICONS[kind], values };
}

/** A new row with every figure at its initial value. */
export function blankRow(kind: ArmoryKind, key: string, name: string): ArmoryRow {
  return rowFromSource(kind, { _id: null, name, img: DEFAULT_ITEM_ICONS[kind] }, key);
}

/** A copy of a row under a new key, not yet stored. */
export function duplicateRow(row: ArmoryRow, key: string, name: string): ArmoryRow {
  return { ...row, key, id: null, name, values: { ...row.values } };
}

export interface EditOptions {
  /** Leave "figures from" as it is when a figure changes (the GM said otherwise). */
  readonly keepSources?: boolean;
}

/**
 * A row with one cell set. A changed figure marks its ruleset's figures as the
 * group's own, unless the GM keeps the marker or has set the marker themselves.
 */
export function editCell(row: ArmoryRow, original: ArmoryRow | null, key: string, value: unknown, options: EditOptions = {}): ArmoryRow {
  if (key === "name") return { ...row, name: String(value) };
  if (key === "img") return { ...row, img: String(value) };
  const values = { ...row.values, [key]: value };
  const { ruleset, path } = splitColumnKey(key);
  const sourceKey = `${ruleset}.source`;
  if (path !== "source" && !options.keepSources && original) {
    const before = original.values[sourceKey];
    const figures = Object.keys(values).filter((k) => k.startsWith(`${ruleset}.`) && k !== sourceKey);
    const anyChanged = figures.some((k) => values[k] !== original.values[k]);
    // The marker follows the figures while the GM has not set it: "your group" once one differs, back as it was when none does.
    if (anyChanged && row.values[sourceKey] === before) values[sourceKey] = "group";
    else if (!anyChanged && row.values[sourceKey] === "group" && original.values[key] !== row.values[key]) values[sourceKey] = before;
  }
  return { ...row, values };
}

/** The keys of the cells that differ from the stored item (all of them for a new row). */
export function changedCells(row: ArmoryRow, original: ArmoryRow | null): string[] {
  const keys = ["name", "img", ...Object.keys(row.values)];
  if (!original) return keys;
  return keys.filter((k) => cellValue(row, k) !== cellValue(original, k));
}

const systemPath = (key: string) => {
  const { ruleset, path } = splitColumnKey(key);
  return path === "source" ? `system.figureSource.${ruleset}` : `system.${ruleset}.${path}`;
};

/** The update of a stored item, dotted keys only for what changed (null when nothing did). */
export function rowUpdate(row: ArmoryRow, original: ArmoryRow): Record<string, unknown> | null {
  const changed = changedCells(row, original);
  if (!changed.length) return null;
  const update: Record<string, unknown> = { _id: original.id };
  for (const key of changed) update[key === "name" || key === "img" ? key : systemPath(key)] = cellValue(row, key);
  return update;
}

/** The creation data of a new row: the whole item, every ruleset's figures included. */
export function rowCreation(kind: ArmoryKind, row: ArmoryRow): Record<string, any> {
  const system: Record<string, any> = { figureSource: {} };
  for (const id of RULESET_IDS) system[id] = {};
  for (const [key, value] of Object.entries(row.values)) {
    const parts = systemPath(key).split(".").slice(1);
    let at = system;
    for (const part of parts.slice(0, -1)) at = at[part] ??= {};
    at[parts.at(-1)!] = value;
  }
  return { name: row.name, type: kind, img: row.img, system };
}

/** A cell as text for the filter and the sort. */
export function cellText(row: ArmoryRow, key: string): string {
  return String(cellValue(row, key) ?? "");
}

/**
 * Rows whose cells match every filter: text by a part of it (any case), numbers
 * also by `>n`, `<n`, `>=n`, `<=n` or `=n`.
 */
export function filterRows(rows: readonly ArmoryRow[], filters: Readonly<Record<string, string>>): ArmoryRow[] {
  const tests = Object.entries(filters)
    .filter(([, f]) => f.trim() !== "")
    .map(([key, f]) => {
      const m = /^(>=|<=|>|<|=)\s*(-?\d+(\.\d+)?)$/.exec(f.trim());
      if (m) {
        const n = Number(m[2]);
        const cmp = { ">=": (v: number) => v >= n, "<=": (v: number) => v <= n, ">": (v: number) => v > n, "<": (v: number) => v < n, "=": (v: number) => v === n }[m[1] as ">="];
        return (row: ArmoryRow) => cmp(Number(cellText(row, key)));
      }
      const needle = f.trim().toLowerCase();
      return (row: ArmoryRow) => cellText(row, key).toLowerCase().includes(needle);
    });
  return rows.filter((row) => tests.every((t) => t(row)));
}

/** Rows sorted by one column: numbers as numbers, text by the locale's order; ties keep their order. */
export function sortRows(rows: readonly ArmoryRow[], key: string, direction: "asc" | "desc"): ArmoryRow[] {
  const sign = direction === "asc" ? 1 : -1;
  const value = (row: ArmoryRow) => cellValue(row, key);
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (typeof x === "number" && typeof y === "number") return sign * (x - y);
    if (typeof x === "boolean" && typeof y === "boolean") return sign * (Number(x) - Number(y));
    return sign * String(x ?? "").localeCompare(String(y ?? ""), undefined, { numeric: true, sensitivity: "base" });
  });
}

/** The rulesets whose figures (not only the marker) a row changes. */
export function rulesetsChanged(row: ArmoryRow, original: ArmoryRow | null): RulesetId[] {
  const keys = changedCells(row, original).filter((k) => k.includes(".") && !k.endsWith(".source"));
  return RULESET_IDS.filter((id) => keys.some((k) => k.startsWith(`${id}.`)));
}
