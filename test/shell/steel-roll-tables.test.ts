// Steel's tables as the world's RollTables (issue 21 "Tables as Foundry RollTables";
// seed 000 "Location, Location, Location": the hit zones and wound tables are named,
// not printed, so the group plays with its own). The GM imports our table from the
// Bout: Tables compendium, edits a result as Foundry's table editor would, names the
// table in the world setting, and the next card's lookup follows the edit. A chosen
// table that does not read is refused with a notification, and nothing is written.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { scriptDraws, scriptFaces, settle, steelSwordsmen } from "./support";
import { packSources } from "../pack-sources";


const packTables = () => packSources("tables", (f) => !f.startsWith("folder-"));

async function fight() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }] });
  world.server.addPack({ id: "bout.tables", label: "Bout: Tables", type: "RollTable", packageType: "system" }, packTables());
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", "steel");
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  await settle();
  const { adaId, branId, swordId } = await steelSwordsmen(world, gm);
  const combat = await gm.CONFIG.Combat.documentClass.create({});
  const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Deck" }]);
  const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: adaId, name: "Ada", group: group.id },
    { actorId: branId, name: "Bran", group: group.id },
  ]);
  await combat.startCombat();
  await settle();
  alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
  bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
  await gm.evaluate<any>("globalThis.__boutTest").openDeclaration(gm.game.combats.get(combat.id), "throw", group.id, [ca.id, cb.id], ["red", "white"]);
  await settle();
  await settle();
  return { world, gm, alice, bob, adaId, branId, swordId, combatId: combat.id as string };
}

type Ctx = Awaited<ReturnType<typeof fight>>;

/** The GM imports our table for a lookup from the compendium into the world (as "Import Document" does) and names it in the setting. */
/**
 * The GM types over the text of the result whose range starts at `from`, as Foundry's table
 * editor writes it (one TableResult update); `was`, when given, is what it said before.
 */
async function retype(table: any, from: number, name: string, was?: string): Promise<void> {
  const result = table.results.find((r: any) => r.range[0] === from);
  if (was !== undefined) expect(result.name).toBe(was);
  await table.updateEmbeddedDocuments("TableResult", [{ _id: result.id, name }]);
  await settle();
}

async function importAndChoose(ctx: Ctx, lookup: string) {
  const pack = ctx.gm.game.packs.get("bout.tables");
  const ours = (await pack.getDocuments()).find((t: any) => t.flags.bout.lookup === lookup);
  const table = await ctx.gm.CONFIG.RollTable.documentClass.create(ours.toObject());
  await ctx.gm.game.settings.set("bout", "rollTables", { [lookup]: table.uuid });
  await settle();
  return ctx.gm.game.tables.get(table.id);
}

/** Ada cuts at zone 5 with 6 dice; Bran parries with 1; six hits against a failed parry, and the d6 in the zone shows 3. */
async function exchange(ctx: Ctx) {
  await ctx.alice.evaluate<any>("globalThis.__boutTest").postCard("steel.exchange", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.swordId, maneuverId: "cut", zone: 5, dice: 6 }, ctx.combatId);
  await settle();
  const card = ctx.gm.game.messages.contents.at(-1);
  ctx.bob.runtime.dialogs.responder = () => ({ maneuver: "parry", dice: 1 });
  scriptFaces(ctx.gm, 10, [9, 9, 9, 9, 9, 9, 2, 5, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
  const answer = await ctx.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(ctx.bob.game.messages.get(card.id));
  await settle();
  return { card: ctx.gm.game.messages.get(card.id), answer };
}

/**
 * Outside the bout, Cal (Alice's) looses 3 dice from a hunting bow at Bran, who does not defend: 9, 9, 9 are three
 * successes at TN 6, and the 2d6 missile chart roll is 3 + 4 = 7 (seed 000 "Missile Combat" 4).
 */
async function shot(ctx: Ctx) {
  const Actor = ctx.gm.CONFIG.Actor.documentClass;
  const cal = await Actor.create({ name: "Cal", type: "character", ownership: { default: 0, [ctx.world.userId("Alice")]: 3 }, system: { steel: { agility: 6, wit: 5, perception: 5, proficiency: 6, missileProficiency: 5 } } });
  const bow = { missile: true, missileAtn: 6, thrustDamage: 2, thrustType: "puncture", addStrength: false, preparation: 2, quickenCost: 1, quickenTn: 8, reach: 0 };
  const [item] = await cal.createEmbeddedDocuments("Item", [{ name: "Hunting bow", type: "weapon", system: { equipped: true, steel: bow } }]);
  await settle();
  const hooks = ctx.alice.evaluate<any>("globalThis.__boutTest");
  const posted = await hooks.postCard("steel.missile", ctx.alice.game.actors.get(cal.id), ctx.alice.game.actors.get(ctx.branId), { weaponId: item.id, dice: 3, aimDice: 0, aimedPart: "" }, "");
  expect(posted.ok).toBe(true);
  await settle();
  const card = ctx.gm.game.messages.contents.at(-1);
  expect(card.system.kind).toBe("steel.missile");
  ctx.bob.runtime.dialogs.responder = () => ({ kind: "none", room: "open", dice: 0 });
  scriptDraws(ctx.gm, [[9, 10], [9, 10], [9, 10], [3, 6], [4, 6], ...Array.from({ length: 10 }, (): [number, number] => [2, 10])]);
  const answer = await ctx.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(ctx.bob.game.messages.get(card.id));
  await settle();
  return { card: ctx.gm.game.messages.get(card.id), answer };
}

const hitOf = (card: any) => JSON.parse(card.system.result).events.find((e: any) => e.type === "hit")?.data;

describe("steel lookups read the world's RollTables", () => {
  it("with no table chosen the card reads ours: zone 5, a 3 on the d6 strikes the shoulder", async () => {
    const ctx = await fight();
    const { card } = await exchange(ctx);
    expect(card.content.replaceAll("&#x27;", "'")).toContain("wound to Bran's shoulder.");
  });

  it("the GM retypes a result of the chosen zone table and the next card's blow lands where the table now says", async () => {
    const ctx = await fight();
    const table = await importAndChoose(ctx, "steel.zone.5");
    await retype(table, 3, "Thigh", "shoulder");
    const { card } = await exchange(ctx);
    const text = card.content.replaceAll("&#x27;", "'");
    expect(text).toContain("wound to Bran's thigh.");
    expect(JSON.parse(card.system.result).events.find((e: any) => e.type === "hit")?.data).toMatchObject({ part: "thigh" });
  });

  it("the GM retypes the 7 of the chosen missile chart and the next arrow's 2d6 of 7 lands where the chart now says (seed 000 'Missile Combat' 4)", async () => {
    const ours = await shot(await fight());
    expect(ours.answer.ok).toBe(true);
    expect(hitOf(ours.card)).toMatchObject({ part: "chest" });
    const ctx = await fight();
    const table = await importAndChoose(ctx, "steel.missile");
    await retype(table, 7, "Thigh", "chest");
    const { card, answer } = await shot(ctx);
    expect(answer.ok).toBe(true);
    expect(hitOf(card)).toMatchObject({ part: "thigh" });
    expect(card.content).toContain("thigh");
    expect(card.content).not.toContain("chest");
  });

  it("a chosen wound table the GM edits sets the wound's Shock (seed 000 'Shock and Pain')", async () => {
    const ctx = await fight();
    const table = await importAndChoose(ctx, "steel.wound.cut.shoulder");
    await retype(table, 5, "Shock 1, Pain 0, Blood loss 0");
    const { card } = await exchange(ctx);
    const shock = JSON.parse(card.system.result).events.find((e: any) => e.type === "shock");
    expect(shock.data.shock).toBe(1);
  });

  it("a chosen table with a hole in it is refused with a notification naming it; the card waits and the fight is untouched", async () => {
    const ctx = await fight();
    const table = await importAndChoose(ctx, "steel.zone.5");
    await table.deleteEmbeddedDocuments("TableResult", [table.results.find((r: any) => r.range[0] === 4).id]);
    await settle();
    const before = structuredClone(ctx.gm.game.combats.get(ctx.combatId).machineState);
    const { card, answer } = await exchange(ctx);
    expect(answer.refusal).toMatchObject({ code: "rollTables.gap", data: { table: "Steel: hit zone 5 (swing)", where: "4" } });
    expect(ctx.bob.notices.at(-1)).toMatchObject({ type: "warning", message: "The table Steel: hit zone 5 (swing) has no result for 4." });
    expect(card.system.state).toBe("waiting");
    expect(ctx.gm.game.combats.get(ctx.combatId).machineState).toEqual(before);
  });

  it("a chosen table that is gone is refused, not replaced by ours behind the GM's back", async () => {
    const ctx = await fight();
    const table = await importAndChoose(ctx, "steel.missile");
    await table.delete();
    await settle();
    const { answer } = await exchange(ctx);
    expect(answer.refusal).toMatchObject({ code: "rollTables.missing" });
    expect(ctx.bob.notices.at(-1)?.message).toBe("The roll table chosen for Steel: missile hit chart is not in this world. Import it into the world, or choose another.");
  });

  it("the GM's form names the table per lookup: labelled fields, the world's ruleset first; a sound choice is saved once, a broken one is refused and nothing is stored", async () => {
    const ctx = await fight();
    const menu = ctx.gm.game.settings.menus.get("bout.rollTablesMenu");
    expect(menu.restricted).toBe(true);
    const pack = ctx.gm.game.packs.get("bout.tables");
    const ours = (await pack.getDocuments()).find((t: any) => t.flags.bout.lookup === "steel.missile");
    const table = await ctx.gm.CONFIG.RollTable.documentClass.create(ours.toObject());
    await settle();
    const app = new menu.type();
    await app.render({ force: true });
    const html = app.renderedParts.form as string;
    expect(html.indexOf("<legend>Steel</legend>")).toBeGreaterThan(-1);
    expect(html.indexOf("<legend>Steel</legend>")).toBeLessThan(html.indexOf("<legend>Opposed</legend>"));
    expect(html).toMatch(/<label for="bout-roll-tables-steel__missile">Steel: missile hit chart<\/label>/);
    const save = ctx.gm.evaluate<any>("globalThis.__boutTest").saveRollTableChoices;
    await table.updateEmbeddedDocuments("TableResult", [{ _id: table.results.contents[0].id, name: "wing" }]);
    const mark = ctx.world.server.writes.length;
    const broken = await save({ steel__missile: table.uuid, steel__zone__1: "" });
    expect(broken.refusal).toMatchObject({ code: "rollTables.value" });
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(ctx.gm.game.settings.get("bout", "rollTables")).toEqual({});
    await table.updateEmbeddedDocuments("TableResult", [{ _id: table.results.contents[0].id, name: "Foot" }]);
    const saved = await save({ steel__missile: table.uuid, steel__zone__1: "" });
    expect(saved.ok).toBe(true);
    expect(ctx.gm.game.settings.get("bout", "rollTables")).toEqual({ "steel.missile": table.uuid });
  });
});
