// Character, NPC and item sheets built from real documents in a loaded client and
// rendered with the real handlebars (issue 3, "Sheets").
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { RULESETS } from "../../src/engine/rulesets/registry";
import { RULESET_IDS } from "../../src/engine/rulesets/ruleset";
import { dist } from "../build/dist";
import { settle } from "./support";

async function table() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  const Actor = gm.CONFIG.Actor.documentClass;
  const hero = await Actor.create({ name: "Aldric", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 } });
  await hero.createEmbeddedDocuments("Item", [
    { name: "Longsword", type: "weapon", system: { equipped: true } },
    { name: "Mail hauberk", type: "armor" },
    { name: "Fencing", type: "skill" },
  ]);
  await settle();
  return { world, gm, alice, bob, heroId: hero.id as string };
}

/** Counts number inputs/selects/checkboxes a block of statistics draws, groups included. */
function inputCount(block: Record<string, any>): number {
  return Object.values(block).reduce((n: number, stat: any) => n + (stat.kind === "group" ? inputCount(stat.fields) : 1), 0);
}

describe("actor sheet", () => {
  it("is the system's sheet for characters and NPCs, and renders every part", async () => {
    const { alice, heroId } = await table();
    const sheet = alice.game.actors.get(heroId).sheet;
    expect(sheet.constructor.name).toBe("BoutActorSheet");
    await sheet.render({ force: true });
    expect(Object.keys(sheet.renderedParts)).toEqual(["header", "tabs", "stats", "items", "biography"]);
    const html = Object.values<string>(sheet.renderedParts).join("\n");
    expect(html).toContain('value="Aldric"');
    expect(html).not.toMatch(/BOUT\.[A-Za-z]+\.[A-Za-z.]+/); // every label localized
  });

  it("draws one input per statistic of the ruleset in play, named into its block", async () => {
    const { alice, heroId } = await table();
    const sheet = alice.game.actors.get(heroId).sheet;
    await sheet.render({ force: true });
    const stats = sheet.renderedParts.stats as string;
    const names = [...stats.matchAll(/name="(system\.[^"]+)"/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBe(inputCount(RULESETS.steel.stats.actor));
    expect(names.every((n) => n.startsWith("system.steel."))).toBe(true);
  });

  it("lists items by kind with roll, equip, edit and delete controls for the owner", async () => {
    const { alice, heroId } = await table();
    const sheet = alice.game.actors.get(heroId).sheet;
    await sheet.render({ force: true });
    const items = sheet.renderedParts.items as string;
    const weapons = items.slice(items.indexOf('data-section="weapon"'), items.indexOf('data-section="armor"'));
    expect(weapons).toContain("Longsword");
    expect(weapons).toContain('data-action="rollItem"');
    expect(weapons).toContain('aria-pressed="true"');
    expect(weapons).toContain('data-action="deleteItem"');
    const armor = items.slice(items.indexOf('data-section="armor"'), items.indexOf('data-section="shield"'));
    expect(armor).toContain("Mail hauberk");
    expect(armor).not.toContain('data-action="rollItem"');
  });

  it("is read-only for a player who does not own the actor", async () => {
    const { world, gm, bob, heroId } = await table();
    await gm.game.actors.get(heroId).update({ ownership: { default: 0, [world.userId("Alice")]: 3, [world.userId("Bob")]: 2 } });
    const sheet = bob.game.actors.get(heroId).sheet;
    await sheet.render({ force: true });
    expect(sheet.isEditable).toBe(false);
    expect(sheet.renderedParts.header).toMatch(/class="document-name"[^>]*readonly/);
    expect(sheet.renderedParts.items).not.toContain('data-action="deleteItem"');
    expect(sheet.renderedParts.biography).not.toContain("<prose-mirror");
  });

  it("a weapon's roll button opens the ruleset's attack declaration; closing it posts nothing", async () => {
    const { alice, heroId } = await table();
    const actor = alice.game.actors.get(heroId);
    const sword = actor.items.find((i: any) => i.name === "Longsword");
    let asked: any = null;
    alice.runtime.dialogs.responder = (_kind: string, config: any) => {
      asked = config;
      return null;
    };
    const before = alice.game.messages.size;
    await actor.sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    expect(asked?.content).toContain("Chance to land a blow");
    expect(alice.game.messages.size).toBe(before);
  });

  it("toggles equipment in one write and deletes an item only after confirmation", async () => {
    const { world, alice, heroId } = await table();
    const actor = alice.game.actors.get(heroId);
    const mail = actor.items.find((i: any) => i.name === "Mail hauberk");
    const mark = world.server.writes.length;
    await actor.sheet.runAction("toggleEquipped", {}, { row: { itemId: mail.id } });
    expect(world.writesSince(mark)).toHaveLength(1);
    expect(actor.items.get(mail.id).system.equipped).toBe(true);

    alice.runtime.dialogs.responder = () => false;
    await actor.sheet.runAction("deleteItem", {}, { row: { itemId: mail.id } });
    expect(actor.items.get(mail.id)).toBeTruthy();
    alice.runtime.dialogs.responder = () => true;
    await actor.sheet.runAction("deleteItem", {}, { row: { itemId: mail.id } });
    expect(actor.items.get(mail.id)).toBeFalsy();
  });

  it("creates a new item of the section's kind", async () => {
    const { alice, heroId } = await table();
    const actor = alice.game.actors.get(heroId);
    await actor.sheet.runAction("createItem", { type: "shield" });
    const shield = actor.items.find((i: any) => i.type === "shield");
    expect(shield?.name).toBe("New Shield");
  });
});

describe("item sheet", () => {
  it("shows a tab for every ruleset, the one in play first, each with its own fields", async () => {
    const { gm } = await table();
    const sword = await gm.CONFIG.Item.documentClass.create({ name: "Arming sword", type: "weapon" });
    const sheet = sword.sheet;
    expect(sheet.constructor.name).toBe("BoutItemSheet");
    await sheet.render({ force: true });
    const html = sheet.renderedParts.rulesets as string;
    const order = [...html.matchAll(/data-group="rulesets" data-tab="([a-z]+)" role="tab"/g)].map((m) => m[1]);
    expect(order).toEqual(["steel", "phases", "actionpoints", "opposed", "pulse", "description"]);
    for (const id of RULESET_IDS) {
      const section = html.slice(html.indexOf(`data-tab="${id}">`));
      const fields = inputCount(RULESETS[id].stats.weapon);
      const names = [...section.slice(0, section.indexOf("</section>")).matchAll(/name="system\.([a-z]+)\.[^"]+"/g)].map((m) => m[1]);
      expect(names.filter((n) => n === id).length, id).toBe(fields);
    }
  });

  it("puts the world's ruleset first after a switch", async () => {
    const { world, gm } = await table();
    await gm.game.settings.set("bout", "ruleset", "pulse");
    const client = await world.connect("GM");
    const sword = await client.CONFIG.Item.documentClass.create({ name: "Arming sword", type: "weapon" });
    await sword.sheet.render({ force: true });
    const order = [...(sword.sheet.renderedParts.rulesets as string).matchAll(/data-group="rulesets" data-tab="([a-z]+)" role="tab"/g)].map((m) => m[1]);
    expect(order.slice(0, 2)).toEqual(["pulse", "steel"]);
  });
});

describe("editing figures on the sheet", () => {
  /** The first whole-number statistic of the ruleset in play, with its limits. */
  function firstInteger() {
    const entry = Object.entries(RULESETS.steel.stats.actor).find(([, s]) => s.kind === "integer") as [string, any];
    expect(entry, "steel declares whole-number statistics").toBeTruthy();
    return { key: entry[0], stat: entry[1] };
  }

  it("writes an edited figure in one update", async () => {
    const { world, alice, heroId } = await table();
    const { key, stat } = firstInteger();
    const sheet = alice.game.actors.get(heroId).sheet;
    const value = Math.min(stat.max ?? 99, (stat.initial as number) + 1);
    const mark = world.server.writes.length;
    await sheet.submit({ [`system.steel.${key}`]: value });
    expect(world.writesSince(mark)).toHaveLength(1);
    expect(alice.game.actors.get(heroId).system.steel[key]).toBe(value);
  });

  it("refuses a figure that is not a number, says why, and writes nothing", async () => {
    const { world, alice, heroId } = await table();
    const { key } = firstInteger();
    const sheet = alice.game.actors.get(heroId).sheet;
    const before = alice.game.actors.get(heroId).system.steel[key];
    const mark = world.server.writes.length;
    await sheet.submit({ [`system.steel.${key}`]: null });
    expect(world.writesSince(mark)).toEqual([]);
    expect(alice.game.actors.get(heroId).system.steel[key]).toBe(before);
    expect(alice.notices.at(-1)).toMatchObject({ type: "error" });
  });

  it("refuses a player editing an actor they do not own", async () => {
    const { world, bob, heroId } = await table();
    const { key } = firstInteger();
    const mark = world.server.writes.length;
    await bob.game.actors.get(heroId).sheet?.submit({ [`system.steel.${key}`]: 5 });
    expect(world.writesSince(mark)).toEqual([]);
  });
});

describe("token bar", () => {
  it("shows the ruleset's track and writes an edit of the bar to the statistic behind it", async () => {
    const { world, alice, heroId } = await table();
    const actor = alice.game.actors.get(heroId);
    const track = actor.system.vitality;
    expect(track.path).toBeTruthy();
    const mark = world.server.writes.length;
    await actor.modifyTokenAttribute("vitality", -1, true, true);
    expect(world.writesSince(mark)).toHaveLength(1);
    expect(actor.system.vitality.value).toBe(track.value - 1);
    await actor.modifyTokenAttribute("vitality", 999, false, true);
    expect(actor.system.vitality.value).toBe(actor.system.vitality.max);
  });
});
