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
 *
 * Words (words.ts): a CSV export, given the client's words, heads its columns
 * as a person reads them ("Name", "Steel: Reach") and writes a choice as the
 * grid's menu shows it ("Cutting"). Import takes a header or a choice in those
 * words, in the grid's (the figure alone names the shown ruleset's), or by key
 * and stored value, in any case. JSON keeps keys and stored values.
 */
import Papa from "papaparse";
import { FIXED_COLUMNS, type ArmoryColumn, type ArmoryKind } from "./columns";
import { looksLikeFormula, type CellRefusal } from "./cells";
import { cellValue, type ArmoryRow } from "./rows";
import type { RulesetId } from "../../engine/rulesets/ruleset";
import { fixedWords, headerReader, headerWords, valueWords, type Localize } from "./words";

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
type Refused = Extract<ReadResult, { ok: false }>;
const refuse = (message: string, data: Record<string, string | number> = {}): Refused => ({ ok: false, refusal: { message: `${R}${message}`, data } });

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

/** A CSV of the rows: headed and worded as the grid shows them when `localize` is given, else by key and stored value. */
export function toCsv(rows: readonly ArmoryRow[], columns: readonly ArmoryColumn[], localize?: Localize): string {
  const fields = localize ? [...FIXED_COLUMNS.map((k) => fixedWords(k, localize)), ...columns.map((c) => headerWords(c, localize))] : exportKeys(columns);
  const cell = (row: ArmoryRow, c: ArmoryColumn) => (localize ? valueWords(c, cellOut(row, c.key), localize) : cellOut(row, c.key));
  const data = rows.map((row) => [...FIXED_COLUMNS.map((k) => cellOut(row, k)), ...columns.map((c) => cell(row, c))].map(guard));
  return Papa.unparse({ fields, data }, { newline: "\n" });
}

export function toJson(kind: ArmoryKind, rows: readonly ArmoryRow[], columns: readonly ArmoryColumn[]): string {
  const keys = exportKeys(columns);
  const out = rows.map((row) => Object.fromEntries(keys.map((k) => [k, cellOut(row, k)])));
  return JSON.stringify({ format: JSON_FORMAT, version: 1, kind, rows: out }, null, 2);
}

/** How a file's words are read: the client's language, and the ruleset the grid shows (a figure named without its ruleset is that ruleset's). */
export interface FileWords {
  readonly localize?: Localize;
  readonly shown?: RulesetId;
}

const listed = (names: readonly string[]) => names.slice(0, 8).join(", ") + (names.length > 8 ? ", …" : "");

/**
 * A file's headers read as column keys: a name column, no column twice, none
 * the armory does not know for this kind, none that could be two rulesets'.
 */
function readHeaders(kind: ArmoryKind, headers: readonly string[], words: FileWords): { ok: true; keys: string[] } | Refused {
  const read = headerReader(kind, words);
  const readings = headers.map((h) => ({ header: h, reading: read(h) }));
  if (!readings.some((r) => "key" in r.reading && r.reading.key === "name")) return refuse("NoNameColumn");
  const unknown = readings.filter((r) => "unknown" in r.reading).map((r) => r.header);
  if (unknown.length) return refuse("UnknownColumns", { columns: listed(unknown) });
  const ambiguous = readings.filter((r) => "ambiguous" in r.reading).map((r) => r.header);
  if (ambiguous.length) return refuse("AmbiguousColumns", { columns: listed(ambiguous) });
  const keys = readings.map((r) => (r.reading as { key: string }).key);
  const twice = headers.filter((_, i) => keys.indexOf(keys[i]!) !== i);
  if (twice.length) return refuse("RepeatedColumns", { columns: [...new Set(twice)].join(", ") });
  return { ok: true, keys };
}

/** Reads a CSV or JSON file into records keyed by column key, or refuses it whole. `bytes`: the file's size as the browser reports it. */
export function readArmoryFile(kind: ArmoryKind, format: FileFormat, text: string, bytes = text.length, words: FileWords = {}): ReadResult {
  if (bytes > MAX_FILE_BYTES) return refuse("TooLarge", { size: Math.ceil(bytes / 1024), max: MAX_FILE_BYTES / 1024 });
  if (!text.trim()) return refuse("Empty");
  return format === "csv" ? readCsv(kind, text, words) : readJson(kind, text, words);
}

function readCsv(kind: ArmoryKind, text: string, words: FileWords): ReadResult {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { header: false, skipEmptyLines: "greedy" });
  // A one-column file has no delimiter to detect; only broken quoting makes a file unreadable.
  const fatal = parsed.errors.find((e) => e.type === "Quotes");
  if (fatal) return refuse("Unreadable", { line: (fatal.row ?? 0) + 1 });
  const [header, ...lines] = parsed.data;
  if (!header || !lines.length) return refuse("Empty");
  if (lines.length > MAX_ROWS) return refuse("TooManyRows", { rows: lines.length, max: MAX_ROWS });
  const headers = header.map((h) => h.trim());
  const read = readHeaders(kind, headers, words);
  if (!read.ok) return read;
  const columns = read.keys;
  const records: Record<string, unknown>[] = [];
  for (const [i, cells] of lines.entries()) {
    if (cells.length !== columns.length) return refuse("WrongCellCount", { line: i + 2, found: cells.length, expected: columns.length });
    const record: Record<string, unknown> = {};
    for (const [j, raw] of cells.entries()) {
      if (looksLikeFormula(raw)) return refuse("Formula", { line: i + 2, column: headers[j]!, value: raw.slice(0, 40) });
      // Our export's apostrophe before text a spreadsheet would run: the text itself.
      record[columns[j]!] = raw.startsWith("'") && escapedFormula(raw) ? raw.slice(1) : raw;
    }
    records.push(record);
  }
  return { ok: true, columns, records, firstLine: 2 };
}

function readJson(kind: ArmoryKind, text: string, words: FileWords): ReadResult {
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
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const read = readHeaders(kind, headers, words);
  if (!read.ok) return read;
  const keyOf = new Map(headers.map((h, i) => [h, read.keys[i]!]));
  for (const [i, r] of rows.entries()) {
    const odd = Object.entries(r).find(([, v]) => v !== null && typeof v === "object");
    if (odd) return refuse("WrongCell", { line: i + 1, column: odd[0] });
  }
  const records = rows.map((r) => Object.fromEntries(Object.entries(r).map(([h, v]) => [keyOf.get(h)!, v])));
  return { ok: true, columns: [...new Set(read.keys)], records, firstLine: 1 };
}
