// A bare parry in a running pulse (issue 9 "Resolution"; seed 004_2f46e4f6196f6037.txt [17.4]): a parry of 3
// or less turns the blow, and the parrier's next pulse is a Pass. The fight records it: next pulse the tracker
// shows it, the figure may name only Pass, and its attack is refused before anything is posted.
import { describe, expect, it } from "vitest";
import { fightOnScene, hexScene, scriptDraws, settle, tableOfThree } from "./support";

describe("seed 004 [17.4] a parry of 3 or less costs the parrier the next pulse's action", () => {
  it("Bran parries Ada's 95 with D10 1 + rank 4 - 2 = 3: next pulse he must Pass", async () => {
    const { gm, alice, bob, own, Actor } = await tableOfThree("pulse");
    const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { md: 15, ps: 15, ag: 15 } } });
    const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { pulse: { ag: 12, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20 } } });
    const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } }]);
    const [mace] = await bran.createEmbeddedDocuments("Item", [{ name: "Mace", type: "weapon", system: { equipped: true, pulse: { baseChance: 45, ranked: true, rank: 4, damage: 3 } } }]);
    const { scene, at } = await hexScene(gm, "Yard");
    const { combat } = await fightOnScene(gm, scene, [
      { actor: ada, token: { disposition: 1, rotation: 270, ...at(2, 2) } },
      { actor: bran, token: { disposition: -1, rotation: 90, ...at(2, 3) } },
    ]);
    gm.runtime.dialogs.responder = () => "none";
    await gm.game.combats.get(combat.id).startCombat();
    await settle();
    const state = () => gm.game.combats.get(combat.id).machineState;
    const row = (name: string) => gm.game.combats.get(combat.id).combatants.contents.find((c: any) => c.name === name);
    const adaFirst = async () => {
      if (state().step.kind === "initiative") await gm.ui.combat.runAction("boutNextStep", {});
      await settle();
      await alice.ui.combat.runAction("boutTurnChoice", { combatantId: row("Ada").id, actionId: "first" });
      await settle();
    };
    await adaFirst();
    alice.runtime.dialogs.responder = () => ({ defender: bran.id, kind: "normal" });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const card = gm.game.messages.contents.at(-1);
    bob.runtime.dialogs.responder = () => ({ answer: "evade", grievous: "armor" });
    scriptDraws(gm, [[95, 100], [1, 10]]);
    await bob.evaluate<any>("globalThis.__boutTest").defendFromCard(bob.game.messages.get(card.id));
    await settle();
    expect(JSON.parse(gm.game.messages.get(card.id).system.result).events.map((e: any) => e.type)).toContain("Parried");
    expect(state().owedPass).toEqual({ [row("Bran").id]: 2 });
    // This pulse Bran still acts as he likes; he is done.
    await bob.ui.combat.runAction("boutEndTurn", { combatantId: row("Bran").id });
    await settle();
    // The engagement was the whole pulse: pulse 2 begins.
    expect(state().pulse).toBe(2);
    await adaFirst();
    await alice.ui.combat.runAction("boutEndTurn", { combatantId: row("Ada").id });
    await settle();
    // Bran's turn in pulse 2: the tracker says he must Pass, only Pass may be named, and his mace is refused.
    await bob.ui.combat.render({ force: true });
    expect(bob.ui.combat.renderedParts.tracker as string).toContain("Must Pass (parried)");
    let asked: any;
    bob.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return null;
    };
    await bob.ui.combat.runAction("boutTurnChoice", { combatantId: row("Bran").id, actionId: "declareAction" });
    await settle();
    expect(asked.content).toContain('value="pass"');
    expect(asked.content).not.toContain('value="meleeAttack"');
    const before = gm.game.messages.size;
    bob.runtime.dialogs.responder = () => ({ defender: ada.id, kind: "normal" });
    await bob.game.actors.get(bran.id).sheet.runAction("rollItem", {}, { row: { itemId: mace.id } });
    await settle();
    expect(gm.game.messages.size).toBe(before);
    expect(bob.notices.at(-1)?.message).toBe("That figure parried last pulse and must Pass now.");
  });
});
