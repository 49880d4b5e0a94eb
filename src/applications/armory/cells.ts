/**
 * One cell of the armory, read and checked (pure). A cell typed in the grid or
 * read from a file passes the same limits as the item sheet's field (whole
 * number, least and most, one of the choices); a refusal names the column and
 * why, as a localization key with its data.
 */
import type { ArmoryColumn } from "./columns";
import { choiceList, choiceOf, fold, type Localize } from "./words";

export interface CellRefusal {
  readonly message: string;
  readonly data: Readonly<Record<string, string | number>>;
}

export type CellResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly refusal: CellRefusal };

const R = "BOUT.Armory.Refusal.";
const refuse = (message: string, data: Record<string, string | number>): CellResult => ({ ok: false, refusal: { message: `${R}${message}`, data } });

const TRUE = new Set(["true", "yes", "y", "1", "x", "on"]);
const FALSE = new Set(["false", "no", "n", "0", "", "off"]);

/** A plain decimal number as text ("-3", "4.5"), the only numbers a file may hold. */
const NUMBER_TEXT = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * A spreadsheet would run this cell as a formula (CSV injection): it starts with
 * = + - @ or a tab or carriage return, and is not a plain number ("-3" is a number).
 */
export function looksLikeFormula(text: string): boolean {
  if (!/^[=+\-@\t\r]/.test(text)) return false;
  return !NUMBER_TEXT.test(text.trim());
}

/** A choice (a figure's, or the "figures from" marker's) by its stored value or, with `localize`, the words the grid shows for it, any case. */
function readChoice(column: ArmoryColumn, raw: unknown, label: string, localize?: Localize): CellResult {
  const text = String(raw ?? "").trim();
  const value = choiceOf(column, text, localize);
  return value !== undefined ? { ok: true, value } : refuse("Choice", { column: label, value: text, choices: choiceList(column, localize) });
}

/**
 * Reads a value for a column: numbers from numbers or numeric text, yes/no
 * from booleans or words, choices by their stored value or (with `localize`)
 * the grid's words for them. `label` is the column's name as the GM sees it,
 * for the refusal.
 */
export function readCell(column: ArmoryColumn, raw: unknown, label: string, localize?: Localize): CellResult {
  if (column.type === "source") return readChoice(column, raw, label, localize);
  const stat = column.stat;
  switch (stat.kind) {
    case "integer":
    case "number": {
      const text = typeof raw === "number" ? String(raw) : String(raw ?? "").trim();
      if (typeof raw !== "number" && !NUMBER_TEXT.test(text)) return refuse("NotNumber", { column: label, value: text });
      const value = Number(text);
      if (!Number.isFinite(value)) return refuse("NotNumber", { column: label, value: text });
      if (stat.kind === "integer" && !Number.isInteger(value)) return refuse("NotWhole", { column: label, value: text });
      if ((stat.min !== undefined && value < stat.min) || (stat.max !== undefined && value > stat.max))
        return refuse("Range", { column: label, value: text, min: stat.min ?? "", max: stat.max ?? "" });
      return { ok: true, value };
    }
    case "boolean": {
      if (typeof raw === "boolean") return { ok: true, value: raw };
      const text = String(raw ?? "").trim().toLowerCase();
      if (TRUE.has(text) || (localize && text === fold(localize("BOUT.Armory.Yes")))) return { ok: true, value: true };
      if (FALSE.has(text) || (localize && text === fold(localize("BOUT.Armory.No")))) return { ok: true, value: false };
      return refuse("NotYesNo", { column: label, value: String(raw) });
    }
    case "choice":
      return readChoice(column, raw, label, localize);
    case "text":
      return { ok: true, value: String(raw ?? "") };
  }
}

/** A name a row may carry: not blank. */
export function readName(raw: unknown): CellResult {
  const name = String(raw ?? "").trim();
  return name ? { ok: true, value: name } : refuse("NoName", {});
}
