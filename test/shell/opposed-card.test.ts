// Opposed attack cards (issue 8, seed 003_094b90e5b0802384.txt, "Attacking",
// "Hit Locations", "Damage", "Advantage", "Surprised"): the attacker's weapon
// button posts a card, the defender's owner opposes with Melee or Dodge, the
// GM's client rolls both d100s, and applying the card takes the Wounds off and
// gives the winner Advantage. In a turn-order fight the attack is the
// attacker's Action, refused out of turn before any die is rolled.
import { describe, expect, it } from "vitest";
import { formCells, scriptFaces, settle, tableOfThree } from "./support";

async function arena() {
  const { world, gm, alice, bob, Actor } = await tableOfThree("opposed");
  // Ada: WS 45, S 35 (SB 3). Bran: WS 40, T 30 (TB 3), 12 Wounds, no armour.
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  const [bow] = await ada.createEmbeddedDocuments("Item", [{ name: "Bow", type: "weapon", system: { opposed: { kind: "ranged", damage: 7, addStrengthBonus: false, range: 50 } } }]);
  await settle();
  return { world, gm, alice, bob, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string, bowId: bow.id as string };
}

async function attack(ctx: Awaited<ReturnType<typeof arena>>, itemId: string) {
  ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId, difficulty: "challenging" });
  await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId } });
  await settle();
  return ctx.gm.game.messages.contents.at(-1);
}

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

/** Ada's and Bran's tokens on a scene of a yard a square, Bran `x` pixels (a hundredth of a yard each) east of Ada. */
async function onScene(ctx: Awaited<ReturnType<typeof arena>>, x: number) {
  const scene = await ctx.gm.CONFIG.Scene.documentClass.create({ name: "Range", grid: { type: 1, size: 100, distance: 1, units: "yd" } });
  await scene.createEmbeddedDocuments("Token", [
    { actorId: ctx.adaId, name: "Ada", actorLink: true, x: 0, y: 0 },
    { actorId: ctx.branId, name: "Bran", actorLink: true, x, y: 0 },
  ]);
  await settle();
  return scene;
}

describe("opposed melee attack cards", () => {
  it("seed 003 'Oppose': the defender may oppose with another skill of its own the GM allows (Intimidate, Fel 30 + 15); a skill it lacks is refused", async () => {
    const ctx = await arena();
    const bran = ctx.gm.game.actors.get(ctx.branId);
    await bran.update({ "system.opposed.fel": 30 });
    const [intimidate] = await bran.createEmbeddedDocuments("Item", [{ name: "Intimidate", type: "skill", system: { opposed: { characteristic: "fel", advances: 15 } } }]);
    const card = await attack(ctx, ctx.swordId);
    // A skill the dialog does not offer (it sends only a choice it offers): a client asks with one anyway.
    const bad = await hooks(ctx.bob).askGM("answerCard", { messageId: card.id, answer: { skill: "item:nope", difficulty: "challenging" } });
    expect(bad.ok ? "ok" : bad.refusal.code).toBe("opposed.badSkill");
    ctx.bob.runtime.dialogs.responder = () => ({ skill: `item:${intimidate.id}`, difficulty: "challenging" });
    scriptFaces(ctx.gm, 100, [60, 20]);
    const good = await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    expect(good.ok).toBe(true);
    await settle();
    const result = JSON.parse(ctx.gm.game.messages.get(card.id).system.result);
    expect(result.events.filter((e: any) => e.type === "test").map((e: any) => e.data.target)).toEqual([45, 45]);
  });

  it("seed 003 'Surprised' outside any fight: Bran cannot oppose Ada's blow, and Bob is told so by name; the card stays open and nothing is written", async () => {
    const ctx = await arena();
    await ctx.gm.game.actors.get(ctx.branId).toggleStatusEffect("surprised", { active: true });
    await settle();
    const card = await attack(ctx, ctx.swordId);
    const mark = ctx.world.server.writes.length;
    ctx.bob.runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging" });
    scriptFaces(ctx.gm, 100, [30, 20]);
    const answered = await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    expect(answered.ok ? "ok" : answered.refusal.code).toBe("opposed.cannotDefend");
    expect(ctx.bob.notices.at(-1)?.message).toBe("Bran is Surprised and cannot oppose the attack.");
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(ctx.gm.game.messages.get(card.id).system.state).toBe("waiting");
  });

  it("seed 003 'Oops!' and criticals from the card: Ada fumbles (77) and rolls 10 on Oops!, losing a Wound; Bran's 11 is a critical on her left arm", async () => {
    const ctx = await arena();
    const card = await attack(ctx, ctx.swordId);
    ctx.bob.runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging" });
    // Ada 77 (a failed double), Bran 11 (a successful double), Oops! 10, then the critical table's d100: 50.
    scriptFaces(ctx.gm, 100, [77, 11, 10, 50]);
    const answered = await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    expect(answered.ok).toBe(true);
    await settle();
    const resolved = ctx.gm.game.messages.get(card.id);
    // The Oops! line in the card's third person (issue 34), whatever the table's own words.
    expect(resolved.content).toContain("a self-inflicted wound, 1 Wound lost past armour and Toughness");
    // Bran's 11 reversed is 11: the left arm (10–24); 50 on our table is a serious arm wound.
    expect(resolved.content).toMatch(/Critical on Ada \(Left \(off\) arm\), 50: A bad wound to the arm/);
    const before = ctx.gm.game.actors.get(ctx.adaId).system.opposed;
    await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(card.id));
    await settle();
    const after = ctx.gm.game.actors.get(ctx.adaId).system.opposed;
    expect(after.woundsNow).toBe(before.woundsNow - 1);
    expect(after.criticalWounds).toBe(before.criticalWounds + 1);
  });

  it("the attack dialog draws the attacker's Success Levels and those of a winning attack (issue 10: 45 to hit, SL +4 on 01–09: 9.0%)", async () => {
    const ctx = await arena();
    let asked: any;
    ctx.alice.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return null;
    };
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
    expect(asked.content).toContain("<figcaption>Success Levels</figcaption>");
    expect(asked.content).toContain('aria-label="4: 9.0%"');
    expect(asked.content).toContain("Success Levels of a winning attack");
  });

  it("45 against 40: Ada rolls 21 (SL +2), Bran parries with 38 (SL +1); the blow lands on the left arm for 8 Damage, 5 Wounds", async () => {
    const ctx = await arena();
    const card = await attack(ctx, ctx.swordId);
    expect(card.system.state).toBe("waiting");
    expect(card.content).toContain('data-bout-action="defend"');
    ctx.bob.runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging" });
    scriptFaces(ctx.gm, 100, [21, 38]);
    const answered = await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    expect(answered.ok).toBe(true);
    await settle();
    const resolved = ctx.gm.game.messages.get(card.id);
    const result = JSON.parse(resolved.system.result);
    const data = (type: string) => result.events.find((e: any) => e.type === type)?.data;
    expect(data("opposed")).toEqual({ winner: "Ada", sl: 1 });
    // Reversed 21 is 12: the left (secondary) arm, 10-24.
    expect(data("hit")).toEqual({ on: "Bran", location: "leftArm", reversed: 12 });
    // Damage = 4 + SB 3 + SL 1 = 8; Wounds = 8 - TB 3 = 5.
    expect(data("wounds")).toMatchObject({ on: "Bran", damage: 8, suffered: 5, woundsNow: 7 });
    expect(resolved.content).toContain("Left (off) arm");
    // Issue 20: the headline names the Wounds and where, from the engine's hit.
    expect(resolved.content).toContain('<span class="card-headline-text">Ada hits Bran (Left (off) arm): 5 Wounds lost.</span>');

    await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(card.id));
    await settle();
    expect(ctx.gm.game.actors.get(ctx.branId).system.opposed.woundsNow).toBe(7);
    expect(ctx.gm.game.actors.get(ctx.adaId).system.opposed.advantage).toBe(1);
  });

  it("two cards resolved before either is applied both take their Wounds", async () => {
    const ctx = await arena();
    const first = await attack(ctx, ctx.swordId);
    const second = await attack(ctx, ctx.swordId);
    ctx.bob.runtime.dialogs.responder = () => ({ skill: "none", difficulty: "challenging" });
    scriptFaces(ctx.gm, 100, [21]);
    await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(first.id));
    scriptFaces(ctx.gm, 100, [31]);
    await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(second.id));
    await settle();
    // Unopposed: SL +2 then +1; Damage 9 and 8; Wounds 6 and 5 off 12.
    await hooks(ctx.gm).applyFromCard(ctx.gm.game.messages.get(first.id));
    await hooks(ctx.gm).applyFromCard(ctx.gm.game.messages.get(second.id));
    await settle();
    expect(ctx.gm.game.actors.get(ctx.branId).system.opposed.woundsNow).toBe(1);
    expect(ctx.gm.game.actors.get(ctx.adaId).system.opposed.advantage).toBe(2);
  });

  it("refuses a bad answer and leaves the card waiting; a modifier in a player's answer is the GM's figure", async () => {
    const ctx = await arena();
    const card = await attack(ctx, ctx.swordId);
    // Bob's dialog offers no such difficulty (he closes it); his client sends one anyway.
    ctx.bob.runtime.dialogs.responder = () => null;
    await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    expect(ctx.bob.runtime.dialogs.asked.at(-1)!.config.content).not.toContain('value="impossible"');
    const answered = await hooks(ctx.bob).askGM("answerCard", { messageId: card.id, answer: { skill: "melee", difficulty: "impossible" } });
    expect(answered.refusal.code).toBe("opposed.badDifficulty");
    expect(ctx.gm.game.messages.get(card.id).system.state).toBe("waiting");
    // Bob's dialog has no modifier; one sent anyway is refused, and the card still waits.
    expect(ctx.bob.runtime.dialogs.asked.at(-1)!.config.content).not.toContain('name="modifier"');
    // A hostile client sends the answer itself, as itself (its own pass), past its own dialog.
    const forged = await hooks(ctx.bob).askGM("answerCard", { messageId: card.id, answer: { skill: "melee", difficulty: "challenging", modifier: 40 } });
    expect(forged.refusal.code).toBe("card.gmFigures");
    expect(ctx.gm.game.messages.get(card.id).system.state).toBe("waiting");
  });
});

describe("opposed ranged attack cards", () => {
  it("a shot at a Large target adds +20 from the size table (seed 003 'Size'): BS 40 becomes 60", async () => {
    const ctx = await arena();
    await ctx.gm.game.actors.get(ctx.branId).update({ "system.opposed.size": "large" });
    scriptFaces(ctx.gm, 100, [55]);
    const card = await attack(ctx, ctx.bowId);
    const result = JSON.parse(card.system.result);
    expect(result.events.find((e: any) => e.type === "test")?.data).toMatchObject({ roll: 55, target: 60, success: true });
  });

  it("a shot is unopposed: the GM resolves it as it is posted (BS 40 rolls 33: SL +1, reversed 33 is the right arm, 7 + 1 - 3 = 5 Wounds)", async () => {
    const ctx = await arena();
    scriptFaces(ctx.gm, 100, [33]);
    const card = await attack(ctx, ctx.bowId);
    expect(card.system.state).toBe("resolved");
    expect(card.content).not.toContain('data-bout-action="defend"');
    const result = JSON.parse(card.system.result);
    expect(result.events.find((e: any) => e.type === "hit")?.data).toMatchObject({ location: "rightArm", reversed: 33 });
    expect(result.events.find((e: any) => e.type === "wounds")?.data).toMatchObject({ damage: 8, suffered: 5 });
  });

  it("seed 003 'Ranged Combat': at Point Blank the target may Dodge; a large shield lets it oppose with Melee; only those ways are offered", async () => {
    const ctx = await arena();
    await ctx.gm.game.actors.get(ctx.branId).createEmbeddedDocuments("Item", [{ name: "Pavise", type: "shield", system: { equipped: true, opposed: { ap: 2, large: true } } }]);
    // Bran's token 3 yards from Ada's: within a tenth of her bow's Range 50, so at Point Blank; not beside her, so not Engaged.
    await onScene(ctx, 300);
    ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId, difficulty: "challenging" });
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.bowId } });
    await settle();
    const card = ctx.gm.game.messages.contents.at(-1);
    expect(card.system.state).toBe("waiting");
    expect(JSON.parse(card.system.declaration).oppositions).toEqual(["dodgePointBlank", "largeShield"]);
    let asked: any;
    ctx.bob.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return { opposition: "dodgePointBlank", difficulty: "challenging" };
    };
    // Ada shoots 33; Bran dodges with 12: both roll, and the opposed test decides the hit.
    scriptFaces(ctx.gm, 100, [33, 12]);
    const answered = await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    expect(answered.ok).toBe(true);
    await settle();
    expect(asked.content).toContain("Dodge (Point Blank)");
    expect(asked.content).not.toContain("the shooter is Engaged with you");
    const result = JSON.parse(ctx.gm.game.messages.get(card.id).system.result);
    expect(result.events.filter((e: any) => e.type === "test")).toHaveLength(2);
  });

  it("a shooter Engaged with the target needs a Pistol: the shot is refused and nothing is posted", async () => {
    const ctx = await arena();
    // Bran's token beside Ada's.
    await onScene(ctx, 100);
    const before = ctx.gm.game.messages.size;
    const r = await hooks(ctx.alice).postCard("opposed.attack", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.bowId, difficulty: "challenging", modifier: 0 }, "");
    expect(r.ok ? "ok" : r.refusal.code).toBe("opposed.engagedRanged");
    expect(ctx.gm.game.messages.size).toBe(before);
  });
});

describe("opposed attacks in a turn-order fight", () => {
  it("seed 003 'Prepare': Ada prepares Dodge from the tracker as her Action; Bran's attack then meets Dodge +20", async () => {
    const ctx = await arena();
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca] = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: ctx.adaId, name: "Ada" },
      { actorId: ctx.branId, name: "Bran" },
    ]);
    await combat.startCombat();
    await settle();
    ctx.alice.runtime.dialogs.responder = () => ({ skill: "dodge" });
    await ctx.alice.ui.combat.runAction("boutTurnChoice", { combatantId: ca.id, actionId: "prepare" });
    await settle();
    let state = ctx.gm.game.combats.get(combat.id).machineState;
    expect(state.combatants.find((c: any) => c.id === ca.id)).toMatchObject({ prepared: "dodge", actionUsed: true });
    await ctx.alice.ui.combat.runAction("boutEndTurn", { combatantId: ca.id });
    await settle();
    // Bran's turn: he attacks Ada, who dodges (Ag 35, +20 prepared = 55).
    await ctx.gm.game.actors.get(ctx.branId).createEmbeddedDocuments("Item", [{ name: "Club", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 3 } } }]);
    const club = ctx.gm.game.actors.get(ctx.branId).items.getName("Club");
    const posted = await hooks(ctx.gm).postCard("opposed.attack", ctx.gm.game.actors.get(ctx.branId), ctx.gm.game.actors.get(ctx.adaId), { weaponId: club.id, difficulty: "challenging", modifier: 0 }, combat.id);
    expect(posted.ok).toBe(true);
    await settle();
    const card = ctx.gm.game.messages.contents.at(-1);
    ctx.alice.runtime.dialogs.responder = () => ({ skill: "dodge", difficulty: "challenging" });
    scriptFaces(ctx.gm, 100, [50, 50]);
    await hooks(ctx.alice).defendFromCard(ctx.alice.game.messages.get(card.id));
    await settle();
    const result = JSON.parse(ctx.gm.game.messages.get(card.id).system.result);
    const tests = result.events.filter((e: any) => e.type === "test").map((e: any) => e.data.target);
    expect(tests).toEqual([40, 55]);
  });

  it("out of turn is refused before any die is rolled; on your turn it spends your Action", async () => {
    const ctx = await arena();
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca] = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: ctx.adaId, name: "Ada" },
      { actorId: ctx.branId, name: "Bran" },
    ]);
    await combat.startCombat();
    await settle();
    // Bran (Initiative 30) tries to attack while Ada (40) acts.
    const before = ctx.gm.game.messages.size;
    const post = hooks(ctx.bob).postCard;
    const refused = await post("opposed.attack", ctx.bob.game.actors.get(ctx.branId), ctx.bob.game.actors.get(ctx.adaId), { weaponId: "none", difficulty: "challenging", modifier: 0 }, combat.id);
    expect(refused.ok).toBe(false);
    expect(ctx.gm.game.messages.size).toBe(before);

    const card = await attack(ctx, ctx.swordId);
    ctx.bob.runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging" });
    scriptFaces(ctx.gm, 100, [21, 38]);
    await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    const state = ctx.gm.game.combats.get(combat.id).machineState;
    expect(state.combatants.find((c: any) => c.id === ca.id).actionUsed).toBe(true);
    // A second attack this turn is refused: the Action is gone.
    const again = await hooks(ctx.alice).postCard("opposed.attack", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.swordId, difficulty: "challenging", modifier: 0 }, combat.id);
    expect(again.refusal.code).toBe("turns.actionGone");
  });
});

describe("the GM's tie rule form (seed 003 'Attacking' does not say who wins on equal SL: ours is the higher target)", () => {
  it("Ada 41 against her 45 and Bran 40 against his 40 both succeed at SL 0: by ours Ada's higher target wins; with the form set to the defender, the same dice leave Bran unhit", async () => {
    const ctx = await arena();
    const winner = async () => {
      const card = await attack(ctx, ctx.swordId);
      ctx.bob.runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging" });
      // Both succeed at +0 (a failure at -0 would simply lose: seed 003 minus-zero, engine tests).
      scriptFaces(ctx.gm, 100, [41, 40, 50, 50]);
      expect((await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id))).ok).toBe(true);
      await settle();
      const result = JSON.parse(ctx.gm.game.messages.get(card.id).system.result);
      return result.events.find((e: any) => e.type === "opposed").data.winner;
    };
    expect(await winner()).toBe("Ada");
    const menu = ctx.gm.game.settings.menus.get("bout.opposedTieMenu");
    expect(menu.restricted).toBe(true);
    const app = new menu.type();
    await app.render({ force: true });
    const html = app.renderedParts.form as string;
    expect(html).toContain('<option value="higherTarget" selected>The higher target, then the attacker</option>');
    expect(html).not.toContain("BOUT.");
    ctx.gm.ui.notifications.clear();
    await app.submit({ tie: "coinFlip" });
    expect(ctx.gm.ui.notifications.notices.at(-1)).toEqual({ type: "warning", message: "Equal Success Levels: Who wins is not one of the choices." });
    expect(ctx.gm.game.settings.get("bout", "opposedTie")).toBe("higherTarget");
    await app.submit({ ...formCells(html), tie: "defender" });
    await settle();
    expect(ctx.gm.game.settings.get("bout", "opposedTie")).toBe("defender");
    expect(await winner()).toBe("Bran");
    await app.runAction("reset");
    expect(ctx.gm.game.settings.get("bout", "opposedTie")).toBe("higherTarget");
  });
});
