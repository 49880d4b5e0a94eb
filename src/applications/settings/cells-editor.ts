/**
 * A GM's form for a table that is not a roll (a cost list, a track of
 * penalties, a rule with a few choices): labelled rows of labelled cells,
 * prefilled with what the world uses now. Save hands every cell to the
 * ruleset's reader (the engine's limits), which writes the world setting only
 * when all are sound; a bad cell is refused with a notification naming it, and
 * nothing is written. Reset goes back to ours. Only a GM may open, render or
 * save it: a player's client is refused even when it builds the form itself.
 */
import { templatePath } from "../../config";
import type { Outcome, Refusal } from "../../engine/outcome";
import { noticeText } from "../../table/notify";

const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;

// Typed by hand: see sheet-base.ts for why the full mixin types are avoided.
const Base = HandlebarsApplicationMixin(ApplicationV2 as any) as new (options?: object) => {
  render(options?: object): Promise<unknown>;
  close(): Promise<unknown>;
  _prepareContext(options: unknown): Promise<Record<string, any>>;
};

export interface Cell {
  /** The form field's name (no dots: they would nest). */
  readonly name: string;
  /** The reader's path for this cell ("actionCosts.2.ap"): a refusal naming it names this cell. */
  readonly where: string;
  /** "text": words in place of a figure (a cell the table has no figure for). */
  readonly kind: "number" | "checkbox" | "select" | "text";
  readonly value: number | boolean | string;
  readonly min?: number;
  readonly max?: number;
  readonly options?: readonly { readonly value: string; readonly label: string }[];
}

export interface CellRow {
  /** A localization key or the GM's own words. */
  readonly label: string;
  readonly cells: readonly Cell[];
}

export interface CellGroup {
  readonly label: string;
  readonly hint?: string;
  /** The header over the row labels, then one per cell column. */
  readonly rowHeader: string;
  readonly columns: readonly string[];
  readonly rows: readonly CellRow[];
}

/** A line above the form: where else a table is edited, or what an older world still carries (with a button). */
export interface CellsNote {
  readonly text: string;
  readonly data?: Record<string, string>;
  readonly action?: { readonly id: string; readonly label: string };
}

export interface CellsEditorSpec {
  readonly id: string;
  /** Key prefix for Title, Hint, Save, Reset and Saved. */
  readonly keys: string;
  readonly width?: number;
  notes?(): readonly CellsNote[];
  groups(): readonly CellGroup[];
  /** Reads every cell; writes the setting once when all are sound. */
  save(values: Record<string, unknown>): Promise<Outcome<unknown>>;
  reset(): Promise<void>;
  /** Note buttons' handlers, by action id (GM only, as everything here). */
  readonly noteActions?: Readonly<Record<string, () => Promise<void>>>;
}

const GM_ONLY = "BOUT.Settings.Cells.GmOnly";

/** What every settings form's save answers a player's client: the tables are the GM's. */
export const GM_ONLY_REFUSAL: Outcome<never> = { ok: false, refusal: { code: "settings.gmOnly", message: GM_ONLY } };

/** A form value as the reader should see it: a typed-in number string becomes a number; anything else is left for the reader to refuse. */
export function cellValue(v: unknown): unknown {
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return v;
}

/** The plain name of a cell ("Walk: AP"), for a refusal; undefined when no cell has that path. */
export function cellName(groups: readonly CellGroup[], where: string): string | undefined {
  const i18n = game.i18n!;
  for (const g of groups) {
    for (const row of g.rows) {
      const at = row.cells.findIndex((c) => c.where === where);
      if (at >= 0) return `${i18n.localize(row.label)}: ${i18n.localize(g.columns[at] ?? "")}`;
    }
  }
  return undefined;
}

/** Shows a reader's refusal with the cell it names in words (the reader's path otherwise). */
export function notifyCellRefusal(groups: readonly CellGroup[], refusal: Refusal): void {
  const data = Object.fromEntries(Object.entries(refusal.data ?? {}).map(([k, v]) => [k, cellName(groups, String(v)) ?? String(v)]));
  ui.notifications?.warn(noticeText(refusal.message, data));
}

function refuseNonGM(): boolean {
  if (game.user?.isGM) return false;
  ui.notifications?.warn(game.i18n!.localize(GM_ONLY));
  return true;
}

export function cellsEditor(spec: CellsEditorSpec) {
  const noteActions = Object.fromEntries(
    Object.entries(spec.noteActions ?? {}).map(([id, fn]) => [
      id,
      async function (this: { render(): Promise<unknown> }) {
        if (refuseNonGM()) return;
        await fn();
        await this.render();
      },
    ]),
  );
  return class CellsEditor extends Base {
    static DEFAULT_OPTIONS = {
      id: spec.id,
      classes: ["bout", "bout-tables-editor", "bout-cells-editor", spec.id],
      tag: "form",
      window: { title: `${spec.keys}Title`, resizable: true },
      position: { width: spec.width ?? 560, height: "auto" },
      form: { handler: CellsEditor.#onSubmit, submitOnChange: false, closeOnSubmit: false },
      actions: { reset: CellsEditor.#onReset, ...noteActions },
    };

    static PARTS = {
      form: { template: templatePath("settings/cells-editor.hbs") },
    };

    /** v13 ApplicationV2#_canRender: an Error here is shown as a warning and nothing renders. */
    _canRender(_options: unknown): void {
      if (!game.user?.isGM) throw new Error(game.i18n!.localize(GM_ONLY));
    }

    override async _prepareContext(options: unknown) {
      const context = await super._prepareContext(options);
      const groups = spec.groups().map((g) => ({ ...g, rows: g.rows.map((r) => ({ ...r, cells: r.cells.map((c, i) => ({ ...c, column: g.columns[i] ?? "", id: `${spec.id}-${c.name}` })) })) }));
      return Object.assign(context, { id: spec.id, hint: `${spec.keys}Hint`, saveLabel: `${spec.keys}Save`, resetLabel: `${spec.keys}Reset`, notes: (spec.notes?.() ?? []).map((n) => ({ ...n, text: game.i18n!.format(n.text, n.data ?? {}) })), groups });
    }

    static async #onSubmit(this: CellsEditor, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
      if (refuseNonGM()) return;
      const saved = await spec.save(formData.object);
      if (!saved.ok) return notifyCellRefusal(spec.groups(), saved.refusal);
      ui.notifications?.info(game.i18n!.localize(`${spec.keys}Saved`));
      await this.render();
    }

    static async #onReset(this: CellsEditor) {
      if (refuseNonGM()) return;
      await spec.reset();
      await this.render();
    }
  };
}
