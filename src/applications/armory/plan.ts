/**
 * What an imported file would do (pure): which rows it creates, which cells it
 * changes (old and new), and which rows it refuses and why. Nothing is written
 * here; the armory shows the plan and writes it only when the GM confirms.
 */
import { columnByKey, type ArmoryKind } from "./columns";
import { readCell, readName, type CellRefusal } from "./cells";
import { blankRow, cellValue, changedCells, editCell, type ArmoryRow } from "./rows";
import type { Localize } from "./words";

export interface CellChange {
  readonly key: string;
  readonly old: unknown;
  readonly new: unknown;
}

export interface PlannedCreate {
  readonly line: number;
  readonly row: ArmoryRow;
}

export interface PlannedUpdate {
  readonly line: number;
  readonly original: ArmoryRow;
  readonly row: ArmoryRow;
  readonly cells: readonly CellChange[];
}

export interface PlannedRefusal {
  readonly line: number;
  readonly name: string;
  readonly reasons: readonly CellRefusal[];
}

export interface ImportPlan {
  readonly kind: ArmoryKind;
  readonly creates: readonly PlannedCreate[];
  readonly updates: readonly PlannedUpdate[];
  readonly refused: readonly PlannedRefusal[];
  /** Rows that match a stored item and change nothing. */
  readonly unchanged: number;
}

const R = "BOUT.Armory.Refusal.";
const fold = (name: string) => name.trim().toLocaleLowerCase();

export interface PlanOptions {
  /** Leave "figures from" as stored when the file changes a figure without saying where it came from. */
  readonly keepSources?: boolean;
  /** A label for a column key, for the refusals (the grid passes the localized label). */
  readonly label?: (key: string) => string;
  /** The line of the first record in the file (2 for a CSV with a header row). */
  readonly firstLine?: number;
  /** A further check of a value read for a column (the armory asks the item data model's own field). */
  readonly check?: (key: string, value: unknown) => CellRefusal | null;
  /** The client's words, so a choice may be named as the grid shows it ("Cutting" for `cut`). */
  readonly localize?: Localize;
}

/**
 * Plans an import of `records` (column key → cell) against the stored rows.
 * A record matches a stored item by id, else by name (any case); two records
 * naming one item, or a name two items share, are refused.
 */
export function planImport(kind: ArmoryKind, stored: readonly ArmoryRow[], records: readonly Record<string, unknown>[], options: PlanOptions = {}): ImportPlan {
  const planner = new ImportPlanner(kind, stored, options);
  planner.add(records);
  return planner.plan();
}

/**
 * The same plan, record by record, so a large file can be planned a part at a
 * time with the client free to draw between the parts (the armory yields
 * between them): `add` the records in the file's order, then take the `plan`.
 */
export class ImportPlanner {
  readonly #kind: ArmoryKind;
  readonly #options: PlanOptions;
  readonly #label: (key: string) => string;
  readonly #byId: Map<string, ArmoryRow>;
  readonly #byName = new Map<string, ArmoryRow[]>();
  readonly #creates: PlannedCreate[] = [];
  readonly #updates: PlannedUpdate[] = [];
  readonly #refused: PlannedRefusal[] = [];
  #unchanged = 0;
  readonly #seenNames = new Set<string>();
  readonly #seenItems = new Set<string>();
  /** Records planned so far (the next record's index in the file). */
  #count = 0;

  constructor(kind: ArmoryKind, stored: readonly ArmoryRow[], options: PlanOptions = {}) {
    this.#kind = kind;
    this.#options = options;
    this.#label = options.label ?? ((k: string) => k);
    this.#byId = new Map(stored.filter((r) => r.id).map((r) => [r.id!, r]));
    for (const r of stored) this.#byName.set(fold(r.name), [...(this.#byName.get(fold(r.name)) ?? []), r]);
  }

  /** How many records have been planned. */
  get count(): number {
    return this.#count;
  }

  add(records: readonly Record<string, unknown>[]): void {
    for (const record of records) this.#one(record, (this.#options.firstLine ?? 1) + this.#count++);
  }

  plan(): ImportPlan {
    return { kind: this.#kind, creates: [...this.#creates], updates: [...this.#updates], refused: [...this.#refused], unchanged: this.#unchanged };
  }

  #one(record: Record<string, unknown>, line: number): void {
    const options = this.#options;
    const reasons: CellRefusal[] = [];
    const named = readName(record.name);
    const name = named.ok ? String(named.value) : "";
    if (!named.ok) reasons.push(named.refusal);

    // Which stored item the record is: its id, else its name.
    const id = String(record.id ?? "").trim();
    let original: ArmoryRow | null = id ? (this.#byId.get(id) ?? null) : null;
    if (!original && name) {
      const same = this.#byName.get(fold(name)) ?? [];
      if (same.length > 1) reasons.push({ message: `${R}AmbiguousName`, data: { name } });
      else original = same[0] ?? null;
    }
    if (name && this.#seenNames.has(fold(name))) reasons.push({ message: `${R}DuplicateName`, data: { name } });
    else if (original && this.#seenItems.has(original.key)) reasons.push({ message: `${R}DuplicateName`, data: { name: original.name } });
    // A rename onto another stored item's name would leave two items of one name.
    const others = name ? (this.#byName.get(fold(name)) ?? []).filter((r) => r !== original) : [];
    if (original && others.length) reasons.push({ message: `${R}NameTaken`, data: { name } });
    if (name) this.#seenNames.add(fold(name));
    if (original) this.#seenItems.add(original.key);

    let row: ArmoryRow = original ?? blankRow(this.#kind, `new-${line}`, name);
    if (named.ok) row = { ...row, name };
    if (typeof record.img === "string" && record.img.trim()) row = { ...row, img: record.img.trim() };
    // Markers first, so a marker the file sets is the GM's word for its ruleset's figures.
    const keys = Object.keys(record).filter((k) => k !== "id" && k !== "name" && k !== "img");
    const ordered = [...keys.filter((k) => k.endsWith(".source")), ...keys.filter((k) => !k.endsWith(".source"))];
    for (const key of ordered) {
      const column = columnByKey(this.#kind, key);
      if (!column) {
        reasons.push({ message: `${R}UnknownColumn`, data: { column: key } });
        continue;
      }
      const cell = readCell(column, record[key], this.#label(key), options.localize);
      if (!cell.ok) {
        reasons.push(cell.refusal);
        continue;
      }
      const refused = options.check?.(key, cell.value);
      if (refused) {
        reasons.push(refused);
        continue;
      }
      row = editCell(row, original, key, cell.value, options);
    }

    if (reasons.length) return void this.#refused.push({ line, name: name || String(record.name ?? ""), reasons });
    if (!original) return void this.#creates.push({ line, row });
    const cells = changedCells(row, original).map((key) => ({
      key,
      old: cellValue(original!, key),
      new: cellValue(row, key),
    }));
    if (!cells.length) this.#unchanged += 1;
    else this.#updates.push({ line, original, row, cells });
  }
}
