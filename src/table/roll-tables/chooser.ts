/**
 * The GM's form naming which RollTable each lookup reads: a labelled field per
 * lookup (the world's ruleset first), a table's UUID or nothing for ours. The GM
 * pastes a UUID or drops a RollTable from the sidebar or a compendium on a field.
 * Save reads every chosen table with the engine, and writes the one world
 * setting only when all read; Reset goes back to ours for every lookup. Only a
 * GM opens it (the server refuses a player's write to the setting anyway).
 */
import { SYSTEM_ID, templatePath } from "../../config";
import { dragEventData } from "../../compat";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { DEFAULT_AP_TABLES } from "../../engine/rulesets/actionpoints";
import { DEFAULT_STEEL_TABLES } from "../../engine/rulesets/steel";
import { notifyRefusal } from "../notify";
import { assembleAp, assembleOpposed, assembleSteel, LOOKUPS, TABLE_RULESETS } from "./catalogue";
import { droppedTableUuid } from "./drop";
import { importRulesetTables } from "./import";
import { slotState } from "./slot-state";
import { chosenTables, ROLL_TABLES_SETTING, worldLabel, worldPick } from "./world";

const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;

// Typed by hand: see sheet-base.ts for why the full mixin types are avoided.
const Base = HandlebarsApplicationMixin(ApplicationV2 as any) as new (options?: object) => {
  render(options?: object): Promise<unknown>;
  _prepareContext(options: unknown): Promise<Record<string, any>>;
  _onFirstRender(context: Record<string, any>, options: unknown): Promise<void>;
  readonly element: HTMLElement;
};

const K = "BOUT.RollTables.Chooser.";
/** Form field names may not hold dots (they would nest): a lookup id's dots become "__". */
const field = (id: string) => id.replaceAll(".", "__");

/** GM: check every chosen table; all sound writes the setting once, any fault refuses and writes nothing. */
export async function saveRollTableChoices(values: Record<string, unknown>): Promise<Outcome<unknown>> {
  if (!game.user?.isGM) return refuse("rollTables.gmOnly", `${K}GMOnly`);
  const choices: Record<string, string> = {};
  for (const l of LOOKUPS) {
    const v = values[field(l.id)] ?? values[l.id];
    if (typeof v === "string" && v.trim() !== "") choices[l.id] = v.trim();
  }
  const pick = worldPick(choices);
  for (const read of [assembleSteel(DEFAULT_STEEL_TABLES, pick, worldLabel), assembleAp(DEFAULT_AP_TABLES, pick, worldLabel), assembleOpposed(pick, worldLabel)]) if (!read.ok) return read;
  await game.settings!.set(SYSTEM_ID, ROLL_TABLES_SETTING, choices);
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
    actions: { reset: RollTableChooser.#onReset, importTables: RollTableChooser.#onImport },
  };

  static PARTS = {
    form: { template: templatePath("settings/roll-tables.hbs"), scrollable: [".roll-tables-groups"] },
  };

  /** v13 ApplicationV2#_canRender: an error here is shown as a warning and nothing renders. */
  _canRender(_options: unknown): void {
    if (!game.user?.isGM) throw new Error(game.i18n!.localize(`${K}GMOnly`));
  }

  // One pair of listeners on the window itself, for every re-render (drag events bubble up to it).
  override async _onFirstRender(context: Record<string, any>, options: unknown): Promise<void> {
    await super._onFirstRender(context, options);
    const root = this.element;
    root.addEventListener("dragover", (event) => {
      if ((event.target as HTMLElement | null)?.closest?.("input[data-lookup]")) event.preventDefault();
    });
    root.addEventListener("drop", (event) => this.onDrop(event));
  }

  /** GM: a RollTable dropped on a lookup's field names it there (saved with the rest on Save); anything else is refused and the field keeps its value. */
  onDrop(event: DragEvent): void {
    const input = (event.target as HTMLElement | null)?.closest?.<HTMLInputElement>("input[data-lookup]");
    if (!input) return;
    event.preventDefault();
    if (!game.user?.isGM) return;
    const dropped = droppedTableUuid(dragEventData(event));
    if (!dropped.ok) return notifyRefusal(dropped.refusal);
    input.value = dropped.value;
  }

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
    const groups = order.map((ruleset) => {
      const rows = LOOKUPS.filter((l) => l.ruleset === ruleset).map((l) => {
        const state = slotState(chosen[l.id]);
        return { name: field(l.id), label: l.name(worldLabel), value: chosen[l.id] ?? "", state: state.state, status: worldLabel(`${K}State.${state.state}`, { name: state.name }) };
      });
      const world = rows.filter((r) => r.state === "world").length;
      const summary = world === 0 ? "none" : world === rows.length ? "all" : "some";
      return { ruleset, label: `BOUT.RollTables.Folder.${ruleset}`, rows, summary: worldLabel(`${K}Summary.${summary}`, { world: String(world), total: String(rows.length) }) };
    });
    return Object.assign(context, { hint: `${K}Hint`, groups, saveLabel: `${K}Save`, resetLabel: `${K}Reset`, importLabel: `${K}Import` });
  }

  static async #onSubmit(this: RollTableChooser, _event: Event, _form: HTMLFormElement, formData: { object: Record<string, unknown> }) {
    if (!game.user?.isGM) return;
    const saved = await saveRollTableChoices(formData.object);
    if (!saved.ok) return notifyRefusal(saved.refusal);
    ui.notifications?.info(game.i18n!.localize(`${K}Saved`));
    await this.render();
  }

  /** GM: this ruleset's tables imported into a world folder and chosen, in one step (import.ts); unsaved typing in the form gives way to what is stored. */
  static async #onImport(this: RollTableChooser, _event: Event, target: HTMLElement) {
    if (!game.user?.isGM) return;
    const done = await importRulesetTables(target.dataset.ruleset);
    if (!done.ok) return notifyRefusal(done.refusal);
    const { imported, reused, kept } = done.value;
    ui.notifications?.info(worldLabel("BOUT.RollTables.Import.Done", { imported: String(imported), reused: String(reused), kept: String(kept) }));
    await this.render();
  }

  static async #onReset(this: RollTableChooser) {
    if (!game.user?.isGM) return;
    await game.settings!.set(SYSTEM_ID, ROLL_TABLES_SETTING, {});
    await this.render();
  }
}
