import { templatePath } from "../../config";
import { formatProbability, type OddsView } from "../../engine/odds-view";
import { windowOf } from "../../compat";
import { formatCounted } from "../results/plural";

/** One input of an action dialog. Labels are localization keys. */
/** `labelData` fills the label's {placeholders} (a name the key wraps, e.g. "Engage {name}"); a select's option may carry its own. */
/** `gmOnly`: a figure that is the GM's to set (a situational modifier); a player's dialog leaves it out and sends its default. */
type FieldLabelData = { readonly labelData?: Readonly<Record<string, string>>; readonly gmOnly?: boolean };
export type DialogField = FieldLabelData &
  (
  | { readonly kind: "number"; readonly name: string; readonly label: string; readonly value: number; readonly min: number; readonly max: number; readonly step?: number; readonly slider?: boolean }
  | { readonly kind: "select"; readonly name: string; readonly label: string; readonly value: string; readonly options: readonly { readonly value: string; readonly label: string; readonly labelData?: Readonly<Record<string, string>> }[] }
  | { readonly kind: "checkbox"; readonly name: string; readonly label: string; readonly value: boolean }
  );

export type DialogValues = Record<string, number | string | boolean>;

export interface OddsDialogSpec {
  readonly title: string;
  readonly titleData?: Record<string, string | number>;
  readonly fields: readonly DialogField[];
  /** Exact odds for the current inputs; called on every change. None: a plain form. */
  readonly odds?: (values: DialogValues) => OddsView;
  readonly confirmLabel: string;
}

export const ODDS_DIALOG_TEMPLATE = templatePath("dialogs/odds-dialog.hbs");
export const ODDS_TABLE_TEMPLATE = templatePath("dialogs/odds-table.hbs");

/** The values the fields hold now, typed by field kind (form input arrives as text). */
export function readValues(fields: readonly DialogField[], raw: Record<string, unknown>): DialogValues {
  const values: DialogValues = {};
  for (const field of fields) {
    const input = raw[field.name];
    if (field.kind === "number") {
      // FormDataExtended reads an emptied number field as null (Number(null) would be 0): it keeps the default, as text that is no number does.
      const n = typeof input === "number" ? input : input === null || input === "" ? NaN : Number(input);
      values[field.name] = Number.isFinite(n) ? Math.min(field.max, Math.max(field.min, Math.round(n))) : field.value;
    } else if (field.kind === "checkbox") values[field.name] = input === true || input === "on" || input === "true";
    else values[field.name] = field.options.some((o) => o.value === input) ? String(input) : field.value;
  }
  return values;
}

type Formatter = { format(key: string, data?: Record<string, unknown>): string };
/** The odds table counts words ("on 1 die"), so it also reads the raw string. */
type CountingFormatter = { format(key: string, data?: Record<string, string>): string; localize(key: string): string };

const asText = (data: Readonly<Record<string, unknown>> | undefined): Record<string, string> => Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [k, String(v)]));

export const DENSE_BARS = 8;

/** DialogV2's default width, which a dialog keeps unless a choice needs more room. */
export const DIALOG_WIDTH = 400;
const MAX_WIDTH = 640;
/** Average width of a character at the dialog's 14px font, generously; the select's padding and arrow. */
const CHAR_PX = 8;
const SELECT_CHROME_PX = 44;
/** Window padding on both sides. */
const FRAME_PX = 40;
/** Options longer than this take a row of their own under their label. */
export const LONG_CHOICE = 16;

/**
 * How wide a dialog opens: its default, widened until its longest choice shows
 * whole in a select spanning the dialog (a select cannot wrap its text). The
 * browser tests check the result in both themes.
 */
export function dialogWidth(longestChoice: number): number {
  const needed = longestChoice * CHAR_PX + SELECT_CHROME_PX + FRAME_PX;
  return Math.min(MAX_WIDTH, Math.max(DIALOG_WIDTH, Math.ceil(needed / 10) * 10));
}

/** The odds table's context: rows labelled and formatted, headline first. */
export function oddsTableContext(view: OddsView, i18n: Formatter | CountingFormatter = game.i18n!) {
  const say = (key: string, data: Readonly<Record<string, unknown>> | undefined) => ("localize" in i18n ? formatCounted(i18n, key, asText(data)) : i18n.format(key, asText(data)));
  const rows = [...view.rows].sort((a, b) => Number(Boolean(b.headline)) - Number(Boolean(a.headline)));
  return {
    rows: rows.map((row) => ({
      text: say(row.label, row.data),
      headline: Boolean(row.headline),
      percent: formatProbability(row.probability),
      width: Math.round(Math.min(1, Math.max(0, row.probability)) * 1000) / 10,
    })),
    truncated: view.truncatedBelow !== undefined,
    // Columns are scaled to the tallest bar so a flat spread stays visible.
    distributions: (view.distributions ?? []).map((d) => {
      const top = Math.max(...d.bars.map((b) => b.probability), 0);
      return {
        text: say(d.label, d.data),
        // Past this many columns the values stand on end so each fits its column.
        dense: d.bars.length > DENSE_BARS,
        bars: d.bars.map((b) => ({ label: d.keyed ? i18n.format(b.label, {}) : b.label, percent: formatProbability(b.probability), height: top > 0 ? Math.round((b.probability / top) * 1000) / 10 : 0 })),
      };
    }),
  };
}

/** One field as a template draws it: its label and options in words, its value now, and how wide its longest choice is. */
export function fieldContext(field: DialogField, value: DialogValues[string] | undefined, i18n: Formatter = game.i18n!) {
  const options = field.kind === "select" ? field.options.map((o) => ({ ...o, text: i18n.format(o.label, o.labelData ?? {}), selected: o.value === value })) : undefined;
  const longest = Math.max(0, ...(options ?? []).map((o) => o.text.length));
  return {
    ...field,
    labelText: i18n.format(field.label, field.labelData ?? {}),
    value,
    isNumber: field.kind === "number",
    isSelect: field.kind === "select",
    isCheckbox: field.kind === "checkbox",
    options,
    longest,
    // A long choice gets the dialog's whole width under its label.
    wide: longest > LONG_CHOICE,
  };
}

export function oddsDialogContext(spec: OddsDialogSpec, values: DialogValues, i18n: Formatter = game.i18n!) {
  const fields = spec.fields.map((field) => fieldContext(field, values[field.name], i18n));
  return {
    fields,
    width: dialogWidth(Math.max(0, ...fields.map((f) => f.longest))),
    showOdds: Boolean(spec.odds),
    odds: oddsTableContext(spec.odds?.(values) ?? { rows: [] }, i18n),
  };
}

/**
 * Opens an action dialog whose odds follow the inputs: every change re-reads the
 * form, asks the engine for the exact odds and redraws the table in the next frame.
 * Resolves to the chosen values, or null when the user closes it.
 */
export async function openOddsDialog(full: OddsDialogSpec): Promise<DialogValues | null> {
  const { renderTemplate } = foundry.applications.handlebars;
  const hidden = game.user?.isGM ? [] : full.fields.filter((f) => f.gmOnly);
  const fixed = readValues(hidden, Object.fromEntries(hidden.map((f) => [f.name, f.value])));
  const spec = { ...full, fields: full.fields.filter((f) => !hidden.includes(f)) };
  const baseOdds = full.odds;
  if (baseOdds) Object.assign(spec, { odds: (values: DialogValues) => baseOdds({ ...values, ...fixed }) });
  const initial = readValues(spec.fields, Object.fromEntries(spec.fields.map((f) => [f.name, f.value])));
  const context = oddsDialogContext(spec, initial);
  const content = await renderTemplate(ODDS_DIALOG_TEMPLATE, context);
  const formValues = (form: HTMLFormElement) => readValues(spec.fields, new foundry.applications.ux.FormDataExtended(form).object);
  let frame = 0;
  const result = await foundry.applications.api.DialogV2.wait({
    window: { title: game.i18n!.format(spec.title, Object.fromEntries(Object.entries(spec.titleData ?? {}).map(([k, v]) => [k, String(v)]))) },
    classes: ["bout", "bout-odds-dialog"],
    position: { width: context.width },
    content,
    buttons: [
      {
        action: "confirm",
        label: spec.confirmLabel,
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => formValues(button.form!),
      },
    ],
    render: (_event: Event, dialog: { element: HTMLElement }) => {
      const form = dialog.element.querySelector("form");
      const table = dialog.element.querySelector<HTMLElement>("[data-odds]");
      if (!form || !table || !spec.odds) return;
      const odds = spec.odds;
      // The dialog may be popped out into its own window (v14): its frames are that window's.
      const view = windowOf(dialog.element);
      form.addEventListener("input", (event) => {
        // A slider's number beside it follows the thumb.
        const input = event.target as HTMLInputElement | null;
        if (input?.type === "range") {
          const shown = input.parentElement?.querySelector("output");
          if (shown) shown.value = input.value;
        }
        view.cancelAnimationFrame(frame);
        const values = formValues(form);
        frame = view.requestAnimationFrame(async () => {
          table.innerHTML = await renderTemplate(ODDS_TABLE_TEMPLATE, oddsTableContext(odds(values)));
        });
      });
    },
    rejectClose: false,
  });
  const chosen = (result as DialogValues | null | undefined) ?? null;
  return chosen && { ...chosen, ...fixed };
}
