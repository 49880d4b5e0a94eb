/**
 * The armory: a GM's grid over every weapon (or armour, or shield) of an Item
 * compendium or of the world, one row per item and one column per figure of the
 * chosen ruleset. Cells are checked as they are typed (cells.ts); a changed cell
 * stays marked until saved, and Save writes every change in one batched call per
 * kind of write (update, create, delete), never one per cell. Import shows its
 * plan first and writes nothing until the GM confirms.
 *
 * The rows, cells, plans and files are pure (columns.ts … files.ts); this class
 * only reads documents, shows, and writes.
 */
import { SYSTEM_ID, templatePath } from "../../config";
import { RULESETS } from "../../engine/rulesets/registry";
import { RULESET_IDS, type RulesetId } from "../../engine/rulesets/ruleset";
import { activeRuleset } from "../../settings";
import { FIGURE_SOURCES } from "../../data/shared/ruleset-blocks";
import { ARMORY_KINDS, allColumns, columnByKey, rulesetColumns, splitColumnKey, type ArmoryColumn, type ArmoryKind } from "./columns";
import { readCell, readName, type CellRefusal, type CellResult } from "./cells";
import { blankRow, cellValue, changedCells, duplicateRow, editCell, filterRows, rowCreation, rowFromSource, rowUpdate, sortRows, type ArmoryRow } from "./rows";
import { ImportPlanner, type ImportPlan } from "./plan";
import { MAX_FILE_BYTES, readArmoryFile, toCsv, toJson, type FileFormat } from "./files";
import { nextCell } from "./navigation";
import { gridKeydown } from "./grid-keys";
import { noticeText } from "../../table/notify";
import { columnWords, fixedWords, valueWords, type Localize } from "./words";

const { HandlebarsApplicationMixin, ApplicationV2 } = foundry.applications.api;

// Typed by hand: see sheets/sheet-base.ts for why the full mixin types are avoided.
const Base = HandlebarsApplicationMixin(ApplicationV2 as any) as new (options?: object) => {
  readonly element: HTMLElement;
  readonly rendered: boolean;
  options: Record<string, any>;
  render(options?: object | boolean): Promise<unknown>;
  close(options?: object): Promise<unknown>;
  _prepareContext(options: unknown): Promise<Record<string, any>>;
  _onFirstRender(context: Record<string, any>, options: unknown): Promise<void> | void;
};

export interface ArmoryOptions {
  /** The Item compendium to edit ("world.weapons"); the world's items when absent. */
  readonly pack?: string | null;
  readonly kind?: ArmoryKind;
  readonly ruleset?: RulesetId;
}

const T = "BOUT.Armory.";
const i18n = () => game.i18n!;
const isGM = () => Boolean(game.user?.isGM);

/** Rows planned between two turns of the client's event loop (each takes a fraction of a millisecond). */
const PLAN_CHUNK = 200;
/** Gives the browser a turn (input, drawing) before the next part: a task, not a microtask. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Shows a refusal from the model; nothing has been written. */
function warn(refusal: CellRefusal): void {
  ui.notifications?.warn(noticeText(refusal.message, refusal.data));
}

type ItemPack = { collection: string; documentName: string; locked: boolean; title: string; getDocuments(): Promise<any[]> };

function findPack(id: string): ItemPack | undefined {
  return (game.packs as { get(id: string): ItemPack | undefined } | undefined)?.get(id);
}

/** The last part of a picture's path, as the grid shows it ("sword-guard.webp"); the whole path is in the cell's tooltip. */
const fileName = (path: string): string => path.split("/").pop() ?? path;

/** This client's words for a localization key. */
const localize: Localize = (key) => i18n().localize(key);

/** The name the GM sees for a column: the figure's label, under its group's if it has one. */
export function columnLabel(column: ArmoryColumn | string): string {
  const c = typeof column === "string" ? columnByKey("weapon", column) ?? columnByKey("armor", column) ?? columnByKey("shield", column) : column;
  if (typeof column === "string" && (column === "name" || column === "img")) return fixedWords(column, localize);
  return c ? columnWords(c, localize) : String(column);
}

/**
 * The item data model's own field for a column (CONFIG.Item.dataModels, built
 * from the same stat descriptions): the last word on a value, whose refusal is
 * the one Foundry gives the item sheet.
 */
function modelField(kind: ArmoryKind, key: string): { validate(value: unknown): { message?: string } | void | undefined } | undefined {
  const model = (CONFIG.Item.dataModels as Record<string, { schema?: { fields: Record<string, any> } }>)[kind];
  const { ruleset, path } = splitColumnKey(key);
  const steps = path === "source" ? ["figureSource", ruleset] : [ruleset, ...path.split(".")];
  let field: any = { fields: model?.schema?.fields ?? {} };
  for (const step of steps) field = field?.fields?.[step];
  return field;
}

/** The data model's refusal of a value for a column, in its own words, or null. */
export function modelRefusal(kind: ArmoryKind, key: string, value: unknown): CellRefusal | null {
  const failure = modelField(kind, key)?.validate(value);
  return failure ? { message: `${T}Refusal.Model`, data: { column: columnLabel(key), reason: failure.message ?? "" } } : null;
}

export class BoutArmory extends Base {
  static DEFAULT_OPTIONS = {
    id: "bout-armory-{id}",
    classes: ["bout", "bout-armory"],
    tag: "div",
    window: { title: `${T}Title`, icon: "fa-solid fa-shield-halved", resizable: true },
    position: { width: 1180, height: 720 },
    actions: {
      sort: BoutArmory.#onSort,
      addRow: BoutArmory.#onAddRow,
      duplicateRow: BoutArmory.#onDuplicateRow,
      deleteRow: BoutArmory.#onDeleteRow,
      save: BoutArmory.#onSave,
      discard: BoutArmory.#onDiscard,
      exportFile: BoutArmory.#onExport,
      importFile: BoutArmory.#onPickFile,
      pickImage: BoutArmory.#onPickImage,
      confirmImport: BoutArmory.#onConfirmImport,
      cancelImport: BoutArmory.#onCancelImport,
    },
  };

  static PARTS = {
    toolbar: { template: templatePath("armory/toolbar.hbs") },
    grid: { template: templatePath("armory/grid.hbs"), scrollable: [".armory-scroll"] },
    preview: { template: templatePath("armory/preview.hbs") },
    footer: { template: templatePath("armory/footer.hbs") },
  };

  /** Opens the armory for a GM; anyone else is refused with a notice. */
  static async open(options: ArmoryOptions = {}): Promise<BoutArmory | null> {
    if (!isGM()) {
      ui.notifications?.warn(i18n().localize(`${T}GmOnly`));
      return null;
    }
    if (options.pack) {
      const pack = findPack(options.pack);
      if (!pack || pack.documentName !== "Item") {
        ui.notifications?.warn(noticeText(`${T}NoPack`, { pack: options.pack }));
        return null;
      }
      if (pack.locked) {
        ui.notifications?.warn(noticeText(`${T}Locked`, { pack: pack.title }));
        return null;
      }
    }
    const app = new BoutArmory(options);
    await app.render({ force: true });
    return app;
  }

  readonly pack: string | null;
  kind: ArmoryKind;
  ruleset: RulesetId;
  /** Leave "figures from" as it is when a figure changes. */
  keepSources = false;
  /** The items as stored, by row key. */
  stored = new Map<string, ArmoryRow>();
  /** The grid as edited, in its order (new rows included). */
  rows: ArmoryRow[] = [];
  /** Ids of stored items the GM deleted (written on save). */
  deleted = new Set<string>();
  filters: Record<string, string> = {};
  sortBy: { key: string; direction: "asc" | "desc" } | null = null;
  /** An import waiting for the GM's confirmation. */
  plan: ImportPlan | null = null;
  /** An import being read: how many of its rows are planned so far (null when none is). */
  reading: { readonly done: number; readonly total: number } | null = null;
  #loaded = false;
  #newRows = 0;

  constructor(options: ArmoryOptions = {}) {
    super(options);
    this.pack = options.pack ?? null;
    this.kind = options.kind ?? "weapon";
    this.ruleset = options.ruleset ?? activeRuleset().id;
  }

  /** Closing with unsaved edits asks first; `force` closes without asking. */
  override async close(options: { force?: boolean } = {}): Promise<unknown> {
    if (this.dirty && !options.force && isGM()) {
      const discard = await foundry.applications.api.DialogV2.confirm({
        window: { title: `${T}Title` },
        content: `<p>${i18n().localize(`${T}CloseUnsaved`)}</p>`,
      });
      if (!discard) return this;
    }
    return super.close(options);
  }

  override render(options?: object | boolean): Promise<unknown> {
    // A player's client never shows the armory, whoever calls render.
    if (!isGM()) {
      ui.notifications?.warn(i18n().localize(`${T}GmOnly`));
      return Promise.resolve(this);
    }
    return super.render(options);
  }

  get title(): string {
    const where = this.pack ? (findPack(this.pack)?.title ?? this.pack) : i18n().localize(`${T}WorldItems`);
    return `${i18n().localize(`${T}Title`)}: ${where}`;
  }

  /** The write options that send a batch to the compendium (or to the world). */
  get #writeOptions(): Record<string, unknown> {
    return this.pack ? { pack: this.pack } : {};
  }

  get #Item(): { updateDocuments(u: object[], o?: object): Promise<unknown>; createDocuments(d: object[], o?: object): Promise<unknown>; deleteDocuments(ids: string[], o?: object): Promise<unknown> } {
    return CONFIG.Item.documentClass as never;
  }

  /** Reads the stored items of the kind afresh; forgets every unsaved edit. */
  async load(): Promise<void> {
    const docs: any[] = this.pack ? await findPack(this.pack)!.getDocuments() : [...((game.items as Iterable<any>) ?? [])];
    const rows = docs
      .filter((d) => d.type === this.kind)
      .map((d) => rowFromSource(this.kind, d.toObject()))
      .sort((a, b) => a.name.localeCompare(b.name));
    this.stored = new Map(rows.map((r) => [r.key, r]));
    this.rows = rows;
    this.deleted = new Set();
    this.#loaded = true;
  }

  /** True while there are edits not yet saved. */
  get dirty(): boolean {
    return this.deleted.size > 0 || this.rows.some((r) => !r.id || changedCells(r, this.stored.get(r.key)!).length > 0);
  }

  /** The number of items the next save writes. */
  get pendingCount(): number {
    return this.deleted.size + this.rows.filter((r) => !r.id || changedCells(r, this.stored.get(r.key)!).length > 0).length;
  }

  /** Columns shown: name and image, then the chosen ruleset's figures and marker. */
  get columns(): ArmoryColumn[] {
    return rulesetColumns(this.kind, this.ruleset);
  }

  /** The rows as shown: filtered, then sorted. */
  get visibleRows(): ArmoryRow[] {
    const shown = filterRows(this.rows, this.filters);
    return this.sortBy ? sortRows(shown, this.sortBy.key, this.sortBy.direction) : shown;
  }

  /** Switches the kind or the ruleset shown. Changing the kind needs the edits saved or discarded first. */
  async setView({ kind, ruleset }: { kind?: ArmoryKind; ruleset?: RulesetId }): Promise<boolean> {
    if (kind && kind !== this.kind) {
      if (!(ARMORY_KINDS as readonly string[]).includes(kind)) return false;
      if (this.dirty) {
        ui.notifications?.warn(i18n().localize(`${T}SaveFirst`));
        return false;
      }
      this.kind = kind;
      this.#loaded = false;
      this.filters = {};
      this.sortBy = null;
    }
    if (ruleset && (RULESET_IDS as readonly string[]).includes(ruleset)) this.ruleset = ruleset;
    await this.render();
    return true;
  }

  /**
   * Sets one cell from what the GM typed: checked against the figure's limits,
   * refused with a notice (the row unchanged), else kept until saved.
   */
  setCell(rowKey: string, key: string, raw: unknown): CellResult {
    const index = this.rows.findIndex((r) => r.key === rowKey);
    if (index < 0) return { ok: false, refusal: { message: `${T}Refusal.NoRow`, data: {} } };
    const column = key === "name" || key === "img" ? null : columnByKey(this.kind, key);
    let result: CellResult;
    if (key === "name") result = readName(raw);
    else if (key === "img") result = { ok: true, value: String(raw ?? "").trim() };
    else if (!column) result = { ok: false, refusal: { message: `${T}Refusal.UnknownColumn`, data: { column: key } } };
    else result = readCell(column, raw, columnLabel(column));
    const refused = result.ok && column ? modelRefusal(this.kind, key, result.value) : null;
    if (refused) result = { ok: false, refusal: refused };
    if (!result.ok) {
      warn(result.refusal);
      return result;
    }
    const row = this.rows[index]!;
    this.rows[index] = editCell(row, this.stored.get(row.key) ?? null, key, result.value, { keepSources: this.keepSources });
    return result;
  }

  addRow(name = i18n().localize(`${T}NewName`)): ArmoryRow {
    const row = blankRow(this.kind, `new-${++this.#newRows}`, this.#freeName(name));
    this.rows.push(row);
    return row;
  }

  duplicateRow(rowKey: string): ArmoryRow | null {
    const source = this.rows.find((r) => r.key === rowKey);
    if (!source) return null;
    const row = duplicateRow(source, `new-${++this.#newRows}`, this.#freeName(i18n().format(`${T}CopyName`, { name: source.name })));
    this.rows.splice(this.rows.indexOf(source) + 1, 0, row);
    return row;
  }

  remove(rowKey: string): void {
    const row = this.rows.find((r) => r.key === rowKey);
    if (!row) return;
    if (row.id) this.deleted.add(row.id);
    this.rows = this.rows.filter((r) => r !== row);
  }

  #freeName(name: string): string {
    const taken = new Set(this.rows.map((r) => r.name.toLocaleLowerCase()));
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLocaleLowerCase()); n++) candidate = `${name} ${n}`;
    return candidate;
  }

  /** Writes every edit: one update for all changed items, one create, one delete. */
  async save(): Promise<boolean> {
    if (!isGM()) {
      ui.notifications?.warn(i18n().localize(`${T}GmOnly`));
      return false;
    }
    const names = new Map<string, number>();
    for (const r of this.rows) names.set(r.name.toLocaleLowerCase(), (names.get(r.name.toLocaleLowerCase()) ?? 0) + 1);
    const twice = this.rows.find((r) => names.get(r.name.toLocaleLowerCase())! > 1);
    if (twice) {
      warn({ message: `${T}Refusal.DuplicateName`, data: { name: twice.name } });
      return false;
    }
    const updates = this.rows.filter((r) => r.id).flatMap((r): Record<string, unknown>[] => { const u = rowUpdate(r, this.stored.get(r.key)!); return u ? [u] : []; });
    const creates = this.rows.filter((r) => !r.id).map((r) => rowCreation(this.kind, r));
    const deletes = [...this.deleted];
    return this.#write(updates, creates, deletes, i18n().format(`${T}Saved`, { updated: String(updates.length), created: String(creates.length), deleted: String(deletes.length) }));
  }

  /**
   * One update, one create and one delete at most, then the stored items read
   * again and drawn; a failed write is told, and the grid shows what was stored.
   */
  async #write(updates: Record<string, unknown>[], creates: Record<string, unknown>[], deletes: string[], done: string): Promise<boolean> {
    let wrote = true;
    try {
      if (updates.length) await this.#Item.updateDocuments(updates, this.#writeOptions);
      if (creates.length) await this.#Item.createDocuments(creates, this.#writeOptions);
      if (deletes.length) await this.#Item.deleteDocuments(deletes, this.#writeOptions);
    } catch (error) {
      ui.notifications?.error(noticeText(`${T}SaveFailed`, { error: (error as Error).message }));
      wrote = false;
    }
    if (wrote) ui.notifications?.info(done);
    await this.load();
    await this.render();
    return wrote;
  }

  /** The saved items as a file: this ruleset's columns, or every ruleset's. */
  exportText(format: FileFormat, scope: "ruleset" | "all" = "all"): string {
    const columns = scope === "all" ? allColumns(this.kind) : rulesetColumns(this.kind, this.ruleset);
    const rows = [...this.stored.values()];
    return format === "csv" ? toCsv(rows, columns, localize) : toJson(this.kind, rows, columns);
  }

  /** Reads a file and shows what it would do; writes nothing. Returns the plan, or null when the file is refused. */
  async importText(text: string, format: FileFormat, bytes = text.length): Promise<ImportPlan | null> {
    if (!isGM()) {
      ui.notifications?.warn(i18n().localize(`${T}GmOnly`));
      return null;
    }
    if (this.dirty) {
      ui.notifications?.warn(i18n().localize(`${T}SaveFirst`));
      return null;
    }
    if (!this.#loaded) await this.load();
    const read = readArmoryFile(this.kind, format, text, bytes, { localize, shown: this.ruleset });
    if (!read.ok) {
      warn(read.refusal);
      return null;
    }
    if (this.reading) {
      ui.notifications?.warn(i18n().localize(`${T}StillReading`));
      return null;
    }
    // A part at a time, the client drawing between parts: a large file never holds the GM's screen still.
    const planner = new ImportPlanner(this.kind, [...this.stored.values()], { keepSources: this.keepSources, label: columnLabel, firstLine: read.firstLine, check: (key, value) => modelRefusal(this.kind, key, value), localize });
    const records = read.records;
    try {
      for (let at = 0; at < records.length; at += PLAN_CHUNK) {
        planner.add(records.slice(at, at + PLAN_CHUNK));
        this.reading = { done: planner.count, total: records.length };
        if (planner.count < records.length) await nextTask();
      }
    } finally {
      this.reading = null;
    }
    this.plan = planner.plan();
    await this.render();
    return this.plan;
  }

  /** Writes the shown import: one update for the changed items, one create for the new. */
  async confirmImport(): Promise<boolean> {
    if (!isGM() || !this.plan) return false;
    const plan = this.plan;
    this.plan = null;
    const updates = plan.updates.flatMap((u): Record<string, unknown>[] => { const x = rowUpdate(u.row, u.original); return x ? [x] : []; });
    const creates = plan.creates.map((c) => rowCreation(this.kind, c.row));
    return this.#write(updates, creates, [], i18n().format(`${T}Imported`, { updated: String(updates.length), created: String(creates.length), refused: String(plan.refused.length) }));
  }

  async cancelImport(): Promise<void> {
    this.plan = null;
    await this.render();
  }

  override async _prepareContext(options: unknown): Promise<Record<string, any>> {
    const context = await super._prepareContext(options);
    if (!this.#loaded) await this.load();
    return Object.assign(context, armoryContext(this));
  }

  // One set of listeners on the window itself, for every part and every re-render (events bubble up to it).
  override async _onFirstRender(context: Record<string, any>, options: unknown): Promise<void> {
    await super._onFirstRender(context, options);
    const root = this.element;
    root.addEventListener("change", (event) => {
      const el = event.target as HTMLInputElement;
      if (el.dataset.armoryView === "keepSources") this.keepSources = el.checked;
      else if (el.dataset.armoryView) void this.setView({ [el.dataset.armoryView]: el.value });
      else if (el.dataset.filter !== undefined) {
        this.filters[el.dataset.filter] = el.value;
        void this.render();
      } else if (el.dataset.armoryFile !== undefined) void this.#onFile(event);
      else if (el.dataset.column) this.#onCellChange(event);
    });
    root.addEventListener("keydown", (event) => gridKeydown(event, nextCell));
  }

  #onCellChange(event: Event): void {
    const el = event.target as HTMLInputElement;
    const rowKey = el.closest<HTMLElement>("tr[data-row]")?.dataset.row;
    const key = el.dataset.column;
    if (!rowKey || !key) return;
    const value = el.type === "checkbox" ? el.checked : el.value;
    const result = this.setCell(rowKey, key, value);
    const row = this.rows.find((r) => r.key === rowKey);
    if (!row) return;
    if (!result.ok) {
      // Back to the value the row holds, as the sheet does with a refused figure.
      const held = cellValue(row, key);
      if (el.type === "checkbox") el.checked = Boolean(held);
      else el.value = String(held ?? "");
      return;
    }
    this.#showRow(el.closest<HTMLElement>("[data-row]")!, row);
  }

  /** A drawn row brought up to date with what it holds: the picture, the marks of what differs from the stored item, the marker it may have switched. */
  #showRow(tr: HTMLElement, row: ArmoryRow): void {
    const changed = new Set(changedCells(row, this.stored.get(row.key) ?? null));
    tr.querySelectorAll<HTMLInputElement>("[data-column]").forEach((cell) => {
      const k = cell.dataset.column!;
      cell.closest("td")?.classList.toggle("changed", changed.has(k));
      if (k.endsWith(".source") && cell.value !== cellValue(row, k)) cell.value = String(cellValue(row, k));
    });
    // The picture cell: the picture, its file's name, the whole path in its tooltip.
    tr.querySelector<HTMLImageElement>("[data-armory-picture]")?.setAttribute("src", row.img);
    const name = tr.querySelector<HTMLElement>("[data-armory-picture-name]");
    if (name) name.textContent = fileName(row.img);
    tr.querySelector<HTMLElement>('[data-action="pickImage"]')?.setAttribute("data-tooltip", row.img);
    const count = this.element.querySelector("[data-pending]");
    if (count) count.textContent = i18n().format(`${T}Pending`, { count: String(this.pendingCount) });
  }

  /** A row's picture set to a path chosen in Foundry's file picker, as typing it would set it (kept until saved). */
  async pickImage(rowKey: string, path: string): Promise<CellResult> {
    const result = this.setCell(rowKey, "img", path);
    const row = this.rows.find((r) => r.key === rowKey);
    if (!result.ok || !row) return result;
    // The row as drawn, if it is (filtered out, or the window gone: drawn afresh).
    const tr = this.rendered ? [...(this.element?.querySelectorAll<HTMLElement>("tr[data-row]") ?? [])].find((el) => el.dataset.row === rowKey) : undefined;
    if (tr) this.#showRow(tr, row);
    else if (this.rendered) await this.render();
    return result;
  }

  async #onFile(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    const format: FileFormat = /\.json$/i.test(file.name) || file.type === "application/json" ? "json" : "csv";
    // A file too large is refused before it is read.
    if (file.size > MAX_FILE_BYTES) return void (await this.importText("", format, file.size));
    await this.importText(await file.text(), format, file.size);
  }

  static async #onSort(this: BoutArmory, _event: Event, target: HTMLElement) {
    const key = target.dataset.column!;
    this.sortBy = this.sortBy?.key === key ? { key, direction: this.sortBy.direction === "asc" ? "desc" : "asc" } : { key, direction: "asc" };
    await this.render();
  }

  static async #onAddRow(this: BoutArmory) {
    this.addRow();
    await this.render();
  }

  static async #onDuplicateRow(this: BoutArmory, _event: Event, target: HTMLElement) {
    this.duplicateRow(target.closest<HTMLElement>("[data-row]")?.dataset.row ?? "");
    await this.render();
  }

  static async #onDeleteRow(this: BoutArmory, _event: Event, target: HTMLElement) {
    this.remove(target.closest<HTMLElement>("[data-row]")?.dataset.row ?? "");
    await this.render();
  }

  static async #onSave(this: BoutArmory) {
    await this.save();
  }

  static async #onDiscard(this: BoutArmory) {
    await this.load();
    await this.render();
  }

  static #onExport(this: BoutArmory, _event: Event, target: HTMLElement) {
    const format = (target.dataset.format === "json" ? "json" : "csv") as FileFormat;
    const scope = (this.element.querySelector<HTMLSelectElement>("[data-export-scope]")?.value === "ruleset" ? "ruleset" : "all") as "ruleset" | "all";
    if (this.dirty) ui.notifications?.info(i18n().localize(`${T}ExportSaved`));
    const name = `armory-${this.kind}-${scope === "all" ? "all" : this.ruleset}.${format}`;
    foundry.utils.saveDataToFile(this.exportText(format, scope), format === "csv" ? "text/csv" : "application/json", name);
  }

  /**
   * The picture of a row opens Foundry's file picker on the row's image, as a sheet's
   * picture does (v13 `foundry.applications.apps.FilePicker`, built with type, current
   * and callback and opened with `browse()`, as core's DocumentSheetV2#_onEditImage).
   */
  static async #onPickImage(this: BoutArmory, _event: Event, target: HTMLElement) {
    const rowKey = target.closest?.<HTMLElement>("[data-row]")?.dataset.row ?? "";
    const row = this.rows.find((r) => r.key === rowKey);
    if (!row || !isGM()) return;
    const Picker = foundry.applications.apps.FilePicker.implementation;
    const picker = new Picker({ type: "image", current: row.img, callback: (path: string) => void this.pickImage(rowKey, path) });
    await picker.browse();
  }

  static #onPickFile(this: BoutArmory) {
    this.element.querySelector<HTMLInputElement>("[data-armory-file]")?.click();
  }

  static async #onConfirmImport(this: BoutArmory) {
    await this.confirmImport();
  }

  static async #onCancelImport(this: BoutArmory) {
    await this.cancelImport();
  }
}

/** What the templates draw: the switches, the columns, the visible rows and cells, and a pending import. */
function armoryContext(app: BoutArmory): Record<string, unknown> {
  const columns = app.columns;
  const headers = [
    { key: "name", label: columnLabel("name"), kind: "name" },
    { key: "img", label: columnLabel("img"), kind: "img" },
    ...columns.map((c) => ({ key: c.key, label: columnLabel(c), kind: c.type === "source" ? "source" : c.stat.kind === "integer" ? "number" : c.stat.kind, hint: c.type === "figure" && c.stat.hint ? c.stat.hint : "" })),
  ].map((h) => ({
    ...h,
    filter: app.filters[h.key] ?? "",
    sortIcon: app.sortBy?.key === h.key ? (app.sortBy.direction === "asc" ? "fa-solid fa-sort-up" : "fa-solid fa-sort-down") : "",
    ariaSort: app.sortBy?.key === h.key ? (app.sortBy.direction === "asc" ? "ascending" : "descending") : "none",
  }));
  const rows = app.visibleRows.map((row, r) => {
    const original = app.stored.get(row.key) ?? null;
    const changed = new Set(changedCells(row, original));
    const base = { r, row: row.key, rowName: row.name };
    const cells = [
      { ...base, c: 0, key: "name", kind: "name", value: row.name, changed: changed.has("name"), label: headers[0]!.label },
      { ...base, c: 1, key: "img", kind: "img", value: row.img, fileName: fileName(row.img), changed: changed.has("img"), label: headers[1]!.label },
      ...columns.map((column, i) => {
        const value = row.values[column.key];
        const cell = { ...base, c: i + 2, key: column.key, value, changed: changed.has(column.key), label: headers[i + 2]!.label };
        if (column.type === "source") return { ...cell, kind: "choice", choices: FIGURE_SOURCES.map((s) => ({ value: s, label: `BOUT.Item.FigureSource.${s}`, selected: s === value })) };
        const stat = column.stat;
        if (stat.kind === "choice") return { ...cell, kind: "choice", choices: stat.choices.map((ch) => ({ value: ch, label: `${stat.choiceLabels}.${ch}`, selected: ch === value })) };
        if (stat.kind === "integer" || stat.kind === "number")
          return { ...cell, kind: "number", min: stat.min, max: stat.max, hasMin: stat.min !== undefined, hasMax: stat.max !== undefined, step: stat.kind === "integer" ? 1 : (stat.step ?? "any") };
        return { ...cell, kind: stat.kind };
      }),
    ];
    return { key: row.key, isNew: !row.id, name: row.name, cells };
  });
  const plan = app.plan;
  const format = (r: CellRefusal) => i18n().format(r.message, Object.fromEntries(Object.entries(r.data).map(([k, v]) => [k, String(v)])));
  // Old and new as the grid shows them: yes/no, a choice's label, a marker's words.
  const show = (key: string, v: unknown) => {
    if (typeof v === "boolean") return i18n().localize(v ? `${T}Yes` : `${T}No`);
    const column = columnByKey(app.kind, key);
    return String((column ? valueWords(column, v, localize) : v) ?? "");
  };
  return {
    kinds: ARMORY_KINDS.map((k) => ({ value: k, label: `${T}Kind.${k}`, selected: k === app.kind })),
    rulesets: RULESET_IDS.map((id) => ({ value: id, label: RULESETS[id].label, selected: id === app.ruleset, inPlay: id === activeRuleset().id })),
    keepSources: app.keepSources,
    headers,
    rows,
    rowCount: rows.length,
    columnCount: headers.length,
    rowsText: i18n().format(`${T}RowsCount`, { shown: String(rows.length), total: String(app.rows.length) }),
    pendingText: i18n().format(`${T}Pending`, { count: String(app.pendingCount) }),
    hasRows: rows.length > 0,
    plan: plan
      ? {
          creates: plan.creates.map((c) => ({ line: c.line, name: c.row.name })),
          updates: plan.updates.map((u) => ({ line: u.line, name: u.original.name, cells: u.cells.map((c) => ({ label: columnLabel(c.key), old: show(c.key, c.old), new: show(c.key, c.new) })) })),
          refused: plan.refused.map((r) => ({ line: r.line, name: r.name, reasons: r.reasons.map(format) })),
          unchanged: plan.unchanged,
          writes: plan.creates.length + plan.updates.length > 0,
        }
      : null,
    systemId: SYSTEM_ID,
  };
}
