// Defense read from the map and the world's choices (issue 9 "Resolution"; seed 004_2f46e4f6196f6037.txt [17.5]
// Defense and shields): on a hex scene the tokens say which side of the target a blow comes from, so a shield
// never counts from the rear hex whatever the dialog says; the optional shield facing rule and "Defense counts
// modAG" are world settings.
import { describe, expect, it } from "vitest";
import { fightOnScene, hexScene, scriptDraws, settle, tableOfThree } from "./support";

/**
 * Bran stands at row 2, column 3 looking west (his left hand south), with a shield of 5; Ada where the test puts her,
 * turned to face him ([13.1] a blow reaches only the attacker's melee zone): from the west (row 2, column 2) she looks
 * east, from the east (row 2, column 4) west, from the north-east (row 1, column 3) south-west.
 */
const FACING_BRAN: Record<string, number> = { "2,2": 270, "2,4": 90, "1,3": 30 };
async function yard(adaAt: [number, number]) {
  const { gm, alice, bob, own, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { md: 15, ps: 15, ag: 15 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { pulse: { ag: 12, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } }]);
  await bran.createEmbeddedDocuments("Item", [{ name: "Round shield", type: "shield", system: { equipped: true, pulse: { defense: 5 } } }]);
  const { scene, at } = await hexScene(gm, "Yard");
  await fightOnScene(gm, scene, [
    { actor: ada, token: { disposition: 1, rotation: FACING_BRAN[adaAt.join(",")], ...at(...adaAt) } },
    { actor: bran, token: { disposition: -1, rotation: 90, ...at(2, 3) } },
  ]);
  // Strike chance 50 + 15 + 4 x 2 = 73 before Defense; a 99-free miss shows the modified chance.
  const modSC = async (form: Record<string, unknown> = {}) => {
    // "From the rear" is the GM's figure (a player's dialog has none): the GM's own dialog claims it.
    const who = "fromRear" in form ? gm : alice;
    who.runtime.dialogs.responder = () => ({ defender: bran.id, kind: "normal", ...form });
    await who.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const card = gm.game.messages.contents.at(-1);
    bob.runtime.dialogs.responder = () => ({ answer: "stand" });
    scriptDraws(gm, [[98, 100]]);
    await bob.evaluate<any>("globalThis.__boutTest").defendFromCard(bob.game.messages.get(card.id));
    await settle();
    return JSON.parse(gm.game.messages.get(card.id).system.result).events.find((e: any) => e.type === "StrikeMiss").data.modSC;
  };
  return { gm, modSC };
}

describe("seed 004 [17.5] Defense on the map", () => {
  it("face to face: Defense 12 + shield 5, so 73 - 17 = 56, even when the dialog claims the rear", async () => {
    const y = await yard([2, 2]);
    expect([await y.modSC(), await y.modSC({ fromRear: true })]).toEqual([56, 56]);
  });

  it("from Bran's rear hex (row 2, column 4) the shield never counts: 73 - 12 = 61, unticked", async () => {
    const y = await yard([2, 4]);
    expect(await y.modSC()).toBe(61);
  });

  it("the optional facing rule: from his right flank (row 1, column 3) the shield is off (61); without the rule it counts (56)", async () => {
    const y = await yard([1, 3]);
    expect(await y.modSC()).toBe(56);
    await y.gm.game.settings.set("bout", "pulseShieldFacing", true);
    await settle();
    expect(await y.modSC()).toBe(61);
  });

  it("with Defense counting the shield alone (setting off), face to face: 73 - 5 = 68", async () => {
    const y = await yard([2, 2]);
    await y.gm.game.settings.set("bout", "pulseAgilityInDefense", false);
    await settle();
    expect(await y.modSC()).toBe(68);
  });
});
