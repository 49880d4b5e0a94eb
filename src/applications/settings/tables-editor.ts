/**
 * A GM's editor for tables a seed names without printing: each table is JSON
 * in a box (and a few figures in number fields), prefilled with what the world
 * uses now. Save hands every value to the ruleset's reader, which writes the
 * world setting only when all are sound; Reset clears the setting, so the
 * system's own tables apply again. The steel, actionpoints and pulse editors are
 * this one with their own boxes.
 */
import { templatePath } from "../../config";
import type { Outcome } from "../../engine/outcome";
import { notifyRefusal } from "../../table/notify";

const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;

// Typed by hand: see sheet-base.ts for why the full mixin types are avoided.
const Base = HandlebarsApplicationMixin(ApplicationV2 as any) as unknown as new (options?: object) => {
  render(options?: object): Promise<unknown>;
  close(): Promise<unknown>;
  _prepareContext(options: unknown): Promise<Record<string, any>>;
};

export interface TablesEditorSpec {
  readonly id: string;
  /** Key prefix for Title, Hint, Save, Reset and Saved. */
  readonly keys: string;
  /** The world setting holding the tables as JSON ("" for the system's own). */
  readonly setting: "steelTables" | "apTables" | "pulseTables";
  /** The boxes as they stand now. */
  boxes(): readonly { readonly key: string; readonly label: string; readonly text: string; readonly rows: number }[];
  numbers?(): readonly { readonly key: string; readonly label: string; readonly value: number }[];
  save(values: Record<string, unknown>): Promise<Outcome<unknown>>;
}

/** The stored JSON of a tables setting, or "" when none (or unreadable) is stored. */
export function storedTables(setting: TablesEditorSpec["setting"]): unknown {
  try {
    const text = String(game.settings?.get("bout", setting) ?? "");
    return text ? JSON.parse(text) : "";
  } catch {
    return "";
  }
}

export const prettyTable = (v: unknown) => JSON.stringify(v, null, 1);

export function tablesEditor(spec: TablesEditorSpec) {
  return class TablesEditor extends Base {
    static DEFAULT_OPTIONS = {
      id: spec.id,
      classes: ["bout", "bout-tables-editor", spec.id],
      tag: "form",
      window: { title: `${spec.keys}Title`, resizable: true },
      position: { width: 640, height: "auto" },
      form: { handler: TablesEditor.#onSubmit, submitOnChange: false, closeOnSubmit: false },
      actions: { reset: TablesEditor.#onReset },
    };

    static PARTS = {
      form: { template: templatePath("settings/tables-editor.hbs") },
    };

    override async _prepareContext(options: unknown) {
      const context = await super._prepareContext(options);
      return Object.assign(context, { id: spec.id, hint: `${spec.keys}Hint`, saveLabel: `${spec.keys}Save`, resetLabel: `${spec.keys}Reset`, boxes: spec.boxes(), numbers: spec.numbers?.() ?? [] });
    }

    static async #onSubmit(this: TablesEditor, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
      if (!game.user?.isGM) return;
      const saved = await spec.save(formData.object);
      if (!saved.ok) return notifyRefusal(saved.refusal);
      ui.notifications?.info(game.i18n!.localize(`${spec.keys}Saved`));
      await this.render();
    }

    static async #onReset(this: TablesEditor) {
      if (!game.user?.isGM) return;
      await game.settings!.set("bout", spec.setting, "");
      await this.render();
    }
  };
}
