/**
 * The GM's form naming which RollTable each lookup reads: a labelled field per
 * lookup (the world's ruleset first), a table's UUID or nothing for ours. Save
 * reads every chosen table with the engine, and writes the one world setting
 * only when all read; Reset goes back to ours for every lookup.
 */
import { SYSTEM_ID, templatePath } from "../../config";
import { ok, type Outcome } from "../../engine/outcome";
import { DEFAULT_AP_TABLES } from "../../engine/rulesets/actionpoints";
import { DEFAULT_STEEL_TABLES } from "../../engine/rulesets/steel";
import { notifyRefusal } from "../notify";
import { assembleAp, assembleOpposed, assembleSteel, LOOKUPS, TABLE_RULESETS } from "./catalogue";
import { chosenTables, ROLL_TABLES_SETTING, worldLabel, worldPick } from "./world";

const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;

// Typed by hand: see sheet-base.ts for why the full mixin types are avoided.
const Base = HandlebarsApplicationMixin(ApplicationV2 as any) as unknown as new (options?: object) => {
  render(options?: object): Promise<unknown>;
  _prepareContext(options: unknown): Promise<Record<string, any>>;
};

const K = "BOUT.RollTables.Chooser.";
/** Form field names may not hold dots (they would nest): a lookup id's dots become "__". */
const field = (id: string) => id.replaceAll(".", "__");

/** GM: check every chosen table; all sound writes the setting once, any fault refuses and writes nothing. */
export async function saveRollTableChoices(values: Record<string, unknown>): Promise<Outcome<unknown>> {
  const choices: Record<string, string> = {};
  for (const l of LOOKUPS) {
    const v = values[field(l.id)] ?? values[l.id];
    if (typeof v === "string" && v.trim() !== "") choices[l.id] = v.trim();
  }
  const pick = worldPick(choices);
  for (const read of [assembleSteel(DEFAULT_STEEL_TABLES, pick, worldLabel), assembleAp(DEFAULT_AP_TABLES, pick, worldLabel), assembleOpposed(pick, worldLabel)]) if (!read.ok) return read;
  await game.settings!.set(SYSTEM_ID, ROLL_TABLES_SETTING as never, choices as never);
  return ok(true);
}

export class RollTableChooser extends Base {
  static DEFAULT_OPTIONS = {
    id: "bout-roll-tables",
    classes: ["bout", "bout-tables-editor", "bout-roll-tables"],
    tag: "form",
    window: { title: `${K}Title`, resizable: true },
    position: { width: 640, height: 600 },
    form: { handler: RollTableChooser.#onSubmit, submitOnChange: false, closeOnSubmit: false },
    actions: { reset: RollTableChooser.#onReset },
  };

  static PARTS = {
    form: { template: templatePath("settings/roll-tables.hbs"), scrollable: [".roll-tables-groups"] },
  };

  override async _prepareContext(options: unknown) {
    const context = await super._prepareContext(options);
    const chosen = chosenTables();
    let current = "";
    try {
      current = String(game.settings?.get(SYSTEM_ID, "ruleset") ?? "");
    } catch {
      current = "";
    }
    const order = [...TABLE_RULESETS].sort((a, b) => Number(b === current) - Number(a === current));
    const groups = order.map((ruleset) => ({
      label: `BOUT.RollTables.Folder.${ruleset}`,
      rows: LOOKUPS.filter((l) => l.ruleset === ruleset).map((l) => ({ name: field(l.id), label: l.name(worldLabel), value: chosen[l.id] ?? "" })),
    }));
    return Object.assign(context, { hint: `${K}Hint`, groups, saveLabel: `${K}Save`, resetLabel: `${K}Reset` });
  }

  static async #onSubmit(this: RollTableChooser, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
    if (!game.user?.isGM) return;
    const saved = await saveRollTableChoices(formData.object);
    if (!saved.ok) return notifyRefusal(saved.refusal);
    ui.notifications?.info(game.i18n!.localize(`${K}Saved`));
    await this.render();
  }

  static async #onReset(this: RollTableChooser) {
    if (!game.user?.isGM) return;
    await game.settings!.set(SYSTEM_ID, ROLL_TABLES_SETTING as never, {} as never);
    await this.render();
  }
}
