// Issue 19, seed 002_e3c6bc76ba013433.txt, played at the table: II.b an attack
// after movement is one mixed action (move 4, then attack 6); V.b.iii the sheet
// and the attack card show the same armour; V.d a critical fails the armour at
// the location it landed only, which shows on the next blow there; IV.c.i.3 a
// critical through a successful Shield Block, by the world's reading.
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";
import { actionPointsDuel, actorViewFromSource } from "../../src/engine/duel";

const script = scriptDraws;

async function arena() {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("actionpoints");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { actionpoints: { str: 12, agi: 12, bap: 10, fatigue: 20, fatigueNow: 20 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { actionpoints: { str: 12, agi: 12, fatigue: 40, fatigueNow: 40, body: 15, bodyNow: 15, con: 12, bap: 5 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [
    { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
    { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 } } },
  ]);
  const branItems = await bran.createEmbeddedDocuments("Item", [
    { name: "Shield Play", type: "skill", system: { actionpoints: { kind: "shieldPlay", tsc: 40, psf: 10 } } },
    { name: "Heater", type: "shield", system: { equipped: true, actionpoints: { absorption: 4, blockBonus: 10, penetrations: 0 } } },
    { name: "Mail", type: "armor", system: { equipped: true, actionpoints: { absorption: 3, weight: "light", apModifier: 0, failed: false } } },
    { name: "Open helm", type: "armor", system: { equipped: true, actionpoints: { absorption: 2, weight: "light", apModifier: 0, failed: false } } },
  ]);
  await settle();
  const id = (name: string) => branItems.find((i: any) => i.name === name).id as string;
  return { world, gm, alice, bob, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string, shieldId: id("Heater"), mailId: id("Mail") };
}
type Ctx = Awaited<ReturnType<typeof arena>>;

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
const result = (ctx: Ctx, id: string) => JSON.parse(ctx.gm.game.messages.get(id).system.result);
const damage = (ctx: Ctx, id: string) => result(ctx, id).events.find((e: any) => e.type === "damage").data;

/** Ada's player attacks Bran; the GM's client may say where the blow lands (its own field). */
async function attack(ctx: Ctx, values: Record<string, unknown> = {}, by: "alice" | "gm" = "alice") {
  const client = ctx[by];
  client.runtime.dialogs.responder = () => ({ defender: ctx.branId, ...values });
  await client.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
  await settle();
  return ctx.gm.game.messages.contents.at(-1);
}
async function defend(ctx: Ctx, card: any, defence: string, draws: [number, number][]) {
  ctx.bob.runtime.dialogs.responder = () => ({ defence });
  script(ctx.gm, draws);
  const answered = await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
  await settle();
  return answered;
}
async function apply(ctx: Ctx, card: any) {
  await hooks(ctx.gm).applyFromCard(ctx.gm.game.messages.get(card.id));
  await settle();
}

describe("seed 002 II: movement and an attack in one action phase", () => {
  it("II.b: Ada moves 4 then attacks for 6: one mixed action of 10 AP (19 → 9), on the card as such", async () => {
    const ctx = await arena();
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ctx.adaId, name: "Ada" }, { actorId: ctx.branId, name: "Bran" }]);
    // Action Pools: Ada 9 + 10 = 19, Bran 1 + 5 = 6.
    script(ctx.gm, [[9, 10], [1, 10]]);
    await combat.startCombat();
    await settle();
    const card = await attack(ctx, { moved: 4 });
    expect(JSON.parse(card.system.declaration)).toMatchObject({ cost: 6, moved: 4 });
    expect(ctx.gm.game.messages.get(card.id).content).toContain("Moved first for 4 AP: one action of 10 AP, movement and attack.");
    await defend(ctx, card, "none", [[80, 100]]);
    const state = ctx.gm.game.combats.get(combat.id).machineState;
    expect(state.combatants.find((c: any) => c.id === ca.id)).toMatchObject({ pool: 9, actedThisPhase: true, continuing: null });
  });
});

describe("seed 002 V.b.iii: the sheet and the card agree on armour", () => {
  it("Bran in Mail 3 and an Open helm 2: the sheet shows 3 and the card's blow meets 3 (the best piece, not the sum 5)", async () => {
    const ctx = await arena();
    const sheet = ctx.bob.game.actors.get(ctx.branId).sheet;
    await sheet.render({ force: true });
    const html = Object.values<string>(sheet.renderedParts).join("\n");
    expect(html).toMatch(/Armour absorption[\s\S]{0,200}?>\s*3\s*</);
    const card = await attack(ctx);
    // No defence: 30 hits; crit die 4: 6 + 6 + 4 = 16, less armour 3 = 13.
    await defend(ctx, card, "none", [[30, 100], [4, 10]]);
    expect(damage(ctx, card.id)).toEqual({ attacker: 16, shield: 0, armour: 3, bonus: 0, delivered: 13 });
  });
  it("the duel simulator meets the same 3 for Bran's kit as the card (one engine reading for both)", async () => {
    const ctx = await arena();
    const card = await attack(ctx);
    await defend(ctx, card, "none", [[30, 100], [4, 10]]);
    // The duel builds Bran from his document as stored (what the simulator reads); the card read the live actor.
    const stored = ctx.gm.game.actors.get(ctx.branId).toObject();
    const duelBran = actionPointsDuel.fighter(actorViewFromSource(stored, "actionpoints"), "Bran");
    expect(duelBran.armour.absorption).toBe(damage(ctx, card.id).armour);
    expect(duelBran.armour).toEqual({ absorption: 3, weight: "light", failed: false });
  });
});

describe("seed 002 V.d: armour fails where the critical landed", () => {
  it("a critical at the leg (95) fails the armour at the leg only: the next blow at the leg meets 1, a blow at the chest still 3, and the sheet still shows 3", async () => {
    const ctx = await arena();
    const first = await attack(ctx);
    // No defence: 05 is a critical; crit die 4, bonus die 3, location 95 (leg).
    await defend(ctx, first, "none", [[5, 100], [4, 10], [3, 10], [95, 100]]);
    await apply(ctx, first);
    const mail = ctx.gm.game.actors.get(ctx.branId).items.get(ctx.mailId).system.actionpoints;
    expect([mail.failed, mail.failedAt]).toEqual([false, "leg"]);
    const sheet = ctx.bob.game.actors.get(ctx.branId).sheet;
    await sheet.render({ force: true });
    expect(Object.values<string>(sheet.renderedParts).join("\n")).toMatch(/Armour absorption[\s\S]{0,200}?>\s*3\s*</);
    // The GM says where the next blows land: the leg, then the chest. 30 hits, crit die 4: 16.
    const atLeg = await attack(ctx, { location: "leg" }, "gm");
    expect(ctx.gm.game.messages.get(atLeg.id).content).toContain("The blow lands on the leg.");
    await defend(ctx, atLeg, "none", [[30, 100], [4, 10]]);
    expect(damage(ctx, atLeg.id)).toMatchObject({ armour: 1, delivered: 15 });
    const atChest = await attack(ctx, { location: "chest" }, "gm");
    await defend(ctx, atChest, "none", [[30, 100], [4, 10]]);
    expect(damage(ctx, atChest.id)).toMatchObject({ armour: 3, delivered: 13 });
  });
});

describe("seed 002 IV.c.i.3: a critical through a successful Shield Block", () => {
  // Block 30 against 40 + 10 - 15 = 35 succeeds; Ada's 05 is a critical; crit die 4: 16, less shield 4 and armour 3 = 9.
  it("by default it lands as a normal hit: no bonus die, no critical location, no failed armour", async () => {
    const ctx = await arena();
    const card = await attack(ctx);
    await defend(ctx, card, "activeShield", [[30, 100], [5, 100], [4, 10], [50, 100]]);
    expect(damage(ctx, card.id)).toEqual({ attacker: 16, shield: 4, armour: 3, bonus: 0, delivered: 9 });
    expect(ctx.gm.game.messages.get(card.id).content).toContain("The critical breaks through the block but lands only as a normal blow.");
    expect(result(ctx, card.id).events.some((e: any) => e.type === "criticalLocation")).toBe(false);
    await apply(ctx, card);
    expect(ctx.gm.game.actors.get(ctx.branId).items.get(ctx.mailId).system.actionpoints.failedAt).toBe("");
  });
  it("with the world setting 'lands as a critical' the bonus die (2) and a chest location (20) follow", async () => {
    const ctx = await arena();
    await ctx.gm.game.settings.set("bout", "apCritThroughBlock", "critical");
    await settle();
    const card = await attack(ctx);
    await defend(ctx, card, "activeShield", [[30, 100], [5, 100], [4, 10], [2, 10], [20, 100], [50, 100]]);
    expect(damage(ctx, card.id)).toEqual({ attacker: 16, shield: 4, armour: 3, bonus: 2, delivered: 11 });
    expect(result(ctx, card.id).events.find((e: any) => e.type === "criticalLocation").data).toMatchObject({ location: "chest" });
  });
});
