/**
 * The GM's editor for the actionpoints tables seed 002 names without printing
 * (action costs, Fatigue costs, critical locations and effects) and two
 * figures of ours (the attribute check multiplier, shield bash damage). Each
 * table is JSON in a box, prefilled with what the world uses now; Save reads
 * them all with the engine and writes the world setting only when all are
 * sound; Reset goes back to ours.
 */
import { templatePath } from "../../config";
import { DEFAULT_AP_TABLES, apCriticalRule, readApTables, type ApTables } from "../../engine/rulesets/actionpoints";
import type { PercentileCriticalRule } from "../../engine/dice";
import type { Outcome } from "../../engine/outcome";
import { notifyRefusal } from "../rulesets/notify";

const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;

// Typed by hand: see sheet-base.ts for why the full mixin types are avoided.
const Base = HandlebarsApplicationMixin(ApplicationV2 as any) as unknown as new (options?: object) => {
  render(options?: object): Promise<unknown>;
  close(): Promise<unknown>;
  _prepareContext(options: unknown): Promise<Record<string, any>>;
};

export const AP_TABLE_BOXES = ["actionCosts", "defenceFatigue", "advantageFatigue", "criticalLocations", "criticalEffects"] as const;
export const AP_TABLE_NUMBERS = ["checkMultiplier", "shieldBashDamage"] as const;

/** The tables the world plays with: the GM's, else ours (a stored table that no longer reads is ignored). */
export function apTables(): ApTables {
  let raw: unknown = "";
  try {
    const text = String(game.settings?.get("bout", "apTables") ?? "");
    raw = text ? JSON.parse(text) : "";
  } catch {
    raw = "";
  }
  const read = readApTables(raw);
  return read.ok ? read.value : DEFAULT_AP_TABLES;
}

/** What the world counts as a critical on the d100. */
export function apRule(): PercentileCriticalRule {
  let id: unknown;
  try {
    id = game.settings?.get("bout", "apCriticals");
  } catch {
    id = undefined;
  }
  return apCriticalRule(id);
}

const pretty = (v: unknown) => JSON.stringify(v, null, 1);

/** GM: read every box; all sound writes one setting, any fault refuses and writes nothing. */
export async function saveApTables(text: Record<string, unknown>): Promise<Outcome<unknown>> {
  const raw: Record<string, unknown> = {};
  for (const key of AP_TABLE_BOXES) {
    try {
      raw[key] = JSON.parse(String(text[key] ?? ""));
    } catch {
      return { ok: false, refusal: { code: "actionpoints.tables.json", message: "BOUT.ActionPoints.Tables.Refusal.json", data: { where: key } } };
    }
  }
  for (const key of AP_TABLE_NUMBERS) raw[key] = typeof text[key] === "string" && text[key] !== "" ? Number(text[key]) : text[key];
  const read = readApTables(raw);
  if (!read.ok) return read;
  await game.settings!.set("bout", "apTables", JSON.stringify(read.value));
  return { ok: true, value: true };
}

export class ApTablesEditor extends Base {
  static DEFAULT_OPTIONS = {
    id: "bout-ap-tables",
    classes: ["bout", "bout-ap-tables"],
    tag: "form",
    window: { title: "BOUT.ActionPoints.Tables.Title", resizable: true },
    position: { width: 640, height: "auto" },
    form: { handler: ApTablesEditor.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { reset: ApTablesEditor.#onReset },
  };

  static PARTS = {
    form: { template: templatePath("settings/ap-tables.hbs") },
  };

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    const t = apTables();
    return Object.assign(context, {
      boxes: AP_TABLE_BOXES.map((key) => ({ key, label: `BOUT.ActionPoints.Tables.Field.${key}`, text: pretty(t[key]), rows: key === "actionCosts" || key === "criticalEffects" ? 10 : 5 })),
      numbers: AP_TABLE_NUMBERS.map((key) => ({ key, label: `BOUT.ActionPoints.Tables.Field.${key}`, value: t[key] })),
    });
  }

  static async #onSubmit(this: ApTablesEditor, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
    if (!game.user?.isGM) return;
    const saved = await saveApTables(formData.object);
    if (!saved.ok) return notifyRefusal(saved.refusal);
    ui.notifications?.info(game.i18n!.localize("BOUT.ActionPoints.Tables.Saved"));
    await this.render();
  }

  static async #onReset(this: ApTablesEditor) {
    if (!game.user?.isGM) return;
    await game.settings!.set("bout", "apTables", "");
    await this.render();
  }
}
