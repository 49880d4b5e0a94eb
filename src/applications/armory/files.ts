/**
 * The armory's files (pure): CSV through papaparse and JSON, written from rows
 * and read back into records a plan can check. A file that is too large, empty,
 * unreadable, has columns the armory does not know, or holds a spreadsheet
 * formula is refused whole, before any row is looked at.
 *
 * Formulas (CSV injection): a CSV cell that starts with = + - @, a tab or a
 * carriage return and is not a plain number ("-3" is a number) is refused, so a
 * file that would run code when opened in a spreadsheet never reaches the
 * world. Our own export writes such text (a name like "=Blade") with a leading
 * apostrophe, the spreadsheets' mark for "text, not a formula", and import
 * removes it again, so a round trip changes nothing. JSON is not opened by
 * spreadsheets, so its strings are taken as they are.
 */
import Papa from "papaparse";
import { FIXED_COLUMNS, type ArmoryColumn, type ArmoryKind, columnByKey } from "./columns";
import { looksLikeFormula, type CellRefusal } from "./cells";
import { cellValue, type ArmoryRow } from "./rows";

/** Far more than an armory of thousands of weapons needs; a larger file is refused unread. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;
/**
 * The most rows one import reads: an armory of thousands of weapons fits, and
 * checking each row against the item model stays a matter of a second or two
 * (a 100,000-row file once held the GM's client for about 20 s). Larger files
 * are refused whole, saying so; split them.
 */
export const MAX_ROWS = 5000;
export const JSON_FORMAT = "bout-armory";

export type FileFormat = "csv" | "json";

export type ReadResult =
  | { readonly ok: true; readonly columns: readonly string[]; readonly records: readonly Record<string, unknown>[]; readonly firstLine: number }
  | { readonly ok: false; readonly refusal: CellRefusal };

const R = "BOUT.Armory.File.";
const refuse = (message: string, data: Record<string, string | number> = {}): ReadResult => ({ ok: false, refusal: { message: `${R}${message}`, data } });

function cellOut(row: ArmoryRow, key: string): unknown {
  return key === "id" ? (row.id ?? "") : cellValue(row, key);
}

/**
 * Text a spreadsheet would take for a formula gets an apostrophe (see above);
 * so does such text that already starts with apostrophes, so that import, which
 * takes exactly one off, gives back what was written.
 */
const escapedFormula = (text: string) => looksLikeFormula(text.replace(/^'+/, ""));
const guard = (v: unknown): unknown => (typeof v === "string" && escapedFormula(v) ? `'${v}` : v);

/** The header of an export: id, name, image, then the chosen columns. */
export function exportKeys(columns: readonly ArmoryColumn[]): string[] {
  return [...FIXED_COLUMNS, ...columns.map((c) => c.key)];
}

export function toCsv(rows: readonly ArmoryRow[], columns: readonly ArmoryColumn[]): string {
  const keys = exportKeys(columns);
  return Papa.unparse({ fields: keys, data: rows.map((row) => keys.map((k) => guard(cellOut(row, k)))) }, { newline: "\n" });
}

export function toJson(kind: ArmoryKind, rows: readonly ArmoryRow[], columns: readonly ArmoryColumn[]): string {
  const keys = exportKeys(columns);
  const out = rows.map((row) => Object.fromEntries(keys.map((k) => [k, cellOut(row, k)])));
  return JSON.stringify({ format: JSON_FORMAT, version: 1, kind, rows: out }, null, 2);
}

/** Checks a file's columns: a name column, no column twice, none the armory does not know for this kind. */
function checkColumns(kind: ArmoryKind, columns: readonly string[]): ReadResult | null {
  if (!columns.includes("name")) return refuse("NoNameColumn");
  const twice = columns.filter((c, i) => columns.indexOf(c) !== i);
  if (twice.length) return refuse("RepeatedColumns", { columns: [...new Set(twice)].join(", ") });
  const unknown = columns.filter((c) => !(FIXED_COLUMNS as readonly string[]).includes(c) && !columnByKey(kind, c));
  if (unknown.length) return refuse("UnknownColumns", { columns: unknown.slice(0, 8).join(", ") + (unknown.length > 8 ? ", …" : "") });
  return null;
}

/** Reads a CSV or JSON file into records, or refuses it whole. `bytes`: the file's size as the browser reports it. */
export function readArmoryFile(kind: ArmoryKind, format: FileFormat, text: string, bytes = text.length): ReadResult {
  if (bytes > MAX_FILE_BYTES) return refuse("TooLarge", { size: Math.ceil(bytes / 1024), max: MAX_FILE_BYTES / 1024 });
  if (!text.trim()) return refuse("Empty");
  return format === "csv" ? readCsv(kind, text) : readJson(kind, text);
}

function readCsv(kind: ArmoryKind, text: string): ReadResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: "greedy" });
  // A one-column file has no delimiter to detect; only broken quoting makes a file unreadable.
  const fatal = parsed.errors.find((e) => e.type === "Quotes");
  if (fatal) return refuse("Unreadable", { line: (fatal.row ?? 0) + 1 });
  const [header, ...lines] = parsed.data;
  if (!header || !lines.length) return refuse("Empty");
  if (lines.length > MAX_ROWS) return refuse("TooManyRows", { rows: lines.length, max: MAX_ROWS });
  const columns = header.map((h) => h.trim());
  const bad = checkColumns(kind, columns);
  if (bad) return bad;
  const records: Record<string, unknown>[] = [];
  for (const [i, cells] of lines.entries()) {
    if (cells.length !== columns.length) return refuse("WrongCellCount", { line: i + 2, found: cells.length, expected: columns.length });
    const record: Record<string, unknown> = {};
    for (const [j, raw] of cells.entries()) {
      if (looksLikeFormula(raw)) return refuse("Formula", { line: i + 2, column: columns[j]!, value: raw.slice(0, 40) });
      // Our export's apostrophe before text a spreadsheet would run: the text itself.
      record[columns[j]!] = raw.startsWith("'") && escapedFormula(raw) ? raw.slice(1) : raw;
    }
    records.push(record);
  }
  return { ok: true, columns, records, firstLine: 2 };
}

function readJson(kind: ArmoryKind, text: string): ReadResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return refuse("Unreadable", { line: 1 });
  }
  const body = data as { format?: unknown; kind?: unknown; rows?: unknown };
  if (!body || typeof body !== "object" || body.format !== JSON_FORMAT || !Array.isArray(body.rows)) return refuse("NotArmoryJson");
  if (body.kind !== kind) return refuse("OtherKind", { kind: String(body.kind) });
  if (!body.rows.length) return refuse("Empty");
  if (body.rows.length > MAX_ROWS) return refuse("TooManyRows", { rows: body.rows.length, max: MAX_ROWS });
  if (!body.rows.every((r) => r && typeof r === "object" && !Array.isArray(r))) return refuse("NotArmoryJson");
  const rows = body.rows as Record<string, unknown>[];
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const bad = checkColumns(kind, columns);
  if (bad) return bad;
  for (const [i, r] of rows.entries()) {
    const odd = Object.entries(r).find(([, v]) => v !== null && typeof v === "object");
    if (odd) return refuse("WrongCell", { line: i + 1, column: odd[0] });
  }
  return { ok: true, columns, records: rows, firstLine: 1 };
}
