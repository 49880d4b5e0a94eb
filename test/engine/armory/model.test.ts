// The armory's pure model (issue 24): columns, cells, rows, import plans, files
// and keyboard moves. It runs here, in the project with no Foundry globals, so a
// test passes only if the model needs none. The figures' limits are the ones the
// engine declares for the item sheet and the data models (src/engine/rulesets/*/stats.ts).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { allColumns, columnByKey, rulesetColumns, type FigureColumn } from "../../../src/applications/armory/columns";
import { looksLikeFormula, readCell } from "../../../src/applications/armory/cells";
import { blankRow, changedCells, duplicateRow, editCell, filterRows, rowCreation, rowFromSource, rowUpdate, sortRows, type ArmoryRow } from "../../../src/applications/armory/rows";
import { planImport } from "../../../src/applications/armory/plan";
import { MAX_FILE_BYTES, readArmoryFile, toCsv, toJson } from "../../../src/applications/armory/files";
import { nextCell } from "../../../src/applications/armory/navigation";
import { RULESETS } from "../../../src/engine/rulesets/registry";
import { DEFAULT_ITEM_ICONS } from "../../../src/applications/sheets/item-columns";
import { splitColumnKey } from "../../../src/applications/armory/columns";
import { packSources } from "../../pack-sources";

const PURE = ["columns.ts", "cells.ts", "rows.ts", "plan.ts", "files.ts", "navigation.ts", "words.ts"];
const ARMORY = resolve(import.meta.dirname, "../../../src/applications/armory");

/** The weapons the system ships (packs/_source/weapons), as stored sources. */
function shippedWeapons(): ArmoryRow[] {
  return packSources("weapons").map((source) => rowFromSource("weapon", source));
}

const figure = (key: string) => columnByKey("weapon", key) as FigureColumn;

describe("armory model stays pure", () => {
  for (const file of PURE) {
    it(`${file} touches no Foundry global or DOM`, () => {
      const code = readFileSync(join(ARMORY, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
      expect(code).not.toMatch(/\b(game|CONFIG|foundry|Hooks|document|window)\s*\./);
      expect(code).not.toMatch(/\bui\s*\.\s*notifications/);
    });
  }
});

describe("columns", () => {
  it("one column per figure the ruleset declares for the kind, then its 'figures from' marker", () => {
    const steel = rulesetColumns("weapon", "steel");
    expect(steel.map((c) => c.key)).toEqual([...Object.keys(RULESETS.steel.stats.weapon).map((k) => `steel.${k}`), "steel.source"]);
  });

  it("flattens grouped figures (steel armour's covered regions)", () => {
    const keys = rulesetColumns("armor", "steel").map((c) => c.key);
    expect(keys).toContain("steel.covers.head");
    expect(keys).not.toContain("steel.covers");
  });

  it("all rulesets' columns, each ruleset once", () => {
    const sources = allColumns("weapon").filter((c) => c.type === "source");
    expect(sources.map((c) => c.ruleset)).toEqual(["steel", "phases", "actionpoints", "opposed", "pulse"]);
  });
});

describe("cells take the item sheet's limits", () => {
  it("a number inside the limits passes, negative numbers included (steel swing damage -5..10)", () => {
    expect(readCell(figure("steel.swingDamage"), "-3", "Swing")).toEqual({ ok: true, value: -3 });
    expect(readCell(figure("steel.reach"), 4, "Reach")).toEqual({ ok: true, value: 4 });
  });

  it("refuses a number out of range, naming the column and the limits", () => {
    expect(readCell(figure("steel.reach"), "6", "Reach")).toEqual({ ok: false, refusal: { message: "BOUT.Armory.Refusal.Range", data: { column: "Reach", value: "6", min: 0, max: 5 } } });
  });

  it("refuses a fraction for a whole number, and text for a number", () => {
    expect(readCell(figure("steel.reach"), "2.5", "Reach")).toMatchObject({ ok: false, refusal: { message: "BOUT.Armory.Refusal.NotWhole" } });
    expect(readCell(figure("steel.reach"), "far", "Reach")).toMatchObject({ ok: false, refusal: { message: "BOUT.Armory.Refusal.NotNumber" } });
    expect(readCell(figure("steel.reach"), "", "Reach")).toMatchObject({ ok: false, refusal: { message: "BOUT.Armory.Refusal.NotNumber" } });
  });

  it("refuses an unknown weapon class (pulse classes are A, B and C)", () => {
    expect(readCell(figure("pulse.weaponClass"), "D", "Class")).toEqual({ ok: false, refusal: { message: "BOUT.Armory.Refusal.Choice", data: { column: "Class", value: "D", choices: "A, B, C" } } });
    expect(readCell(figure("pulse.weaponClass"), "C", "Class")).toEqual({ ok: true, value: "C" });
  });

  it("reads yes and no in words, and refuses anything else", () => {
    expect(readCell(figure("steel.missile"), "TRUE", "Missile")).toEqual({ ok: true, value: true });
    expect(readCell(figure("steel.missile"), "no", "Missile")).toEqual({ ok: true, value: false });
    expect(readCell(figure("steel.missile"), "maybe", "Missile")).toMatchObject({ ok: false, refusal: { message: "BOUT.Armory.Refusal.NotYesNo" } });
  });

  it("a 'figures from' cell is one of seed, default, group", () => {
    const source = columnByKey("weapon", "steel.source")!;
    expect(readCell(source, "seed", "Figures from")).toEqual({ ok: true, value: "seed" });
    expect(readCell(source, "mine", "Figures from")).toMatchObject({ ok: false });
  });

  it("tells formulas from numbers: = + - @ tab start a formula, a plain signed number does not", () => {
    for (const f of ["=SUM(A1:A2)", "+cmd|' /C calc'!A0", "-2+3", "@SUM(1)", "\t=1", "=1"]) expect(looksLikeFormula(f), f).toBe(true);
    for (const n of ["-3", "+4", "-0.5", "Longsword", "a=b", ""]) expect(looksLikeFormula(n), n).toBe(false);
  });
});

describe("rows", () => {
  it("a new row, and a stored item without a picture, show the icon the item sheet shows for its kind", () => {
    for (const kind of ["weapon", "armor", "shield"] as const) {
      expect(blankRow(kind, "new-1", "X").img).toBe(DEFAULT_ITEM_ICONS[kind]);
      expect(rowFromSource(kind, { _id: "a", name: "A", img: "" }).img).toBe(DEFAULT_ITEM_ICONS[kind]);
    }
  });
  it("a column key splits into its ruleset and the path inside the ruleset block", () => {
    expect([splitColumnKey("steel.covers.head"), splitColumnKey("pulse.source")]).toEqual([{ ruleset: "steel", path: "covers.head" }, { ruleset: "pulse", path: "source" }]);
  });

  const [sword] = shippedWeapons().filter((r) => r.name === "Longsword");

  it("read every ruleset's figures and markers from the item", () => {
    expect(sword!.values["steel.reach"]).toBe(3);
    expect(sword!.values["pulse.baseChance"]).toBe(55);
    expect(sword!.values["steel.source"]).toBe("default");
  });

  it("a figure put back as it was puts the marker back too", () => {
    const changed = editCell(sword!, sword!, "steel.reach", 4);
    const back = editCell(changed, sword!, "steel.reach", 3);
    expect(back.values["steel.source"]).toBe("default");
    expect(changedCells(back, sword!)).toEqual([]);
    // While another figure of the ruleset still differs, the marker stays the group's.
    const two = editCell(editCell(changed, sword!, "steel.dtn", 9), sword!, "steel.reach", 3);
    expect(two.values["steel.source"]).toBe("group");
  });

  it("a changed figure makes its ruleset's figures the group's own; the other rulesets keep theirs", () => {
    const row = editCell(sword!, sword!, "steel.reach", 4);
    expect(row.values["steel.source"]).toBe("group");
    expect(row.values["pulse.source"]).toBe("default");
    expect(changedCells(row, sword!)).toEqual(["steel.reach", "steel.source"]);
  });

  it("unless the GM keeps the markers, or set the marker themselves", () => {
    expect(editCell(sword!, sword!, "steel.reach", 4, { keepSources: true }).values["steel.source"]).toBe("default");
    const marked = editCell(sword!, sword!, "steel.source", "seed");
    expect(editCell(marked, sword!, "steel.reach", 4).values["steel.source"]).toBe("seed");
  });

  it("an update holds only what changed, with the item's id; none when nothing did", () => {
    const row = editCell(editCell(sword!, sword!, "steel.reach", 4), sword!, "name", "Bastard sword");
    expect(rowUpdate(row, sword!)).toEqual({ _id: sword!.id, name: "Bastard sword", "system.steel.reach": 4, "system.figureSource.steel": "group" });
    expect(rowUpdate(sword!, sword!)).toBeNull();
  });

  it("a new row creates the whole item, groups nested", () => {
    const data = rowCreation("armor", blankRow("armor", "new-1", "Gambeson"));
    expect(data).toMatchObject({ name: "Gambeson", type: "armor", system: { steel: { covers: { torso: true } }, figureSource: { steel: "group" } } });
  });

  it("a duplicate is a new row with the same figures", () => {
    const copy = duplicateRow(sword!, "new-2", "Longsword (copy)");
    expect(copy).toMatchObject({ id: null, key: "new-2", name: "Longsword (copy)" });
    expect(copy.values).toEqual(sword!.values);
  });

  it("filter by text or by comparison, and sort numbers as numbers", () => {
    const rows = shippedWeapons();
    expect(filterRows(rows, { name: "SWORD" }).every((r) => /sword/i.test(r.name))).toBe(true);
    const reach = filterRows(rows, { "steel.reach": ">=4" });
    expect(reach.length).toBeGreaterThan(0);
    expect(reach.every((r) => (r.values["steel.reach"] as number) >= 4)).toBe(true);
    const sorted = sortRows(rows, "pulse.baseChance", "desc").map((r) => r.values["pulse.baseChance"] as number);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  });
});

describe("import plans", () => {
  const stored = shippedWeapons();
  const sword = stored.find((r) => r.name === "Longsword")!;
  const dagger = stored.find((r) => r.name === "Dagger")!;

  it("creates, updates (old → new per cell), refuses with why, and counts the unchanged", () => {
    const plan = planImport("weapon", stored, [
      { name: "Estoc", "steel.reach": "3" },
      { name: "longsword", "steel.reach": "4" },
      { name: "Dagger", "steel.reach": String(dagger.values["steel.reach"]) },
      { name: "Zweihander", "steel.reach": "9" },
      { name: "Kopis", "pulse.weaponClass": "D" },
      { name: "Estoc", "steel.reach": "2" },
    ], { firstLine: 2 });
    expect(plan.creates.map((c) => [c.line, c.row.name, c.row.values["steel.reach"]])).toEqual([[2, "Estoc", 3]]);
    expect(plan.updates).toHaveLength(1);
    expect(plan.updates[0]!.cells).toEqual([
      { key: "name", old: "Longsword", new: "longsword" },
      { key: "steel.reach", old: 3, new: 4 },
      { key: "steel.source", old: "default", new: "group" },
    ]);
    expect(plan.unchanged).toBe(1);
    expect(plan.refused.map((r) => [r.line, r.name, r.reasons.map((x) => x.message)])).toEqual([
      [5, "Zweihander", ["BOUT.Armory.Refusal.Range"]],
      [6, "Kopis", ["BOUT.Armory.Refusal.Choice"]],
      [7, "Estoc", ["BOUT.Armory.Refusal.DuplicateName"]],
    ]);
  });

  it("matches by id before name, and refuses a rename onto another item's name", () => {
    const plan = planImport("weapon", stored, [{ id: sword.id, name: "Long blade" }, { id: dagger.id, name: "Mace" }]);
    expect(plan.updates[0]!.cells).toEqual([{ key: "name", old: "Longsword", new: "Long blade" }]);
    expect(plan.refused[0]!.reasons.map((r) => r.message)).toEqual(["BOUT.Armory.Refusal.NameTaken"]);
  });

  it("refuses a name two stored items share, and a row without a name", () => {
    const twins = [...stored, { ...sword, key: "twin", id: "twin" }];
    const plan = planImport("weapon", twins, [{ name: "Longsword", "steel.reach": "4" }, { name: "  " }]);
    expect(plan.refused.map((r) => r.reasons[0]!.message)).toEqual(["BOUT.Armory.Refusal.AmbiguousName", "BOUT.Armory.Refusal.NoName"]);
  });
});

describe("files", () => {
  const stored = shippedWeapons();
  const columns = allColumns("weapon");

  it("a CSV export read back changes nothing (every ruleset, every shipped weapon)", () => {
    const read = readArmoryFile("weapon", "csv", toCsv(stored, columns));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const plan = planImport("weapon", stored, read.records, { firstLine: read.firstLine });
    expect(plan).toMatchObject({ creates: [], updates: [], refused: [], unchanged: stored.length });
  });

  it("a JSON export read back changes nothing", () => {
    const read = readArmoryFile("weapon", "json", toJson("weapon", stored, rulesetColumns("weapon", "pulse")));
    if (!read.ok) throw new Error(read.refusal.message);
    expect(planImport("weapon", stored, read.records)).toMatchObject({ creates: [], updates: [], refused: [], unchanged: stored.length });
  });

  it("text a spreadsheet would run goes out with an apostrophe and comes back as it was", () => {
    const odd = { ...stored[0]!, name: "=Blade of @Night" };
    const csv = toCsv([odd], columns);
    expect(csv).toContain("'=Blade of @Night");
    const read = readArmoryFile("weapon", "csv", csv);
    if (!read.ok) throw new Error(read.refusal.message);
    expect(read.records[0]!.name).toBe("=Blade of @Night");
  });

  it("text that starts with apostrophes before a formula sign also comes back as it was", () => {
    for (const name of ["'=Blade", "''+Edge", "'plain", "-5 Blade"]) {
      const read = readArmoryFile("weapon", "csv", toCsv([{ ...stored[0]!, name }], columns));
      if (!read.ok) throw new Error(read.refusal.message);
      expect(read.records[0]!.name, name).toBe(name);
    }
  });

  it("refuses bad files whole: empty, too large, wrong columns, a formula, a short line", () => {
    const message = (format: "csv" | "json", text: string, bytes?: number) => {
      const r = readArmoryFile("weapon", format, text, bytes);
      return r.ok ? "accepted" : r.refusal.message;
    };
    expect(message("csv", "")).toBe("BOUT.Armory.File.Empty");
    expect(message("csv", "name,steel.reach\n")).toBe("BOUT.Armory.File.Empty");
    expect(message("csv", "x".repeat(10 * 1024 * 1024))).toBe("BOUT.Armory.File.TooLarge");
    expect(message("csv", "name,x", MAX_FILE_BYTES + 1)).toBe("BOUT.Armory.File.TooLarge");
    expect(message("csv", "title,steel.reach\nSword,3")).toBe("BOUT.Armory.File.NoNameColumn");
    expect(message("csv", "name,steel.bogus,colour\nSword,3,red")).toBe("BOUT.Armory.File.UnknownColumns");
    expect(message("csv", "name,name\nSword,Sword")).toBe("BOUT.Armory.File.RepeatedColumns");
    expect(message("csv", 'name,steel.reach\n"=HYPERLINK(""http://x"")",3')).toBe("BOUT.Armory.File.Formula");
    expect(message("csv", "name,steel.reach\nSword,=1+1")).toBe("BOUT.Armory.File.Formula");
    expect(message("csv", "name,steel.swingDamage\nSword,-3")).toBe("accepted");
    expect(message("csv", "name,steel.reach\nSword")).toBe("BOUT.Armory.File.WrongCellCount");
    expect(message("json", "{")).toBe("BOUT.Armory.File.Unreadable");
    expect(message("json", '{"format":"bout-armory","version":1,"kind":"armor","rows":[{"name":"x"}]}')).toBe("BOUT.Armory.File.OtherKind");
    expect(message("json", "[1,2]")).toBe("BOUT.Armory.File.NotArmoryJson");
  });

  it("armour columns are refused in a weapon file", () => {
    const r = readArmoryFile("weapon", "csv", "name,steel.av\nMail,3");
    expect(r).toMatchObject({ ok: false, refusal: { message: "BOUT.Armory.File.UnknownColumns", data: { columns: "steel.av" } } });
  });
});

describe("keyboard moves between cells", () => {
  it("arrows move one cell, Enter down and Shift+Enter up, never out of the grid", () => {
    expect(nextCell({ row: 1, column: 1 }, { key: "ArrowUp" }, 3, 3)).toEqual({ row: 0, column: 1 });
    expect(nextCell({ row: 1, column: 1 }, { key: "ArrowDown" }, 3, 3)).toEqual({ row: 2, column: 1 });
    expect(nextCell({ row: 1, column: 1 }, { key: "Enter" }, 3, 3)).toEqual({ row: 2, column: 1 });
    expect(nextCell({ row: 1, column: 1 }, { key: "Enter", shiftKey: true }, 3, 3)).toEqual({ row: 0, column: 1 });
    expect(nextCell({ row: 1, column: 1 }, { key: "ArrowRight" }, 3, 3)).toEqual({ row: 1, column: 2 });
    expect(nextCell({ row: 2, column: 1 }, { key: "ArrowDown" }, 3, 3)).toBeNull();
    expect(nextCell({ row: 1, column: 0 }, { key: "ArrowLeft" }, 3, 3)).toBeNull();
    expect(nextCell({ row: 1, column: 1 }, { key: "a" }, 3, 3)).toBeNull();
  });

  it("left and right stay inside a text box until the caret reaches its end", () => {
    expect(nextCell({ row: 0, column: 1 }, { key: "ArrowLeft", atStart: false }, 3, 3)).toBeNull();
    expect(nextCell({ row: 0, column: 1 }, { key: "ArrowRight", atEnd: true }, 3, 3)).toEqual({ row: 0, column: 2 });
  });
});
