// Several attacks in one action (issue 9 "Multiple attacks"; seed 004_2f46e4f6196f6037.txt [16.4]): the attack
// dialog says how (two weapons, or a two-handed class B sweep) and whether another follows; the fight records
// each attack of the action, the last one ends the turn, and a following attack that breaks the rules (mixed
// kinds, the same target twice, a target not adjacent) is refused before anything is posted.
import { describe, expect, it } from "vitest";
import { hexScene, scriptDraws, settle, sideGoesFirst, tableOfThree } from "./support";

/**
 * Ada and two foes far apart when the pulse begins (nobody engaged, the party free to act); then the GM brings those
 * named into Ada's melee zone ([13.1] a blow reaches only there): the Wolf straight ahead of her (row 0, column 1),
 * the Goblin ahead and to her right (row 1, column 0), each beside the other.
 */
async function skirmish(beside: readonly ("wolf" | "goblin")[] = ["wolf", "goblin"]) {
  const { world, gm, alice, own, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { md: 15, ps: 15, ag: 15 } } });
  const wolf = await Actor.create({ name: "Wolf", type: "npc", system: { pulse: { ag: 12 } } });
  const goblin = await Actor.create({ name: "Goblin", type: "npc", system: { pulse: { ag: 12 } } });
  const [sword, dagger, bow, glaive] = await ada.createEmbeddedDocuments("Item", [
    { name: "Sword", type: "weapon", system: { equipped: true, pulse: { use: "melee", baseChance: 50 } } },
    { name: "Dagger", type: "weapon", system: { equipped: true, pulse: { use: "melee", baseChance: 40 } } },
    { name: "Bow", type: "weapon", system: { equipped: true, pulse: { use: "missile", baseChance: 50, range: 20 } } },
    { name: "Glaive", type: "weapon", system: { equipped: true, pulse: { use: "pole", weaponClass: "B", twoHanded: true, ranked: true, rank: 4, baseChance: 45 } } },
  ]);
  const { scene, at } = await hexScene(gm, "Field");
  // Everyone far apart: nobody engaged, the party free to act.
  const tokens = await scene.createEmbeddedDocuments("Token", [
    { actorId: ada.id, name: "Ada", disposition: 1, rotation: 270, ...at(0, 0) },
    { actorId: wolf.id, name: "Wolf", disposition: -1, rotation: 90, ...at(0, 10) },
    { actorId: goblin.id, name: "Goblin", disposition: -1, rotation: 90, ...at(2, 10) },
  ]);
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [ca, cw, cg] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, name: "Ada", sceneId: scene.id, tokenId: tokens[0].id },
    { actorId: wolf.id, name: "Wolf", sceneId: scene.id, tokenId: tokens[1].id },
    { actorId: goblin.id, name: "Goblin", sceneId: scene.id, tokenId: tokens[2].id },
  ]);
  await settle();
  gm.runtime.dialogs.responder = () => "none";
  await gm.game.combats.get(combat.id).startCombat();
  await settle();
  await sideGoesFirst(gm, [[9, 10], [2, 10]], "party");
  const near = { wolf: [tokens[1], at(0, 1)], goblin: [tokens[2], at(1, 0)] } as const;
  for (const who of beside) await near[who][0].update({ ...near[who][1] });
  await settle();
  const state = () => gm.game.combats.get(combat.id).machineState;
  const attack = async (itemId: string, defender: string, form: Record<string, unknown>) => {
    alice.runtime.dialogs.responder = () => ({ defender, kind: "normal", ...form });
    const before = gm.game.messages.contents.length;
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId } });
    await settle();
    if (gm.game.messages.contents.length === before) return null;
    const card = gm.game.messages.contents.at(-1);
    gm.runtime.dialogs.responder = () => ({ answer: "stand" });
    scriptDraws(gm, [[95, 100]]);
    await gm.evaluate<any>("globalThis.__boutTest").defendFromCard(gm.game.messages.get(card.id));
    await settle();
    return card;
  };
  // The fight records each target by its combatant (each token its own fighter); the dialog names each defender by its token's actor.
  const refs = { wolf: cw.id as string, goblin: cg.id as string };
  return { world, gm, alice, ca: ca.id as string, state, attack, refs, ids: { wolf: tokens[1].actor.uuid as string, goblin: tokens[2].actor.uuid as string, sword: sword.id as string, dagger: dagger.id as string, bow: bow.id as string, glaive: glaive.id as string } };
}

describe("seed 004 [16.4] several attacks in one action", () => {
  it("two weapons: the sword with more to come keeps Ada's turn; the bow then is refused (no mixing); the dagger ends the turn", async () => {
    const s = await skirmish();
    expect(await s.attack(s.ids.sword, s.ids.wolf, { several: "twoWeapons", moreToCome: true })).not.toBe(null);
    expect(s.state().strikes).toEqual({ [s.ca]: [{ targetId: s.refs.wolf, type: "melee" }] });
    expect(s.state().step).toEqual({ kind: "side", index: 0 });
    const mark = s.world.server.writes.length;
    expect(await s.attack(s.ids.bow, s.ids.goblin, { several: "twoWeapons" })).toBe(null);
    expect(s.alice.notices.at(-1)?.message).toBe("All attacks of one action must be of the same kind.");
    expect(s.world.writesSince(mark)).toEqual([]);
    expect(await s.attack(s.ids.dagger, s.ids.goblin, { several: "twoWeapons" })).not.toBe(null);
    // Ada's turn is over: the party has acted and the foes' side is up.
    expect(s.state().step).toEqual({ kind: "side", index: 1 });
    expect(s.state().strikes[s.ca]).toEqual([{ targetId: s.refs.wolf, type: "melee" }, { targetId: s.refs.goblin, type: "melee" }]);
  });

  it("after one attack, a second without saying how is refused; a sweep reaches only foes in the adjacent hexes of the melee zone", async () => {
    const s = await skirmish(["wolf"]);
    // A sweep begun at a foe out of reach is refused at once.
    expect(await s.attack(s.ids.glaive, s.ids.goblin, { several: "twoHandedB", moreToCome: true })).toBe(null);
    expect(s.alice.notices.at(-1)?.message).toBe("All targets must stand in adjacent hexes of the melee zone.");
    expect(await s.attack(s.ids.glaive, s.ids.wolf, { moreToCome: true })).not.toBe(null);
    expect(await s.attack(s.ids.glaive, s.ids.goblin, {})).toBe(null);
    expect(s.alice.notices.at(-1)?.message).toBe("This figure has already attacked in its action: say how it makes several attacks (two weapons, or a two-handed class B sweep).");
    expect(await s.attack(s.ids.glaive, s.ids.goblin, { several: "twoHandedB" })).toBe(null);
    expect(s.alice.notices.at(-1)?.message).toBe("All targets must stand in adjacent hexes of the melee zone.");
    expect(s.state().strikes[s.ca]).toHaveLength(1);
  });
});
