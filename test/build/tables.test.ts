// The roll tables pack is generated from the engine's defaults (tools/tables): the
// committed sources are what the generator makes, and read back through the
// shell's converter and the engine's readers they give the engine's defaults.
// Seeds: 000 "Location, Location, Location" (hit zones, missile chart, wound
// tables named, not printed); 002 7.16 and 7.17 (critical locations and effects);
// 003 "Hit Locations", "Oops!" and the Critical table.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildTables, englishLabel, tableId } from "../../tools/tables/build";
import { assembleAp, assembleOpposed, assembleSteel, DEFAULT_OPPOSED_TABLES, LOOKUPS, parseWoundLine, woundLine, type Pick } from "../../src/table/roll-tables/catalogue";
import { DEFAULT_STEEL_TABLES } from "../../src/engine/rulesets/steel";
import { DEFAULT_AP_TABLES } from "../../src/engine/rulesets/actionpoints";
import { repo } from "./dist";

const DIR = "packs/_source/tables";
const committed = () => readdirSync(repo(DIR)).filter((f) => f.endsWith(".json")).map((f) => ({ file: f, doc: JSON.parse(readFileSync(repo(`${DIR}/${f}`), "utf8")) }));
const label = englishLabel(repo());
const byLookup = () => new Map(committed().filter((c) => c.doc.flags?.bout?.lookup).map((c) => [c.doc.flags.bout.lookup as string, c.doc]));
/** Every lookup reads the committed table. */
const pickAll = (tables = byLookup()): Pick => (id) => ({ ok: true, value: tables.get(id) ?? null });

describe("roll tables pack", () => {
  it("the committed sources are what `npm run tables` makes from the engine's defaults (regenerate after changing a default)", () => {
    const built = buildTables(repo());
    const c = committed();
    expect(c.map((x) => x.file).sort()).toEqual(built.map((x) => x.file).sort());
    for (const { file, doc } of built) expect(c.find((x) => x.file === file)!.doc, file).toEqual(doc);
  });

  it("one RollTable per lookup, in its ruleset's Folder, with every name in plain words", () => {
    const tables = byLookup();
    expect([...tables.keys()].sort()).toEqual(LOOKUPS.map((l) => l.id).sort());
    const folders = committed().filter((c) => c.doc._key.startsWith("!folders!"));
    expect(folders.map((f) => f.doc.name).sort()).toEqual(["Action points", "Opposed", "Steel"]);
    for (const l of LOOKUPS) {
      const t = tables.get(l.id)!;
      expect(t._id).toBe(tableId(l.id));
      expect(folders.find((f) => f.doc._id === t.folder)!.doc.name).toBe(label(`BOUT.RollTables.Folder.${l.ruleset}`));
      expect(JSON.stringify([t.name, t.description, ...t.results.map((r: any) => r.name)])).not.toMatch(/BOUT\.|seed/);
    }
  });

  it("read back through the converter and the engine's readers, the pack is exactly the engine's defaults", () => {
    const steel = assembleSteel(DEFAULT_STEEL_TABLES, pickAll(), label);
    expect(steel).toEqual({ ok: true, value: DEFAULT_STEEL_TABLES });
    expect(assembleAp(DEFAULT_AP_TABLES, pickAll(), label)).toEqual({ ok: true, value: DEFAULT_AP_TABLES });
    expect(assembleOpposed(pickAll(), label)).toEqual({ ok: true, value: DEFAULT_OPPOSED_TABLES });
  });

  it("a result a GM retypes is read from its words: a zone's part, a wound line, an opposed location", () => {
    const tables = byLookup();
    const zone3 = structuredClone(tables.get("steel.zone.3"));
    zone3.results[1].name = "Thigh"; // d6 = 2 in zone 3 (ours: belly)
    const wound = structuredClone(tables.get("steel.wound.cut.chest"));
    wound.results[0].name = "Shock 9, pain 4, Blood loss 2, knockout";
    const hit = structuredClone(tables.get("opposed.hitLocations"));
    hit.results[0].name = "body"; // 01-09 (ours: head)
    const edited = new Map([["steel.zone.3", zone3], ["steel.wound.cut.chest", wound], ["opposed.hitLocations", hit]]);
    const pick: Pick = (id) => ({ ok: true, value: edited.get(id) ?? null });
    const steel = assembleSteel(DEFAULT_STEEL_TABLES, pick, label);
    if (!steel.ok) throw new Error(steel.refusal.code);
    expect(steel.value.zones.find((z) => z.id === 3)!.parts).toEqual(["groin", "thigh", "belly", "belly", "hand", "arm"]);
    expect(steel.value.woundTable.cut.chest[0]).toEqual({ shock: 9, pain: 4, bloodLoss: 2, knockdown: false, knockout: true, fatal: false });
    expect(steel.value.woundTable.cut.chest[1]).toEqual(DEFAULT_STEEL_TABLES.woundTable.cut.chest[1]);
    const opposed = assembleOpposed(pick, label);
    expect(opposed.ok && opposed.value.hitLocations[0]).toEqual({ from: 1, to: 9, value: "body" });
  });

  it("a malformed table is refused whole, naming the table and the fault (a gap, an overlap, words it cannot read, a band short of 100)", () => {
    const tables = byLookup();
    const refusal = (id: string, edit: (t: any) => void) => {
      const t = structuredClone(tables.get(id));
      edit(t);
      const pick: Pick = (x) => ({ ok: true, value: x === id ? t : null });
      const out = id.startsWith("steel") ? assembleSteel(DEFAULT_STEEL_TABLES, pick, label) : id.startsWith("opposed") ? assembleOpposed(pick, label) : assembleAp(DEFAULT_AP_TABLES, pick, label);
      return out.ok ? null : out.refusal;
    };
    expect(refusal("steel.missile", (t) => t.results.pop())).toEqual({ code: "rollTables.gap", message: "BOUT.RollTables.Refusal.gap", data: { table: "Steel: missile hit chart", where: "12" } });
    expect(refusal("steel.zone.1", (t) => (t.results[0].range = [1, 2]))?.code).toBe("rollTables.overlap");
    expect(refusal("steel.zone.1", (t) => (t.results[0].name = "tail"))?.code).toBe("rollTables.value");
    expect(refusal("steel.wound.blunt.head", (t) => (t.results[2].name = "Shock lots"))?.code).toBe("rollTables.value");
    expect(refusal("opposed.oops", (t) => (t.results[6].range = [91, 99]))?.code).toBe("opposed.tables.band");
    expect(refusal("actionpoints.criticalLocations", (t) => (t.results[0].range = [2, 10]))?.code).toBe("actionpoints.tables.band");
  });

  it("a wound line reads back as written (seed 000 wound tables: shock, pain, blood loss, knockdown, knockout, fatal)", () => {
    const e = { shock: 7, pain: 3, bloodLoss: 5, knockdown: true, knockout: false, fatal: true };
    expect(woundLine(e)).toBe("Shock 7, Pain 3, Blood loss 5, knockdown, fatal");
    expect(parseWoundLine(woundLine(e))).toEqual(e);
    expect(parseWoundLine("pain 2")).toEqual({ shock: 0, pain: 2, bloodLoss: 0, knockdown: false, knockout: false, fatal: false });
    expect(parseWoundLine("Shock 3, bleeds a lot")).toBeUndefined();
  });
});
