// Seed 003_094b90e5b0802384.txt "Move" at the table: Charge, Flee, Disengage, Run, Leap, Climb and Fall from
// the sheet, each a card the GM's client rolls; Advantage, Wounds and conditions are applied once.
import { describe, expect, it } from "vitest";
import { scriptFaces, settle, tableOfThree } from "./support";

async function yard() {
  const { world, gm, alice, Actor } = await tableOfThree("opposed");
  // Ada: Move 4, Ag 35, WP 30, T 30 (TB 3), 12 Wounds. Bran: WS 40, S 30 (SB 3), a hand weapon of Damage 4.
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { opposed: { ws: 45, ag: 35, wp: 30, t: 30, i: 40, move: 4, wounds: 12, woundsNow: 12, advantage: 0 } } });
  const bran = await Actor.create({ name: "Bran", type: "npc", system: { opposed: { ws: 40, s: 30, t: 30, i: 30, ag: 30, advantage: 1 } } });
  await bran.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  await settle();
  const move = async (answer: Record<string, unknown>) => {
    alice.runtime.dialogs.responder = () => ({ opponentId: "", yards: 0, runUp: false, test: false, ...answer });
    await alice.game.actors.get(ada.id).sheet.runAction("actorAction", { actorAction: "move" });
    await settle();
    return gm.game.messages.contents.at(-1);
  };
  const apply = async (card: any) => {
    await alice.evaluate<any>("globalThis.__boutTest").applyFromCard(alice.game.messages.get(card.id));
    await settle();
  };
  return { world, gm, alice, adaId: ada.id as string, branId: bran.id as string, move, apply };
}

describe("opposed moves at the table (seed 003 'Move')", () => {
  it("Charge from 6 yards (at least Move 4, within Run 16), measured between the tokens: +1 Advantage on apply", async () => {
    const t = await yard();
    // A yard a square: Bran's token 6 yards from Ada's.
    const scene = await t.gm.CONFIG.Scene.documentClass.create({ name: "Yard", grid: { type: 1, size: 100, distance: 1, units: "yd" } });
    await scene.createEmbeddedDocuments("Token", [
      { actorId: t.adaId, name: "Ada", actorLink: true, x: 0, y: 0 },
      { actorId: t.branId, name: "Bran", actorLink: true, x: 600, y: 0 },
    ]);
    await settle();
    const card = await t.move({ move: "charge", opponentId: t.branId });
    expect(JSON.parse(card.system.declaration)).toMatchObject({ distance: 6, measured: true });
    expect(card.system.kind).toBe("opposed.move");
    await t.apply(card);
    expect(t.gm.game.actors.get(t.adaId).system.opposed.advantage).toBe(1);
  });

  it("Flee: Bran's free attack at +20 (40 + 20 = 60) hits with 21; Ada fails her Cool (30) with 75 and is Broken; Bran's Advantage goes 1 → 3", async () => {
    const t = await yard();
    scriptFaces(t.gm, 100, [21, 75]);
    const card = await t.move({ move: "flee", opponentId: t.branId });
    await t.apply(card);
    expect(t.gm.game.actors.get(t.branId).system.opposed.advantage).toBe(3);
    // 21 at 60: SL +4; reversed 12 is the left arm; Damage 4 + SB 3 + 4 = 11, less TB 3: 8 Wounds.
    expect(t.gm.game.actors.get(t.adaId).system.opposed.woundsNow).toBe(4);
    expect(t.gm.game.actors.get(t.adaId).statuses.has("broken")).toBe(true);
  });

  it("seed 003 'Flee' and 'Attacking' 3: the free attack deals the Weapon Damage Bran's attack card declares for the same weapon (4 + SB 3 = 7), not his bow's", async () => {
    const t = await yard();
    const bran = t.gm.game.actors.get(t.branId);
    // An equipped bow first: the free attack is a Melee Test, so the hand weapon deals it.
    await bran.createEmbeddedDocuments("Item", [{ name: "Bow", type: "weapon", sort: -1, system: { equipped: true, opposed: { kind: "ranged", damage: 9, addStrengthBonus: true, range: 50 } } }]);
    const hand = bran.items.contents.find((i: any) => i.name === "Hand weapon");
    t.gm.runtime.dialogs.responder = () => ({ defender: t.adaId, difficulty: "challenging" });
    await bran.sheet.runAction("rollItem", {}, { row: { itemId: hand.id } });
    await settle();
    const declared = JSON.parse(t.gm.game.messages.contents.at(-1).system.declaration);
    expect([declared.weaponId, declared.damage]).toEqual([hand.id, 7]);
    // 21 at 60: SL +4, Damage 7 + 4 = 11, less TB 3: 8 Wounds; Cool 20 passes.
    scriptFaces(t.gm, 100, [21, 20]);
    const card = await t.move({ move: "flee", opponentId: t.branId });
    await t.apply(card);
    expect(t.gm.game.actors.get(t.adaId).system.opposed.woundsNow).toBe(12 - (declared.damage + 4 - 3));
  });

  it("Fall of 3 yards: 1d10 (6) + 9 = 15, less TB 3: 12 Wounds, Prone", async () => {
    const t = await yard();
    scriptFaces(t.gm, 10, [6]);
    const card = await t.move({ move: "fall", yards: 3 });
    await t.apply(card);
    expect(t.gm.game.actors.get(t.adaId).system.opposed.woundsNow).toBe(0);
    expect(t.gm.game.actors.get(t.adaId).statuses.has("prone")).toBe(true);
  });

  it("Flee without naming the opponent is refused and posts nothing", async () => {
    const t = await yard();
    const before = t.gm.game.messages.size;
    await t.move({ move: "flee" });
    expect(t.gm.game.messages.size).toBe(before);
    expect(t.alice.notices.at(-1)?.message).toMatch(/Name the opponent/);
  });
});

describe("surprise at the table (seed 003 'Surprise!')", () => {
  it("Ada's Stealth (Ag 35) rolls 12 against Bran's Perception (I 30) 88: Bran is Surprised; a Resolve point shakes it off", async () => {
    const t = await yard();
    scriptFaces(t.gm, 100, [12, 88]);
    t.alice.runtime.dialogs.responder = () => ({ [`spot.${t.branId}`]: true });
    await t.alice.game.actors.get(t.adaId).sheet.runAction("actorAction", { actorAction: "ambush" });
    await settle();
    const card = t.gm.game.messages.contents.at(-1);
    expect(card.system.kind).toBe("opposed.ambush");
    await t.apply(card);
    expect(t.gm.game.actors.get(t.branId).statuses.has("surprised")).toBe(true);

    // Ada, caught in turn by someone else's ambush, spends her Resolve point.
    await t.gm.game.actors.get(t.adaId).toggleStatusEffect("surprised", { active: true });
    await t.alice.game.actors.get(t.adaId).sheet.runAction("actorAction", { actorAction: "shakeOff" });
    await settle();
    const shake = t.gm.game.messages.contents.at(-1);
    expect(shake.system.kind).toBe("opposed.shakeOff");
    await t.apply(shake);
    expect(t.gm.game.actors.get(t.adaId).statuses.has("surprised")).toBe(false);
    expect(t.gm.game.actors.get(t.adaId).system.opposed.resolve).toBe(0);
    // No Resolve left: refused, nothing posted.
    await t.gm.game.actors.get(t.adaId).toggleStatusEffect("surprised", { active: true });
    const before = t.gm.game.messages.size;
    await t.alice.game.actors.get(t.adaId).sheet.runAction("actorAction", { actorAction: "shakeOff" });
    await settle();
    expect(t.gm.game.messages.size).toBe(before);
    expect(t.alice.notices.at(-1)?.message).toMatch(/No Resolve left/);
  });
});
