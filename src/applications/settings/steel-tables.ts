/**
 * The GM's editor for the steel tables the seed names without printing (wound
 * tables, hit zones, the 2d6 missile chart). Each is JSON in a box, prefilled
 * with what the world uses now; Save checks every box with the engine and
 * writes the world setting only when all are sound; Reset goes back to ours.
 */
import { templatePath } from "../../config";
import { DEFAULT_STEEL_TABLES, readMissileChart, readSteelTables, readWoundTable, readZones, type SteelTables } from "../../engine/rulesets/steel";
import type { Outcome } from "../../engine/outcome";
import { notifyRefusal } from "../rulesets/notify";

const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;

// Typed by hand: see sheet-base.ts for why the full mixin types are avoided.
const Base = HandlebarsApplicationMixin(ApplicationV2 as any) as unknown as new (options?: object) => {
  render(options?: object): Promise<unknown>;
  close(): Promise<unknown>;
  _prepareContext(options: unknown): Promise<Record<string, any>>;
};

/** The tables the world plays with: the GM's, else ours (a stored table that no longer reads is ignored). */
export function steelTables(): SteelTables {
  let raw: unknown = "";
  try {
    const text = String(game.settings?.get("bout", "steelTables") ?? "");
    raw = text ? JSON.parse(text) : "";
  } catch {
    raw = "";
  }
  const read = readSteelTables(raw);
  return read.ok ? read.value : DEFAULT_STEEL_TABLES;
}

const pretty = (v: unknown) => JSON.stringify(v, null, 1);

/** GM: check every box; all sound writes one setting, any fault refuses and writes nothing. */
export async function saveSteelTables(text: { woundTable: string; zones: string; missileChart: string }): Promise<Outcome<unknown>> {
  const parsed: Record<string, unknown> = {};
  const readers: Record<string, (raw: unknown) => Outcome<unknown>> = { woundTable: readWoundTable, zones: readZones, missileChart: readMissileChart };
  for (const [key, reader] of Object.entries(readers)) {
    let raw: unknown;
    try {
      raw = JSON.parse(text[key as keyof typeof text]);
    } catch {
      return { ok: false, refusal: { code: "steel.tables.json", message: "BOUT.Steel.Tables.Refusal.json", data: { where: key } } };
    }
    const read = reader(raw);
    if (!read.ok) return read;
    parsed[key] = read.value;
  }
  await game.settings!.set("bout", "steelTables", JSON.stringify(parsed));
  return { ok: true, value: true };
}

export class SteelTablesEditor extends Base {
  static DEFAULT_OPTIONS = {
    id: "bout-steel-tables",
    classes: ["bout", "bout-steel-tables"],
    tag: "form",
    window: { title: "BOUT.Steel.Tables.Title", resizable: true },
    position: { width: 640, height: "auto" },
    form: { handler: SteelTablesEditor.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { reset: SteelTablesEditor.#onReset },
  };

  static PARTS = {
    form: { template: templatePath("settings/steel-tables.hbs") },
  };

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    const t = steelTables();
    return Object.assign(context, { woundTable: pretty(t.woundTable), zones: pretty(t.zones), missileChart: pretty(t.missileChart) });
  }

  static async #onSubmit(this: SteelTablesEditor, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
    if (!game.user?.isGM) return;
    const o = formData.object;
    const saved = await saveSteelTables({ woundTable: String(o.woundTable ?? ""), zones: String(o.zones ?? ""), missileChart: String(o.missileChart ?? "") });
    if (!saved.ok) return notifyRefusal(saved.refusal);
    ui.notifications?.info(game.i18n!.localize("BOUT.Steel.Tables.Saved"));
    await this.render();
  }

  static async #onReset(this: SteelTablesEditor) {
    if (!game.user?.isGM) return;
    await game.settings!.set("bout", "steelTables", "");
    await this.render();
  }
}
