// Action-point cards after the dice (issue 7, seed 002_e3c6bc76ba013433.txt):
// V.d criticals (location, extra effect, failed armour), IV.c.i a shield cracked
// by a blow past its absorption, VI Combat Advantages offered on the card and
// taken once, VII critical failures (Agility rolls, a fall to one knee) and
// standing up for 4 AP on one's own action; the world's critical rule and the
// GM's tables for what the seed names without printing.
import { describe, expect, it } from "vitest";
import { decisionWrites, formCells, scriptDraws, settle, tableOfThree } from "./support";
import { isV14 } from "../harness/version";

const script = scriptDraws;

async function arena() {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("actionpoints");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { actionpoints: { str: 12, agi: 12, bap: 10, fatigue: 20, fatigueNow: 20 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { actionpoints: { str: 12, agi: 12, fatigue: 20, fatigueNow: 20, body: 15, bodyNow: 15, con: 12, bap: 5 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [
    { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
    { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 } } },
  ]);
  const branItems = await bran.createEmbeddedDocuments("Item", [
    { name: "Arming sword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
    { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 50, psf: 10, attackerBonus: 0 } } },
    { name: "Dodge", type: "skill", system: { actionpoints: { kind: "dodge", tsc: 40, psf: 10 } } },
    { name: "Shield Play", type: "skill", system: { actionpoints: { kind: "shieldPlay", tsc: 40, psf: 10 } } },
    { name: "Heater", type: "shield", system: { equipped: true, actionpoints: { absorption: 4, blockBonus: 10, penetrations: 0 } } },
    { name: "Mail", type: "armor", system: { equipped: true, actionpoints: { absorption: 3, weight: "light", apModifier: 0, failed: false } } },
  ]);
  await settle();
  const id = (name: string) => branItems.find((i: any) => i.name === name).id as string;
  return { world, gm, alice, bob, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string, branSword: id("Arming sword"), shieldId: id("Heater"), mailId: id("Mail") };
}
type Ctx = Awaited<ReturnType<typeof arena>>;

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
const result = (ctx: Ctx, id: string) => JSON.parse(ctx.gm.game.messages.get(id).system.result);
const ap = (ctx: Ctx, id: string) => ctx.gm.game.actors.get(id).system.actionpoints;

async function attack(ctx: Ctx) {
  ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId });
  await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
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


/** A fight of Ada and Bran; Alice spends Ada's points on drawing a weapon from the tracker. What the spend offered, and Ada's pool after. */
async function drawFromTracker(ctx: any): Promise<{ offered: string; pool: number }> {
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ctx.adaId, name: "Ada" }, { actorId: ctx.branId, name: "Bran" }]);
    script(ctx.gm, [[9, 10], [1, 10]]);
    await combat.startCombat();
    await settle();
    let asked: any;
    ctx.alice.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return { action: "draw", points: 1, kind: "movement" };
    };
    await ctx.alice.ui.combat.runAction("boutTurnChoice", { combatantId: ca.id, actionId: "spend" });
    await settle();
    return { offered: asked.content, pool: ctx.gm.game.combats.get(combat.id).machineState.combatants.find((c: any) => c.id === ca.id).pool };
}

describe("seed 002 VI: Combat Advantages from the card", () => {
  it("Bran's parry (20 against 35) beats Ada's failed 80: the card offers Disarm and Riposte; the riposte (30 against 50) lands for 16 and costs 3 FP; a second advantage is refused", async () => {
    const ctx = await arena();
    const card = await attack(ctx);
    expect((await defend(ctx, card, "activeParry", [[20, 100], [80, 100]])).ok).toBe(true);
    const content = ctx.gm.game.messages.get(card.id).content as string;
    expect(content).toContain('data-follow-up="disarm"');
    expect(content).toContain("Riposte (3 FP)");
    // Every line is filled in: no placeholder left unformatted.
    expect(content).not.toMatch(/\{\w+\}/);
    expect(result(ctx, card.id).data.advantage).toMatchObject({ who: ctx.branId, against: ctx.adaId, options: ["disarm", "riposte"] });

    // Alice does not own Bran: his advantage is not hers to take.
    const stolen = await hooks(ctx.alice).followUpFromCard(ctx.alice.game.messages.get(card.id), "riposte");
    expect(stolen.ok ? "ok" : stolen.refusal.code).toBe("card.notYours");

    const before = ctx.gm.game.messages.contents.length;
    // Riposte 30 against 50 hits; crit die 4: 6 + STR 12/2 + 0 + 4 = 16, no armour on Ada.
    script(ctx.gm, [[30, 100], [4, 10]]);
    const mark = ctx.world.server.writes.length;
    const took = await hooks(ctx.bob).followUpFromCard(ctx.bob.game.messages.get(card.id), "riposte");
    expect(took.ok).toBe(true);
    await settle();
    // Issue 23: one decision, written together: the exchange's card marked taken and the riposte's card, created resolved
    // (one v14 batch; in v13, with no cross-document batch, the two requests it needs).
    const writes = decisionWrites<any>(ctx.world, mark).map((w) => (w.action === "batch" ? `batch[${w.operations.map((o: any) => `${o.action} ${o.documentName}`).join(", ")}]` : `${w.action} ${w.documentName}`));
    expect(writes).toEqual(isV14() ? ["batch[update ChatMessage, create ChatMessage]"] : ["update ChatMessage", "create ChatMessage"]);
    const riposte = ctx.gm.game.messages.contents.at(-1);
    expect(ctx.gm.game.messages.contents.length).toBe(before + 1);
    expect(riposte.system.kind).toBe("actionpoints.advantage");
    expect(riposte.system.state).toBe("resolved");
    expect(result(ctx, riposte.id).events.find((e: any) => e.type === "damage").data).toMatchObject({ attacker: 16, delivered: 16 });
    expect(ctx.gm.game.messages.get(card.id).content).not.toContain("data-follow-up");
    expect(riposte.content).not.toMatch(/\{\w+\}/);

    const again = await hooks(ctx.bob).followUpFromCard(ctx.bob.game.messages.get(card.id), "disarm");
    expect(again.ok ? "ok" : again.refusal.code).toBe("card.noFollowUp");
    // Even a forged post for the same exchange finds it taken.
    const forged = await hooks(ctx.bob).postCard("actionpoints.advantage", ctx.bob.game.actors.get(ctx.branId), ctx.bob.game.actors.get(ctx.adaId), { sourceId: card.id, kind: "disarm" });
    expect(forged.ok ? "ok" : forged.refusal.code).toBe("ap.advantage.taken");
    expect(ctx.gm.game.messages.contents.length).toBe(before + 1);

    await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(card.id));
    await hooks(ctx.bob).applyFromCard(ctx.bob.game.messages.get(riposte.id));
    await settle();
    // Bran: 20 - 1 for the parry - 3 for the riposte; Ada: 20 - 16.
    expect([ap(ctx, ctx.branId).fatigueNow, ap(ctx, ctx.adaId).fatigueNow]).toEqual([16, 4]);
  });

  it("a disarm: Ada's Strength check (12 × 5 = 60, less Bran's PSF 10 = 50) fails with 70 and her sword is dropped", async () => {
    const ctx = await arena();
    const card = await attack(ctx);
    await defend(ctx, card, "activeParry", [[20, 100], [80, 100]]);
    script(ctx.gm, [[70, 100]]);
    await hooks(ctx.bob).followUpFromCard(ctx.bob.game.messages.get(card.id), "disarm");
    await settle();
    const disarm = ctx.gm.game.messages.contents.at(-1);
    expect(result(ctx, disarm.id).events.find((e: any) => e.type === "disarm").data).toMatchObject({ roll: 70, target: 50, kept: false });
    await hooks(ctx.bob).applyFromCard(ctx.bob.game.messages.get(disarm.id));
    await settle();
    expect(ctx.gm.game.actors.get(ctx.adaId).items.get(ctx.swordId).system.equipped).toBe(false);
    expect(ap(ctx, ctx.branId).fatigueNow).toBe(18);
  });
});

describe("seed 002 VII and V.d: what the blow leaves behind", () => {
  it("a critical through a failed block (50 against 35; Ada's 05): shield absorbs 4 and cracks, armour 3 fails at the leg, a leg critical (95) drops Bran to one knee", async () => {
    const ctx = await arena();
    const card = await attack(ctx);
    // Defence 50, attack 5, crit die 4, bonus die 3, location 95 (leg), shatter 50 (needs 10 or less).
    await defend(ctx, card, "activeShield", [[50, 100], [5, 100], [4, 10], [3, 10], [95, 100], [50, 100]]);
    const r = result(ctx, card.id);
    expect(r.events.find((e: any) => e.type === "damage").data).toEqual({ attacker: 16, shield: 4, armour: 3, bonus: 3, delivered: 12 });
    expect(ctx.gm.game.messages.get(card.id).content).toContain("The leg gives way: down on one knee.");
    expect(ctx.gm.game.messages.get(card.id).content).not.toMatch(/\{\w+\}/);
    await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(card.id));
    await settle();
    const bran = ctx.gm.game.actors.get(ctx.branId);
    expect([bran.system.actionpoints.fatigueNow, bran.system.actionpoints.kneeling]).toEqual([7, true]);
    expect(bran.items.get(ctx.shieldId).system.actionpoints.penetrations).toBe(1);
    // V.d: failed at the leg, where the critical landed, not as a whole.
    expect([bran.items.get(ctx.mailId).system.actionpoints.failed, bran.items.get(ctx.mailId).system.actionpoints.failedAt]).toEqual([false, "leg"]);
    expect(bran.statuses.has("kneeling")).toBe(true);
  });

  it("a dodge fumbled (97): Agility 80 against 60 fails and Bran kneels; on his action he stands for 4 AP from the tracker", async () => {
    const ctx = await arena();
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ctx.adaId, name: "Ada" }, { actorId: ctx.branId, name: "Bran" }]);
    // Pools: Ada 9 + 10 = 19, Bran 10 + 5 = 15.
    script(ctx.gm, [[9, 10], [10, 10]]);
    await combat.startCombat();
    await settle();
    const card = await attack(ctx);
    await defend(ctx, card, "dodge", [[97, 100], [30, 100], [80, 100], [5, 10]]);
    expect(result(ctx, card.id).events.map((e: any) => e.type)).toEqual(expect.arrayContaining(["agilityRoll", "fallsToKnee"]));
    expect(ctx.gm.game.messages.get(card.id).content).toContain("Bran rolls Agility to keep their footing: 80 against 60, missed.");
    await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(card.id));
    await settle();
    expect(ap(ctx, ctx.branId).kneeling).toBe(true);
    // Ada (13 left) holds; Bran (15) acts now and sees "Stand up".
    await ctx.alice.ui.combat.runAction("boutTurnChoice", { combatantId: ca.id, actionId: "hold" });
    await settle();
    await ctx.bob.ui.combat.render({ force: true });
    expect(ctx.bob.ui.combat.renderedParts.tracker).toContain(`data-combatant-id="${cb.id}" data-action-id="stand"`);
    await ctx.bob.ui.combat.runAction("boutTurnChoice", { combatantId: cb.id, actionId: "stand" });
    await settle();
    const stand = ctx.gm.game.messages.contents.at(-1);
    expect(stand.system.kind).toBe("actionpoints.stand");
    await hooks(ctx.bob).applyFromCard(ctx.bob.game.messages.get(stand.id));
    await settle();
    expect(ap(ctx, ctx.branId).kneeling).toBe(false);
    expect(ctx.gm.game.actors.get(ctx.branId).statuses.has("kneeling")).toBe(false);
    expect(ctx.gm.game.combats.get(combat.id).machineState.combatants.find((c: any) => c.id === cb.id).pool).toBe(11);
  });

  it("standing is refused for a fighter who is not kneeling, and nothing is posted", async () => {
    const ctx = await arena();
    const before = ctx.gm.game.messages.contents.length;
    const bran = ctx.bob.game.actors.get(ctx.branId);
    const r = await hooks(ctx.bob).postCard("actionpoints.stand", bran, bran, {});
    expect(r.ok ? "ok" : r.refusal.code).toBe("ap.notKneeling");
    expect(ctx.gm.game.messages.contents.length).toBe(before);
  });

  it("the tracker's spend offers the world's action costs: drawing a weapon spends 3 AP as a mixed action", async () => {
    const ctx = await arena();
    const { offered, pool } = await drawFromTracker(ctx);
    expect(offered).toContain("Draw or sheathe a weapon (3 AP)");
    expect(pool).toBe(16);
  });

  it("the GM's costs form: drawing a weapon set to 5 AP in its cell, the next draw offers 5 AP and spends 5", async () => {
    const ctx = await arena();
    const app = new (ctx.gm.game.settings.menus.get("bout.apTablesMenu").type)();
    await app.render({ force: true });
    const cells = formCells(app.renderedParts.form);
    const draw = Object.keys(cells).find((k) => cells[k] === 3 && /^actionCosts__\d+__ap$/.test(k) && app.renderedParts.form.includes(`name="${k}"`));
    // The draw row is the fifth of ours (stand, kneel, walk, run, draw).
    expect(draw).toBe("actionCosts__4__ap");
    await app.submit({ ...cells, actionCosts__4__ap: 5 });
    await settle();
    const { offered, pool } = await drawFromTracker(ctx);
    expect(offered).toContain("Draw or sheathe a weapon (5 AP)");
    expect(pool).toBe(14);
  });
});

describe("the world's settings for seed 002's gaps", () => {
  it("what counts as a critical: under 'doubles' Ada's 33 is a critical hit; under the default it is a plain one", async () => {
    const ctx = await arena();
    await ctx.gm.game.settings.set("bout", "apCriticals", "doubles");
    await settle();
    const card = await attack(ctx);
    await defend(ctx, card, "none", [[33, 100], [4, 10], [3, 10], [5, 100]]);
    expect(result(ctx, card.id).events.find((e: any) => e.type === "attack").data.level).toBe("criticalSuccess");
    await ctx.gm.game.settings.set("bout", "apCriticals", "tenth");
    await settle();
    const plain = await attack(ctx);
    await defend(ctx, plain, "none", [[33, 100], [4, 10]]);
    expect(result(ctx, plain.id).events.find((e: any) => e.type === "attack").data.level).toBe("success");
  });

  it("the GM's costs form (seed 002 names the Fatigue costs without printing them): a dodge cell of 21 is refused naming the cell and nothing is stored; a dodge made dearer (3 FP) costs 3", async () => {
    const ctx = await arena();
    const menu = ctx.gm.game.settings.menus.get("bout.apTablesMenu");
    expect(menu.restricted).toBe(true);
    const app = new menu.type();
    await app.render({ force: true });
    const html = app.renderedParts.form as string;
    // The rolled tables are not here: a line points to the chooser.
    expect(html).not.toContain("<textarea");
    expect(html).toContain("Roll tables the cards read");
    // Drawn with the real handlebars, every key localized: labelled rows and columns.
    for (const text of ["Action costs", "Draw or sheathe a weapon", "Dodge (active)", "Riposte", "Fatigue Points", '<option value="mixed" selected>Mixed</option>']) expect(html).toContain(text);
    expect(html).not.toContain("BOUT.");
    const cells = formCells(html);
    expect(cells.defenceFatigue__dodge).toBe(2);
    ctx.gm.ui.notifications.clear();
    await app.submit({ ...cells, defenceFatigue__dodge: 21 });
    expect(ctx.gm.ui.notifications.notices.at(-1)).toEqual({ type: "warning", message: "Dodge (active): Fatigue Points must be a whole number of Fatigue Points from 0 to 20." });
    expect(ctx.gm.game.settings.get("bout", "apTables")).toBe("");
    await app.submit({ ...cells, defenceFatigue__dodge: 3 });
    expect(ctx.gm.ui.notifications.notices.at(-1)).toEqual({ type: "info", message: "Action-point costs saved." });
    expect(formCells(app.renderedParts.form).defenceFatigue__dodge).toBe(3);
    await settle();
    const card = await attack(ctx);
    await defend(ctx, card, "dodge", [[10, 100], [80, 100]]);
    await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(card.id));
    await settle();
    expect(ap(ctx, ctx.branId).fatigueNow).toBe(17);
  });
});
