// Roll tables in one step (issue 34 "Roll tables in one step"): replacing our
// default tables with a group's own was one import and one drag per lookup. The
// chooser's "Import these tables and use them" copies a ruleset's tables from the
// Bout: Tables compendium into a world folder and points every lookup of the
// ruleset at its copy: one Folder create (the first time), one RollTable
// createDocuments, one settings write. Run again, nothing is doubled. Only a GM
// may do it. The chooser says which lookups read the system's own table and which
// a world table; and a world copy the GM edits is what the next card reads.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { packSources } from "../pack-sources";
import { scriptDraws, settle } from "./support";
import { twoGMs } from "./two-gms";

/** Our tables as the compendium holds them (its folders are the pack's own, not documents of it). */
const packTables = () => packSources("tables", (f) => !f.startsWith("folder-"));
const STEEL = packTables().filter((t: any) => t.flags.bout.lookup.startsWith("steel.")).length;
const OPPOSED = packTables().filter((t: any) => t.flags.bout.lookup.startsWith("opposed.")).length;

async function table({ pack = true } = {}) {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }] });
  if (pack) world.server.addPack({ id: "bout.tables", label: "Bout: Tables", type: "RollTable", packageType: "system" }, packTables());
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", "opposed");
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  await settle();
  const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
  return { world, gm, alice, bob, hooks };
}

/** The chooser rendered on a client: its form's HTML, and its Import button's action as a click runs it. */
async function chooser(client: any) {
  const menu = client.game.settings.menus.get("bout.rollTablesMenu");
  const app = new menu.type();
  await app.render({ force: true });
  const html = () => String(app.renderedParts?.form ?? "");
  const importButton = async (ruleset: string) => {
    await app.options.actions.importTables.call(app, new Event("click"), { dataset: { ruleset } });
    await settle();
  };
  return { app, html, importButton };
}

const kinds = (writes: any[]) => writes.map((w) => `${w.action} ${w.documentName} ${w.count}`);
const steelIds = (gm: any) => packTables().filter((t: any) => t.flags.bout.lookup.startsWith("steel.")).map((t: any) => t.flags.bout.lookup as string);

describe("roll tables in one step", () => {
  it("the chooser's Import for steel: one folder, one createDocuments of every steel table, one settings write; every steel lookup reads its world copy", async () => {
    const { world, gm, alice } = await table();
    const ui = await chooser(gm);
    expect(ui.html()).toContain(`All ${STEEL} read the system&#x27;s own tables.`);
    const mark = world.server.writes.length;
    await ui.importButton("steel");
    expect(kinds(world.writesSince(mark))).toEqual(["create Folder 1", `create RollTable ${STEEL}`, "setting Setting 1"]);
    const folder = gm.game.folders.find((f: any) => f.type === "RollTable");
    expect(folder.name).toBe("Bout: Steel tables");
    const copies = gm.game.tables.filter((t: any) => t.flags.bout?.lookup?.startsWith("steel."));
    expect(copies).toHaveLength(STEEL);
    expect(copies.every((t: any) => (t.folder?.id ?? t.folder) === folder.id)).toBe(true);
    // Each copy remembers where it came from (v13 WorldCollection#fromCompendium).
    const zone1 = copies.find((t: any) => t.flags.bout.lookup === "steel.zone.1");
    expect(zone1._stats.compendiumSource).toMatch(/^Compendium\.bout\.tables\.RollTable\./);
    const chosen = gm.game.settings.get("bout", "rollTables");
    expect(Object.keys(chosen).sort()).toEqual(steelIds(gm).sort());
    expect(chosen["steel.zone.1"]).toBe(zone1.uuid);
    // Every client sees the same choice and the same tables.
    expect(alice.game.settings.get("bout", "rollTables")).toEqual(chosen);
    expect(gm.notices.at(-1)).toMatchObject({ type: "info", message: `Roll tables: ${STEEL} imported into the world, 0 imported before and used again, 0 already chosen and kept. The cards read them now.` });
    // The chooser redrawn: steel's lookups read world tables, opposed's still the system's own.
    const html = ui.html();
    expect(html).toContain(`All ${STEEL} read a world table.`);
    expect(html).toContain(`All ${OPPOSED} read the system&#x27;s own tables.`);
    expect(html).toMatch(/id="bout-roll-tables-steel__zone__1-state" class="roll-table-state" data-state="world">Reads the world table Steel: hit zone 1 \(swing\)\.</);
    expect(html).toMatch(/id="bout-roll-tables-opposed__oops-state" class="roll-table-state" data-state="ours">Reads the system&#x27;s own table\.</);
  });

  it("run again, nothing is doubled: the copies are used again (one settings write after a reset, none when nothing changes), and a table the GM chose is kept", async () => {
    const { world, gm, hooks } = await table();
    const first = await hooks(gm).importRulesetTables("opposed");
    expect(first.value).toEqual({ imported: OPPOSED, reused: 0, kept: 0 });
    await settle();
    const tables = gm.game.tables.size;
    let mark = world.server.writes.length;
    expect((await hooks(gm).importRulesetTables("opposed")).value).toEqual({ imported: 0, reused: 0, kept: OPPOSED });
    expect(world.writesSince(mark)).toEqual([]);

    // Back to ours, and the GM's own Oops! table chosen: the import uses the copies again and keeps the GM's.
    const own = await gm.CONFIG.RollTable.documentClass.create({ ...packTables().find((t: any) => t.flags.bout.lookup === "opposed.oops"), _id: undefined, name: "Our Oops!", flags: {} });
    await gm.game.settings.set("bout", "rollTables", { "opposed.oops": own.uuid });
    await settle();
    mark = world.server.writes.length;
    const again = await hooks(gm).importRulesetTables("opposed");
    await settle();
    expect(again.value).toEqual({ imported: 0, reused: OPPOSED - 1, kept: 1 });
    expect(kinds(world.writesSince(mark))).toEqual(["setting Setting 1"]);
    expect(gm.game.tables.size).toBe(tables + 1);
    expect(gm.game.folders.size).toBe(1);
    expect(gm.game.settings.get("bout", "rollTables")["opposed.oops"]).toBe(own.uuid);
    // With one chosen table gone, the chooser counts the rest.
    await gm.game.settings.set("bout", "rollTables", { ...gm.game.settings.get("bout", "rollTables"), "opposed.hitLocations": "RollTable.gone0000000000" });
    await settle();
    expect((await chooser(gm)).html()).toContain(`${OPPOSED - 1} of ${OPPOSED} read a world table.`);

    // A copy deleted by the GM is imported anew, alone, into the same folder.
    const hits = gm.game.tables.find((t: any) => t.flags.bout?.lookup === "opposed.hitLocations");
    await hits.delete();
    await settle();
    mark = world.server.writes.length;
    expect((await hooks(gm).importRulesetTables("opposed")).value).toEqual({ imported: 1, reused: 0, kept: OPPOSED - 1 });
    await settle();
    expect(kinds(world.writesSince(mark))).toEqual(["create RollTable 1", "setting Setting 1"]);
    expect(gm.game.folders.size).toBe(1);
  });

  it("a player's client calling the import directly is refused and writes nothing; so is the chooser's button run on a player's client", async () => {
    const { world, gm, alice, hooks } = await table();
    const mark = world.server.writes.length;
    const done = await hooks(alice).importRulesetTables("steel");
    expect(done.refusal).toMatchObject({ code: "rollTables.gmOnly" });
    const menu = alice.game.settings.menus.get("bout.rollTablesMenu");
    const app = new menu.type();
    await app.options.actions.importTables.call(app, new Event("click"), { dataset: { ruleset: "steel" } });
    await settle();
    expect(world.writesSince(mark)).toEqual([]);
    expect(gm.game.tables.size).toBe(0);
    expect(gm.game.settings.get("bout", "rollTables")).toEqual({});
  });

  it("a ruleset without tables, a world without the compendium, or a second click while the first is writing: refused, nothing doubled", async () => {
    const { world, gm, hooks } = await table();
    expect((await hooks(gm).importRulesetTables("pulse")).refusal).toMatchObject({ code: "rollTables.noRuleset" });
    const [a, b] = await Promise.all([hooks(gm).importRulesetTables("opposed"), hooks(gm).importRulesetTables("opposed")]);
    await settle();
    expect(a.ok).toBe(true);
    expect(b.refusal).toMatchObject({ code: "rollTables.importing" });
    expect(gm.game.tables.size).toBe(OPPOSED);

    const bare = await table({ pack: false });
    const mark = bare.world.server.writes.length;
    const none = await bare.hooks(bare.gm).importRulesetTables("opposed");
    expect(none.refusal).toMatchObject({ code: "rollTables.noPack" });
    expect(bare.world.writesSince(mark)).toEqual([]);
    void world;
  });

  it("a chosen world table that does not read refuses the whole step, naming it; nothing is written", async () => {
    const { world, gm, hooks } = await table();
    const source = packTables().find((t: any) => t.flags.bout.lookup === "opposed.hitLocations");
    const broken = await gm.CONFIG.RollTable.documentClass.create({ ...source, _id: undefined, name: "Our hit locations", flags: {} });
    await broken.updateEmbeddedDocuments("TableResult", [{ _id: broken.results.contents[0].id, range: [2, 9] }]);
    await gm.game.settings.set("bout", "rollTables", { "opposed.hitLocations": broken.uuid });
    await settle();
    const mark = world.server.writes.length;
    const done = await hooks(gm).importRulesetTables("opposed");
    expect(done.refusal).toMatchObject({ code: "opposed.tables.band", data: { where: "Our hit locations", at: 1 } });
    expect(world.writesSince(mark)).toEqual([]);
    expect(gm.game.settings.get("bout", "rollTables")).toEqual({ "opposed.hitLocations": broken.uuid });
  });

  it("a table Foundry refuses to create (a hook returns false) changes no choice and says so; importing again creates only what is missing", async () => {
    const { world, gm, hooks } = await table();
    const hook = gm.Hooks.on("preCreateRollTable", (doc: any) => doc.flags.bout?.lookup !== "opposed.oops");
    const done = await hooks(gm).importRulesetTables("opposed");
    await settle();
    expect(done.refusal).toMatchObject({ code: "rollTables.notCreated", data: { count: 1 } });
    expect(gm.game.tables.size).toBe(OPPOSED - 1);
    expect(gm.game.settings.get("bout", "rollTables")).toEqual({});
    gm.Hooks.off("preCreateRollTable", hook);
    const mark = world.server.writes.length;
    expect((await hooks(gm).importRulesetTables("opposed")).value).toEqual({ imported: 1, reused: OPPOSED - 1, kept: 0 });
    await settle();
    expect(kinds(world.writesSince(mark))).toEqual(["create RollTable 1", "setting Setting 1"]);
  });

  it("the chooser tells a chosen table that is gone, and one still in a compendium, from ours and from a world table", async () => {
    const { gm } = await table();
    const [oops] = (await gm.game.packs.get("bout.tables").getDocuments()).filter((t: any) => t.flags.bout.lookup === "opposed.oops");
    // Stored as an older world might hold them (Save refuses both today).
    await gm.game.settings.set("bout", "rollTables", { "opposed.oops": oops.uuid, "opposed.hitLocations": "RollTable.gone0000000000" });
    await settle();
    const html = (await chooser(gm)).html();
    expect(html).toMatch(/data-state="compendium">Names a table in a compendium: import it into the world, or the cards refuse\.</);
    expect(html).toMatch(/data-state="missing">The chosen table is gone: choose another, or the cards refuse\.</);
  });
});

describe("a world copy the GM edits is what the next card reads (seed 003 'Attacking': the hit location is the attack roll reversed)", () => {
  it("after the one-step import, the GM retypes the copy's 25-44 result as Head: Ada's reversed 32 lands on the head", async () => {
    const { gm, alice, bob, hooks, world } = await table();
    const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
    const Actor = gm.CONFIG.Actor.documentClass;
    const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35 } } });
    const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } } });
    const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
    expect((await hooks(gm).importRulesetTables("opposed")).ok).toBe(true);
    await settle();
    const copy = gm.game.tables.find((t: any) => t.flags.bout?.lookup === "opposed.hitLocations");
    const arm = copy.results.find((r: any) => r.range[0] === 25);
    expect(arm.name).toBe("Right (primary) arm");
    await copy.updateEmbeddedDocuments("TableResult", [{ _id: arm.id, name: "Head" }]);
    await settle();
    // Ada 23 against 45 beats Bran's 57 against 40: a hit, the roll reversed is 32.
    alice.runtime.dialogs.responder = () => ({ defender: bran.id, difficulty: "challenging" });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const card = gm.game.messages.contents.at(-1);
    bob.runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging" });
    scriptDraws(gm, [[23, 100], [57, 100]]);
    const answered = await hooks(bob).defendFromCard(bob.game.messages.get(card.id));
    await settle();
    expect(answered.ok).toBe(true);
    const hit = JSON.parse(gm.game.messages.get(card.id).system.result).events.find((e: any) => e.type === "hit");
    expect(hit.data).toMatchObject({ location: "head", reversed: 32 });
  });
});

// Issue 30 "A second GM writes around the queue", for the one-step import: every GM's import is the active GM's.
describe("roll tables in one step with two GMs connected", () => {
  async function twoGMTable() {
    const t = await twoGMs("opposed", (world) => world.server.addPack({ id: "bout.tables", label: "Bout: Tables", type: "RollTable", packageType: "system" }, packTables()));
    return { ...t, hooks: (client: any) => client.evaluate("globalThis.__boutTest") };
  }

  it("both GMs press Import at once: the tables are copied once, every write is the active GM's, and the second GM's copy reads them", async () => {
    const t = await twoGMTable();
    const mark = t.world.server.writes.length;
    const [a, b] = await Promise.all([t.hooks(t.gm).importRulesetTables("opposed"), t.hooks(t.second).importRulesetTables("opposed")]);
    await settle();
    expect([a, b].filter((o: any) => o.ok)).not.toHaveLength(0);
    for (const o of [a, b] as any[]) if (!o.ok) expect(o.refusal.code).toBe("rollTables.importing");
    expect(t.gm.game.tables.size).toBe(OPPOSED);
    expect(t.second.game.tables.size).toBe(OPPOSED);
    const writers = new Set(t.world.writesSince(mark).map((w: any) => w.userId));
    expect([...writers]).toEqual([t.world.userId("GM")]);
    // Again from the second GM alone: nothing is doubled.
    const again = await t.hooks(t.second).importRulesetTables("opposed");
    await settle();
    expect(again.ok).toBe(true);
    expect(t.gm.game.tables.size).toBe(OPPOSED);
  });

  it("hostile: Alice sends the GM's import request herself: refused, nothing written", async () => {
    const t = await twoGMTable();
    const mark = t.world.server.writes.length;
    const forged = await t.hooks(t.alice).askGM("importRulesetTables", { ruleset: "opposed" });
    await settle();
    expect(forged.ok ? "ok" : forged.refusal.code).toBe("rollTables.gmOnly");
    expect(t.world.writesSince(mark)).toEqual([]);
  });
});
