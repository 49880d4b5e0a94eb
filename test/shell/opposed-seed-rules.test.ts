// Issue 19, `opposed` (seed 003_094b90e5b0802384.txt): the defects found reading
// the seed against the table, each followed to where it shows at the table:
// "Oops!" 41-60 (the next attack's target number), "Attacking" step 4 (Prone on
// Apply), "Move" (Run and Disengage II spend the Action), "Prepare" (against a
// shot too), "Surprise!" (the token's Surprised gone after the first attack).
import { describe, expect, it } from "vitest";
import { decisionWrites, scriptFaces, settle, tableOfThree } from "./support";
import { isV14 } from "../harness/version";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

async function arena() {
  const { world, gm, alice, bob, Actor } = await tableOfThree("opposed");
  // Ada: WS 45, BS 40, S 35 (SB 3), I 40, Ag 35, Move 4. Bran: WS 40, T 30 (TB 3), I 30, Ag 30, 12 Wounds, no armour.
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35, t: 30, move: 4, wounds: 12, woundsNow: 12 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { opposed: { ws: 40, bs: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  const [bow] = await bran.createEmbeddedDocuments("Item", [{ name: "Bow", type: "weapon", system: { opposed: { kind: "ranged", damage: 7, addStrengthBonus: false, range: 50 } } }]);
  await settle();
  const fight = async () => {
    const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: ada.id, name: "Ada" },
      { actorId: bran.id, name: "Bran" },
    ]);
    await combat.startCombat();
    await settle();
    return { combat, ca, cb, state: () => gm.game.combats.get(combat.id).machineState };
  };
  return { world, gm, alice, bob, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string, bowId: bow.id as string, fight };
}

type Ctx = Awaited<ReturnType<typeof arena>>;

async function swing(ctx: Ctx, dice: number[], answer: Record<string, unknown> = { skill: "melee", difficulty: "challenging" }) {
  ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId, difficulty: "challenging" });
  await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
  await settle();
  const card = ctx.gm.game.messages.contents.at(-1);
  ctx.bob.runtime.dialogs.responder = () => answer;
  scriptFaces(ctx.gm, 100, dice);
  const answered = await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
  expect(answered.ok).toBe(true);
  await settle();
  return ctx.gm.game.messages.get(card.id);
}
const tests = (card: any) => JSON.parse(card.system.result).events.filter((e: any) => e.type === "test").map((e: any) => e.data.target);
const apply = async (ctx: Ctx, card: any) => {
  await hooks(ctx.gm).applyFromCard(ctx.gm.game.messages.get(card.id));
  await settle();
};

describe("opposed: seed 003 rules at the table (issue 19)", () => {
  it("seed 003 'Oops!' 41-60: Ada fumbles (77) and rolls 50 on Oops!; next round her attack is at 45 - 10 = 35, not 55", async () => {
    const ctx = await arena();
    const f = await ctx.fight();
    // Ada 77 (a failed double: fumble), Bran 60 (fails too), Oops! 50: out of position.
    await swing(ctx, [77, 60, 50]);
    expect(f.state().combatants.find((c: any) => c.id === f.ca.id).pending.actionPenalty).toBe(-10);
    await f.combat.nextRound();
    await settle();
    expect(f.state().combatants.find((c: any) => c.id === f.ca.id).effects.actionPenalty).toBe(-10);
    const card = await swing(ctx, [90, 90]);
    expect(tests(card)).toEqual([35, 40]);
  });

  it("seed 003 'Attacking' step 4: Bran with 2 Wounds left takes 5: a Critical Wound and, on Apply, the Prone condition", async () => {
    const ctx = await arena();
    await ctx.gm.game.actors.get(ctx.branId).update({ "system.opposed.woundsNow": 2 });
    // Ada 21 (SL +2), Bran 38 (SL +1): 4 + SB 3 + 1 = 8 Damage, less TB 3: 5 Wounds.
    const card = await swing(ctx, [21, 38]);
    await apply(ctx, card);
    const bran = ctx.gm.game.actors.get(ctx.branId);
    expect(bran.system.opposed.woundsNow).toBe(0);
    expect(bran.system.opposed.criticalWounds).toBe(1);
    expect(bran.statuses.has("prone")).toBe(true);
  });

  it("seed 003 'Move' (Run): 'You can use your Action to sprint': Ada runs, her Action is spent and her Move kept; an attack after it is refused", async () => {
    const ctx = await arena();
    const f = await ctx.fight();
    ctx.alice.runtime.dialogs.responder = () => ({ move: "run", opponentId: "", yards: 0, runUp: false, test: false });
    scriptFaces(ctx.gm, 100, [10]);
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("actorAction", { actorAction: "move" });
    await settle();
    const me = f.state().combatants.find((c: any) => c.id === f.ca.id);
    expect(me).toMatchObject({ actionUsed: true, moveUsed: false });
    const again = await hooks(ctx.alice).postCard("opposed.attack", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.swordId, difficulty: "challenging", modifier: 0 }, f.combat.id);
    expect(again.refusal.code).toBe("turns.actionGone");
  });

  it("seed 003 'Move' (Disengage II): with no more Advantage than Bran, Ada's Dodge test is her Action, her Move kept", async () => {
    const ctx = await arena();
    const f = await ctx.fight();
    ctx.alice.runtime.dialogs.responder = () => ({ move: "disengage", opponentId: ctx.branId, yards: 0, runUp: false, test: false });
    scriptFaces(ctx.gm, 100, [10, 90]);
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("actorAction", { actorAction: "move" });
    await settle();
    expect(f.state().combatants.find((c: any) => c.id === f.ca.id)).toMatchObject({ actionUsed: true, moveUsed: false });
  });

  it("seed 003 'Prepare': Ada's prepared Dodge (+20) counts against Bran's shot at Point Blank too: Ag 35 + 20 = 55", async () => {
    const ctx = await arena();
    const f = await ctx.fight();
    ctx.alice.runtime.dialogs.responder = () => ({ skill: "dodge" });
    await ctx.alice.ui.combat.runAction("boutTurnChoice", { combatantId: f.ca.id, actionId: "prepare" });
    await settle();
    await ctx.alice.ui.combat.runAction("boutEndTurn", { combatantId: f.ca.id });
    await settle();
    const posted = await hooks(ctx.gm).postCard("opposed.attack", ctx.gm.game.actors.get(ctx.branId), ctx.gm.game.actors.get(ctx.adaId), { weaponId: ctx.bowId, difficulty: "challenging", modifier: 0, pointBlank: true }, f.combat.id);
    expect(posted.ok).toBe(true);
    await settle();
    const card = ctx.gm.game.messages.contents.at(-1);
    ctx.alice.runtime.dialogs.responder = () => ({ opposition: "dodgePointBlank", difficulty: "challenging" });
    scriptFaces(ctx.gm, 100, [50, 50]);
    const answered = await hooks(ctx.alice).defendFromCard(ctx.alice.game.messages.get(card.id));
    expect(answered.ok).toBe(true);
    await settle();
    // Bran's shot at Point Blank is Easy ("Combat Difficulty": +40): BS 40 + 40 = 80.
    expect(tests(ctx.gm.game.messages.get(card.id))).toEqual([80, 55]);
  });

  it("seed 003 'Surprise!' (Surprised): Bran's Surprised token condition is gone after Ada's first attack on him, hit or miss", async () => {
    const ctx = await arena();
    await ctx.gm.game.actors.get(ctx.branId).toggleStatusEffect("surprised", { active: true });
    await settle();
    expect(ctx.gm.game.actors.get(ctx.branId).statuses.has("surprised")).toBe(true);
    // Ada misses (90 against 45 + 20); Bran cannot defend.
    const card = await swing(ctx, [90], { skill: "none", difficulty: "challenging" });
    expect(tests(card)).toEqual([65]);
    await apply(ctx, card);
    expect(ctx.gm.game.actors.get(ctx.branId).statuses.has("surprised")).toBe(false);
  });

  it("seed 003 'Move' (Flee) and 'Criticals and Fumbles': Bran's free attack (WS 40 + 20) rolls 33, a double under 60: a critical on Ada's right arm, one Critical Wound on Apply", async () => {
    const ctx = await arena();
    await fleeFrom(ctx, [33, 10, 50]);
    const card = ctx.gm.game.messages.contents.at(-1);
    expect(card.content).toMatch(/Critical on Ada \(Right \(primary\) arm\), 50/);
    await apply(ctx, card);
    expect(ctx.gm.game.actors.get(ctx.adaId).system.opposed.criticalWounds).toBe(1);
  });

  it("seed 003 'Move' (Flee) and 'Criticals and Fumbles': Bran's free attack rolls 88, a failed double: his fumble, Oops! 10, and he loses a Wound on Apply", async () => {
    const ctx = await arena();
    await fleeFrom(ctx, [88, 10]);
    const card = ctx.gm.game.messages.contents.at(-1);
    expect(card.content).toContain("a self-inflicted wound, 1 Wound lost past armour and Toughness");
    await apply(ctx, card);
    expect(ctx.gm.game.actors.get(ctx.branId).system.opposed.woundsNow).toBe(11);
    expect(ctx.gm.game.actors.get(ctx.adaId).system.opposed.woundsNow).toBe(12);
  });

  it("seed 003 'Move' (Flee): Broken conditions stack: Ada, already Broken once, is hit and fails her Cool (WP 30) with 75, SL -4: 1 + 4 more, 6 in all", async () => {
    const ctx = await arena();
    await ctx.gm.game.actors.get(ctx.adaId).update({ "system.opposed.broken": 1 });
    await fleeFrom(ctx, [21, 75]);
    await apply(ctx, ctx.gm.game.messages.contents.at(-1));
    const ada = ctx.gm.game.actors.get(ctx.adaId);
    expect(ada.system.opposed.broken).toBe(6);
    expect(ada.statuses.has("broken")).toBe(true);
  });

  it("seed 003 'Combat Difficulty' (Hard): Ada calls a shot at Bran's head: WS 45 at Hard is 15; she rolls 12 (reversed 21, the left arm) and Bran fails 90: the blow lands on the head", async () => {
    const ctx = await arena();
    let asked: any;
    ctx.alice.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return { defender: ctx.branId, difficulty: "challenging", calledShot: "head" };
    };
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
    await settle();
    expect(asked.content).toContain("Called shot");
    const card = ctx.gm.game.messages.contents.at(-1);
    ctx.bob.runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging" });
    scriptFaces(ctx.gm, 100, [12, 90]);
    await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    const resolved = ctx.gm.game.messages.get(card.id);
    expect(tests(resolved)).toEqual([15, 40]);
    const hit = JSON.parse(resolved.system.result).events.find((e: any) => e.type === "hit").data;
    expect(hit).toEqual({ on: "Bran", location: "head", reversed: 21 });
  });

  it("seed 003 'Surprise!' (Surprised): 'At the end of each Round': Bran, Surprised when the fight starts and never attacked, loses the token condition as round 2 begins", async () => {
    const ctx = await arena();
    await ctx.gm.game.actors.get(ctx.branId).toggleStatusEffect("surprised", { active: true });
    await settle();
    const f = await ctx.fight();
    expect(f.state().combatants.find((c: any) => c.id === f.cb.id).surprised).toBe(true);
    await f.combat.nextRound();
    await settle();
    expect(f.state().combatants.find((c: any) => c.id === f.cb.id).surprised).toBe(false);
    expect(ctx.gm.game.actors.get(ctx.branId).statuses.has("surprised")).toBe(false);
  });

  it("seed 003 'Surprise!' (Surprised): both fighters Surprised at the start lose the condition as round 2 begins, in the round's own write (v14: one batch; v13: the round and one delete per fighter, never a toggle each after it)", async () => {
    const ctx = await arena();
    for (const id of [ctx.adaId, ctx.branId]) await ctx.gm.game.actors.get(id).toggleStatusEffect("surprised", { active: true });
    await settle();
    const f = await ctx.fight();
    // What the fight holds when each Surprised condition goes: the new round already (v14: the same request).
    const seen: number[] = [];
    ctx.gm.Hooks.on("deleteActiveEffect", () => void seen.push(ctx.gm.game.combats.get(f.combat.id).round));
    const mark = ctx.world.server.writes.length;
    await f.combat.nextRound();
    await settle();
    // The world clock's setting, moved by the fight's update (its worldTime option), is that update's own, inside a batch as outside.
    const ops = (w: any) => w.operations.filter((o: any) => o.action !== "setting").map((o: any) => `${o.action} ${o.documentName}`);
    const writes = decisionWrites<any>(ctx.world, mark).map((w) => (w.action === "batch" ? `batch[${ops(w).join(", ")}]` : `${w.action} ${w.documentName}`));
    expect(writes).toEqual(isV14() ? ["batch[update Combat, delete ActiveEffect, delete ActiveEffect]"] : ["update Combat", "delete ActiveEffect", "delete ActiveEffect"]);
    expect(seen).toEqual([2, 2]);
    for (const id of [ctx.adaId, ctx.branId]) for (const client of [ctx.gm, ctx.alice, ctx.bob]) expect(client.game.actors.get(id).statuses.has("surprised")).toBe(false);
    expect(f.state().combatants.map((c: any) => c.surprised)).toEqual([false, false]);
  });

  it("seed 003 'Move' (Charge): 'If you are not Engaged in combat already': Ada, marked Engaged, cannot Charge; nothing is posted", async () => {
    const ctx = await arena();
    await ctx.gm.game.actors.get(ctx.adaId).toggleStatusEffect("engaged", { active: true });
    await settle();
    // With no tokens to measure between, the condition the GM set says she is Engaged.
    ctx.alice.runtime.dialogs.responder = () => ({ move: "charge", opponentId: ctx.branId, yards: 0, runUp: false, test: false });
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("actorAction", { actorAction: "move" });
    await settle();
    expect(ctx.gm.game.messages.size).toBe(0);
    const direct = await hooks(ctx.alice).postCard("opposed.move", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.adaId), { move: "charge", opponentId: ctx.branId, yards: 0 }, "");
    expect(direct.refusal.code).toBe("opposed.cannotCharge");
  });

  it("seed 003 'Move' (Charge): 'your Action must be a Melee Test': after charging Ada may not Run (her Action), but may attack in melee", async () => {
    const ctx = await arena();
    const f = await ctx.fight();
    ctx.alice.runtime.dialogs.responder = () => ({ move: "charge", opponentId: ctx.branId, yards: 0, runUp: false, test: false });
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("actorAction", { actorAction: "move" });
    await settle();
    expect(f.state().combatants.find((c: any) => c.id === f.ca.id)).toMatchObject({ moveUsed: true, charged: true });
    const running = await hooks(ctx.alice).postCard("opposed.move", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.adaId), { move: "run", opponentId: "", distance: 0, yards: 0 }, f.combat.id);
    expect(running.refusal.code).toBe("turns.chargeNeedsMelee");
    const card = await swing(ctx, [21, 90]);
    expect(JSON.parse(card.system.result).outcome).toBe("success");
    expect(f.state().combatants.find((c: any) => c.id === f.ca.id).actionUsed).toBe(true);
  });

  it("seed 003 'Move' (Charge) and 'Prepare': once Ada has charged, her tracker row offers no Prepare (the order would refuse it)", async () => {
    const ctx = await arena();
    const f = await ctx.fight();
    const tracker = async () => {
      await ctx.alice.ui.combat.render({ force: true });
      return ctx.alice.ui.combat.renderedParts.tracker as string;
    };
    const prepare = `data-combatant-id="${f.ca.id}" data-action-id="prepare"`;
    expect(await tracker()).toContain(prepare);
    ctx.alice.runtime.dialogs.responder = () => ({ move: "charge", opponentId: ctx.branId, yards: 0, runUp: false, test: false });
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("actorAction", { actorAction: "move" });
    await settle();
    expect(f.state().combatants.find((c: any) => c.id === f.ca.id)).toMatchObject({ charged: true, actionUsed: false });
    expect(await tracker()).not.toContain(prepare);
  });
});

async function fleeFrom(ctx: Ctx, dice: number[]) {
  await ctx.gm.game.actors.get(ctx.branId).createEmbeddedDocuments("Item", [{ name: "Club", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 3, addStrengthBonus: false } } }]);
  await settle();
  ctx.alice.runtime.dialogs.responder = () => ({ move: "flee", opponentId: ctx.branId, yards: 0, runUp: false, test: false });
  scriptFaces(ctx.gm, 100, dice);
  await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("actorAction", { actorAction: "move" });
  await settle();
}
