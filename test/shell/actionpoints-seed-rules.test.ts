// Issue 32, seed 002_e3c6bc76ba013433.txt at the table: III (who acts: an out-of-turn refusal names the
// fighter, never a document id), II.b (a move from the tracker and then the attack are one action of the
// phase, in that order), V (the crit die "per adjusted roll": the GM adjusts it, and an adjusted 10 goes
// to Body).
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
const SWORD = { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 };
const SKILL = { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 };

/** Ada (Alice's) and Bran (Bob's), both with broadswords; in a fight when asked: pools Ada 9 + 10 = 19, Bran 1 + 5 = 6. */
async function arena(inFight: boolean) {
  const t = await tableOfThree("actionpoints");
  const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { actionpoints: { str: 12, agi: 12, bap: 10, fatigue: 20, fatigueNow: 20 } } });
  const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { actionpoints: { str: 12, agi: 12, fatigue: 40, fatigueNow: 40, body: 15, bodyNow: 15, con: 12, bap: 5 } } });
  const swords: Record<string, string> = {};
  for (const a of [ada, bran]) {
    const [sword] = await a.createEmbeddedDocuments("Item", [
      { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: SWORD } },
      { name: "Sword", type: "skill", system: { actionpoints: SKILL } },
    ]);
    swords[a.id] = sword.id;
  }
  let combatId = "";
  let ca = "";
  let cb = "";
  if (inFight) {
    const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
    [ca, cb] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: ada.id, name: "Ada" }, { actorId: bran.id, name: "Bran" }])).map((c: any) => c.id as string);
    scriptDraws(t.gm, [[9, 10], [1, 10]]);
    await combat.startCombat();
    await settle();
    combatId = combat.id;
  }
  const state = () => t.gm.game.combats.get(combatId).machineState;
  const who = (id: string) => state().combatants.find((c: any) => c.id === id);
  /** `by` attacks the other from the sheet (`client` is whoever clicks). */
  const attack = async (client: any, by: "ada" | "bran", values: Record<string, unknown> = {}) => {
    const [me, foe] = by === "ada" ? [ada, bran] : [bran, ada];
    client.runtime.dialogs.responder = () => ({ defender: foe.id, moved: 0, ...values });
    await client.game.actors.get(me.id).sheet.runAction("rollItem", {}, { row: { itemId: swords[me.id] } });
    await settle();
    return t.gm.game.messages.contents.at(-1);
  };
  return { ...t, adaId: ada.id as string, branId: bran.id as string, swords, combatId, ca, cb, state, who, attack };
}

describe("seed 002 III: an out-of-turn refusal names the fighter", () => {
  it("Bran (6 AP) against Ada (19): his spend from the tracker and his attack are refused as 'Bran does not have the most unspent points', with nothing written", async () => {
    const ctx = await arena(true);
    const notice = "Bran does not have the most unspent points among those yet to act.";
    const mark = ctx.world.server.writes.length;
    const messages = ctx.gm.game.messages.size;
    ctx.bob.runtime.dialogs.responder = () => ({ action: "custom", points: 2, kind: "movement" });
    await ctx.bob.game.combats.get(ctx.combatId).command({ type: "spend", combatantId: ctx.cb, points: 2, kind: "movement" });
    await settle();
    expect(ctx.bob.notices.at(-1)).toMatchObject({ type: "warning", message: notice });
    await ctx.attack(ctx.bob, "bran");
    expect(ctx.bob.notices.at(-1)).toMatchObject({ type: "warning", message: notice });
    expect(ctx.bob.notices.map((n: any) => n.message).join(" ")).not.toContain(ctx.cb);
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(ctx.gm.game.messages.size).toBe(messages);
  });
});

describe("seed 002 II.b: moving from the tracker, then attacking, in one action phase", () => {
  it("Ada moves 4 from the tracker, then attacks for 6: one action of 10 (19 → 9) in phase 1, and only then is it Bran's turn", async () => {
    const ctx = await arena(true);
    ctx.alice.runtime.dialogs.responder = () => ({ action: "custom", points: 4, kind: "movement" });
    await ctx.alice.ui.combat.runAction("boutTurnChoice", { combatantId: ctx.ca, actionId: "spend" });
    await settle();
    expect(ctx.who(ctx.ca)).toMatchObject({ pool: 15, actedThisPhase: false, action: { points: 4, kind: "movement" } });
    // Her action is under way: the tracker still has her acting, and says so.
    await ctx.gm.ui.combat.render({ force: true });
    expect(ctx.gm.ui.combat.renderedParts.tracker).toContain("Action under way, AP spent 4");
    const card = await ctx.attack(ctx.alice, "ada");
    expect(card.system.kind).toBe("actionpoints.attack");
    expect(card.system.state).toBe("waiting");
    ctx.bob.runtime.dialogs.responder = () => ({ defence: "none" });
    scriptDraws(ctx.gm, [[80, 100]]);
    expect((await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    expect(ctx.state().phase).toBe(1);
    expect(ctx.who(ctx.ca)).toMatchObject({ pool: 9, actedThisPhase: true, continuing: null });
    expect(ctx.who(ctx.ca).action).toBeUndefined();
    // Bran (6) now has the most unspent points among those yet to act.
    await ctx.bob.ui.combat.render({ force: true });
    expect(ctx.bob.ui.combat.renderedParts.tracker).toContain(`data-combatant-id="${ctx.cb}" data-action-id="spend"`);
  });
});

describe("seed 002 V: the GM adjusts the crit die (\"Crit Die Damage (per adjusted roll)\")", () => {
  it("Ada's critical on Bran: the GM, answering for him, adds 2 to the crit die; 8 becomes 10 and the blow goes to Body, not Fatigue", async () => {
    const ctx = await arena(false);
    const card = await ctx.attack(ctx.alice, "ada");
    ctx.gm.runtime.dialogs.responder = () => ({ defence: "none", critDie: 2 });
    // 03 against TSC 60: a critical. Crit die 8 (+2 = 10); bonus d10 4; the critical's location d100 60.
    scriptDraws(ctx.gm, [[3, 100], [8, 10], [4, 10], [60, 100]]);
    expect((await hooks(ctx.gm).defendFromCard(ctx.gm.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    const resolved = ctx.gm.game.messages.get(card.id);
    const events = JSON.parse(resolved.system.result).events;
    // 6 + STR 12/2 + 0 + the adjusted crit die 10 = 22, and the bonus 4: 26 past no armour, all to Body.
    expect(events.find((e: any) => e.type === "damage").data).toMatchObject({ attacker: 22, bonus: 4, delivered: 26 });
    expect(events.some((e: any) => e.type === "fatigueLoss")).toBe(false);
    expect(events.find((e: any) => e.type === "bodyLoss")?.data.amount).toBeGreaterThanOrEqual(26);
    expect(resolved.content).toContain("The GM adds 2 to the crit die.");
    await hooks(ctx.gm).applyFromCard(ctx.gm.game.messages.get(card.id));
    await settle();
    const bran = ctx.gm.game.actors.get(ctx.branId).system.actionpoints;
    expect([bran.fatigueNow, bran.bodyNow <= 15 - 26]).toEqual([40, true]);
  });

  it("the GM's own attack carries the adjustment on the card; a player's request setting it is refused as the GM's figure", async () => {
    const ctx = await arena(false);
    const card = await ctx.attack(ctx.gm, "ada", { critDie: -3 });
    expect(JSON.parse(card.system.declaration)).toMatchObject({ critDie: -3 });
    expect(card.content).toContain("The GM takes 3 off the crit die.");
    const messages = ctx.gm.game.messages.size;
    const raw = await hooks(ctx.alice).postCard("actionpoints.attack", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.swords[ctx.adaId], modifier: 0, moved: 0, location: "", critDie: 2 });
    expect(raw.ok ? "ok" : raw.refusal.code).toBe("card.gmFigures");
    // Nor may the defender's player answer with one (his dialog has no such field: a forged answer).
    const answer = await hooks(ctx.bob).askGM("answerCard", { messageId: card.id, answer: { defence: "none", critDie: 2 } });
    expect(answer.ok ? "ok" : answer.refusal.code).toBe("card.gmFigures");
    expect(ctx.gm.game.messages.get(card.id).system.state).toBe("waiting");
    expect(ctx.gm.game.messages.size).toBe(messages);
  });
});
