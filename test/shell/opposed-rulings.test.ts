// The last opposed rules at the table (issue 32; seed 003_094b90e5b0802384.txt),
// each followed to where it shows: a failure at SL 0 ("-0") on the card and in
// who wins ("Surprise!"); "Oops!" 61-70 costing this round's Move; "Move"
// (Disengage) against every Engaged opponent, and a failed one holding the
// token; "Surprised" against a shot at Point Blank; the Prone Condition's
// "Combat Difficulty" steps in the target numbers; "Prepare" with any skill; a
// weapon made ranged without the Strength Bonus; each fighter's Advantage on the
// tracker.
import { describe, expect, it } from "vitest";
import { scriptFaces, settle, tableOfThree } from "./support";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

/**
 * Ada (Alice: WS 45, BS 40, S 35, I 40, Ag 35, Advantage 2), Bran (Bob: WS 40,
 * I 30, Ag 30, Advantage 1) and Cole (the GM's: WS 35, I 20, Advantage 0) on a
 * yard-square scene: Bran beside Ada, Cole `coleX` pixels east of her on the row
 * below. The fight, once begun, goes Ada, Bran, Cole.
 */
async function yard(coleAt: { x: number; y: number } = { x: 2000, y: 2000 }) {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("opposed");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { opposed: { ws: 45, bs: 40, s: 35, t: 30, i: 40, ag: 35, wounds: 12, woundsNow: 12, advantage: 2 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { opposed: { ws: 40, bs: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12, advantage: 1 } } });
  const cole = await Actor.create({ name: "Cole", type: "npc", system: { opposed: { ws: 35, t: 30, i: 20, ag: 25, wounds: 12, woundsNow: 12, advantage: 0 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  const [bow] = await bran.createEmbeddedDocuments("Item", [{ name: "Bow", type: "weapon", system: { opposed: { kind: "ranged", damage: 7, addStrengthBonus: false, range: 50 } } }]);
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Yard", active: true, grid: { type: 1, size: 100, distance: 1, units: "yd" } });
  const [ta, tb, tc] = await scene.createEmbeddedDocuments("Token", [
    { actorId: ada.id, name: "Ada", actorLink: true, disposition: 1, x: 0, y: 0 },
    { actorId: bran.id, name: "Bran", actorLink: true, disposition: -1, x: 100, y: 0 },
    { actorId: cole.id, name: "Cole", actorLink: true, disposition: -1, ...coleAt },
  ]);
  await settle();
  const token = (client: any, id: string) => client.game.scenes.get(scene.id).tokens.get(id);
  const fight = async () => {
    const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca, cb, cc] = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: ada.id, name: "Ada", sceneId: scene.id, tokenId: ta.id },
      { actorId: bran.id, name: "Bran", sceneId: scene.id, tokenId: tb.id },
      { actorId: cole.id, name: "Cole", sceneId: scene.id, tokenId: tc.id },
    ]);
    await combat.startCombat();
    await settle();
    const me = (id: string) => gm.game.combats.get(combat.id).machineState.combatants.find((c: any) => c.id === id);
    return { combat, ca: ca.id as string, cb: cb.id as string, cc: cc.id as string, me };
  };
  /** Alice's move from Ada's sheet, answered with `answer`: the card, or null when nothing was posted. */
  const move = async (answer: Record<string, unknown>) => {
    const before = gm.game.messages.size;
    alice.runtime.dialogs.responder = () => ({ opponentId: "", yards: 0, runUp: false, test: false, ...answer });
    await alice.game.actors.get(ada.id).sheet.runAction("actorAction", { actorAction: "move" });
    await settle();
    return gm.game.messages.size > before ? gm.game.messages.contents.at(-1) : null;
  };
  /** Alice swings at Bran; Bob answers with `answer`; the GM's dice are `dice`. The card as resolved. */
  const swing = async (dice: number[], answer: Record<string, unknown> = { skill: "melee", difficulty: "challenging" }) => {
    alice.runtime.dialogs.responder = () => ({ defender: bran.id, difficulty: "challenging" });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const card = gm.game.messages.contents.at(-1);
    bob.runtime.dialogs.responder = () => answer;
    scriptFaces(gm, 100, dice);
    expect((await hooks(bob).defendFromCard(bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    return gm.game.messages.get(card.id);
  };
  const apply = async (card: any) => {
    await hooks(gm).applyFromCard(gm.game.messages.get(card.id));
    await settle();
  };
  const trackerHtml = async (client: any) => {
    await client.ui.combat.render({ force: true });
    return client.ui.combat.renderedParts.tracker as string;
  };
  const result = (card: any) => JSON.parse(gm.game.messages.get(card.id).system.result);
  return { world, gm, alice, bob, token, fight, move, swing, apply, trackerHtml, result, ids: { ada: ada.id as string, bran: bran.id as string, cole: cole.id as string, sword: sword.id as string, bow: bow.id as string, ta: ta.id as string, tb: tb.id as string, tc: tc.id as string } };
}

describe("seed 003: a roll above the target with SL 0 is a failure (-0), shown and resolved as one", () => {
  it("'Surprise!': Ada's Stealth (Ag 30) rolls 35, Bran's Perception (I 28) 25: the card says -0 and fails, and Bran is not Surprised", async () => {
    const y = await yard();
    await y.gm.game.actors.get(y.ids.ada).update({ "system.opposed.ag": 30 });
    await y.gm.game.actors.get(y.ids.bran).update({ "system.opposed.i": 28 });
    scriptFaces(y.gm, 100, [35, 25]);
    y.alice.runtime.dialogs.responder = () => ({ [`spot.${y.ids.bran}`]: true, [`spot.${y.ids.cole}`]: false });
    await y.alice.game.actors.get(y.ids.ada).sheet.runAction("actorAction", { actorAction: "ambush" });
    await settle();
    const card = y.gm.game.messages.contents.at(-1);
    expect(card.system.kind).toBe("opposed.ambush");
    expect(card.content).toContain("Ada rolls 35 against 30: SL -0.");
    expect(card.content).toContain("Bran rolls 25 against 28: SL +0.");
    expect(card.content).toContain("outcome-failure");
    expect(card.content).not.toContain("outcome-success");
    await y.apply(card);
    expect(y.gm.game.actors.get(y.ids.bran).statuses.has("surprised")).toBe(false);
  });
});

describe("seed 003 'Oops!' 61-70: the next Move may be this round's", () => {
  it("Ada fumbles her attack (77) and rolls 65: her Move this round is lost, not next round's", async () => {
    const y = await yard();
    const f = await y.fight();
    await y.swing([77, 60, 65]);
    expect(f.me(f.ca)).toMatchObject({ actionUsed: true, moveUsed: false, effects: { loseMove: true }, pending: { loseMove: false } });
    // A Leap (her Move) is refused now; the tracker says so.
    expect(await y.move({ move: "leap" })).toBe(null);
    expect(await y.trackerHtml(y.alice)).toMatch(/Move spent/);
    // Next round she has her whole turn.
    await f.combat.nextRound();
    await settle();
    expect(f.me(f.ca)).toMatchObject({ moveUsed: false, effects: { loseMove: false } });
  });
});

describe("seed 003 'Move' (Disengage): every Engaged opponent counts, and a failed Dodge holds the fighter", () => {
  it("with Cole far off, Ada's Advantage 2 beats Bran's 1: she disengages by Advantage, and the card names her", async () => {
    const y = await yard();
    await y.fight();
    const card = await y.move({ move: "disengage", opponentId: y.ids.bran });
    expect(card.content).toContain("Ada gets clear.");
    expect(card.content).not.toContain("{who}");
    await y.apply(card);
    expect(y.gm.game.actors.get(y.ids.ada).system.opposed.advantage).toBe(0);
  });

  it("with Cole beside her too (Advantage 3), she must Dodge both; Bran's 20 beats her 50: she cannot move, her token is held", async () => {
    const y = await yard({ x: 0, y: 100 });
    await y.gm.game.actors.get(y.ids.cole).update({ "system.opposed.advantage": 3 });
    const f = await y.fight();
    // Ada's Dodge (Ag 35) 50 (-2), Bran's Melee (40) 20 (+2), Cole's (35) 80 (-5).
    scriptFaces(y.gm, 100, [50, 20, 80]);
    const card = await y.move({ move: "disengage", opponentId: y.ids.bran });
    const tests = y.result(card).events.filter((e: any) => e.type === "test").map((e: any) => [e.data.who, e.data.roll]);
    expect(tests).toEqual([["Ada", 50], ["Bran", 20], ["Cole", 80]]);
    expect(f.me(f.ca)).toMatchObject({ actionUsed: true, moveUsed: true, pinned: true });
    expect(await y.trackerHtml(y.alice)).toContain("Cannot move this turn");
    // Alice drags Ada's token away: refused with the reason, nothing written.
    const mark = y.world.server.writes.length;
    await y.token(y.alice, y.ids.ta).update({ x: 0, y: 500 });
    await settle();
    expect(y.alice.notices.at(-1)?.message).toBe("Ada failed to get clear and cannot move this turn.");
    expect(y.world.writesSince(mark)).toEqual([]);
    expect(y.token(y.gm, y.ids.ta).y).toBe(0);
    // A move written past Alice's own hooks is judged again on the GM's client and put back.
    const client = y.alice.runtime.client;
    const sceneId = y.gm.game.scenes.contents[0].id;
    await y.world.server.request(client, "modifyDocument", () => y.world.server.update(client, "Token", [{ documentName: "Scene", id: sceneId }], [{ _id: y.ids.ta, x: 0, y: 500 }], {}));
    await settle();
    expect(y.token(y.gm, y.ids.ta)).toMatchObject({ x: 0, y: 0 });
    expect(y.gm.notices.at(-1)?.message).toBe("Ada failed to get clear and cannot move this turn.");
    // Both foes who beat her gain Advantage on Apply (Cole's -5 is below her -2: he does not).
    await y.apply(card);
    expect([y.gm.game.actors.get(y.ids.bran).system.opposed.advantage, y.gm.game.actors.get(y.ids.cole).system.opposed.advantage]).toEqual([2, 3]);
    // Her turn over, she may move again.
    await y.alice.ui.combat.runAction("boutEndTurn", { combatantId: f.ca });
    await settle();
    expect(f.me(f.ca).pinned).toBeUndefined();
  });
});

describe("seed 003 'Surprised' and 'Ranged Combat': a Surprised target cannot Dodge a shot at Point Blank", () => {
  it("Bran shoots Surprised Ada 3 yards off (Point Blank for Range 50): the card resolves at once, no Dodge offered; a Dodge sent anyway is refused", async () => {
    const y = await yard();
    await y.token(y.gm, y.ids.tb).update({ x: 300 });
    await y.gm.game.actors.get(y.ids.ada).toggleStatusEffect("surprised", { active: true });
    await settle();
    scriptFaces(y.gm, 100, [30]);
    const posted = await hooks(y.bob).postCard("opposed.attack", y.bob.game.actors.get(y.ids.bran), y.bob.game.actors.get(y.ids.ada), { weaponId: y.ids.bow, difficulty: "challenging", modifier: 0 }, "");
    expect(posted.ok).toBe(true);
    await settle();
    const card = y.gm.game.messages.contents.at(-1);
    expect(JSON.parse(card.system.declaration)).toMatchObject({ pointBlank: true, oppositions: [] });
    expect(card.system.state).not.toBe("declared");
    expect(y.alice.runtime.dialogs.asked.some((a: any) => String(a.config?.title ?? "").includes("Defend"))).toBe(false);
  });
});

describe("seed 003 'Combat Difficulty' and the Prone Condition: the steps apply without the GM typing them", () => {
  it("Bran is Prone: Ada's blow is at 45 + 20 = 65 and his Dodge at 30 - 30 = 0; Ada Prone too: 65 - 10 = 55", async () => {
    const y = await yard();
    await y.gm.game.actors.get(y.ids.bran).toggleStatusEffect("prone", { active: true });
    await settle();
    const card = await y.swing([50, 50], { skill: "dodge", difficulty: "challenging" });
    const targets = y.result(card).events.filter((e: any) => e.type === "test").map((e: any) => e.data.target);
    expect(targets).toEqual([65, 0]);
    expect(card.content).toContain("The target is Prone: +20 to hit.");
    await y.gm.game.actors.get(y.ids.ada).toggleStatusEffect("prone", { active: true });
    await settle();
    const again = await y.swing([50, 50]);
    expect(y.result(again).events.filter((e: any) => e.type === "test").map((e: any) => e.data.target)).toEqual([55, 40]);
    expect(again.content).toContain("Attacking while Prone: -10.");
  });
});

describe("seed 003 'Opposing a Melee Attack' (Prepare): any skill", () => {
  it("Bran prepares his Intimidate (Fel 30 + 10) from the tracker and opposes Ada's blow with it at 40 + 20 = 60; the tracker names it", async () => {
    const y = await yard();
    const bran = y.gm.game.actors.get(y.ids.bran);
    await bran.update({ "system.opposed.fel": 30 });
    const [intimidate] = await bran.createEmbeddedDocuments("Item", [{ name: "Intimidate", type: "skill", system: { opposed: { characteristic: "fel", advances: 10 } } }]);
    const f = await y.fight();
    // Ada's turn passes; on Bran's, Bob prepares Intimidate.
    await y.alice.ui.combat.runAction("boutEndTurn", { combatantId: f.ca });
    await settle();
    y.bob.runtime.dialogs.responder = () => ({ skill: `item:${intimidate.id}` });
    await y.bob.ui.combat.runAction("boutTurnChoice", { combatantId: f.cb, actionId: "prepare" });
    await settle();
    expect(f.me(f.cb)).toMatchObject({ prepared: `item:${intimidate.id}`, preparedName: "Intimidate", actionUsed: true });
    expect(await y.trackerHtml(y.alice)).toContain("Prepared: Intimidate +20");
    // A skill Bran does not have is refused.
    const bad = await y.bob.game.combats.get(f.combat.id).command({ type: "prepare", combatantId: f.cb, skill: "item:nothing", name: "Dodge" });
    expect(bad.ok).toBe(false);
    // Next round Ada swings first; Bran's Intimidate carries its +20 until his turn.
    await f.combat.nextRound();
    await settle();
    const card = await y.swing([50, 50], { skill: `item:${intimidate.id}`, difficulty: "challenging" });
    expect(y.result(card).events.filter((e: any) => e.type === "test").map((e: any) => e.data.target)).toEqual([45, 60]);
  });
});

describe("seed 003 'Attacking' 3: a weapon the GM makes ranged does not add the Strength Bonus by default", () => {
  it("a new weapon switched to ranged on the sheet loses the +SB box (the form sends it unchanged); one created ranged has none; the GM may still tick it", async () => {
    const y = await yard();
    const bran = y.gm.game.actors.get(y.ids.bran);
    const [sling] = await bran.createEmbeddedDocuments("Item", [{ name: "Sling", type: "weapon" }]);
    expect(sling.system.opposed).toMatchObject({ kind: "melee", addStrengthBonus: true });
    // What the item sheet's form sends: every field, the box as it was.
    await sling.update({ "system.opposed.kind": "ranged", "system.opposed.addStrengthBonus": true, "system.opposed.damage": 6, "system.opposed.range": 30 });
    expect(sling.system.opposed).toMatchObject({ kind: "ranged", addStrengthBonus: false });
    const [javelin] = await bran.createEmbeddedDocuments("Item", [{ name: "Javelin", type: "weapon", system: { opposed: { kind: "ranged", damage: 5 } } }]);
    expect(javelin.system.opposed.addStrengthBonus).toBe(false);
    const [thrown] = await bran.createEmbeddedDocuments("Item", [{ name: "Throwing axe", type: "weapon", system: { opposed: { kind: "ranged", damage: 5, addStrengthBonus: true } } }]);
    expect(thrown.system.opposed.addStrengthBonus).toBe(true);
    // Bran (S 0: SB 0 here) shoots the sling: Damage 6 on the card.
    await bran.update({ "system.opposed.s": 40 });
    await y.token(y.gm, y.ids.tb).update({ x: 1000 });
    await settle();
    const posted = await hooks(y.bob).postCard("opposed.attack", y.bob.game.actors.get(y.ids.bran), y.bob.game.actors.get(y.ids.ada), { weaponId: sling.id, difficulty: "challenging", modifier: 0 }, "");
    expect(posted.ok).toBe(true);
    expect(JSON.parse(y.gm.game.messages.contents.at(-1).system.declaration).damage).toBe(6);
  });
});

describe("seed 003 'Attacking' and 'Move': the tracker shows each fighter's Advantage", () => {
  it("Ada 2, Bran 1, Cole 0 on the rows; after Ada's blow lands and is applied, 3", async () => {
    const y = await yard();
    const f = await y.fight();
    const html = await y.trackerHtml(y.bob);
    expect(html).toContain("Advantage 2");
    expect(html).toContain("Advantage 1");
    expect(html).toContain("Advantage 0");
    // Ada 21 (SL +2) beats Bran's 60.
    const card = await y.swing([21, 60]);
    await y.apply(card);
    expect(y.gm.game.actors.get(y.ids.ada).system.opposed.advantage).toBe(3);
    expect(await y.trackerHtml(y.bob)).toContain("Advantage 3");
    void f;
  });
});
