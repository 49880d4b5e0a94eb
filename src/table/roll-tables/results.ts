/**
 * What a RollTable's results say, read without Foundry: each result's range and
 * its value. A result carries the value we generated in `flags.bout` together
 * with the name we gave it; while the name is unchanged that value stands (so a
 * table reads the same in any language), and once a GM retypes the name the
 * name is read instead (a body part's label or id, a wound line, free words).
 * No rule is decided here: the engine's readers check the assembled table.
 */
import { ok, refuse, type Outcome } from "../../engine/outcome";

/** The part of a v13 TableResult (BaseTableResult#defineSchema) a lookup reads. */
export interface ResultLike {
  readonly name?: string | null;
  readonly range: readonly number[];
  readonly flags?: { readonly bout?: { readonly value?: unknown; readonly name?: string } } | Record<string, unknown> | null;
}

/** The part of a v13 RollTable a lookup reads. */
export interface TableLike {
  readonly name: string;
  readonly results: Iterable<ResultLike>;
}

export const R = "BOUT.RollTables.Refusal.";
export const badTable = (code: string, table: string, where: string | number = ""): Outcome<never> => refuse(`rollTables.${code}`, `${R}${code}`, { table, where: String(where) });

export function boutFlags(r: ResultLike): { value?: unknown; name?: string } {
  const f = (r.flags ?? {}) as { bout?: { value?: unknown; name?: string } };
  return f.bout ?? {};
}

/** The value a result stands for: ours while its name is as we wrote it, else what `fromName` makes of the GM's words. */
export type FromName<T> = (name: string, result: ResultLike) => T | undefined;

export function resultValue<T>(r: ResultLike, fromName: FromName<T>): T | undefined {
  const name = String(r.name ?? "").trim();
  const f = boutFlags(r);
  if (f.value !== undefined && f.name !== undefined && f.name.trim() === name) return f.value as T;
  return name ? fromName(name, r) : undefined;
}

function sortedResults(table: TableLike): ResultLike[] {
  return [...table.results].filter((r) => Array.isArray(r.range) && r.range.length === 2).sort((a, b) => Number(a.range[0]) - Number(b.range[0]));
}

/**
 * A table read by face: for each total from `lo` to `hi` exactly one result must
 * cover it (a die's face, a wound level), or the table is refused.
 */
export function byFace<T>(table: TableLike, lo: number, hi: number, fromName: FromName<T>): Outcome<T[]> {
  const results = sortedResults(table);
  const out: T[] = [];
  for (let face = lo; face <= hi; face++) {
    const covering = results.filter((r) => Number(r.range[0]) <= face && face <= Number(r.range[1]));
    if (covering.length !== 1) return badTable(covering.length === 0 ? "gap" : "overlap", table.name, face);
    const value = resultValue(covering[0]!, fromName);
    if (value === undefined) return badTable("value", table.name, covering[0]!.name ?? face);
    out.push(value);
  }
  return ok(out);
}

/** A d100 table as bands (from, to, value) in range order; the engine's reader checks they cover 1 to 100. */
export function asBands<T>(table: TableLike, fromName: FromName<T>): Outcome<{ from: number; to: number; value: T }[]> {
  const out: { from: number; to: number; value: T }[] = [];
  for (const r of sortedResults(table)) {
    const value = resultValue(r, fromName);
    if (value === undefined) return badTable("value", table.name, r.name ?? String(r.range[0]));
    out.push({ from: Number(r.range[0]), to: Number(r.range[1]), value });
  }
  return ok(out);
}

/** The one of `ids` a GM's words name: the id itself or its label, ignoring case. */
export function matchId<T extends string>(ids: readonly T[], label: (id: T) => string): (name: string) => T | undefined {
  return (name) => {
    const n = name.trim().toLowerCase();
    return ids.find((id) => id.toLowerCase() === n || label(id).trim().toLowerCase() === n);
  };
}
