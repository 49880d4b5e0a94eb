/**
 * "Import these tables into the world and use them", for one ruleset, in one
 * step: the GM's copies of our tables (the Bout: Tables compendium) land in a
 * world folder, and every lookup of the ruleset reads its copy. Three writes at
 * most: the folder (only the first time), the tables in one createDocuments,
 * and the world setting once.
 *
 * Run again, nothing is doubled: a lookup that already reads a world table
 * keeps it (the GM chose it, or an earlier import did), and a copy imported
 * before (it carries our lookup id in `flags.bout.lookup`) is used again
 * rather than imported twice. Every table the lookups would read is checked
 * first, as Save checks them; a table that would not read refuses the whole
 * step and nothing is written. Only a gamemaster does this.
 */
import { SYSTEM_ID } from "../../config";
import { ok, refuse, type Outcome } from "../../engine/outcome";
import { DEFAULT_AP_TABLES } from "../../engine/rulesets/actionpoints";
import { DEFAULT_STEEL_TABLES } from "../../engine/rulesets/steel";
import { assembleAp, assembleOpposed, assembleSteel, LOOKUPS, TABLE_RULESETS, type Pick, type TableRuleset } from "./catalogue";
import type { ResultLike, TableLike } from "./results";
import { chosenTables, ROLL_TABLES_SETTING, tableOf, worldLabel } from "./world";
import { askGM, registerRequest } from "../grants";
import { activeGM } from "../query";

/** The compendium our tables ship in (system.json's pack "tables"). */
export const TABLES_PACK = `${SYSTEM_ID}.tables`;

const K = "BOUT.RollTables.Import.";

/** What the step did, lookup by lookup: imported now, an earlier copy used again, or the GM's table kept. */
export interface ImportReport {
  readonly imported: number;
  readonly reused: number;
  readonly kept: number;
}

/** A RollTable as this step reads it (v13 BaseRollTable: name, results, flags, folder). */
interface TableDoc {
  readonly id: string;
  readonly uuid: string;
  readonly name: string;
  readonly flags?: { readonly bout?: { readonly lookup?: unknown } };
  readonly results: { values(): Iterable<ResultLike> };
}

/** What a lookup will read once the step is done. */
export type SlotPlan =
  | { readonly lookup: string; readonly action: "keep" | "reuse"; readonly uuid: string }
  | { readonly lookup: string; readonly action: "import" };

/**
 * Which lookups keep their world table, which take a copy imported before, and
 * which need ours imported now. `worldTables` are the world's RollTables (uuid and
 * the lookup our flag names, if any), in the order the world lists them.
 */
export function planSlots(lookups: readonly string[], chosen: Readonly<Record<string, string>>, worldTables: readonly { uuid: string; lookup: unknown }[]): SlotPlan[] {
  const inWorld = new Set(worldTables.map((t) => t.uuid));
  return lookups.map((lookup): SlotPlan => {
    const uuid = chosen[lookup];
    if (uuid && inWorld.has(uuid)) return { lookup, action: "keep", uuid };
    const earlier = worldTables.find((t) => t.lookup === lookup);
    return earlier ? { lookup, action: "reuse", uuid: earlier.uuid } : { lookup, action: "import" };
  });
}

/** The ruleset's assembled tables from `pick`: whether every table it would read reads. */
function checkRuleset(ruleset: TableRuleset, pick: Pick): Outcome<unknown> {
  if (ruleset === "steel") return assembleSteel(DEFAULT_STEEL_TABLES, pick, worldLabel);
  if (ruleset === "actionpoints") return assembleAp(DEFAULT_AP_TABLES, pick, worldLabel);
  return assembleOpposed(pick, worldLabel);
}

const lookupOf = (doc: { flags?: { bout?: { lookup?: unknown } } }): unknown => doc.flags?.bout?.lookup;
const tableLike = (doc: TableDoc): TableLike => ({ name: doc.name, results: [...doc.results.values()] });

// The Foundry collections and classes this step uses, typed as far as it reads them.
type Pack = { documentName: string; getDocuments(): Promise<TableDoc[]> };
type Tables = Iterable<TableDoc> & { fromCompendium(doc: TableDoc, options: { clearFolder?: boolean; clearSort?: boolean }): Record<string, unknown> };
type FolderDoc = { id: string; type: string; flags?: { bout?: { tables?: unknown } } };
type Creates<T> = { createDocuments(data: object[]): Promise<T[]> };
const foundryTables = () => ({
  pack: (game.packs as { get(id: string): Pack | undefined } | undefined)?.get(TABLES_PACK),
  tables: game.tables as Tables,
  folders: game.folders as Iterable<FolderDoc>,
  Folder: CONFIG.Folder.documentClass as Creates<FolderDoc>,
  RollTable: CONFIG.RollTable.documentClass as Creates<TableDoc>,
});

/** One import at a time on this client: a second click while the first writes is refused, not doubled. */
let running = false;

/** GM: import the ruleset's tables (those not in the world yet) into a world folder and point every lookup of the ruleset at its world table. */
export async function importRulesetTables(ruleset: unknown): Promise<Outcome<ImportReport>> {
  if (!game.user?.isGM) return refuse("rollTables.gmOnly", "BOUT.RollTables.Chooser.GMOnly");
  if (!(TABLE_RULESETS as readonly unknown[]).includes(ruleset)) return refuse("rollTables.noRuleset", `${K}NoRuleset`);
  // Two GMs importing at once would each create the copies: the active GM imports for every GM, one import at a time.
  if (!game.user.isActiveGM && activeGM()) return askGM<ImportReport>("importRulesetTables", { ruleset });
  return importHere(ruleset as TableRuleset);
}

/** Active GM (or the only GM): the import itself, refused while another is writing. */
async function importHere(ruleset: TableRuleset): Promise<Outcome<ImportReport>> {
  if (running) return refuse("rollTables.importing", `${K}Busy`);
  running = true;
  try {
    return await importTables(ruleset);
  } finally {
    running = false;
  }
}

/** Active GM: another GM's import, made here. A player's request is refused. */
export function registerRollTableImport(): void {
  registerRequest("importRulesetTables", (data: { ruleset?: unknown }, from) => {
    if (!from.isGM) return refuse("rollTables.gmOnly", "BOUT.RollTables.Chooser.GMOnly");
    if (!(TABLE_RULESETS as readonly unknown[]).includes(data.ruleset)) return refuse("rollTables.noRuleset", `${K}NoRuleset`);
    return importHere(data.ruleset as TableRuleset);
  });
}

async function importTables(ruleset: TableRuleset): Promise<Outcome<ImportReport>> {
  const f = foundryTables();
  if (!f.pack || f.pack.documentName !== "RollTable") return refuse("rollTables.noPack", `${K}NoPack`);
  const lookups = LOOKUPS.filter((l) => l.ruleset === ruleset).map((l) => l.id);
  const ours = new Map<string, TableDoc>();
  for (const doc of await f.pack.getDocuments()) {
    const lookup = lookupOf(doc);
    if (typeof lookup === "string" && lookups.includes(lookup) && !ours.has(lookup)) ours.set(lookup, doc);
  }
  const chosen = chosenTables();
  const plan = planSlots(lookups, chosen, [...f.tables].map((t) => ({ uuid: t.uuid, lookup: lookupOf(t) })));
  const toImport = plan.filter((s) => s.action === "import").map((s) => s.lookup);
  const absent = toImport.filter((l) => !ours.has(l));
  if (absent.length) return refuse("rollTables.notInPack", `${K}NotInPack`, { count: absent.length });

  // Every table the lookups will read must read, before anything is written.
  const planned = new Map(plan.map((s) => [s.lookup, s]));
  const pick: Pick = (id) => {
    const slot = planned.get(id);
    if (!slot) return ok(null);
    return slot.action === "import" ? ok(tableLike(ours.get(id)!)) : tableOf(slot.uuid, id);
  };
  const read = checkRuleset(ruleset, pick);
  if (!read.ok) return read;

  const uuids: Record<string, string> = {};
  for (const slot of plan) if (slot.action !== "import") uuids[slot.lookup] = slot.uuid;
  if (toImport.length) {
    // The folder an earlier import made, or a new one (v13 Folder: type names the documents it holds).
    let folder = [...f.folders].find((d) => d.type === "RollTable" && d.flags?.bout?.tables === ruleset);
    if (!folder) {
      const name = worldLabel(`${K}FolderName`, { ruleset: worldLabel(`BOUT.RollTables.Folder.${ruleset}`) });
      [folder] = await f.Folder.createDocuments([{ name, type: "RollTable", sorting: "m", flags: { [SYSTEM_ID]: { tables: ruleset } } }]);
      if (!folder) return refuse("rollTables.notCreated", `${K}NotCreated`, { count: toImport.length });
    }
    // Our sort order kept, the folder set to the world's (v13 WorldCollection#fromCompendium keeps the copy's compendium source).
    const data = toImport.map((l) => ({ ...f.tables.fromCompendium(ours.get(l)!, { clearFolder: true, clearSort: false }), folder: folder!.id }));
    const created = await f.RollTable.createDocuments(data);
    for (const doc of created ?? []) {
      const lookup = lookupOf(doc);
      if (typeof lookup === "string") uuids[lookup] = doc.uuid;
    }
    // Foundry leaves out a document a hook refused without throwing: no lookup points at a table that is not there.
    const missing = toImport.filter((l) => !uuids[l]).length;
    if (missing) return refuse("rollTables.notCreated", `${K}NotCreated`, { count: missing });
  }
  const next = { ...chosen, ...uuids };
  if (lookups.some((l) => chosen[l] !== next[l])) {
    await game.settings!.set(SYSTEM_ID, ROLL_TABLES_SETTING, next);
    const stored = chosenTables();
    if (lookups.some((l) => stored[l] !== next[l])) return refuse("rollTables.notSaved", `${K}NotSaved`);
  }
  const count = (action: SlotPlan["action"]) => plan.filter((s) => s.action === action).length;
  return ok({ imported: toImport.length, reused: count("reuse"), kept: count("keep") });
}
