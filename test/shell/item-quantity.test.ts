// Issue 20 "Sheets: quantity where it matters": weapons carried in numbers
// (arrows, javelins, throwing knives) keep a quantity, a whole number from 0,
// one by default; the actor sheet shows it in the weapons' columns and the item
// sheet edits it. Stored weapons from before get 1 (schema version 2), and no
// update that leaves the quantity out resets it (Foundry migrates update changes
// too: v13 ClientDatabaseBackend#preUpdateDocumentArray, modelled by the harness).
// No rule reads the quantity.
import { describe, expect, it } from "vitest";
import { migrateItemSystem, SCHEMA_VERSION } from "../../src/data/migrations";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { settle } from "./support";

async function table() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  const alice = await world.connect("Alice");
  const hero = await gm.CONFIG.Actor.documentClass.create({ name: "Aldric", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 } });
  const [javelins] = await hero.createEmbeddedDocuments("Item", [
    { name: "Javelins", type: "weapon", system: { quantity: 3 } },
    { name: "Longsword", type: "weapon", system: { equipped: true } },
    { name: "Mail hauberk", type: "armor" },
  ]);
  await settle();
  return { world, gm, alice, heroId: hero.id as string, javelinsId: javelins.id as string };
}

describe("weapons keep a quantity (issue 20)", () => {
  it("a weapon has 1 unless told; armour keeps none; as in v13 NumberField cleaning, -1 is kept at 0 and 1.5 rounds to 2", async () => {
    const { gm, heroId } = await table();
    const hero = gm.game.actors.get(heroId);
    expect(hero.items.getName("Longsword").system.quantity).toBe(1);
    expect(hero.items.getName("Javelins").system.quantity).toBe(3);
    expect(hero.items.getName("Mail hauberk").system.quantity).toBeUndefined();
    const [none, some] = await hero.createEmbeddedDocuments("Item", [
      { name: "Darts", type: "weapon", system: { quantity: -1 } },
      { name: "Knives", type: "weapon", system: { quantity: 1.5 } },
    ]);
    expect([none.system.quantity, some.system.quantity]).toEqual([0, 2]);
  });

  it("the actor sheet shows the quantity in the weapons' columns (not for armour), with a localized heading", async () => {
    const { alice, heroId } = await table();
    const sheet = alice.game.actors.get(heroId).sheet;
    await sheet.render({ force: true });
    const items = sheet.renderedParts.items as string;
    const weapons = items.slice(items.indexOf('data-section="weapon"'), items.indexOf('data-section="armor"'));
    expect(weapons).toContain('<abbr title="Quantity">Qty</abbr>');
    const row = (name: string) => weapons.slice(weapons.indexOf(name), weapons.indexOf("</tr>", weapons.indexOf(name)));
    expect(row("Javelins")).toContain('<td class="col-quantity">3</td>');
    expect(row("Longsword")).toContain('<td class="col-quantity">1</td>');
    const armor = items.slice(items.indexOf('data-section="armor"'), items.indexOf('data-section="shield"'));
    expect(armor).not.toContain("col-quantity");
    // Every heading cell has a body cell: the empty row spans them all.
    const heads = (weapons.slice(0, weapons.indexOf("</thead>")).match(/<th scope="col"/g) ?? []).length;
    const empty = items.slice(items.indexOf('data-section="maneuver"'));
    expect(heads).toBe(2 + (weapons.match(/<th scope="col" class="col-figure"/g) ?? []).length + 1 + 1 + 1);
    expect(empty).toContain("colspan=");
  });

  it("the item sheet edits it: one write, and an edit of another field keeps it", async () => {
    const { world, alice, heroId, javelinsId } = await table();
    const javelins = alice.game.actors.get(heroId).items.get(javelinsId);
    await javelins.sheet.render({ force: true });
    expect(javelins.sheet.renderedParts.header).toContain('name="system.quantity" value="3" min="0" step="1"');
    expect(javelins.sheet.renderedParts.header).toContain("Quantity");
    expect(javelins.sheet.renderedParts.header).not.toMatch(/BOUT\./);
    const mark = world.server.writes.length;
    await javelins.sheet.submit({ "system.quantity": 5 });
    expect(world.writesSince(mark)).toHaveLength(1);
    expect(javelins.system.quantity).toBe(5);
    await javelins.update({ "system.equipped": true });
    await javelins.update({ system: { description: "<p>Three left after the ford.</p>" } });
    expect(javelins.system.quantity).toBe(5);
    const armour = alice.game.actors.get(heroId).items.getName("Mail hauberk");
    await armour.sheet.render({ force: true });
    expect(armour.sheet.renderedParts.header).not.toContain("system.quantity");
  });

  it("migration to schema version 2: a stored version-1 weapon gets quantity 1, a partial change is left alone", () => {
    expect(SCHEMA_VERSION).toBe(2);
    const stored = { schemaVersion: 1, equipped: false, description: "" };
    migrateItemSystem(stored, "weapon");
    expect(stored).toEqual({ schemaVersion: 2, equipped: false, description: "", quantity: 1 });
    const kept = { schemaVersion: 1, quantity: 4 };
    expect(migrateItemSystem(kept, "weapon")).toEqual({ schemaVersion: 2, quantity: 4 });
    const armour = { schemaVersion: 1, equipped: true };
    expect(migrateItemSystem(armour, "armor")).toEqual({ schemaVersion: 2, equipped: true });
    // An update's changes carry no schemaVersion: the quantity is not invented for them.
    const change: Record<string, unknown> = { equipped: true };
    migrateItemSystem(change, "weapon");
    expect(change.quantity).toBeUndefined();
  });

  it("a world saved at version 1 is written back once with every weapon at quantity 1", async () => {
    dist();
    const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
    const old = await world.connect("GM", { bundle: null });
    await old.game.settings.register("bout", "schemaVersion", { scope: "world", config: false, type: Number, default: 0 });
    await old.game.settings.set("bout", "schemaVersion", 1);
    const actor = await old.CONFIG.Actor.documentClass.create({ name: "Old hand", type: "character", system: { schemaVersion: 1 } });
    await actor.createEmbeddedDocuments("Item", [{ name: "Old javelins", type: "weapon", system: { schemaVersion: 1, equipped: true } }]);
    await old.CONFIG.Item.documentClass.create({ name: "Old darts", type: "weapon", system: { schemaVersion: 1 } });
    old.disconnect();
    const gm = await world.connect("GM");
    await new Promise((r) => setTimeout(r, 0));
    await settle();
    const stored = world.server.collections.get("actors")!.find((a) => a.name === "Old hand")!;
    expect(stored.items[0].system).toMatchObject({ schemaVersion: 2, quantity: 1, equipped: true });
    expect(world.server.collections.get("items")!.find((i) => i.name === "Old darts")!.system).toMatchObject({ schemaVersion: 2, quantity: 1 });
    expect(gm.game.settings.get("bout", "schemaVersion")).toBe(2);
  });
});
