// Engaged, Point Blank and the reach of an attack follow from the tokens (seed 003_094b90e5b0802384.txt): "Action"
// ("Attack Engaged: Within range of your ranged weapon and visible // Adjacent with your melee weapon(s)"), "Move"
// (Charge: "If you are not Engaged in combat already ... If your opponent is at least your Move characteristic in
// yards away before you Charge, but within your Run range, you will also gain +1 Advantage"), "Ranged Combat" (no
// shot whilst Engaged without the Pistol Quality; Dodge at Point Blank; any Melee Skill against a shooter Engaged with
// you). Adjacent (less than a yard between the tokens) and Point Blank (a tenth of the weapon's Range) are our
// defaults. Nobody ticks a box or sets a condition for them: the GM's client measures at the moment of decision.
import { describe, expect, it } from "vitest";
import { settle, tableOfThree } from "./support";

/** Ada (Alice: Move 4, a hand weapon, a bow of Range 50, a pistol of Range 20) and Bran (Bob), tokens on a yard-square scene. */
async function yard(branX: number) {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("opposed");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35, move: 4, advantage: 0 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { opposed: { ws: 40, t: 30, i: 30, ag: 30 } } });
  const [sword, bow, pistol] = await ada.createEmbeddedDocuments("Item", [
    { name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } },
    { name: "Bow", type: "weapon", system: { opposed: { kind: "ranged", damage: 7, addStrengthBonus: false, range: 50 } } },
    { name: "Pistol", type: "weapon", system: { opposed: { kind: "ranged", damage: 8, addStrengthBonus: false, range: 20, pistol: true } } },
  ]);
  await bran.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Yard", active: true, grid: { type: 1, size: 100, distance: 1, units: "yd" } });
  const [ta, tb] = await scene.createEmbeddedDocuments("Token", [
    { actorId: ada.id, name: "Ada", actorLink: true, disposition: 1, x: 0, y: 0 },
    { actorId: bran.id, name: "Bran", actorLink: true, disposition: -1, x: branX, y: 0 },
  ]);
  await settle();
  const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
  const token = (client: any, id: string) => client.game.scenes.get(scene.id).tokens.get(id);
  /** Alice attacks Bran with `itemId` from Ada's sheet: the card, or null when nothing was posted. */
  const attack = async (itemId: string) => {
    const before = gm.game.messages.size;
    alice.runtime.dialogs.responder = () => ({ defender: bran.id, difficulty: "challenging" });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId } });
    await settle();
    return gm.game.messages.size > before ? gm.game.messages.contents.at(-1) : null;
  };
  /** Alice's Charge at Bran from Ada's sheet: the card, or null. */
  const charge = async () => {
    const before = gm.game.messages.size;
    alice.runtime.dialogs.responder = () => ({ move: "charge", opponentId: bran.id, yards: 0, runUp: false, test: false });
    await alice.game.actors.get(ada.id).sheet.runAction("actorAction", { actorAction: "move" });
    await settle();
    return gm.game.messages.size > before ? gm.game.messages.contents.at(-1) : null;
  };
  const fight = async () => {
    const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", [
      { actorId: ada.id, name: "Ada", sceneId: scene.id, tokenId: ta.id },
      { actorId: bran.id, name: "Bran", sceneId: scene.id, tokenId: tb.id },
    ]);
    await combat.startCombat();
    await settle();
    return combat;
  };
  return { world, gm, alice, bob, hooks, token, attack, charge, fight, ids: { ada: ada.id as string, bran: bran.id as string, sword: sword.id as string, bow: bow.id as string, pistol: pistol.id as string, ta: ta.id as string, tb: tb.id as string } };
}

describe("seed 003 'Move' (Charge): Engaged and the distance come from the tokens", () => {
  it("with no condition set, Ada beside Bran is Engaged and cannot Charge: refused, nothing posted; 6 yards off she charges and gains +1 Advantage", async () => {
    const y = await yard(100);
    expect(y.gm.game.actors.get(y.ids.ada).statuses.has("engaged")).toBe(false);
    const mark = y.world.server.writes.length;
    expect(await y.charge()).toBe(null);
    expect(y.alice.notices.at(-1)?.message).toBe("You cannot Charge while Engaged.");
    expect(y.world.writesSince(mark)).toEqual([]);
    await y.token(y.gm, y.ids.tb).update({ x: 600 });
    await settle();
    const card = await y.charge();
    expect(JSON.parse(card.system.declaration)).toMatchObject({ move: "charge", distance: 6, measured: true });
    await y.hooks(y.alice).applyFromCard(y.alice.game.messages.get(card.id));
    await settle();
    expect(y.gm.game.actors.get(y.ids.ada).system.opposed.advantage).toBe(1);
  });

  it("in the fight, the Charge counts from where Ada's turn began: she walks up beside Bran, then charges from 6 yards; next round, starting beside him, she may not", async () => {
    const y = await yard(600);
    const combat = await y.fight();
    expect(combat.combatant.actorId).toBe(y.ids.ada);
    await y.token(y.alice, y.ids.ta).update({ x: 500 });
    await settle();
    expect(y.token(y.gm, y.ids.ta).x).toBe(500);
    const card = await y.charge();
    expect(JSON.parse(card.system.declaration)).toMatchObject({ distance: 6, measured: true });
    // Bran's turn, then the next round: Ada's turn begins beside Bran, her record cleared in the step's write.
    await combat.nextTurn();
    await settle();
    await combat.nextRound();
    await settle();
    expect(combat.combatant.actorId).toBe(y.ids.ada);
    expect(y.token(y.gm, y.ids.ta).movementHistory).toEqual([]);
    expect(await y.charge()).toBe(null);
    expect(y.alice.notices.at(-1)?.message).toBe("You cannot Charge while Engaged.");
  });
});

describe("seed 003 'Ranged Combat' and 'Action': Engaged, Point Blank and reach come from the tokens", () => {
  it("beside Bran, Ada's bow is refused (a Pistol is needed); her pistol shoots, and Bran may oppose with Melee (she is Engaged with him) or Dodge (Point Blank)", async () => {
    const y = await yard(100);
    const mark = y.world.server.writes.length;
    expect(await y.attack(y.ids.bow)).toBe(null);
    expect(y.alice.notices.at(-1)?.message).toBe("Only a weapon with the Pistol quality can shoot while Engaged.");
    expect(y.world.writesSince(mark)).toEqual([]);
    const card = await y.attack(y.ids.pistol);
    expect(JSON.parse(card.system.declaration)).toMatchObject({ engaged: true, pointBlank: true, yards: 1, oppositions: ["dodgePointBlank", "meleeWhileEngaged"] });
    expect(card.system.state).toBe("waiting");
    expect(card.content).toContain("Measured between the tokens: 1 yards, at Point Blank.");
  });

  it("3 yards off, Ada's bow (Range 50) is at Point Blank and Bran may Dodge; 30 yards off he may not, and the shot resolves at once", async () => {
    const y = await yard(300);
    const near = await y.attack(y.ids.bow);
    expect(JSON.parse(near.system.declaration)).toMatchObject({ engaged: false, pointBlank: true, yards: 3, oppositions: ["dodgePointBlank"] });
    await y.token(y.gm, y.ids.tb).update({ x: 3000 });
    await settle();
    const far = await y.attack(y.ids.bow);
    expect(JSON.parse(far.system.declaration)).toMatchObject({ pointBlank: false, yards: 30, oppositions: [] });
    expect(far.system.state).not.toBe("waiting");
  });

  it("a blow reaches only a foe beside Ada: from 3 yards it is refused with the reason, nothing posted; a shot past Extreme range (150 yards) too", async () => {
    const y = await yard(300);
    const mark = y.world.server.writes.length;
    expect(await y.attack(y.ids.sword)).toBe(null);
    expect(y.alice.notices.at(-1)?.message).toBe("A melee attack reaches only a foe Engaged with you, standing beside you.");
    expect(y.world.writesSince(mark)).toEqual([]);
    await y.token(y.gm, y.ids.tb).update({ x: 16000 });
    await settle();
    expect(await y.attack(y.ids.bow)).toBe(null);
    expect(y.alice.notices.at(-1)?.message).toBe("The target is 160 yards away, beyond this weapon's Extreme range of 150 yards.");
    await y.token(y.gm, y.ids.tb).update({ x: 100 });
    await settle();
    expect(await y.attack(y.ids.sword)).not.toBe(null);
  });
});
