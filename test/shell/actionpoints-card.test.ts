// Action-point attack cards (issue 7, seed 002_e3c6bc76ba013433.txt, IV "Attack
// and defence" and V "Damage"): the attacker's weapon button posts a card, the
// defender's owner picks a defence, the GM's client rolls with the engine, and
// applying takes Fatigue first, then Body, and the active defence's FP cost.
// In an action-phase fight the attack spends the weapon's AP (II, III).
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";

const script = scriptDraws;

async function arena() {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("actionpoints");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { actionpoints: { str: 12, bap: 10 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { actionpoints: { fatigue: 20, fatigueNow: 20, body: 15, bodyNow: 15, con: 12, bap: 5 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [
    { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
    { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 } } },
  ]);
  await bran.createEmbeddedDocuments("Item", [{ name: "Dodge", type: "skill", system: { actionpoints: { kind: "dodge", tsc: 40, psf: 10 } } }]);
  await settle();
  return { world, gm, alice, bob, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string };
}

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

async function attack(ctx: Awaited<ReturnType<typeof arena>>) {
  ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId });
  await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
  await settle();
  return ctx.gm.game.messages.contents.at(-1);
}

describe("action-point attack cards", () => {
  it("trust: a Combat Advantage offered on a card Alice wrote herself is no offer: taking it is refused and the GM posts nothing (seed 002 IV.c)", async () => {
    const ctx = await arena();
    // Alice forges a resolved attack card whose result offers Ada a riposte against Bran.
    const result = { outcome: "success", events: [], lookups: [], updates: {}, data: { advantage: { who: ctx.adaId, against: ctx.branId, options: ["riposte"] } } };
    const forged = await ctx.alice.CONFIG.ChatMessage.documentClass.create({
      type: "card",
      content: "<p>a card</p>",
      system: { kind: "actionpoints.attack", state: "resolved", attackerId: ctx.branId, defenderId: ctx.adaId, combatId: "", declaration: "{}", answer: "null", result: JSON.stringify(result) },
    });
    await settle();
    const messages = ctx.gm.game.messages.size;
    const mark = ctx.world.server.writes.length;
    ctx.alice.runtime.dialogs.responder = () => ({});
    const outcome = await hooks(ctx.alice).followUpFromCard(ctx.alice.game.messages.get(forged.id), "riposte");
    await settle();
    expect(outcome.ok).toBe(false);
    expect(ctx.alice.notices.at(-1)?.message).toBe("That choice is no longer open on this card.");
    expect(ctx.gm.game.messages.size).toBe(messages);
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });

  it("the attack dialog draws the four result levels of the attack roll (issue 10)", async () => {
    const ctx = await arena();
    let asked: any;
    ctx.alice.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return null;
    };
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
    expect(asked.content).toContain("How the roll reads");
    expect(asked.content).toMatch(/aria-label="Crit\. fail: 5\.0%"/);
  });

  it("a failed dodge (95 against 40 less the attacker's PSF 15 = 25) and a hit (30 against 60): 6 base + 6 for STR 12 + crit die 5 = 17, all from Fatigue, plus 2 FP for the dodge", async () => {
    const ctx = await arena();
    const card = await attack(ctx);
    expect(JSON.parse(card.system.declaration)).toMatchObject({ weapon: "Broadsword", cost: 6, attacker: { tsc: 60, psf: 15, baseDamage: 6, strengthBonus: 6 } });
    ctx.bob.runtime.dialogs.responder = () => ({ defence: "dodge" });
    script(ctx.gm, [[95, 100], [30, 100], [5, 10]]);
    const answered = await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    expect(answered.ok).toBe(true);
    await settle();
    const result = JSON.parse(ctx.gm.game.messages.get(card.id).system.result);
    const data = (type: string) => result.events.find((e: any) => e.type === type)?.data;
    expect(data("defence")).toMatchObject({ who: "Bran", defence: "dodge", roll: 95, target: 25 });
    expect(data("attack")).toMatchObject({ roll: 30, target: 60, level: "success" });
    expect(data("damage")).toEqual({ attacker: 17, shield: 0, armour: 0, bonus: 0, delivered: 17 });
    expect(ctx.gm.game.messages.get(card.id).content).toContain("Dodge (active)");
    expect(ctx.gm.game.messages.get(card.id).content).toContain("Bran pays 2 Fatigue for the active defence.");
    // Issue 20: the headline first, from the engine's damage (17 delivered), marked a success in a word and an icon.
    expect(ctx.gm.game.messages.get(card.id).content).toMatch(/card-headline outcome-success"><i class="fa-solid fa-circle-check" inert><\/i> <strong class="card-outcome-word">Success<\/strong> <span class="card-headline-text">Ada&#x27;s blow lands: 17 damage to Bran\.<\/span>/);
    await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(card.id));
    await settle();
    expect(ctx.gm.game.messages.get(card.id).content).toContain("Applied by Alice.");
    expect(ctx.gm.game.messages.get(card.id).content).not.toContain('data-bout-action="apply"');
    // 20 Fatigue - 17 - 2 for the dodge = 1; Body untouched.
    expect(ctx.gm.game.actors.get(ctx.branId).system.actionpoints.fatigueNow).toBe(1);
    expect(ctx.gm.game.actors.get(ctx.branId).system.actionpoints.bodyNow).toBe(15);
  });

  it("refuses a defence the defender cannot make (no shield to block with) and leaves the card waiting", async () => {
    const ctx = await arena();
    const card = await attack(ctx);
    // Bob's dialog offers no shield block (it sends only a choice it offers): a client asks for one anyway.
    const answered = await hooks(ctx.bob).askGM("answerCard", { messageId: card.id, answer: { defence: "activeShield" } });
    expect(answered.refusal.code).toBe("ap.badDefence");
    expect(ctx.gm.game.messages.get(card.id).system.state).toBe("waiting");
  });

  it("in an action-phase fight the attack spends the weapon's 6 AP when it resolves (19 → 13)", async () => {
    const ctx = await arena();
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ctx.adaId, name: "Ada" }, { actorId: ctx.branId, name: "Bran" }]);
    // Action Pools: Ada 1d10 9 + BAP 10 = 19, Bran 1d10 1 + BAP 5 = 6: Ada acts first.
    script(ctx.gm, [[9, 10], [1, 10]]);
    await combat.startCombat();
    await settle();
    expect(ctx.gm.game.combats.get(combat.id).machineState.combatants.find((c: any) => c.id === ca.id).pool).toBe(19);
    const card = await attack(ctx);
    ctx.bob.runtime.dialogs.responder = () => ({ defence: "none" });
    script(ctx.gm, [[80, 100]]);
    await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    const state = ctx.gm.game.combats.get(combat.id).machineState;
    expect(state.combatants.find((c: any) => c.id === ca.id)).toMatchObject({ pool: 13, actedThisPhase: true });
  });
});
