// Seed 002 (shared/seeds/002_e3c6bc76ba013433.txt), IV.b.ii and IV.c.ii:
// "Weapon Parry – The defender makes a roll against his TSC% in the weapon
// wielded". A bow parries nothing (our reading, as the duel simulator has it):
// an archer with only his bow in hand is offered no parry, and one asked for
// anyway is refused with the card left waiting; with a sword beside the bow he
// is offered the parries.
import { describe, expect, it } from "vitest";
import { settle, tableOfThree } from "./support";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

async function arena(withSword: boolean) {
  const { gm, alice, bob, own, Actor } = await tableOfThree("actionpoints");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { actionpoints: { str: 12, agi: 12, bap: 10, fatigue: 20, fatigueNow: 20 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { actionpoints: { str: 12, agi: 12, fatigue: 20, fatigueNow: 20, body: 15, bodyNow: 15, con: 12, bap: 5 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [
    { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Sword", attackCost: 6 } } },
    { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 } } },
  ]);
  await bran.createEmbeddedDocuments("Item", [
    { name: "Longbow", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 2, skill: "Bow", attackCost: 6 } } },
    { name: "Bow", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 55, psf: 10, attackerBonus: 0 } } },
    { name: "Dodge", type: "skill", system: { actionpoints: { kind: "dodge", tsc: 40, psf: 10 } } },
    ...(withSword
      ? [
          { name: "Arming sword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Sword", attackCost: 6 } } },
          { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 45, psf: 10, attackerBonus: 0 } } },
        ]
      : []),
  ]);
  await settle();
  alice.runtime.dialogs.responder = () => ({ defender: bran.id });
  await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
  await settle();
  return { gm, bob, card: gm.game.messages.contents.at(-1) };
}

describe("seed 002 IV.b.ii, IV.c.ii: the weapon a fighter parries with", () => {
  it("Bran with only his longbow in hand: no parry is offered, and an active parry asked for anyway is refused", async () => {
    const { gm, bob, card } = await arena(false);
    let offered: string[] = [];
    bob.runtime.dialogs.responder = (_k: unknown, config: any) => {
      offered = [...String(config.content).matchAll(/<option value="(\w+)"/g)].map((m) => m[1]!);
      return null;
    };
    await hooks(bob).defendFromCard(bob.game.messages.get(card.id));
    expect(offered).toEqual(["none", "dodge"]);
    const answered = await hooks(bob).askGM("answerCard", { messageId: card.id, answer: { defence: "activeParry" } });
    expect(answered.refusal.code).toBe("ap.badDefence");
    expect(gm.game.messages.get(card.id).system.state).toBe("waiting");
  });

  it("with an arming sword beside the bow he is offered both parries", async () => {
    const { bob, card } = await arena(true);
    let offered: string[] = [];
    bob.runtime.dialogs.responder = (_k: unknown, config: any) => {
      offered = [...String(config.content).matchAll(/<option value="(\w+)"/g)].map((m) => m[1]!);
      return null;
    };
    await hooks(bob).defendFromCard(bob.game.messages.get(card.id));
    expect(offered).toEqual(expect.arrayContaining(["passiveParry", "activeParry", "dodge", "none"]));
  });
});
