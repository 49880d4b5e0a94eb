/**
 * The GM's one form for a round: every fighter the GM answers for (NPCs, and
 * any character whose player is away), each with what it will do this round.
 * A fighter with a fighting style comes filled in with the style's choice; one
 * the GM decides for starts on the usual defaults. Secret choices (a throw, a
 * declaration) are marked: the form opens on the active GM's client only.
 * Confirming sends every row at once; closing it sends nothing.
 */
import { templatePath } from "../../config";
import { fieldContext, readValues, type DialogField, type DialogValues } from "./odds-dialog";

export const ROUND_FORM_TEMPLATE = templatePath("dialogs/round-form.hbs");

/** One fighter's row: its fields are named without the row's prefix. */
export interface RoundRow {
  readonly id: string;
  readonly name: string;
  /** The lang key of the style that filled the row in ("GM decides" when none). */
  readonly style: string;
  /** The row's choices are secret until the reveal. */
  readonly secret: boolean;
  readonly fields: readonly DialogField[];
}

/** The dialog's width: room for two or three fields side by side. */
export const ROUND_FORM_WIDTH = 640;

type Formatter = { format(key: string, data?: Record<string, string>): string; localize(key: string): string };

/** A field's name in the form: the row's id, a dot, the field's own name. */
const named = (row: RoundRow, field: DialogField): DialogField => ({ ...field, name: `${row.id}.${field.name}` });

/** The template's context: each row with its fields as the odds dialogs draw them. */
export function roundFormContext(rows: readonly RoundRow[], values: Readonly<Record<string, DialogValues>> = {}, i18n: Formatter = game.i18n!) {
  return {
    rows: rows.map((row) => ({
      id: row.id,
      name: row.name,
      style: i18n.localize(row.style),
      secret: row.secret,
      fields: row.fields.map((f) => ({ ...fieldContext(named(row, f), values[row.id]?.[f.name] ?? f.value, i18n), domId: `round-${row.id}-${f.name}` })),
    })),
  };
}

/**
 * The form's values (as FormDataExtended reads them) split by row and typed by
 * each field's kind. A value named without a row (a macro's or a test's answer
 * for every row at once) stands for each row that has no value of its own.
 */
export function readRoundForm(rows: readonly RoundRow[], raw: Readonly<Record<string, unknown>>): Record<string, DialogValues> {
  const out: Record<string, DialogValues> = {};
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const own = Object.fromEntries(row.fields.map((f) => [f.name, raw[`${row.id}.${f.name}`] ?? raw[f.name]]));
    // Plain values no field names (a fighter's own dialog's answer in a macro's or a test's hands) go along as they are: each row's reader picks what it knows.
    const extra = Object.entries(raw).flatMap(([key, value]): [string, string | number | boolean][] => {
      const dot = key.indexOf(".");
      const name = dot > 0 && ids.has(key.slice(0, dot)) ? (key.slice(0, dot) === row.id ? key.slice(dot + 1) : "") : key;
      return name && !(name in own) && ["string", "number", "boolean"].includes(typeof value) ? [[name, value as string | number | boolean]] : [];
    });
    out[row.id] = { ...Object.fromEntries(extra), ...readValues(row.fields, own) };
  }
  return out;
}

/** Opens the form; resolves to each row's values, or null when the GM closes it. */
export async function openRoundForm(rows: readonly RoundRow[], values: Readonly<Record<string, DialogValues>> = {}): Promise<Record<string, DialogValues> | null> {
  const { renderTemplate } = foundry.applications.handlebars;
  const content = await renderTemplate(ROUND_FORM_TEMPLATE, roundFormContext(rows, values));
  const result = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n!.localize("BOUT.RoundForm.Title") },
    classes: ["bout", "bout-round-form"],
    position: { width: ROUND_FORM_WIDTH },
    content,
    buttons: [
      {
        action: "confirm",
        label: "BOUT.RoundForm.Confirm",
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => new foundry.applications.ux.FormDataExtended(button.form!).object,
      },
    ],
    rejectClose: false,
  } as never);
  return result && typeof result === "object" ? readRoundForm(rows, result as Record<string, unknown>) : null;
}
