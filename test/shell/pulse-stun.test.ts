// A stunned figure only recovers (issue 19 "pulse"; seed 004_2f46e4f6196f6037.txt [15] Action Restrictions:
// "While stunned, only action allowed is to recover from stun"; [19] Stun). Followed from where the stun comes
// from (a card's Apply) to every place the figure could act: the weapon's die button, a riposte, the sheet's
// Close in, Jump, Mount, Magic or breath damage, and in a running pulse its turn on the tracker.
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, sideGoesFirst, tableOfThree, noSurprise } from "./support";

const STUNNED = "A stunned figure can only try to recover.";

async function field() {
  const { gm, alice, bob, own, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { md: 15, ps: 15, ag: 15 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { pulse: { ag: 12, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } }]);
  const [axe] = await bran.createEmbeddedDocuments("Item", [{ name: "Hand axe", type: "weapon", system: { equipped: true, pulse: { baseChance: 40, ranked: true, rank: 1, damage: 1 } } }]);
  await bran.createEmbeddedDocuments("Item", [{ name: "Leather", type: "armor", system: { equipped: true, pulse: { protection: 3 } } }]);
  await settle();
  const hooks = (c: any) => c.evaluate("globalThis.__boutTest");
  const cards = () => gm.game.messages.contents.length;
  /** Ada's blow: a 5 goes through the armour, 6 on the die makes 8 Endurance of 15, more than a third: a stun [19]; a 1 keeps his axe. */
  const stunBran = async () => {
    alice.runtime.dialogs.responder = () => ({ defender: bran.id, kind: "normal" });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const card = gm.game.messages.contents.at(-1);
    bob.runtime.dialogs.responder = () => ({ answer: "stand" });
    scriptDraws(gm, [[5, 100], [6, 10], [1, 100]]);
    await hooks(bob).defendFromCard(bob.game.messages.get(card.id));
    await settle();
    await hooks(alice).applyFromCard(alice.game.messages.get(card.id));
    await settle();
  };
  const branAttacks = async () => {
    bob.runtime.dialogs.responder = () => ({ defender: ada.id, kind: "normal" });
    await bob.game.actors.get(bran.id).sheet.runAction("rollItem", {}, { row: { itemId: axe.id } });
    await settle();
  };
  return { gm, alice, bob, hooks, cards, stunBran, branAttacks, ada, bran, ids: { ada: ada.id as string, bran: bran.id as string } };
}

describe("seed 004 [15] while stunned, only action allowed is to recover from stun", () => {
  it("Bran, stunned by Ada's card, attacks from his sheet: refused with a notice, no card; once recovered he attacks", async () => {
    const f = await field();
    await f.stunBran();
    expect(f.gm.game.actors.get(f.ids.bran).system.pulse.stunned).toBe(true);
    const before = f.cards();
    await f.branAttacks();
    expect(f.cards()).toBe(before);
    expect(f.bob.notices.at(-1)?.message).toBe(STUNNED);
    // [19] recovering: d100 at most 2 x (WP + current FT); a 1 always does it.
    scriptDraws(f.gm, [[1, 100]]);
    // The recovery's dialog shows its odds and asks nothing: Bob presses Roll.
    f.bob.runtime.dialogs.responder = () => true;
    await f.bob.game.actors.get(f.ids.bran).sheet.runAction("actorAction", { actorAction: "recover" });
    await settle();
    await f.hooks(f.bob).applyFromCard(f.bob.game.messages.contents.at(-1));
    await settle();
    expect(f.gm.game.actors.get(f.ids.bran).system.pulse.stunned).toBe(false);
    const after = f.cards();
    await f.branAttacks();
    expect(f.cards()).toBe(after + 1);
  });

  it("stunned Bran's Close in, Jump, Magic or breath damage and Mount are refused from the sheet; nothing posted or changed", async () => {
    const f = await field();
    await f.stunBran();
    const before = f.cards();
    const sheet = f.bob.game.actors.get(f.ids.bran).sheet;
    for (const [action, answer] of [
      ["close", { defender: f.ids.ada }],
      ["jump", { feet: 5 }],
      ["magic", { defender: f.ids.ada, kind: "spell", dieModifier: 0, resistChance: 0 }],
      ["mount", {}],
    ] as const) {
      f.bob.notices.length = 0;
      f.bob.runtime.dialogs.responder = () => answer;
      await sheet.runAction("actorAction", { actorAction: action });
      await settle();
      expect([action, f.bob.notices.at(-1)?.message]).toEqual([action, STUNNED]);
    }
    expect(f.cards()).toBe(before);
    expect(f.gm.game.actors.get(f.ids.bran).system.pulse.mounted).toBe(false);
  });

  it("the GM's client refuses a stunned figure's attack even when a player's client asks for it directly", async () => {
    const f = await field();
    await f.gm.game.actors.get(f.ids.bran).toggleStatusEffect("stun", { active: true });
    await settle();
    const before = f.cards();
    const axe = f.bran.items.contents[0].id;
    await f.hooks(f.bob).postCard("pulse.attack", f.bob.game.actors.get(f.ids.bran), f.bob.game.actors.get(f.ids.ada), { weaponId: axe, kind: "normal", modifier: 0 }, "");
    await settle();
    expect(f.cards()).toBe(before);
  });

  it("in a running pulse, stunned Bran's turn offers only the recovery, and his attack is refused in his turn", async () => {
    const f = await field();
    await f.gm.game.actors.get(f.ids.bran).toggleStatusEffect("stun", { active: true });
    const combat = await f.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: f.ids.ada, name: "Ada" },
      { actorId: f.ids.bran, name: "Bran" },
    ]);
    await settle();
    f.gm.runtime.dialogs.responder = noSurprise;
    await combat.startCombat();
    await settle();
    // Both free, on the party's side; stunned, Bran acts after Ada [19].
    await sideGoesFirst(f.gm, [[1, 10], [9, 10]], "party");
    await f.alice.ui.combat.runAction("boutEndTurn", { combatantId: ca.id });
    await settle();
    const now = f.gm.game.combats.get(combat.id).machineState;
    expect(now.acted).toEqual([ca.id]);
    // The stun is the token's: the fight keeps no copy (issue 31).
    expect(JSON.stringify(now)).not.toContain("stun");
    let asked = "";
    f.bob.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = String(config?.content ?? "");
      return null;
    };
    await f.bob.ui.combat.runAction("boutTurnChoice", { combatantId: cb.id, actionId: "declareAction" });
    await settle();
    expect([...asked.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1])).toEqual(["recoverFromStun"]);
    const before = f.cards();
    await f.branAttacks();
    expect(f.cards()).toBe(before);
    expect(f.bob.notices.at(-1)?.message).toBe(STUNNED);
  });
});
