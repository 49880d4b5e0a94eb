// Issue 31 "In what state": Surprised has one owner, the token's condition (seed
// 003_094b90e5b0802384.txt "Surprise!": a Surprised fighter cannot act or oppose,
// attacks on it gain +20, and the condition ends "At the end of each Round, or
// after the first attempt to attack you"). The turn order only caches it: a GM
// who sets or clears it from the Token HUD changes the next roll, the tracker,
// and what the round's end clears.
import { describe, expect, it } from "vitest";
import { scriptFaces, settle, tableOfThree } from "./support";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

async function arena(branSurprised: boolean) {
  const { world, gm, alice, bob, Actor } = await tableOfThree("opposed");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { opposed: { ws: 45, s: 35, i: 40, ag: 35, t: 30, wounds: 12, woundsNow: 12 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  if (branSurprised) await bran.toggleStatusEffect("surprised", { active: true });
  await settle();
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [, cb] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, name: "Ada" },
    { actorId: bran.id, name: "Bran" },
  ]);
  await combat.startCombat();
  await settle();
  const branOnHud = async (active: boolean) => {
    await gm.game.actors.get(bran.id).toggleStatusEffect("surprised", { active });
    await settle();
  };
  const cached = () => gm.game.combats.get(combat.id).machineState.combatants.find((c: any) => c.id === cb.id).surprised;
  /** Ada swings at Bran, who answers with his melee skill; the GM's dice are `dice`. */
  const swing = async (dice: number[], answer: Record<string, unknown> = { skill: "melee", difficulty: "challenging" }) => {
    alice.runtime.dialogs.responder = () => ({ defender: bran.id, difficulty: "challenging" });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const card = gm.game.messages.contents.at(-1);
    bob.runtime.dialogs.responder = () => answer;
    scriptFaces(gm, 100, dice);
    const answered = await hooks(bob).defendFromCard(bob.game.messages.get(card.id));
    await settle();
    return { answered, card: gm.game.messages.get(card.id) };
  };
  const badges = () => {
    const row = gm.game.combats.get(combat.id).trackerView().rows.find((r: any) => r.combatantId === cb.id);
    return row.badges.map((b: any) => b.label.key);
  };
  return { gm, bob, combat, branId: bran.id as string, branOnHud, cached, swing, badges };
}
const targets = (card: any) => JSON.parse(card.system.result).events.filter((e: any) => e.type === "test").map((e: any) => e.data.target);

describe("opposed: Surprised is the token's condition (seed 003 'Surprise!')", () => {
  it("Surprised as the fight starts, then cleared by the GM from the Token HUD: Ada's next swing gets no +20 and Bran may oppose it", async () => {
    const f = await arena(true);
    expect(f.badges()).toContain("BOUT.Time.Turns.Badge.Surprised");
    await f.branOnHud(false);
    expect(f.badges()).not.toContain("BOUT.Time.Turns.Badge.Surprised");
    const { answered, card } = await f.swing([30, 20]);
    expect(answered.ok ? "ok" : answered.refusal.code).toBe("ok");
    // WS 45 and WS 40 at Challenging (+0): no +20 for Ada, Bran's own test rolled.
    expect(targets(card)).toEqual([45, 40]);
  });

  it("set by the GM from the Token HUD mid-fight: the tracker shows it, Ada's swing gets +20 and Bran cannot oppose (Bob is told 'Bran is Surprised'); the round's end clears the condition", async () => {
    const f = await arena(false);
    await f.branOnHud(true);
    expect(f.badges()).toContain("BOUT.Time.Turns.Badge.Surprised");
    const { answered } = await f.swing([30, 20]);
    // The engine's refusal ("cannotDefend"), naming the defender as the tracker does.
    expect(answered.ok ? "ok" : answered.refusal.code).toBe("opposed.cannotDefend");
    expect(f.bob.notices.at(-1)?.message).toBe("Bran is Surprised and cannot oppose the attack.");
    await f.combat.nextRound();
    await settle();
    expect(f.gm.game.actors.get(f.branId).statuses.has("surprised")).toBe(false);
    expect(f.cached()).toBe(false);
  });

  it("an attack ends the Surprised the GM set from the HUD, in the fight as on the token", async () => {
    const f = await arena(false);
    await f.branOnHud(true);
    const { card } = await f.swing([30], { skill: "none" });
    expect(targets(card)).toEqual([65]);
    expect(f.gm.game.actors.get(f.branId).statuses.has("surprised")).toBe(false);
    expect(f.cached()).toBe(false);
  });
});
