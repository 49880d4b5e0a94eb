// Actionpoints' critical tables as the world's RollTables (issue 21 "Tables as Foundry
// RollTables"; seed 002 7.16 critical locations and 7.17 critical effects, named but not
// printed). The GM imports ours from the Bout: Tables compendium, retypes a result as
// Foundry's table editor would, names the table in the world setting, and the next
// critical follows it.
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";
import { packSources } from "../pack-sources";

async function arena() {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("actionpoints");
  const tables = packSources("tables", (f) => f.startsWith("actionpoints-"));
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { actionpoints: { str: 12, agi: 12, bap: 10, fatigue: 20, fatigueNow: 20 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { actionpoints: { str: 12, agi: 12, fatigue: 20, fatigueNow: 20, body: 15, bodyNow: 15, con: 12, bap: 5 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [
    { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
    { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 } } },
  ]);
  await bran.createEmbeddedDocuments("Item", [
    { name: "Arming sword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
    { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 50, psf: 10, attackerBonus: 0 } } },
  ]);
  await settle();
  return { world, gm, alice, bob, tables, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string };
}
type Ctx = Awaited<ReturnType<typeof arena>>;

/** The GM creates a world copy of our table for a lookup and names it in the setting. */
async function choose(ctx: Ctx, lookup: string, chosen: Record<string, string> = {}) {
  const source = structuredClone(ctx.tables.find((t) => t.flags.bout.lookup === lookup));
  const table = await ctx.gm.CONFIG.RollTable.documentClass.create(source);
  chosen[lookup] = table.uuid;
  await ctx.gm.game.settings.set("bout", "rollTables", { ...chosen });
  await settle();
  return ctx.gm.game.tables.get(table.id);
}

/** Ada attacks, Bran does not defend: 05 is a critical (crit die 4, bonus die 3), and the location d100 shows 95. */
async function critical(ctx: Ctx) {
  ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId });
  await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
  await settle();
  const card = ctx.gm.game.messages.contents.at(-1);
  ctx.bob.runtime.dialogs.responder = () => ({ defence: "none" });
  scriptDraws(ctx.gm, [[5, 100], [4, 10], [3, 10], [95, 100], [50, 100]]);
  const answered = await ctx.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(ctx.bob.game.messages.get(card.id));
  await settle();
  return { answered, card: ctx.gm.game.messages.get(card.id) };
}

/**
 * Ada attacks and misses (80); Bran parries (20), and the exchange's card offers him a Combat Advantage (seed 002 VI).
 * He takes the riposte: 05 is a critical (crit die 4, bonus die 3), and the location d100 shows 95. The riposte's card.
 */
async function riposteCritical(ctx: Ctx) {
  ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId });
  await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
  await settle();
  const card = ctx.gm.game.messages.contents.at(-1);
  ctx.bob.runtime.dialogs.responder = () => ({ defence: "activeParry" });
  scriptDraws(ctx.gm, [[20, 100], [80, 100]]);
  expect((await ctx.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(ctx.bob.game.messages.get(card.id))).ok).toBe(true);
  await settle();
  expect(ctx.gm.game.messages.get(card.id).content).toContain("Riposte");
  scriptDraws(ctx.gm, [[5, 100], [4, 10], [3, 10], [95, 100], [50, 100]]);
  const took = await ctx.bob.evaluate<any>("globalThis.__boutTest").followUpFromCard(ctx.bob.game.messages.get(card.id), "riposte");
  expect(took.ok).toBe(true);
  await settle();
  const riposte = ctx.gm.game.messages.contents.at(-1);
  expect(riposte.system.kind).toBe("actionpoints.advantage");
  expect(riposte.system.state).toBe("resolved");
  return riposte;
}

/** The GM chooses both critical tables and edits them: 76-100 is the arm, whose effect reads "The sword arm is laid open." */
async function armTables(ctx: Awaited<ReturnType<typeof arena>>): Promise<void> {
  const chosen: Record<string, string> = {};
  const locations = await choose(ctx, "actionpoints.criticalLocations", chosen);
  const last = locations.results.find((r: any) => r.range[1] === 100);
  await locations.updateEmbeddedDocuments("TableResult", [{ _id: last.id, name: "Arm" }]);
  const effects = await choose(ctx, "actionpoints.criticalEffects", chosen);
  const arm = effects.results.find((r: any) => r.range[0] === 4);
  await effects.updateEmbeddedDocuments("TableResult", [{ _id: arm.id, name: "The sword arm is laid open." }]);
  await settle();
}

describe("actionpoints criticals read the world's RollTables (seed 002 7.16, 7.17)", () => {
  it("ours: a 95 lands on the leg and the leg gives way", async () => {
    const ctx = await arena();
    const { card } = await critical(ctx);
    expect(card.content).toContain("The leg gives way: down on one knee.");
  });

  it("the GM's location table sends 76-100 to the arm, and the GM's words for the arm's effect are the card's", async () => {
    const ctx = await arena();
    await armTables(ctx);
    const { card } = await critical(ctx);
    expect(card.content).toContain("The sword arm is laid open.");
    expect(card.content).not.toContain("The leg gives way");
  });

  it("a Combat Advantage's critical follows them too: ours sends Bran's riposte 95 to the leg, the GM's tables to the arm and their words (seed 002 VI, 7.16, 7.17)", async () => {
    const ours = await riposteCritical(await arena());
    expect(ours.content).toContain("The leg gives way: down on one knee.");
    const ctx = await arena();
    await armTables(ctx);
    const riposte = await riposteCritical(ctx);
    expect(riposte.content).toContain("The sword arm is laid open.");
    expect(riposte.content).not.toContain("The leg gives way");
  });

  it("a location table that stops short of 100 refuses the attack with a notification; the card waits", async () => {
    const ctx = await arena();
    const locations = await choose(ctx, "actionpoints.criticalLocations");
    const last = locations.results.find((r: any) => r.range[1] === 100);
    await locations.updateEmbeddedDocuments("TableResult", [{ _id: last.id, range: [76, 90] }]);
    await settle();
    const { answered, card } = await critical(ctx);
    expect(answered.refusal.code).toBe("actionpoints.tables.band");
    expect(ctx.bob.notices.at(-1)?.type).toBe("warning");
    expect(card.system.state).toBe("waiting");
  });
});
