// The armory (issue 24) in a loaded client: a GM edits the world's weapons in one
// grid and saves them in one write; imports show their plan and write nothing
// until confirmed; an export read back changes nothing; bad files are refused
// whole; a player is refused. Writes are counted by the harness's server.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { settle } from "./support";
import { creationData, packSources } from "../pack-sources";

// Each test ends with every write it started landed: no message is left on its way into the next test
// (what lets the v14 run skip this file's tests that meet no v14 rule: docs/dev/testing.md).
afterEach(settle);

/** The system's own weapons (packs/_source/weapons) as creation data. */
const shippedWeapons = (): Record<string, unknown>[] => packSources("weapons").map(creationData);

/** A world with 30 weapons (the shipped ones, then numbered copies), a GM and a player. */
async function armoury(count = 30) {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  const alice = await world.connect("Alice");
  const shipped = shippedWeapons();
  const data = Array.from({ length: count }, (_, i) => ({ ...shipped[i % shipped.length]!, name: i < shipped.length ? String(shipped[i]!.name) : `${shipped[i % shipped.length]!.name} ${i}` }));
  await gm.CONFIG.Item.documentClass.createDocuments([...data, { name: "Mail hauberk", type: "armor" }]);
  await settle();
  const app = await gm.CONFIG.BOUT.openArmory();
  return { world, gm, alice, app };
}

const weapons = (client: any) => client.game.items.filter((i: any) => i.type === "weapon");

describe("armory grid", () => {
  it("shows one row per weapon with the world's ruleset's columns, name and image first", async () => {
    const { app, gm } = await armoury();
    expect(app.rendered).toBe(true);
    const grid = app.renderedParts.grid as string;
    expect([...grid.matchAll(/<tr data-row="/g)]).toHaveLength(30);
    const heads = [...grid.matchAll(/class="armory-sort" data-action="sort" data-column="([^"]+)"/g)].map((m) => m[1]);
    expect(heads.slice(0, 3)).toEqual(["name", "img", "steel.reach"]);
    expect(heads.at(-1)).toBe("steel.source");
    expect(Object.values<string>(app.renderedParts).join("")).not.toMatch(/BOUT\.[A-Za-z]+\.[A-Za-z.]+/);
    expect(app.ruleset).toBe(gm.game.settings.get("bout", "ruleset"));
  });

  it("edits 30 weapons across two rulesets and saves them in ONE write", async () => {
    const { world, gm, app } = await armoury();
    const mark = world.server.writes.length;
    // Every weapon's reach one longer (or shorter at the most), so every steel figure changes.
    const reach = new Map<string, number>(app.rows.map((r: any) => [r.id, r.values["steel.reach"] === 5 ? 4 : r.values["steel.reach"] + 1]));
    for (const row of app.rows) expect(app.setCell(row.key, "steel.reach", String(reach.get(row.id))).ok).toBe(true);
    await app.setView({ ruleset: "pulse" });
    for (const row of app.rows) expect(app.setCell(row.key, "pulse.baseChance", 61).ok).toBe(true);
    // Every edited cell is marked until saved, and the markers switched to "your group".
    await app.render();
    expect((app.renderedParts.grid as string).match(/class="cell col-number changed"/g)?.length).toBeGreaterThanOrEqual(30);
    expect(world.writesSince(mark)).toEqual([]);
    expect(app.pendingCount).toBe(30);

    expect(await app.save()).toBe(true);
    expect(world.writesSince(mark)).toEqual([{ userId: world.userId("GM"), action: "update", documentName: "Item", count: 30 }]);
    for (const item of weapons(gm)) {
      expect(item.system.steel.reach).toBe(reach.get(item.id));
      expect(item.system.pulse.baseChance).toBe(61);
      expect(item.system.figureSource.steel).toBe("group");
      expect(item.system.figureSource.pulse).toBe("group");
      expect(item.system.figureSource.phases).toBe("default");
    }
    await app.render();
    expect(app.renderedParts.grid as string).not.toContain("changed");
  });

  it("keeps 'figures from' when the GM says so", async () => {
    const { gm, app } = await armoury(3);
    app.keepSources = true;
    const row = app.rows[0]!;
    app.setCell(row.key, "steel.dtn", "9");
    await app.save();
    const item = gm.game.items.get(row.id);
    expect(item.system.steel.dtn).toBe(9);
    expect(item.system.figureSource.steel).toBe("default");
  });

  it("refuses a figure out of range as the sheet's limits do, says why, and keeps the row", async () => {
    const { world, gm, app } = await armoury(3);
    const row = app.rows[0]!;
    const mark = world.server.writes.length;
    const result = app.setCell(row.key, "steel.reach", "9");
    expect(result.ok).toBe(false);
    expect(gm.notices.at(-1)).toMatchObject({ type: "warning", message: "Reach: 9 is out of range; it must be from 0 to 5." });
    expect(app.rows[0]).toEqual(row);
    expect(app.dirty).toBe(false);
    await app.save();
    expect(world.writesSince(mark)).toEqual([]);
  });

  it("takes its limits from the item data models: every column is a field of the model with the same limits and choices", async () => {
    const { gm } = await armoury(1);
    const { allColumns } = await import("../../src/applications/armory/columns");
    for (const kind of ["weapon", "armor", "shield"] as const) {
      const schema = gm.CONFIG.Item.dataModels[kind].schema;
      for (const column of allColumns(kind)) {
        const path = column.key.split(".").slice(1);
        const steps: string[] = column.type === "source" ? ["figureSource", column.ruleset] : [column.ruleset, ...path];
        const field = steps.reduce((f: any, step) => f?.fields?.[step], schema);
        expect(field, `${kind} ${column.key}`).toBeTruthy();
        if (column.type === "source") {
          expect(field.choices).toEqual(["seed", "default", "group"]);
          continue;
        }
        const stat = column.stat as any;
        if (stat.kind === "integer" || stat.kind === "number") {
          expect([field.min, field.max, field.integer], `${kind} ${column.key}`).toEqual([stat.min, stat.max, stat.kind === "integer"]);
        }
        if (stat.kind === "choice") expect(field.choices, `${kind} ${column.key}`).toEqual([...stat.choices]);
      }
    }
  });

  it("the data model has the last word on a cell, and its refusal is the one the sheet gets", async () => {
    const { world, gm, app } = await armoury(3);
    // A world whose model is stricter than the grid's own check: the model's refusal stands.
    gm.CONFIG.Item.dataModels.weapon.schema.fields.steel.fields.reach.max = 3;
    const mark = world.server.writes.length;
    expect(app.setCell(app.rows[0]!.key, "steel.reach", "4").ok).toBe(false);
    expect(gm.notices.at(-1)).toMatchObject({ type: "warning", message: "Reach: must be at most 3." });
    const plan = await app.importText(`name,steel.reach\n${app.rows[0]!.name},4`, "csv");
    expect(plan.refused[0].reasons.map((r: any) => r.data.reason)).toEqual(["must be at most 3"]);
    expect(world.writesSince(mark)).toEqual([]);
  });

  it("adds, duplicates and deletes rows: one create and one delete on save", async () => {
    const { world, gm, app } = await armoury(3);
    const [first, second] = app.rows;
    app.addRow("Estoc");
    app.duplicateRow(first!.key);
    app.remove(second!.key);
    const mark = world.server.writes.length;
    await app.save();
    expect(world.writesSince(mark).map((w: any) => [w.action, w.count])).toEqual([["create", 2], ["delete", 1]]);
    const names = weapons(gm).map((i: any) => i.name);
    expect(names).toContain("Estoc");
    expect(names).toContain(`${first!.name} (copy)`);
    expect(names).not.toContain(second!.name);
    expect(gm.game.items.getName(`${first!.name} (copy)`).system.steel).toEqual(gm.game.items.get(first!.id).system.steel);
  });

  it("asks before closing with unsaved changes, and stays open when the GM says no", async () => {
    const { gm, app } = await armoury(3);
    app.setCell(app.rows[0]!.key, "steel.dtn", "9");
    gm.runtime.dialogs.responder = () => false;
    await app.close();
    expect(app.rendered).toBe(true);
    expect(gm.runtime.dialogs.asked.at(-1)?.config.content).toContain("unsaved changes");
    gm.runtime.dialogs.responder = () => true;
    await app.close();
    expect(app.rendered).toBe(false);
  });

  it("sorts and filters by a column", async () => {
    const { app } = await armoury();
    app.sortBy = { key: "pulse.baseChance", direction: "desc" };
    const chances = app.visibleRows.map((r: any) => r.values["pulse.baseChance"]);
    expect(chances).toEqual([...chances].sort((a: number, b: number) => b - a));
    app.filters = { name: "sword" };
    expect(app.visibleRows.length).toBeGreaterThan(0);
    expect(app.visibleRows.every((r: any) => /sword/i.test(r.name))).toBe(true);
    await app.render();
    expect([...(app.renderedParts.grid as string).matchAll(/<tr data-row="/g)]).toHaveLength(app.visibleRows.length);
  });

  it("switches to armour and shows its figures (steel armour's covered regions as columns)", async () => {
    const { app } = await armoury(3);
    expect(await app.setView({ kind: "armor" })).toBe(true);
    expect(app.rows.map((r: any) => r.name)).toEqual(["Mail hauberk"]);
    expect(app.renderedParts.grid as string).toContain('data-column="steel.covers.head"');
  });
});

describe("armory import", () => {
  it("shows creates, changes (old → new) and refusals, writes nothing until confirmed, then one write of each", async () => {
    const { world, gm, app } = await armoury();
    const csv = [
      "name,steel.reach,pulse.weaponClass",
      "Estoc,3,B",
      "Longsword,4,B",
      "Kopis,2,D",
      "Zweihander,9,B",
      "Estoc,2,A",
    ].join("\n");
    const mark = world.server.writes.length;
    const plan = await app.importText(csv, "csv");
    expect(plan.creates.map((c: any) => c.row.name)).toEqual(["Estoc"]);
    expect(plan.updates.map((u: any) => u.original.name)).toEqual(["Longsword"]);
    expect(plan.refused.map((r: any) => r.line)).toEqual([4, 5, 6]);
    const preview = app.renderedParts.preview as string;
    expect(preview).toContain("Reach: <del>3</del> → <ins>4</ins>");
    expect(preview).toContain("Weapon class: &quot;D&quot; is not one of Class A, Class B, Class C.");
    expect(preview).toContain("Figures from: <del>our default</del> → <ins>your group</ins>");
    expect(preview).toContain("Reach: 9 is out of range; it must be from 0 to 5.");
    expect(preview).toContain("The name Estoc is used twice.");
    expect(world.writesSince(mark)).toEqual([]);
    expect(gm.game.items.getName("Estoc")).toBeUndefined();

    await app.confirmImport();
    expect(world.writesSince(mark).map((w: any) => [w.action, w.count])).toEqual([["update", 1], ["create", 1]]);
    expect(gm.game.items.getName("Longsword").system.steel.reach).toBe(4);
    expect(gm.game.items.getName("Estoc").system.steel.reach).toBe(3);
    expect(gm.game.items.getName("Kopis")).toBeUndefined();
    expect(app.plan).toBeNull();
  });

  it("cancelling an import writes nothing", async () => {
    const { world, app } = await armoury(3);
    const mark = world.server.writes.length;
    await app.importText("name,steel.reach\nNew blade,3", "csv");
    await app.cancelImport();
    expect(app.plan).toBeNull();
    expect(world.writesSince(mark)).toEqual([]);
  });

  for (const format of ["csv", "json"] as const) {
    it(`the ${format.toUpperCase()} export imported back changes nothing`, async () => {
      const { world, app } = await armoury();
      const text = app.exportText(format, "all");
      const mark = world.server.writes.length;
      const plan = await app.importText(text, format);
      expect(plan).toMatchObject({ creates: [], updates: [], refused: [], unchanged: 30 });
      await app.confirmImport();
      expect(world.writesSince(mark)).toEqual([]);
    });
  }

  const bad: [string, string, number | undefined, string][] = [
    ["an empty file", "", undefined, "The file holds no rows. Nothing was imported."],
    ["a file of wrong columns", "title,colour\nSword,red", undefined, "The file has no name column. Nothing was imported."],
    ["a file of unknown columns", "name,steel.sharpness\nSword,3", undefined, "The file has columns the armory does not know for these items: steel.sharpness. Nothing was imported."],
    ["a 10 MB file", "name\n" + "Sword\n".repeat(10 * 1024 * 1024 / 6), undefined, "The file is too large (10241 KB; at most 2048 KB). Nothing was imported."],
    ["a formula in a cell", 'name,steel.reach\n"=HYPERLINK(""http://evil"",""x"")",3', undefined, 'Line 2, column name holds a spreadsheet formula (=HYPERLINK("http://evil","x")). Formulas are refused; nothing was imported.'],
  ];
  for (const [what, text, bytes, message] of bad) {
    it(`refuses ${what} with a clear message and changes nothing`, async () => {
      const { world, gm, app } = await armoury(3);
      const before = JSON.stringify(weapons(gm).map((i: any) => i.toObject()));
      const mark = world.server.writes.length;
      expect(await app.importText(text, "csv", bytes)).toBeNull();
      expect(gm.notices.at(-1)).toMatchObject({ type: "warning", message });
      expect(app.plan).toBeNull();
      expect(world.writesSince(mark)).toEqual([]);
      expect(JSON.stringify(weapons(gm).map((i: any) => i.toObject()))).toBe(before);
    });
  }

  it("speaks the grid's words: a file headed and filled as the grid shows it (any case) is written as the grid would; the CSV export's header reads the same way", async () => {
    const { world, gm, app } = await armoury();
    // The grid shows steel; "Reach" is steel's, "Length" opposed's, with the ruleset said.
    const csv = ["NAME,reach,Swing damage type,Opposed: LENGTH,pulse: weapon class", "Longsword,4,blunt,Very short,Class A"].join("\n");
    const plan = await app.importText(csv, "csv");
    expect(plan.refused).toEqual([]);
    expect(app.renderedParts.preview as string).toContain("Swing damage type: <del>Cutting</del> → <ins>Blunt</ins>");
    const mark = world.server.writes.length;
    await app.confirmImport();
    expect(world.writesSince(mark).map((w: any) => [w.action, w.count])).toEqual([["update", 1]]);
    const sword = gm.game.items.getName("Longsword");
    expect([sword.system.steel.reach, sword.system.steel.swingType, sword.system.opposed.reach, sword.system.pulse.weaponClass]).toEqual([4, "blunt", "veryShort", "A"]);
    const header = app.exportText("csv", "ruleset").split("\n")[0];
    expect(header).toBe("ID,Name,Image,Steel: Reach,Steel: ATN (swing),Steel: ATN (thrust),Steel: DTN,Steel: Swing damage,Steel: Swing damage type,Steel: Thrust damage,Steel: Thrust damage type,Steel: Adds Strength,Steel: Missile weapon,Steel: Preparation (rounds),Steel: Quicken cost,Steel: Quicken TN,Steel: Missile ATN,Steel: Figures from");
  });

  it("keeps a negative number a number, not a formula", async () => {
    const { app } = await armoury(3);
    const plan = await app.importText(`name,steel.swingDamage\n${app.rows[0]!.name},-2`, "csv");
    expect(plan.refused).toEqual([]);
    expect(plan.updates[0].cells[0]).toEqual({ key: "steel.swingDamage", old: app.rows[0]!.values["steel.swingDamage"], new: -2 });
  });
});

describe("armory pictures", () => {
  it("a row's picture opens Foundry's file picker on its image; the path picked is the row's until saved, then one write", async () => {
    const { world, gm, app } = await armoury(3);
    const row = app.rows[0];
    expect(app.renderedParts.grid as string).toContain(`aria-label="Choose the image: ${row.name}"`);
    await app.options.actions.pickImage.call(app, new Event("click"), { closest: () => ({ dataset: { row: row.key } }) });
    const picker = gm.runtime.filePickers.opened.at(-1)!;
    expect(picker).toMatchObject({ type: "image", request: row.img, rendered: true });
    await picker.pick("icons/weapons/swords/sword-guard-steel-green.webp");
    expect(app.rows.find((r: any) => r.key === row.key).img).toBe("icons/weapons/swords/sword-guard-steel-green.webp");
    expect(app.pendingCount).toBe(1);
    const mark = world.server.writes.length;
    expect(await app.save()).toBe(true);
    expect(world.writesSince(mark).map((w: any) => [w.action, w.count])).toEqual([["update", 1]]);
    expect(gm.game.items.get(row.id).img).toBe("icons/weapons/swords/sword-guard-steel-green.webp");
  });
});

describe("armory text", () => {
  it("every message key the armory builds from a prefix is in lang/en.json", () => {
    const lang = JSON.parse(readFileSync("lang/en.json", "utf8"));
    const lookup = (key: string) => key.split(".").reduce<any>((o, k) => o?.[k], lang);
    const prefixes: Record<string, Record<string, string>> = {
      "armory-app.ts": { T: "BOUT.Armory." },
      "cells.ts": { R: "BOUT.Armory.Refusal." },
      "plan.ts": { R: "BOUT.Armory.Refusal." },
      "files.ts": { R: "BOUT.Armory.File." },
    };
    const missing: string[] = [];
    let seen = 0;
    for (const [file, vars] of Object.entries(prefixes)) {
      const code = readFileSync(join("src/applications/armory", file), "utf8");
      for (const [v, prefix] of Object.entries(vars)) {
        const keys = [...code.matchAll(new RegExp(`\\$\\{${v}\\}([A-Za-z.]+)`, "g"))].map((m) => m[1]!);
        const refusals = v === "R" ? [...code.matchAll(/refuse\("([A-Za-z]+)"/g)].map((m) => m[1]!) : [];
        for (const key of [...keys, ...refusals]) {
          seen += 1;
          const value = lookup(prefix + key.replace(/\.$/, ""));
          if (typeof value !== "string" && (typeof value !== "object" || !key.endsWith("."))) missing.push(prefix + key);
        }
      }
    }
    expect(seen).toBeGreaterThan(30);
    expect(missing).toEqual([]);
  });
});

describe("armory on a compendium", () => {
  /** A world pack of 30 weapons (unlocked unless asked), with the world's own items beside it. */
  async function packArmoury({ locked = false } = {}) {
    dist();
    const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
    const shipped = shippedWeapons();
    world.server.addPack(
      { id: "world.armoury", label: "Our armoury", type: "Item", packageType: "world" },
      Array.from({ length: 30 }, (_, i) => ({ ...shipped[i % shipped.length]!, name: i < shipped.length ? String(shipped[i]!.name) : `${shipped[i % shipped.length]!.name} ${i}` })),
    );
    const gm = await world.connect("GM");
    await gm.CONFIG.Item.documentClass.create({ name: "World sword", type: "weapon" });
    if (locked) await gm.game.settings.set("core", "compendiumConfiguration", { "world.armoury": { locked: true } });
    return { world, gm };
  }

  it("edits 30 weapons of an unlocked pack across two rulesets and saves them in ONE write to the pack", async () => {
    const { world, gm } = await packArmoury();
    const app = await gm.CONFIG.BOUT.openArmory({ pack: "world.armoury" });
    expect(app.title).toBe("Armory: Our armoury");
    expect(app.rows).toHaveLength(30);
    for (const row of app.rows) {
      app.setCell(row.key, "phases.attack", "5");
      app.setCell(row.key, "opposed.damage", "9");
    }
    const mark = world.server.writes.length;
    expect(await app.save()).toBe(true);
    expect(world.writesSince(mark)).toEqual([{ userId: world.userId("GM"), action: "update", documentName: "Item", count: 30, pack: "world.armoury" }]);
    const stored = world.server.packs.get("world.armoury")!.documents;
    expect(stored.every((d) => d.system.phases.attack === 5 && d.system.opposed.damage === 9)).toBe(true);
    expect(gm.game.items.getName("World sword").system.phases.attack).not.toBe(5);
  });

  it("imports into the pack: nothing written before the GM confirms, then one update and one create there", async () => {
    const { world, gm } = await packArmoury();
    const app = await gm.CONFIG.BOUT.openArmory({ pack: "world.armoury" });
    const mark = world.server.writes.length;
    const plan = await app.importText("name,pulse.baseChance\nLongsword,70\nEstoc,60\nKopis,101", "csv");
    expect([plan.creates.length, plan.updates.length, plan.refused.length]).toEqual([1, 1, 1]);
    expect(world.writesSince(mark)).toEqual([]);
    await app.confirmImport();
    expect(world.writesSince(mark).map((w: any) => [w.action, w.count, w.pack])).toEqual([["update", 1, "world.armoury"], ["create", 1, "world.armoury"]]);
    expect(gm.game.items.getName("Estoc")).toBeUndefined();
  });

  it("refuses a locked pack, saying to unlock it", async () => {
    const { gm } = await packArmoury({ locked: true });
    expect(await gm.CONFIG.BOUT.openArmory({ pack: "world.armoury" })).toBeNull();
    expect(gm.notices.at(-1)).toMatchObject({ type: "warning", message: "The compendium Our armoury is locked. Unlock it to edit it in the armory." });
  });

  it("opens from the compendium's context menu entry", async () => {
    const { gm } = await packArmoury();
    const options: any[] = [];
    gm.Hooks.callAll("getCompendiumContextOptions", {}, options);
    // v13 reads name/condition/callback, v14 label/visible/onClick (the harness runs both).
    const entry = options.find((o) => (o.label ?? o.name) === "BOUT.Armory.ContextOpen");
    expect((entry.visible ?? entry.condition)({ dataset: { pack: "world.armoury" } })).toBe(true);
    const app = await (entry.onClick ? (li: unknown) => entry.onClick(new Event("click"), li) : entry.callback)({ dataset: { pack: "world.armoury" } });
    expect(app.pack).toBe("world.armoury");
    expect(app.rows).toHaveLength(30);
  });
});

describe("armory access", () => {
  it("refuses a player calling the API, the settings button's class or save", async () => {
    const { world, alice } = await armoury(3);
    const mark = world.server.writes.length;
    expect(await alice.CONFIG.BOUT.openArmory()).toBeNull();
    expect(alice.notices.at(-1)).toMatchObject({ type: "warning", message: "Only the GM can use the armory." });
    const Armory = alice.game.settings.menus.get("bout.armoryMenu").type;
    const app = new Armory();
    await app.render({ force: true });
    expect(app.rendered).toBe(false);
    app.rows = [{ key: "x", id: weapons(alice)[0].id, name: "Hacked", img: "", values: {} }];
    app.stored = new Map([["x", { key: "x", id: weapons(alice)[0].id, name: "Sword", img: "", values: {} }]]);
    expect(await app.save()).toBe(false);
    expect(await app.importText("name\nX", "csv")).toBeNull();
    expect(world.writesSince(mark)).toEqual([]);
  });

  it("is a restricted settings button and an entry of the Compendium and Items context menus", async () => {
    const { gm } = await armoury(1);
    expect(gm.game.settings.menus.get("bout.armoryMenu")).toMatchObject({ restricted: true, name: "BOUT.Armory.Title" });
    const packOptions: any[] = [];
    gm.Hooks.callAll("getCompendiumContextOptions", {}, packOptions);
    expect(packOptions.map((o) => o.label ?? o.name)).toContain("BOUT.Armory.ContextOpen");
    const itemOptions: any[] = [];
    gm.Hooks.callAll("getItemContextOptions", {}, itemOptions);
    const entry = itemOptions.find((o) => (o.label ?? o.name) === "BOUT.Armory.ContextOpen");
    const opened = await (entry.onClick ? (li: unknown) => entry.onClick(new Event("click"), li) : entry.callback)({ dataset: { entryId: weapons(gm)[0].id } });
    expect(opened.rendered).toBe(true);
    expect(opened.kind).toBe("weapon");
  });

  it("gives v14 its context menu entry shape (label, visible, onClick)", async () => {
    const { gm } = await armoury(1);
    gm.game.release = { generation: 14 };
    const options: any[] = [];
    gm.Hooks.callAll("getItemContextOptions", {}, options);
    const entry = options.find((o) => o.label === "BOUT.Armory.ContextOpen");
    expect(entry).toBeTruthy();
    expect(entry.name).toBeUndefined();
    expect(entry.visible({ dataset: {} })).toBe(true);
    const armor = gm.game.items.find((i: any) => i.type === "armor");
    expect((await entry.onClick(new Event("click"), { dataset: { entryId: armor.id } })).kind).toBe("armor");
  });
});
