// Issue 31 "In what state": a steel defender out of action (unconscious, dead,
// or in a coma at Health 0, the ruleset's outOfAction) cannot defend. Seed 000
// "Surprise & Hesitation": one "unable to act at all" is cut down without a
// defence; "Knockdown & Knockout" (unconsciousness) and "Blood Loss" (Health 0:
// a coma) put a fighter there. Any defence he sends is refused with why, and the
// blow lands undefended: at once when he is already out as the card is posted,
// from the card's Defend when he fell after it.
import { describe, expect, it } from "vitest";
import { scriptFaces, settle, steelSwordsmen, tableOfThree } from "./support";

async function deck() {
  const { world, gm, alice, bob } = await tableOfThree("steel");
  const { adaId, branId, swordId } = await steelSwordsmen(world, gm);
  await settle();
  return { world, gm, alice, bob, adaId, branId, swordId };
}
type Ctx = Awaited<ReturnType<typeof deck>>;
const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
const post = (ctx: Ctx, combatId = "") => hooks(ctx.alice).postCard("steel.exchange", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.swordId, maneuverId: "cut", zone: 5, dice: 4 }, combatId);

describe("steel: a defender out of action cannot defend (seed 000 'Surprise & Hesitation', 'Knockdown & Knockout', 'Blood Loss')", () => {
  it("Bran already unconscious: Ada's card is posted already resolved, her 4 dice against no defence, and says why", async () => {
    const ctx = await deck();
    await ctx.gm.game.actors.get(ctx.branId).toggleStatusEffect("unconscious", { active: true });
    await settle();
    scriptFaces(ctx.gm, 10, [9, 8, 7, 2, 4, 4, 4, 4, 4, 4, 4, 4]);
    expect((await post(ctx)).ok).toBe(true);
    await settle();
    const card = ctx.gm.game.messages.contents.at(-1);
    expect(card.system.state).not.toBe("waiting");
    expect(JSON.parse(card.system.declaration)).toMatchObject({ undefended: "out", defenderOut: "BOUT.OutOfAction.Unconscious" });
    expect(card.content).toContain("Bran cannot defend (unconscious): this blow lands undefended.");
    expect(card.content).not.toContain('data-bout-action="defend"');
    expect(card.rolls.map((r: any) => r.formula)[0]).toBe("4d10");
    expect(card.rolls.some((r: any) => r.formula === "3d10")).toBe(false);
  });

  it("hostile: Bran knocked out after the card was posted sends a parry straight to the GM: refused naming why, nothing written; from the card the blow lands undefended", async () => {
    const ctx = await deck();
    expect((await post(ctx)).ok).toBe(true);
    await settle();
    const card = ctx.gm.game.messages.contents.at(-1);
    expect(card.system.state).toBe("waiting");
    await ctx.gm.game.actors.get(ctx.branId).toggleStatusEffect("unconscious", { active: true });
    await settle();
    const mark = ctx.world.server.writes.length;
    const parry = await hooks(ctx.bob).askGM("answerCard", { messageId: card.id, answer: { maneuverId: "parry", dice: 3, press: 0 } });
    await settle();
    expect(parry.ok ? "ok" : [parry.refusal.code, parry.refusal.message, parry.refusal.data]).toEqual(["steel.defenderOut", "BOUT.Steel.Table.Refusal.DefenderOut", { name: "Bran", why: "unconscious" }]);
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(ctx.gm.game.messages.get(card.id).system.state).toBe("waiting");
    // From the card's Defend: Bob is told, and Ada's 4 dice roll against none.
    ctx.bob.runtime.dialogs.responder = () => ({ maneuver: "parry", dice: 3, press: 0 });
    scriptFaces(ctx.gm, 10, [9, 8, 7, 2, 4, 4, 4, 4, 4, 4, 4, 4]);
    expect((await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id))).ok).toBe(true);
    expect(ctx.bob.notices.at(-1)).toMatchObject({ type: "info", message: "Bran cannot defend (unconscious): the blow lands undefended." });
    await settle();
    const done = ctx.gm.game.messages.get(card.id);
    expect(done.system.state).not.toBe("waiting");
    expect(done.rolls.map((r: any) => r.formula)[0]).toBe("4d10");
    expect(done.rolls.some((r: any) => r.formula === "3d10")).toBe(false);
  });

  it("in a bout: Bran falls into a coma at Health 0 after the throw; his parry is refused (in a coma), the blow lands undefended and only Ada's pool pays", async () => {
    const ctx = await deck();
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({});
    const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Deck" }]);
    const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: ctx.adaId, name: "Ada", group: group.id },
      { actorId: ctx.branId, name: "Bran", group: group.id },
    ]);
    await combat.startCombat();
    await settle();
    ctx.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    ctx.bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
    await hooks(ctx.gm).openDeclaration(ctx.gm.game.combats.get(combat.id), "throw", group.id, [ca.id, cb.id], ["red", "white"]);
    await settle();
    await settle();
    expect((await post(ctx, combat.id)).ok).toBe(true);
    await settle();
    const card = ctx.gm.game.messages.contents.at(-1);
    const poolOf = (id: string) => ctx.gm.game.combats.get(combat.id).machineState.combatants.find((c: any) => c.id === id)?.cp;
    const adaPool = poolOf(ca.id);
    await ctx.gm.game.actors.get(ctx.branId).update({ "system.steel.healthNow": 0 });
    await settle();
    const parry = await hooks(ctx.bob).askGM("answerCard", { messageId: card.id, answer: { maneuverId: "parry", dice: 3, press: 0 } });
    expect(parry.ok ? "ok" : [parry.refusal.code, parry.refusal.data?.why]).toEqual(["steel.defenderOut", "in a coma at Health 0"]);
    ctx.bob.runtime.dialogs.responder = () => ({ maneuver: "parry", dice: 3, press: 0 });
    scriptFaces(ctx.gm, 10, [2, 3, 4, 2, 2, 2, 2, 2, 2, 2]);
    expect((await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    expect(ctx.gm.game.messages.get(card.id).rolls.map((r: any) => r.formula)).toEqual(["4d10"]);
    expect(poolOf(ca.id)).toBe(adaPool - 4);
  });
});
