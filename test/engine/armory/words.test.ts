// Armory files speak the grid's words (issue 34 "Armory files speak the grid's
// words"): an import takes the labels the grid shows ("Cutting", "Very short",
// "Class B") as well as stored values, and headers in any case, by key or as the
// grid names them; a CSV export heads its columns as a person reads them and
// writes choices as the grid's menus do, and reads back to the same items. Pure:
// English comes from lang/en.json, as the shell's game.i18n would give it.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { allColumns, ARMORY_KINDS, FIXED_COLUMNS, rulesetColumns } from "../../../src/applications/armory/columns";
import { readArmoryFile, toCsv } from "../../../src/applications/armory/files";
import { planImport } from "../../../src/applications/armory/plan";
import { rowFromSource } from "../../../src/applications/armory/rows";
import { choiceOf, columnWords, fixedWords, fold, headerReader, headerWords, valueWords, type Localize } from "../../../src/applications/armory/words";
import { packSources } from "../../pack-sources";

const lang = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../lang/en.json"), "utf8"));
const en: Localize = (key) => {
  const v = key.split(".").reduce<any>((o, k) => o?.[k], lang);
  if (typeof v !== "string") throw new Error(`no English for ${key}`);
  return v;
};
const weapons = () => packSources("weapons").map((s) => rowFromSource("weapon", s));
const records = (csv: string, shown?: "steel" | "phases" | "actionpoints" | "opposed" | "pulse") => {
  const read = readArmoryFile("weapon", "csv", csv, csv.length, { localize: en, shown });
  if (!read.ok) throw new Error(`${read.refusal.message} ${JSON.stringify(read.refusal.data)}`);
  return read;
};

describe("an armory file in the grid's words", () => {
  it("headers in any case: by key, by the grid's name alone (the shown ruleset's), or 'Ruleset: name'; choices by the grid's words in any case", () => {
    const csv = ["NAME,swing damage type,Steel:  thrust DAMAGE type,pulse.WEAPONCLASS,Opposed: Length,figures from", "Longsword,cutting,Puncture,class b,VERY SHORT,Your group"].join("\n");
    const read = records(csv, "steel");
    expect(read.columns).toEqual(["name", "steel.swingType", "steel.thrustType", "pulse.weaponClass", "opposed.reach", "steel.source"]);
    const sword = weapons().find((w) => w.name === "Longsword")!;
    const plan = planImport("weapon", [sword], read.records, { localize: en, keepSources: true });
    expect(plan.refused).toEqual([]);
    const row = plan.updates[0]?.row ?? sword;
    expect([row.values["steel.swingType"], row.values["steel.thrustType"], row.values["pulse.weaponClass"], row.values["opposed.reach"], row.values["steel.source"]]).toEqual(["cut", "puncture", "B", "veryShort", "group"]);
  });

  it("stored values still read, and a word the grid does not show is refused naming the choices in words", () => {
    const [sword] = weapons();
    const plan = planImport("weapon", [sword!], [{ name: sword!.name, "pulse.weaponClass": "C", "steel.swingType": "slashing" }], { localize: en, label: (k) => k });
    expect(plan.refused[0]!.reasons).toEqual([{ message: "BOUT.Armory.Refusal.Choice", data: { column: "steel.swingType", value: "slashing", choices: "Cutting, Blunt, None" } }]);
    expect(choiceOf(allColumns("weapon").find((c) => c.key === "pulse.weaponClass")!, "c", en)).toBe("C");
  });

  it("a figure named alone is the shown ruleset's; with no ruleset shown, a name two rulesets share is refused as ambiguous, and an unknown one as unknown", () => {
    const shared = allColumns("weapon").map((c) => fold(columnWords(c, en)));
    const twice = allColumns("weapon").find((c) => shared.filter((w) => w === fold(columnWords(c, en))).length > 1)!;
    expect(twice).toBeTruthy();
    const name = columnWords(twice, en);
    expect(records(`name,${name}\nX,1`, twice.ruleset).columns).toEqual(["name", twice.key]);
    const refused = readArmoryFile("weapon", "csv", `name,${name}\nX,1`, undefined, { localize: en });
    expect(refused).toMatchObject({ ok: false, refusal: { message: "BOUT.Armory.File.AmbiguousColumns", data: { columns: name } } });
    expect(readArmoryFile("weapon", "csv", "Name,Sharpness\nX,1", undefined, { localize: en })).toMatchObject({ ok: false, refusal: { message: "BOUT.Armory.File.UnknownColumns", data: { columns: "Sharpness" } } });
    expect(readArmoryFile("weapon", "csv", "Name,name\nX,X", undefined, { localize: en })).toMatchObject({ ok: false, refusal: { message: "BOUT.Armory.File.RepeatedColumns" } });
  });

  it("a CSV export in words: headers a person reads, choices as the menus show them; read back, it changes nothing (every ruleset, every shipped weapon)", () => {
    const stored = weapons();
    const csv = toCsv(stored, allColumns("weapon"), en);
    const header = csv.split("\n")[0]!;
    expect(header.startsWith("ID,Name,Image,Steel: ")).toBe(true);
    expect(header).toContain("Pulse: Weapon class");
    expect(header).not.toMatch(/\bsteel\.\w/);
    const sword = csv.split("\n").find((l) => l.includes(",Longsword,"))!;
    expect(sword).toContain("Cutting");
    const read = records(csv);
    const plan = planImport("weapon", stored, read.records, { localize: en, firstLine: read.firstLine });
    expect(plan).toMatchObject({ creates: [], updates: [], refused: [], unchanged: stored.length });
    // One ruleset's export, read with another ruleset shown, still finds its columns (its headers carry the ruleset).
    const pulse = toCsv(stored, rulesetColumns("weapon", "pulse"), en);
    expect(planImport("weapon", stored, records(pulse, "steel").records, { localize: en })).toMatchObject({ updates: [], refused: [], unchanged: stored.length });
  });

  for (const kind of ARMORY_KINDS) {
    it(`${kind}: every header and every choice's words name one thing only (no two alike in any case, none another's key)`, () => {
      const columns = allColumns(kind);
      const named = [...FIXED_COLUMNS.map((k) => [k, fixedWords(k, en)]), ...columns.map((c) => [c.key, headerWords(c, en)])].map(([key, words]) => ({ key: fold(key!), words: fold(words!) }));
      const names = named.map((n) => n.words);
      expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
      const keys = new Set(named.map((n) => n.key));
      expect(named.filter((n) => n.words !== n.key && keys.has(n.words))).toEqual([]);
      const read = headerReader(kind, { localize: en });
      for (const c of columns) expect(read(headerWords(c, en).toUpperCase()), c.key).toEqual({ key: c.key });
      for (const c of columns) {
        const choices = c.type === "source" ? ["seed", "default", "group"] : c.stat.kind === "choice" ? c.stat.choices : [];
        const words = choices.map((v) => fold(String(valueWords(c, v, en))));
        expect(words.filter((w, i) => words.indexOf(w) !== i), c.key).toEqual([]);
        for (const v of choices) expect(choiceOf(c, String(valueWords(c, v, en)).toUpperCase(), en), `${c.key} ${v}`).toBe(v);
      }
    });
  }
});
