// What Apply does besides the damage (issue 9 "Resolution"; seed 004_2f46e4f6196f6037.txt [18] a grievous
// injury costs the armour 2 or breaks the shield, [17.3] weapons broken or dropped on 99/100, [17.4] a parry
// disarms, [16.5] a Trip fells): the card says it, Apply writes it once (items and the prone condition), and
// a broken or dropped weapon is refused before anything is rolled.
import { describe, expect, it } from "vitest";
import { decisionWrites, scriptDraws, settle, tableOfThree } from "./support";
import { isV14 } from "../harness/version";

// When the scripted draws run out: 50 on a d100, as these tests were written with.
const AFTER = [50, 100] as const;

async function field() {
  const { world, gm, alice, bob, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { pulse: { md: 15, ps: 15, ag: 15 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { pulse: { ag: 12, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20 } } });
  const [sword, staff] = await ada.createEmbeddedDocuments("Item", [
    { name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } },
    { name: "Quarterstaff", type: "weapon", system: { equipped: true, pulse: { use: "pole", canTrip: true, baseChance: 40, ranked: true, rank: 2, damage: 0 } } },
  ]);
  const [leather, buckler, mace] = await bran.createEmbeddedDocuments("Item", [
    { name: "Leather", type: "armor", system: { equipped: true, pulse: { protection: 3 } } },
    { name: "Buckler", type: "shield", system: { equipped: true, pulse: { defense: 5 } } },
    { name: "Mace", type: "weapon", system: { equipped: true, pulse: { baseChance: 45, ranked: true, rank: 4, damage: 3 } } },
  ]);
  await settle();
  const ids = { ada: ada.id as string, bran: bran.id as string, sword: sword.id as string, staff: staff.id as string, leather: leather.id as string, buckler: buckler.id as string, mace: mace.id as string };
  return { world, gm, alice, bob, ids };
}
type Ctx = Awaited<ReturnType<typeof field>>;
const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

/**
 * Issue 23 "Writes a group's server sees": taking a follow-up is one decision,
 * the offer marked taken on the old card and the new card written together: one
 * v14 modifyBatch, or in v13 (no cross-document batch) the two requests it needs.
 */
const followUpWrites = isV14() ? ["batch[update ChatMessage, create ChatMessage]"] : ["update ChatMessage", "create ChatMessage"];
const shown = (ctx: { world: any }, mark: number): string[] =>
  decisionWrites<any>(ctx.world, mark).map((w) => (w.action === "batch" ? `batch[${w.operations.map((o: any) => `${o.action} ${o.documentName}`).join(", ")}]` : `${w.action} ${w.documentName}`));

async function attack(ctx: Ctx, weaponId = ctx.ids.sword, form: Record<string, unknown> = {}) {
  const before = ctx.gm.game.messages.size;
  ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.ids.bran, kind: "normal", ...form });
  await ctx.alice.game.actors.get(ctx.ids.ada).sheet.runAction("rollItem", {}, { row: { itemId: weaponId } });
  await settle();
  return ctx.gm.game.messages.size > before ? ctx.gm.game.messages.contents.at(-1) : null;
}
async function answer(ctx: Ctx, card: any, reply: Record<string, unknown>, draws: [number, number][]) {
  ctx.bob.runtime.dialogs.responder = () => reply;
  scriptDraws(ctx.gm, draws, AFTER);
  const out = await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
  await settle();
  return out;
}
async function apply(ctx: Ctx, card: any) {
  await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(card.id));
  await settle();
}
const events = (ctx: Ctx, id: string) => JSON.parse(ctx.gm.game.messages.get(id).system.result).events as { type: string; data: any }[];
const item = (ctx: Ctx, actor: string, id: string) => ctx.gm.game.actors.get(actor).items.get(id).system;

describe("a grievous injury is applied to the gear the defender chose [18]", () => {
  // Strike chance 50 + 15 + 8 = 73, less Defense 12 + buckler 5 = 56; 2 x 20 = 40 <= 56: grievous.
  it("shield: the buckler breaks on Apply, and the next blow meets Defense 12 (modSC 61)", async () => {
    const ctx = await field();
    const card = await attack(ctx);
    expect((await answer(ctx, card, { answer: "stand", grievous: "shield" }, [[2, 100], [1, 10]])).ok).toBe(true);
    expect(events(ctx, card.id).find((e) => e.type === "StrikeHit")?.data).toMatchObject({ roll: 2, modSC: 56 });
    expect(events(ctx, card.id).find((e) => e.type === "GrievousShield")?.data).toEqual({ item: "Buckler" });
    expect(item(ctx, ctx.ids.bran, ctx.ids.buckler).pulse.broken).toBe(false);
    expect(ctx.gm.game.messages.get(card.id).content).toContain("Buckler is smashed");
    await apply(ctx, card);
    expect(item(ctx, ctx.ids.bran, ctx.ids.buckler).pulse.broken).toBe(true);
    // D10 1 + 2 = 3 straight to Endurance.
    expect(ctx.gm.game.actors.get(ctx.ids.bran).system.pulse.enduranceNow).toBe(12);
    const next = await attack(ctx);
    await answer(ctx, next, { answer: "stand", grievous: "shield" }, [[40, 100], [6, 10]]);
    expect(events(ctx, next.id).find((e) => e.type === "StrikeHit")?.data).toMatchObject({ roll: 40, modSC: 61 });
  });

  it("armour: two grievous cards resolved before either is applied both count; Leather 3 is worn to nothing", async () => {
    const ctx = await field();
    const first = await attack(ctx);
    await answer(ctx, first, { answer: "stand", grievous: "armor" }, [[2, 100], [1, 10]]);
    const second = await attack(ctx);
    await answer(ctx, second, { answer: "stand", grievous: "armor" }, [[1, 100], [1, 10]]);
    expect(events(ctx, second.id).find((e) => e.type === "GrievousArmour")?.data).toEqual({ item: "Leather" });
    await apply(ctx, first);
    await apply(ctx, second);
    expect(item(ctx, ctx.ids.bran, ctx.ids.leather).pulse.grievousDamage).toBe(2);
    expect(item(ctx, ctx.ids.bran, ctx.ids.buckler).pulse.broken).toBe(false);
    // Applying again changes nothing.
    await apply(ctx, second);
    expect(item(ctx, ctx.ids.bran, ctx.ids.leather).pulse.grievousDamage).toBe(2);
    // A plain hit now: 40 against 56, D10 6 + 2 = 8, no protection left: all 8 to Fatigue.
    const third = await attack(ctx);
    await answer(ctx, third, { answer: "stand" }, [[40, 100], [6, 10]]);
    expect(events(ctx, third.id).find((e) => e.type === "DamageFatigue")?.data).toMatchObject({ damage: 8 });
  });

  it("a choice that is neither armour nor shield is refused with a notice and nothing is written", async () => {
    const ctx = await field();
    const card = await attack(ctx);
    const mark = ctx.world.server.writes.length;
    // Bob's dialog offers only armour or shield: his client sends a helmet anyway, past it.
    scriptDraws(ctx.gm, [[2, 100], [1, 10]], AFTER);
    const out = await hooks(ctx.bob).askGM("answerCard", { messageId: card.id, answer: { answer: "stand", grievous: "helmet" } });
    await settle();
    expect(out.ok).toBe(false);
    expect(ctx.bob.game.i18n.localize(out.refusal.message)).toBe("That attack could not be read.");
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(ctx.gm.game.messages.get(card.id).system.state).toBe("waiting");
  });
});

describe("weapons broken or dropped [17.3], [17.4]", () => {
  it("99 and a check of 80 against 45: the sword is marked broken on Apply, and attacking with it is then refused before any roll", async () => {
    const ctx = await field();
    const card = await attack(ctx);
    await answer(ctx, card, { answer: "stand" }, [[99, 100], [80, 100]]);
    expect(events(ctx, card.id).map((e) => e.type)).toEqual(["StrikeMiss", "WeaponMayBreak", "WeaponBroken", "ItemBroken"]);
    await apply(ctx, card);
    expect(item(ctx, ctx.ids.ada, ctx.ids.sword)).toMatchObject({ equipped: true, pulse: { broken: true } });
    const mark = ctx.world.server.writes.length;
    expect(await attack(ctx)).toBeNull();
    expect(ctx.alice.notices.at(-1)?.message).toBe("That weapon is broken: repair it (clear Broken on the item) before attacking with it.");
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });

  it("100 and a check of 80: the sword leaves the hand (unequipped) on Apply; attacking with it is refused until it is equipped again", async () => {
    const ctx = await field();
    const card = await attack(ctx);
    await answer(ctx, card, { answer: "stand" }, [[100, 100], [80, 100]]);
    await apply(ctx, card);
    expect(item(ctx, ctx.ids.ada, ctx.ids.sword)).toMatchObject({ equipped: false, pulse: { broken: false } });
    expect(await attack(ctx)).toBeNull();
    expect(ctx.alice.notices.at(-1)?.message).toBe("That weapon is not in hand: mark it equipped again once the figure has picked it up.");
    await ctx.alice.game.actors.get(ctx.ids.ada).items.get(ctx.ids.sword).update({ "system.equipped": true });
    await settle();
    expect(await attack(ctx)).not.toBeNull();
  });

  it("a card posted before the sword broke is refused when answered, and stays waiting", async () => {
    const ctx = await field();
    const card = await attack(ctx);
    await ctx.gm.game.actors.get(ctx.ids.ada).items.get(ctx.ids.sword).update({ "system.pulse.broken": true });
    await settle();
    const mark = ctx.world.server.writes.length;
    expect((await answer(ctx, card, { answer: "stand" }, [[40, 100], [6, 10]])).ok).toBe(false);
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });

  it("evading Bran parries a 95 (over 56 + 30): D10 6 + rank 4 - 2 = 8, Ada is disarmed and her sword leaves her hand", async () => {
    const ctx = await field();
    const card = await attack(ctx);
    await answer(ctx, card, { answer: "evade", grievous: "armor" }, [[95, 100], [6, 10]]);
    expect(events(ctx, card.id).map((e) => e.type)).toEqual(["StrikeMiss", "ParryOpen", "Riposte", "ItemDropped"]);
    await apply(ctx, card);
    expect(item(ctx, ctx.ids.ada, ctx.ids.sword).equipped).toBe(false);
    expect(item(ctx, ctx.ids.bran, ctx.ids.mace).equipped).toBe(true);
  });

  it("a stun with a failed hold check (90 against 3 x 15) drops the defender's mace on Apply", async () => {
    const ctx = await field();
    const card = await attack(ctx);
    // 5 is within 15% of 56: D10 6 + 2 = 8 to Endurance, more than 15 / 3: stunned.
    await answer(ctx, card, { answer: "stand" }, [[5, 100], [6, 10], [90, 100]]);
    await apply(ctx, card);
    expect(item(ctx, ctx.ids.bran, ctx.ids.mace).equipped).toBe(false);
    expect(ctx.gm.game.actors.get(ctx.ids.bran).system.pulse.stunned).toBe(true);
  });
});

describe("a fall puts the prone condition on the target [16.5]", () => {
  // Trip: base 40 + 15 + 8 = 63, less Defense 17 = 46; 30 hits; D10 5 less armour 3 = 2 Fatigue.
  it("a fall check of 90 against 3 x modAG 12 = 36 fails: Bran is prone after Apply, once", async () => {
    const ctx = await field();
    const card = await attack(ctx, ctx.ids.staff, { kind: "trip" });
    await answer(ctx, card, { answer: "stand" }, [[30, 100], [5, 10], [90, 100]]);
    expect(events(ctx, card.id).map((e) => e.type)).toEqual(["StrikeHit", "DamageFatigue", "FallFailed", "Prone"]);
    const bran = () => ctx.gm.game.actors.get(ctx.ids.bran);
    expect(bran().statuses.has("prone")).toBe(false);
    await apply(ctx, card);
    expect(bran().statuses.has("prone")).toBe(true);
    expect(bran().effects.contents.map((e: any) => [...e.statuses])).toEqual([["prone"]]);
    // Every client sees it.
    expect(ctx.bob.game.actors.get(ctx.ids.bran).statuses.has("prone")).toBe(true);
    await apply(ctx, card);
    expect(bran().effects.size).toBe(1);
  });

  it("a second fall on a figure already prone leaves the one condition in place", async () => {
    const ctx = await field();
    await ctx.gm.game.actors.get(ctx.ids.bran).toggleStatusEffect("prone", { active: true });
    await settle();
    const card = await attack(ctx, ctx.ids.staff, { kind: "trip" });
    await answer(ctx, card, { answer: "stand" }, [[30, 100], [5, 10], [90, 100]]);
    await apply(ctx, card);
    expect(ctx.gm.game.actors.get(ctx.ids.bran).effects.size).toBe(1);
  });
});

describe("seed 004 [17.4] a riposte is a free attack, taken from the card once", () => {
  it("Bran's parry of 8 gives him a Riposte button: his mace strikes Ada outside any turn; a second click, or Alice, is refused", async () => {
    const ctx = await field();
    const card = await attack(ctx);
    await answer(ctx, card, { answer: "evade", grievous: "armor" }, [[95, 100], [6, 10]]);
    // Alice cannot take Bran's riposte.
    const stolen = await hooks(ctx.alice).followUpFromCard(ctx.alice.game.messages.get(card.id), "riposte");
    expect(stolen.ok).toBe(false);
    // Bran's owner does: the dialog offers Ada alone as the target.
    let offered: any;
    ctx.bob.runtime.dialogs.responder = (_k: unknown, config: any) => {
      offered = config;
      return { defender: ctx.ids.ada, kind: "normal" };
    };
    const before = ctx.gm.game.messages.size;
    const mark = ctx.world.server.writes.length;
    expect((await hooks(ctx.bob).followUpFromCard(ctx.bob.game.messages.get(card.id), "riposte")).ok).toBe(true);
    await settle();
    expect(ctx.gm.game.messages.size).toBe(before + 1);
    expect(shown(ctx, mark)).toEqual(followUpWrites);
    expect(offered.content).toContain(`value="${ctx.ids.ada}"`);
    expect(offered.content).not.toContain(`value="${ctx.ids.bran}"`);
    const riposte = ctx.gm.game.messages.contents.at(-1);
    expect(JSON.parse(riposte.system.declaration)).toMatchObject({ riposteOf: card.id, weaponId: ctx.ids.mace });
    expect(JSON.parse(ctx.gm.game.messages.get(card.id).system.result).taken).toBe("riposte");
    // Taken: the button is gone and a forged second one is refused.
    const again = await hooks(ctx.bob).postCard("pulse.attack", ctx.bob.game.actors.get(ctx.ids.bran), ctx.bob.game.actors.get(ctx.ids.ada), { weaponId: ctx.ids.mace, kind: "normal", modifier: 0, riposteOf: card.id }, "");
    expect(again.ok).toBe(false);
    expect(ctx.bob.notices.at(-1)?.message).toBe("That free attack is not open: it belongs to the parrier, against the one who missed, and is taken once.");
  });

  it("a parry of 3 or less (D10 1 + 4 - 2 = 3) only turns the blow: no free attack is offered", async () => {
    const ctx = await field();
    const card = await attack(ctx);
    await answer(ctx, card, { answer: "evade", grievous: "armor" }, [[95, 100], [1, 10]]);
    expect(events(ctx, card.id).map((e) => e.type)).toEqual(["StrikeMiss", "ParryOpen", "Parried"]);
    const offer = await hooks(ctx.bob).followUpFromCard(ctx.bob.game.messages.get(card.id), "riposte");
    expect(offer.ok).toBe(false);
  });
});

describe("seed 004 [16.5] a Disarm: the attacker chooses what is dropped", () => {
  // Disarm: 73 - 20 = 53, less Defense 17 = 36; a 20 lands, 1 Endurance.
  it("Ada's Disarm lands: nothing drops until she picks; she takes the buckler, Apply puts it out of hand; a second pick, or Bob's, is refused", async () => {
    const ctx = await field();
    const card = await attack(ctx, ctx.ids.sword, { kind: "disarm" });
    await answer(ctx, card, { answer: "stand", grievous: "armor" }, [[20, 100]]);
    expect(events(ctx, card.id).map((e) => e.type)).toEqual(["StrikeHit", "DamageEndurance", "Disarmed", "DisarmChoice"]);
    await apply(ctx, card);
    expect([item(ctx, ctx.ids.bran, ctx.ids.mace).equipped, item(ctx, ctx.ids.bran, ctx.ids.buckler).equipped]).toEqual([true, true]);
    // Bob cannot choose for Ada.
    expect((await hooks(ctx.bob).followUpFromCard(ctx.bob.game.messages.get(card.id), "disarm")).ok).toBe(false);
    let offered: any;
    ctx.alice.runtime.dialogs.responder = (_k: unknown, config: any) => {
      offered = config;
      return { itemId: ctx.ids.buckler };
    };
    const mark = ctx.world.server.writes.length;
    expect((await hooks(ctx.alice).followUpFromCard(ctx.alice.game.messages.get(card.id), "disarm")).ok).toBe(true);
    await settle();
    // The choice's card is created already resolved (nobody answers it), with the attack card's offer marked taken.
    expect(shown(ctx, mark)).toEqual(followUpWrites);
    expect(JSON.parse(ctx.gm.game.messages.get(card.id).system.result).disarmTaken).toBe(true);
    expect(offered.content).toContain("Mace");
    expect(offered.content).toContain("Buckler");
    const choice = ctx.gm.game.messages.contents.at(-1);
    expect(choice.system.kind).toBe("pulse.disarmChoice");
    await apply(ctx, choice);
    expect([item(ctx, ctx.ids.bran, ctx.ids.mace).equipped, item(ctx, ctx.ids.bran, ctx.ids.buckler).equipped]).toEqual([true, false]);
    const again = await hooks(ctx.alice).postCard("pulse.disarmChoice", ctx.alice.game.actors.get(ctx.ids.ada), ctx.alice.game.actors.get(ctx.ids.bran), { sourceId: card.id, itemId: ctx.ids.mace }, "");
    expect(again.ok).toBe(false);
    expect(ctx.alice.notices.at(-1)?.message).toBe("That Disarm is not open: its attacker chooses, once, what the target drops.");
  });

  it("two picks sent at once (a forged second request): one card, the offer taken once", async () => {
    const ctx = await field();
    const card = await attack(ctx, ctx.ids.sword, { kind: "disarm" });
    await answer(ctx, card, { answer: "stand", grievous: "armor" }, [[20, 100]]);
    const before = ctx.gm.game.messages.size;
    const pick = (itemId: string) => hooks(ctx.alice).postCard("pulse.disarmChoice", ctx.alice.game.actors.get(ctx.ids.ada), ctx.alice.game.actors.get(ctx.ids.bran), { sourceId: card.id, itemId }, "");
    const outcomes = await Promise.all([pick(ctx.ids.mace), pick(ctx.ids.buckler)]);
    await settle();
    expect(outcomes.map((o: any) => o.ok).sort()).toEqual([false, true]);
    expect(ctx.gm.game.messages.size).toBe(before + 1);
    expect(ctx.gm.game.messages.contents.at(-1).system.kind).toBe("pulse.disarmChoice");
  });
});
