// Seed 002 (shared/seeds/002_e3c6bc76ba013433.txt) IV.a: the attacker rolls "against his TSC% in the weapon being
// wielded"; the seed ties a weapon to a skill without saying how. Ours (rulesets/actionpoints/weapons.ts
// `skillFor`): the skill the weapon names, else the first weapon skill, for the card as for the duel simulator.
// Issue 32 leftovers: a weapon naming a skill the fighter lacks was refused by the attack card (while its parry
// fell back to the first weapon skill and the simulator fought it unskilled).
import { describe, expect, it } from "vitest";
import { settle, tableOfThree } from "./support";

describe("seed 002 IV.a: the skill a weapon is wielded with", () => {
  it("Ada's broadsword names Longsword, which she lacks: the card is posted and rolls against her Sword, 60%", async () => {
    const { gm, alice, own, Actor } = await tableOfThree("actionpoints");
    const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { actionpoints: { str: 12, agi: 12, bap: 10, fatigue: 20, fatigueNow: 20 } } });
    const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { actionpoints: { str: 12, agi: 12, fatigue: 20, fatigueNow: 20, body: 15, bodyNow: 15, con: 12, bap: 5 } } });
    const [sword] = await ada.createEmbeddedDocuments("Item", [
      { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Longsword", attackCost: 6 } } },
      { name: "Dodge", type: "skill", system: { actionpoints: { kind: "dodge", tsc: 30, psf: 5 } } },
      { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 } } },
    ]);
    await settle();
    const before = gm.game.messages.contents.length;
    alice.runtime.dialogs.responder = () => ({ defender: bran.id });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    expect(gm.game.messages.contents.length).toBe(before + 1);
    const card = gm.game.messages.contents.at(-1);
    // The attack's figures on the card, which its resolution rolls against: the Sword skill's TSC and PSF.
    expect(JSON.parse(card.system.declaration).attacker).toMatchObject({ tsc: 60, psf: 15 });
  });
});
