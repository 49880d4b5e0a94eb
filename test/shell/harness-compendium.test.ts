// The harness's compendium packs (test/harness/compendium.ts) behave as v13's
// CompendiumCollection does for a system that edits one: documents load on
// demand, writes with {pack} land in the pack and not the world, a locked pack
// refuses a write before it is sent, and only a GM may write to a world pack.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { settle } from "./support";

async function withPack(packageType: "world" | "system" = "world") {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  world.server.addPack({ id: "world.blades", label: "Blades", type: "Item", packageType }, [
    { name: "Sabre", type: "weapon", system: {} },
    { name: "Rapier", type: "weapon", system: {} },
  ]);
  const gm = await world.connect("GM");
  const alice = await world.connect("Alice");
  return { world, gm, alice, pack: gm.game.packs.get("world.blades") };
}

describe("harness compendium packs", () => {
  it("lists the world's packs and loads a pack's documents on demand, apart from the world's items", async () => {
    const { gm, pack } = await withPack();
    expect(pack).toMatchObject({ collection: "world.blades", title: "Blades", documentName: "Item", locked: false });
    expect(pack.size).toBe(0);
    const docs = await pack.getDocuments();
    expect(docs.map((d: any) => d.name).sort()).toEqual(["Rapier", "Sabre"]);
    expect(docs.every((d: any) => d.pack === "world.blades")).toBe(true);
    expect(gm.game.items.size).toBe(0);
  });

  it("writes with {pack} go to the pack, once each, and never to the world", async () => {
    const { world, gm, pack } = await withPack();
    const [sabre] = await pack.getDocuments();
    const Item = gm.CONFIG.Item.documentClass;
    const mark = world.server.writes.length;
    await Item.updateDocuments([{ _id: sabre.id, "system.steel.reach": 4 }], { pack: "world.blades" });
    await Item.createDocuments([{ name: "Estoc", type: "weapon" }], { pack: "world.blades" });
    await Item.deleteDocuments([sabre.id], { pack: "world.blades" });
    expect(world.writesSince(mark).map((w) => [w.action, w.pack])).toEqual([["update", "world.blades"], ["create", "world.blades"], ["delete", "world.blades"]]);
    expect(world.server.packs.get("world.blades")!.documents.map((d) => d.name).sort()).toEqual(["Estoc", "Rapier"]);
    expect(world.server.collections.get("items")).toEqual([]);
    expect(gm.game.items.size).toBe(0);
    expect(pack.getName("Estoc")).toBeTruthy();
  });

  it("a locked pack refuses a write before it is sent", async () => {
    const { world, gm, pack } = await withPack();
    const [sabre] = await pack.getDocuments();
    await gm.game.settings.set("core", "compendiumConfiguration", { "world.blades": { locked: true } });
    expect(pack.locked).toBe(true);
    const mark = world.server.writes.length;
    await expect(gm.CONFIG.Item.documentClass.updateDocuments([{ _id: sabre.id, name: "Sword" }], { pack: "world.blades" })).rejects.toThrow(/locked/);
    expect(world.writesSince(mark)).toEqual([]);
  });

  it("a system's pack is locked unless configured otherwise", async () => {
    const { pack } = await withPack("system");
    expect(pack.locked).toBe(true);
  });

  it("the server refuses a player's write to a pack", async () => {
    const { world, alice } = await withPack();
    const pack = alice.game.packs.get("world.blades");
    const [sabre] = await pack.getDocuments();
    const mark = world.server.writes.length;
    await expect(alice.CONFIG.Item.documentClass.updateDocuments([{ _id: sabre.id, name: "Mine" }], { pack: "world.blades" })).rejects.toThrow(/lacks permission/);
    await settle();
    expect(world.writesSince(mark)).toEqual([]);
  });

  it("a pack's document has a Compendium uuid, and WorldCollection#fromCompendium makes world data from it (v13 world-collection.mjs)", async () => {
    const { gm, pack } = await withPack();
    const [sabre] = await pack.getDocuments();
    expect(sabre.uuid).toBe(`Compendium.world.blades.Item.${sabre.id}`);
    const data = gm.game.items.fromCompendium(sabre, { clearFolder: true });
    expect(data._id).toBeUndefined();
    expect(data.sort).toBeUndefined();
    expect(data).not.toHaveProperty("folder");
    expect(data._stats.compendiumSource).toBe(sabre.uuid);
    expect(data.ownership).toEqual({ default: 0, [gm.game.user.id]: 3 });
    // keepId keeps the id; a plain object (no Document) is taken as it is, with no source recorded.
    expect(gm.game.items.fromCompendium(sabre, { keepId: true, clearOwnership: false })._id).toBe(sabre.id);
    expect(gm.game.items.fromCompendium({ _id: "x", name: "Plain", type: "weapon" })).toEqual({ name: "Plain", type: "weapon" });
  });

  it("a Folder of roll tables: a GM creates one, every client sees it, a player may not (BaseFolder: the default permissions, ASSISTANT)", async () => {
    const { world, gm, alice } = await withPack();
    const [folder] = await gm.CONFIG.Folder.documentClass.createDocuments([{ name: "Steel", type: "RollTable", flags: { bout: { tables: "steel" } } }]);
    await settle();
    expect(folder.uuid).toBe(`Folder.${folder.id}`);
    expect(alice.game.folders.get(folder.id)).toMatchObject({ name: "Steel", type: "RollTable", sorting: "a", color: null });
    const table = await gm.CONFIG.RollTable.documentClass.create({ name: "Zone", folder: folder.id });
    expect(table.folder?.id ?? table.folder).toBe(folder.id);
    const mark = world.server.writes.length;
    await expect(alice.CONFIG.Folder.documentClass.createDocuments([{ name: "Mine", type: "RollTable" }])).rejects.toThrow(/lacks permission/);
    await settle();
    expect(world.writesSince(mark)).toEqual([]);
    await expect(gm.CONFIG.Folder.documentClass.createDocuments([{ name: "Odd", type: "Nothing" }])).resolves.toEqual([]);
  });
});
