// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "3. Melee" (named only; the
// Defense Total is our procedure: the character's Defense with the weapon and
// shield in hand). A bow parries nothing (our reading), so a fighter with a bow
// and a mace both ready meets a blow with the mace: the sheet's Defense is the
// figure the card's blow meets.
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

describe("phases: the sheet's Defense is the one a blow meets", () => {
  it("Bran, a bow (Defense -1) and a mace (+1) in hand: his sheet shows 2 + 1 = 3, and Ada's blow meets Defense Total 4 + 3 = 7", async () => {
    const { world, gm, alice, bob, Actor } = await tableOfThree("phases");
    const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { phases: { attack: 3 } } });
    const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { phases: { defense: 2, soak: 2 } } });
    const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true, phases: { attack: 3, damage: 7 } } }]);
    await bran.createEmbeddedDocuments("Item", [
      { name: "Short bow", type: "weapon", system: { equipped: true, phases: { defense: -1, damage: 6, missile: true, range: "far", minRange: "close" } } },
      { name: "Mace", type: "weapon", system: { equipped: true, phases: { defense: 1 } } },
    ]);
    await settle();
    expect(gm.game.actors.get(bran.id).system.derived.defense.value).toBe(3);

    alice.runtime.dialogs.responder = () => ({ defender: bran.id });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const card = gm.game.messages.contents.at(-1);
    bob.runtime.dialogs.responder = () => ({ defence: "defend" });
    scriptDraws(gm, [[8, 10], [4, 10]], [5, 10]);
    expect((await hooks(bob).defendFromCard(bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    const result = JSON.parse(gm.game.messages.get(card.id).system.result);
    expect(result.events.find((e: any) => e.type === "defense")?.data).toEqual({ total: 7 });
  });
});
