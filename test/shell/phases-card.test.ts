// Phases attack cards (seed 001_e84cf39f805b9fd9.txt: "2. First Missiles" and
// its Missile Fire Table, "Optional Longbow and Crossbow Damage Rule",
// "Optional Called Shots Rule"; "1. Movement" for the first strike and the
// routing footnote; the melee procedure and "every five points" are our
// default, docs/rulesets/phases.md). The weapon button opens a dialog with the
// engine's exact odds and posts a card; a shot resolves at once, a blow waits
// for the defender's owner; the GM's client rolls the stress dice; Apply takes
// the wound levels off the target's track, once. The card and dialogs are drawn
// with the real handlebars: no key is left unlocalized.
import { describe, expect, it } from "vitest";
import { expectedWrites, formCells, scriptDraws, settle, shownWrites, tableOfThree } from "./support";
import { everyRow } from "./gm-round";
import { isV14 } from "../harness/version";

// When the scripted draws run out: 5 on a d10, as these tests were written with.
const AFTER = [5, 10] as const;

/** Scripts the GM's dice: each draw is [face, faces]; 10 is the d10's "0". */
async function range() {
  const { world, gm, alice, bob, Actor } = await tableOfThree("phases");
  // Ada: Attack 3. Bran: Defense 2, Soak 2, a mace in hand (Defense +1).
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { phases: { attack: 3 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { phases: { defense: 2, soak: 2 } } });
  const [bow, sword, longbow] = await ada.createEmbeddedDocuments("Item", [
    { name: "Short bow", type: "weapon", system: { phases: { attack: 2, damage: 6, missile: true, range: "far", minRange: "close" } } },
    { name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } },
    { name: "Longbow", type: "weapon", system: { phases: { attack: 2, damage: 6, missile: true, piercing: true, range: "far", minRange: "close" } } },
  ]);
  const [mace] = await bran.createEmbeddedDocuments("Item", [{ name: "Mace", type: "weapon", system: { equipped: true, phases: { defense: 1 } } }]);
  // The butts: a pace a square; Ada at the near end, Bran 30 paces off (Middle range, by our paces).
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Butts", active: true, grid: { size: 100, distance: 1, units: "paces" } });
  const [adaToken, branToken] = await scene.createEmbeddedDocuments("Token", [
    { name: "Ada", actorId: ada.id, actorLink: true, x: 0, y: 0 },
    { name: "Bran", actorId: bran.id, actorLink: true, x: 3000, y: 0 },
  ]);
  await settle();
  return { world, gm, alice, bob, scene, adaToken, branToken, adaId: ada.id as string, branId: bran.id as string, bowId: bow.id as string, swordId: sword.id as string, longbowId: longbow.id as string, maceId: mace.id as string };
}
type Ctx = Awaited<ReturnType<typeof range>>;

/** Paces from Ada that put Bran at each range class (ours: Touch to 1, Reach 2, Close 5, Near 15, Middle 50, Far beyond). */
const PACES = { touch: 1, reach: 2, close: 4, near: 12, middle: 30, far: 60 } as const;

/** The GM sets Bran's token `paces` from Ada's, along the row. */
async function place(ctx: Ctx, paces: number) {
  await ctx.branToken.update({ x: paces * 100, y: 0 });
  await settle();
}
const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

/** Alice presses the weapon's die button on Ada's sheet and answers the dialog with `form`. */
/** Ada attacks from her sheet, by Alice unless `by` (the GM) says otherwise. */
async function attack(ctx: Ctx, weaponId: string, form: Record<string, unknown>, by: any = ctx.alice) {
  // A shot's range is measured from the tokens: the GM puts Bran at that range first.
  const { range: at, ...rest } = form;
  if (typeof at === "string") await place(ctx, PACES[at as keyof typeof PACES]);
  by.runtime.dialogs.responder = () => ({ defender: ctx.branId, ...rest });
  await by.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: weaponId } });
  await settle();
  return ctx.gm.game.messages.contents.at(-1);
}
const lastDialog = (client: any) => client.runtime.dialogs.asked.at(-1)!.config.content as string;
const resultOf = (ctx: Ctx, id: string) => JSON.parse(ctx.gm.game.messages.get(id).system.result);
const data = (result: any, type: string) => result.events.find((e: any) => e.type === type)?.data;
const woundsLeft = (ctx: Ctx) => ctx.gm.game.actors.get(ctx.branId).system.phases.woundsLeft;

describe("phases shots (seed 001, 2. First Missiles: the Missile Fire Table)", () => {
  it("at Middle range, unanswered: ease 6 (our base 6, Middle +0); die 7 + Attack 5 = 12 hits; Damage 12 - 6 + 6 = 12 against Soak 2 is 2 wound levels, applied once", async () => {
    const ctx = await range();
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    const card = await attack(ctx, ctx.bowId, { range: "middle", motion: "still", defence: "none" });
    // The dialog showed the engine's exact chance: Attack 5 reaches 6 on anything but a first 0 (90%).
    const dialog = lastDialog(ctx.alice);
    expect(dialog).toContain("Hit (ease factor 6; Bran not defending, as you state)");
    expect(dialog).toContain("90.0%");
    expect(dialog).not.toContain("BOUT.");
    // Nobody answers a shot: the GM resolved it as it was posted.
    expect(card.system.state).toBe("resolved");
    expect(card.content).not.toContain('data-bout-action="defend"');
    expect(JSON.parse(card.system.declaration)).toMatchObject({ weapon: "Short bow", missile: true, attack: 5, damage: 6, shotDefence: "none", shot: { range: "middle", size: 0 } });
    const result = resultOf(ctx, card.id);
    expect(data(result, "ease")).toEqual({ ease: 6 });
    expect(data(result, "missile")).toEqual({ total: 12 });
    expect(data(result, "damage")).toEqual({ total: 12, soak: 2 });
    expect(data(result, "wounds")).toEqual({ levels: 2 });
    expect(result.updates).toEqual({ [ctx.branId]: { "system.phases.woundsLeft": { $delta: -2, min: 0 } } });
    // Drawn with the real handlebars, every key localized.
    for (const text of ["Ada attacks Bran", "A shot with the Short bow at Middle range.", "Ease factor 6.", "Base 6", "Range 0", "Missile total 12.", "Damage Total 12 against Soak 2.", "Wound levels: 2.", "Apply", "Ada hits Bran: 2 wound levels."]) {
      expect(card.content).toContain(text);
    }
    expect(card.content).not.toContain("BOUT.");

    await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(card.id));
    await settle();
    expect(woundsLeft(ctx)).toBe(3);
    expect(ctx.gm.game.messages.get(card.id).content).toContain("Applied by Alice.");
    // Once only: a second Apply, from either side, changes nothing.
    const mark = ctx.world.server.writes.length;
    expect((await hooks(ctx.bob).applyFromCard(ctx.bob.game.messages.get(card.id))).refusal.code).toBe("card.applied");
    await settle();
    expect(ctx.bob.notices.at(-1)?.message).toBe("That result has already been applied.");
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(woundsLeft(ctx)).toBe(3);
  });

  it("a target dodging (Defense 2 + the mace's 1) and hustling (+3): ease 12, so die 6 + 5 = 11 misses and there is nothing to apply", async () => {
    const ctx = await range();
    scriptDraws(ctx.gm, [[6, 10]], AFTER);
    const card = await attack(ctx, ctx.bowId, { range: "middle", motion: "hustle", defence: "dodge" });
    const result = resultOf(ctx, card.id);
    expect(data(result, "ease")).toEqual({ ease: 12 });
    expect(result.events.some((e: any) => e.type === "miss")).toBe(true);
    expect(result.updates).toEqual({});
    expect(card.content).toContain("Target moving +3");
    expect(card.content).toContain("Target&#x27;s Defense +3");
  });

  it("a shield counts once when carried and twice when defending with it; aiming takes 3 off; Near adds 3", async () => {
    const ctx = await range();
    const bran = ctx.gm.game.actors.get(ctx.branId);
    await bran.createEmbeddedDocuments("Item", [{ name: "Round shield", type: "shield", system: { equipped: true, phases: { defense: 2 } } }]);
    await settle();
    // Standing: 6 + Near 3 + shield 2 - aimed 3 = 8.
    scriptDraws(ctx.gm, [[2, 10]], AFTER);
    let card = await attack(ctx, ctx.bowId, { range: "near", motion: "still", defence: "none", aimed: true });
    expect(data(resultOf(ctx, card.id), "ease")).toEqual({ ease: 8 });
    // Defending with it: 6 + 3 + Defense 3 + shield 2 x 2 - 3 = 13. Die 9 + 5 = 14 hits by 1: Damage 7 against Soak 2 is 1 wound level.
    scriptDraws(ctx.gm, [[9, 10]], AFTER);
    card = await attack(ctx, ctx.bowId, { range: "near", motion: "still", defence: "shield", aimed: true });
    const result = resultOf(ctx, card.id);
    expect(data(result, "ease")).toEqual({ ease: 13 });
    expect(data(result, "wounds")).toEqual({ levels: 1 });
    expect(card.content).toContain("Target&#x27;s shield +4");
    expect(card.content).toContain("Aimed -3");
  });

  it("starts on the token the player targets", async () => {
    const ctx = await range();
    const cole = await ctx.gm.CONFIG.Actor.documentClass.create({ name: "Cole", type: "character", system: { phases: {} } });
    await settle();
    ctx.alice.game.user.targets.add({ document: { actorId: cole.id }, actor: ctx.alice.game.actors.get(cole.id) });
    ctx.alice.runtime.dialogs.responder = () => null;
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.bowId } });
    await settle();
    expect(lastDialog(ctx.alice)).toContain(`<option value="${cole.id}" selected>`);
  });
});

describe("phases shot cards posted before shots resolved at once", () => {
  it("a waiting shot from an older card still resolves from its button, the target standing (ease 6)", async () => {
    const ctx = await range();
    const declaration = {
      weaponId: ctx.bowId, weapon: "Short bow", missile: true, attack: 5, damage: 6, penalty: 0, piercing: false, firstStrike: 0, modifier: 0, targetRouting: false,
      shot: { range: "middle", obscured: false, motion: "still", size: 0, aimed: false, gmModifier: 0, calledShot: false, piercing: false, piercingRule: false },
    };
    const card = await ctx.gm.CONFIG.ChatMessage.documentClass.create({
      type: "card",
      content: '<button data-bout-action="defend"></button>',
      system: { kind: "phases.attack", state: "waiting", attackerId: ctx.adaId, defenderId: ctx.branId, combatId: "", declaration: JSON.stringify(declaration), answer: "", result: "" },
    });
    await settle();
    const asked = ctx.bob.runtime.dialogs.asked.length;
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    expect((await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    expect(ctx.bob.runtime.dialogs.asked.length).toBe(asked);
    const result = resultOf(ctx, card.id);
    expect(data(result, "ease")).toEqual({ ease: 6 });
    expect(data(result, "wounds")).toEqual({ levels: 2 });
  });
});

describe("phases optional rules (world settings)", () => {
  it("the longbow and crossbow rule: a wound level per 2 points over Soak, so Damage 12 against Soak 2 is 5 levels", async () => {
    const ctx = await range();
    await ctx.gm.game.settings.set("bout", "phasesPiercingRule", true);
    await settle();
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    const card = await attack(ctx, ctx.longbowId, { range: "middle", motion: "still", defence: "none" });
    const result = resultOf(ctx, card.id);
    expect(data(result, "wounds")).toEqual({ levels: 5 });
    expect(card.content).toContain("One wound level for every 2 points over Soak");
    await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(card.id));
    await settle();
    expect(woundsLeft(ctx)).toBe(0);
  });

  it("a called shot, once the GM allows them: its size modifier adds to the ease (6 + 2 = 8); a hit is counted per 2 points (12 - 8 + 6 = 10 against Soak 2: 4 levels)", async () => {
    const ctx = await range();
    // Off by default: the dialog has no called shot and the GM's client refuses one.
    ctx.alice.runtime.dialogs.responder = () => null;
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.bowId } });
    expect(lastDialog(ctx.alice)).not.toContain('name="calledShot"');
    const alice = ctx.alice.game.actors;
    const refused = await hooks(ctx.alice).postCard("phases.attack", alice.get(ctx.adaId), alice.get(ctx.branId), { weaponId: ctx.bowId, calledShot: true, calledShotSize: 2 });
    expect(refused.refusal.code).toBe("phases.card.calledShotsOff");

    await ctx.gm.game.settings.set("bout", "phasesCalledShots", true);
    await settle();
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    const card = await attack(ctx, ctx.bowId, { range: "middle", motion: "still", defence: "none", calledShot: true, calledShotAim: "exposed", calledShotSize: 2 });
    expect(lastDialog(ctx.alice)).toContain('name="calledShot"');
    const result = resultOf(ctx, card.id);
    expect(data(result, "ease")).toEqual({ ease: 8 });
    expect(data(result, "wounds")).toEqual({ levels: 4 });
    expect(card.content).toContain("A called shot at an exposed spot.");
  });

  it("\"Optional Called Shots Rule\": a called shot for some other effect is not at an exposed area, so its damage counts per 5 points (10 against Soak 2: 1 level), and the card says the GM judges the effect", async () => {
    const ctx = await range();
    await ctx.gm.game.settings.set("bout", "phasesCalledShots", true);
    await settle();
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    const card = await attack(ctx, ctx.bowId, { range: "middle", motion: "still", defence: "none", calledShot: true, calledShotAim: "effect", calledShotSize: 2 });
    const result = resultOf(ctx, card.id);
    expect(data(result, "ease")).toEqual({ ease: 8 });
    expect(data(result, "damage")).toEqual({ total: 10, soak: 2 });
    expect(data(result, "wounds")).toEqual({ levels: 1 });
    expect(card.content).toContain("A called shot for some other effect: the GM judges what it does");
    expect(lastDialog(ctx.alice)).toContain('name="calledShotAim"');
  });
});

describe("phases blows (our default melee procedure, with seed 001's first strike)", () => {
  it("defended, with a first strike of 4 from the GM's dialog: Attack Total 8 + 6 + 4 = 18 against Defense Total 4 + 3 = 7; Damage 11 + 7 = 18 against Soak 2 is 3 wound levels", async () => {
    const ctx = await range();
    // Outside a running round the table settles the first strike: the GM enters it (Alice's dialog has no such field).
    await attack(ctx, ctx.swordId, {});
    expect(lastDialog(ctx.alice)).not.toContain('name="firstStrike"');
    const card = await attack(ctx, ctx.swordId, { firstStrike: 4 }, ctx.gm);
    // The odds show the target defending and not.
    const dialog = lastDialog(ctx.gm);
    expect(dialog).toContain('name="firstStrike"');
    expect(dialog).toContain("Hit if the target defends");
    expect(dialog).toContain("Hit if the target does not defend");
    expect(dialog).not.toContain("BOUT.");
    expect(card.system.state).toBe("waiting");
    expect(card.content).toContain("A blow with the Arming sword, first strike +4.");
    expect(card.content).toContain('data-bout-action="defend"');

    ctx.bob.runtime.dialogs.responder = () => ({ defence: "defend" });
    scriptDraws(ctx.gm, [[8, 10], [4, 10]], AFTER);
    expect((await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    expect(lastDialog(ctx.bob)).not.toContain("BOUT.");
    const result = resultOf(ctx, card.id);
    expect(data(result, "attack")).toEqual({ total: 18 });
    expect(data(result, "firstStrike")).toEqual({ bonus: 4 });
    expect(data(result, "defense")).toEqual({ total: 7 });
    expect(data(result, "damage")).toEqual({ total: 18, soak: 2 });
    expect(data(result, "wounds")).toEqual({ levels: 3 });
    const content = ctx.gm.game.messages.get(card.id).content;
    for (const text of ["Attack Total 18.", "First strike +4.", "Defense Total 7.", "Wound levels: 3."]) expect(content).toContain(text);
    expect(content).not.toContain("BOUT.");
    await hooks(ctx.bob).applyFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    expect(woundsLeft(ctx)).toBe(2);
  });

  /**
   * A running round brought to its Melee phase: Ada (sword, at Reach) and Bran (spear) declare melee against each
   * other; the engagement contest (Ada 8, Bran 3) gives Ada a first strike of +5, and she acts first.
   */
  async function meleePhase(ctx: Ctx) {
    const bran = ctx.gm.game.actors.get(ctx.branId);
    const [spear] = await bran.createEmbeddedDocuments("Item", [{ name: "Spear", type: "weapon", system: { phases: { range: "close", minRange: "reach" } } }]);
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ctx.adaId, name: "Ada" }, { actorId: ctx.branId, name: "Bran" }]);
    ctx.alice.runtime.dialogs.responder = () => ({ action: "melee", weaponId: ctx.swordId, range: "reach", [`opponent-${cb.id}`]: true });
    ctx.bob.runtime.dialogs.responder = () => ({ action: "melee", weaponId: spear.id, range: "close", [`opponent-${ca.id}`]: true });
    await combat.startCombat();
    await settle();
    scriptDraws(ctx.gm, [[8, 10], [3, 10]], AFTER);
    await ctx.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    const stateOf = () => ctx.gm.game.combats.get(combat.id).machineState;
    expect(stateOf().engagements[0].firstStrike).toEqual({ combatantId: ca.id, bonus: 5 });
    // The GM's Next step moves the round on to the Melee phase.
    for (let i = 0; i < 10 && stateOf().phase !== "melee"; i++) {
      await ctx.gm.ui.combat.runAction("boutNextStep", {});
      await settle();
    }
    expect(stateOf()).toMatchObject({ phase: "melee", stage: "act", order: [ca.id, cb.id], turn: 0 });
    return { combat, ca, cb, stateOf };
  }

  it("in a running round the first strike comes from the engagement contest (Ada 8, Bran 3: +5 at Reach), in the Melee phase, and the card ends Ada's turn", async () => {
    const ctx = await range();
    const { combat, ca, stateOf } = await meleePhase(ctx);

    // A first strike typed into Alice's request is the GM's figure, not hers: refused; the round's own figure is used.
    const forged = await hooks(ctx.alice).postCard("phases.attack", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.swordId, firstStrike: 20 });
    expect(forged.refusal.code).toBe("card.gmFigures");
    const card = await attack(ctx, ctx.swordId, {});
    expect(lastDialog(ctx.alice)).not.toContain('name="firstStrike"');
    expect(JSON.parse(card.system.declaration).firstStrike).toBe(5);
    ctx.bob.runtime.dialogs.responder = () => ({ defence: "defend" });
    // Attack 8 + 6 + 5 = 19 against Defense 4 + 3 = 7: Damage 12 + 7 = 19 against Soak 2, 3 wound levels.
    scriptDraws(ctx.gm, [[8, 10], [4, 10]], AFTER);
    await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    const result = resultOf(ctx, card.id);
    expect(data(result, "attack")).toEqual({ total: 19 });
    expect(data(result, "wounds")).toEqual({ levels: 3 });
    expect(stateOf().acted).toEqual([ca.id]);
    // Ada's turn is spent: a second blow is refused before any roll.
    const rolls = ctx.gm.runtime.rolls.length;
    const again = await hooks(ctx.alice).postCard("phases.attack", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.swordId, modifier: 0 }, combat.id);
    expect(again.ok).toBe(false);
    expect(ctx.gm.runtime.rolls.length).toBe(rolls);
  });

  // Issue 32 leftovers: a blow card whose weapon was deleted before it resolved was checked against a stand-in reach
  // of Touch to Far; the card now carries its weapon's reach ("1. Movement": a weapon that cannot reach the
  // engagement's range cannot attack), and a card that carries none and whose weapon is gone is refused plainly.
  it("Ada's sword is deleted after her blow is posted: the card keeps the sword's Touch to Reach and resolves; an older card with no reach and no sword is refused, left waiting", async () => {
    const ctx = await range();
    const { ca, stateOf } = await meleePhase(ctx);
    const card = await attack(ctx, ctx.swordId, {});
    expect(JSON.parse(card.system.declaration).reach).toEqual({ min: "touch", max: "reach" });
    await ctx.gm.game.actors.get(ctx.adaId).items.get(ctx.swordId).delete();
    await settle();
    // An older card's declaration (no reach), its sword gone.
    const older = { ...JSON.parse(card.system.declaration) };
    delete older.reach;
    const kept = card.system.declaration;
    await ctx.gm.game.messages.get(card.id).update({ "system.declaration": JSON.stringify(older) });
    await settle();
    const refused = await hooks(ctx.bob).askGM("answerCard", { messageId: card.id, answer: { defence: "defend" } });
    expect(refused.refusal.code).toBe("phases.card.noWeapon");
    expect(ctx.gm.game.messages.get(card.id).system.state).toBe("waiting");
    expect(stateOf().acted).toEqual([]);
    // The card as posted: resolved against the sword's reach, and Ada's turn is spent.
    await ctx.gm.game.messages.get(card.id).update({ "system.declaration": kept });
    await settle();
    scriptDraws(ctx.gm, [[8, 10], [4, 10]], AFTER);
    const answered = await hooks(ctx.bob).askGM("answerCard", { messageId: card.id, answer: { defence: "defend" } });
    expect(answered.ok).toBe(true);
    await settle();
    expect(data(resultOf(ctx, card.id), "attack")).toEqual({ total: 19 });
    expect(stateOf().acted).toEqual([ca.id]);
  });

  it(`writes in a running round (issue 23): Ada's blow posted is one write, Bran's defence ${isV14() ? "one batch of the card and the round's end of Ada's turn" : "two (the card, then the round)"}, Apply ${isV14() ? "one batch" : "the card, then Bran's wounds"}`, async () => {
    const ctx = await range();
    const { ca, stateOf } = await meleePhase(ctx);
    let mark = ctx.world.server.writes.length;
    const card = await attack(ctx, ctx.swordId, {});
    expect(shownWrites(ctx.world, mark)).toEqual(["create ChatMessage"]);
    expect(card.system.state).toBe("waiting");
    ctx.bob.runtime.dialogs.responder = () => ({ defence: "defend" });
    // The blow of the test above: 3 wound levels.
    scriptDraws(ctx.gm, [[8, 10], [4, 10]], AFTER);
    mark = ctx.world.server.writes.length;
    expect((await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    expect(shownWrites(ctx.world, mark)).toEqual(expectedWrites(["update ChatMessage", "update Combat"]));
    expect(stateOf().acted).toEqual([ca.id]);
    mark = ctx.world.server.writes.length;
    await hooks(ctx.bob).applyFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    expect(shownWrites(ctx.world, mark)).toEqual(expectedWrites(["update ChatMessage", "update Actor"]));
    expect(woundsLeft(ctx)).toBe(2);
  });

  it("in a phased round a blow waits for the Melee phase, refused before any roll in the Movement phase", async () => {
    const ctx = await range();
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ctx.adaId, name: "Ada" }, { actorId: ctx.branId, name: "Bran" }]);
    ctx.alice.runtime.dialogs.responder = () => ({ action: "none" });
    ctx.bob.runtime.dialogs.responder = () => ({ action: "none" });
    await combat.startCombat();
    await settle();
    await ctx.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(ctx.gm.game.combats.get(combat.id).machineState.phase).toBe("movement");
    const mark = ctx.world.server.writes.length;
    const before = ctx.gm.game.messages.size;
    const outcome = await hooks(ctx.alice).postCard("phases.attack", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.swordId }, combat.id);
    expect(outcome.refusal.code).toBe("phases.card.wrongPhase");
    expect(ctx.alice.notices.at(-1)?.message).toBe("Blows are struck in the Melee phase of the round.");
    expect(ctx.gm.game.messages.size).toBe(before);
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });
});

describe("phases attack refusals: before any roll, with the reason, and nothing written", () => {
  it("refuses what cannot be", async () => {
    const ctx = await range();
    const mark = ctx.world.server.writes.length;
    const rolls = ctx.gm.runtime.rolls.length;
    const before = ctx.gm.game.messages.size;
    const post = (client: any, declaration: Record<string, unknown>) => hooks(client).postCard("phases.attack", client.game.actors.get(ctx.adaId), client.game.actors.get(ctx.branId), declaration);
    const cases: [any, Record<string, unknown>, string, string][] = [
      // Bob cannot shoot with Ada's bow.
      [ctx.bob, { weaponId: ctx.bowId, range: "middle" }, "card.notYours", "You can only attack with an actor you own."],
      // "Target in Touch or Reach Range: No firing possible."
      // The range is measured from the tokens: a player's typed range is refused as the GM's ruling.
      [ctx.alice, { weaponId: ctx.bowId, range: "reach" }, "card.gmFigures", "Only the GM sets these: Range, where the tokens cannot be measured (else Middle). Ask your GM to add them, or leave them out."],
      [ctx.alice, { weaponId: ctx.bowId, defence: "shield" }, "phases.card.noShield", "Bran carries no shield to defend with."],
      [ctx.alice, { weaponId: ctx.bowId, obscured: "yes" }, "phases.card.badForm", "That attack could not be read."],
      // A modifier or a first strike is the GM's to set: a player's is refused whatever it holds; the GM's junk is refused too.
      [ctx.alice, { weaponId: ctx.swordId, modifier: 2 }, "card.gmFigures", "Only the GM sets these: Storyguide's modifier to the attack. Ask your GM to add them, or leave them out."],
      [ctx.alice, { weaponId: ctx.swordId, firstStrike: 4 }, "card.gmFigures", "Only the GM sets these: First-strike bonus won in the engagement contest. Ask your GM to add them, or leave them out."],
      [ctx.gm, { weaponId: ctx.bowId, range: "middle", modifier: 2.5 }, "phases.card.badModifier", "Modifiers must be whole numbers between -50 and 50."],
      [ctx.gm, { weaponId: ctx.swordId, modifier: "lots" }, "phases.card.badModifier", "Modifiers must be whole numbers between -50 and 50."],
      [ctx.gm, { weaponId: ctx.swordId, firstStrike: "4" }, "phases.card.badFirstStrike", "The first-strike bonus must be a whole number from 0 to 50."],
      [ctx.gm, { weaponId: ctx.swordId, firstStrike: -1 }, "phases.card.badFirstStrike", "The first-strike bonus must be a whole number from 0 to 50."],
      [ctx.alice, { weaponId: "nothing" }, "phases.card.noWeapon", "That weapon is not on the attacker's sheet."],
    ];
    for (const [client, declaration, code, message] of cases) {
      const outcome = await post(client, declaration);
      expect(outcome.refusal?.code, code).toBe(code);
      expect(client.notices.at(-1)?.message).toBe(message);
    }
    // A blow's answer must be one open to the defender; the card keeps waiting.
    const card = await attack(ctx, ctx.swordId, {});
    const cardMark = ctx.world.server.writes.length;
    // Bob's dialog offers no dodge against a blow (it sends only a choice it offers): a client asks for one anyway.
    expect((await hooks(ctx.bob).askGM("answerCard", { messageId: card.id, answer: { defence: "dodge" } })).refusal.code).toBe("phases.card.badDefence");
    expect(ctx.gm.game.messages.get(card.id).system.state).toBe("waiting");
    expect(ctx.world.writesSince(cardMark)).toEqual([]);
    // Only the card was written, and no die was rolled.
    expect(ctx.world.writesSince(mark)).toHaveLength(1);
    expect(ctx.gm.game.messages.size).toBe(before + 1);
    expect(ctx.gm.runtime.rolls.length).toBe(rolls);
    expect(ctx.gm.game.actors.get(ctx.branId).system.phases.woundsLeft).toBe(5);
  });

  it("with nobody to attack, the button says so and opens no dialog", async () => {
    const ctx = await range();
    await ctx.gm.game.actors.get(ctx.branId).delete();
    await settle();
    const asked = ctx.alice.runtime.dialogs.asked.length;
    const mark = ctx.world.server.writes.length;
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.bowId } });
    await settle();
    expect(ctx.alice.notices.at(-1)?.message).toBe("There is nobody to attack: add the foe to the fight or to the world first.");
    expect(ctx.alice.runtime.dialogs.asked.length).toBe(asked);
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });
});

/** Ada (bow) and Bran in a running round, declared with `bran`'s answer, moved on to the First Missile phase on Ada's turn. */
async function shootingRound(ctx: Ctx, bran: (adaCombatant: string) => Record<string, unknown>) {
  const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
  const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ctx.adaId, name: "Ada" }, { actorId: ctx.branId, name: "Bran" }]);
  ctx.alice.runtime.dialogs.responder = () => ({ action: "missile", weaponId: ctx.bowId, range: "middle", [`opponent-${cb.id}`]: true });
  ctx.bob.runtime.dialogs.responder = () => bran(ca.id);
  await combat.startCombat();
  await settle();
  scriptDraws(ctx.gm, [[8, 10], [3, 10]], AFTER);
  await ctx.gm.ui.combat.runAction("boutNextStep", {});
  await settle();
  const stateOf = () => ctx.gm.game.combats.get(combat.id).machineState;
  for (let i = 0; i < 10 && stateOf().phase !== "firstMissile"; i++) {
    await ctx.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
  }
  expect(stateOf()).toMatchObject({ phase: "firstMissile", stage: "act", order: [ca.id], turn: 0 });
  return { combat, ca: ca.id as string, cb: cb.id as string, stateOf };
}

describe("phases shots in a running round read the target's own Movement-phase defence (seed 001, Missile Fire Table, first footnote)", () => {
  it("Bran declared a dodge against Ada: the shot uses it whatever Ada states; ease 6 + Defense 3 = 9, shown with its exact odds (70.0%: die 4 or more)", async () => {
    const ctx = await range();
    const { ca, stateOf } = await shootingRound(ctx, (adaCombatant) => ({ action: "none", [`opponent-${adaCombatant}`]: true, defence: "dodge" }));
    expect(stateOf().combatants.find((c: any) => c.declaration?.defence === "dodge")).toBeTruthy();
    // A malformed answer is still refused, before any roll, with nothing written.
    const mark = ctx.world.server.writes.length;
    const actors = ctx.alice.game.actors;
    const bad = await hooks(ctx.alice).postCard("phases.attack", actors.get(ctx.adaId), actors.get(ctx.branId), { weaponId: ctx.bowId, defence: 7 });
    expect(bad.refusal.code).toBe("phases.card.badDefence");
    expect(ctx.alice.notices.at(-1)?.message).toBe("That answer is not open to the target.");
    expect(ctx.world.writesSince(mark)).toEqual([]);
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    // Ada says Bran stands still: the round knows better.
    const card = await attack(ctx, ctx.bowId, { range: "middle", motion: "still", defence: "none" });
    const dialog = lastDialog(ctx.alice);
    expect(dialog).toContain("Hit (ease factor 9; Bran declared a dodge or defence against you this round)");
    // Attack 5 meets 9 on a stress die of 4 or more: faces 4-9 (60%) or a 1 rerolled and doubled (10%).
    expect(dialog).toContain("70.0%");
    expect(dialog).toContain("used only if it declared nothing this round");
    expect(dialog).not.toContain("BOUT.");
    expect(JSON.parse(card.system.declaration)).toMatchObject({ shotDefence: "dodge", shotDefenceFrom: "round" });
    const result = resultOf(ctx, card.id);
    expect(data(result, "ease")).toEqual({ ease: 9 });
    // Die 7 + 5 = 12 hits by 3: Damage 3 + 6 = 9 against Soak 2 is 1 wound level.
    expect(data(result, "wounds")).toEqual({ levels: 1 });
    expect(card.content).toContain("In the Movement phase the target declared it dodges or defends against this shooter.");
    expect(card.content).toContain("Target&#x27;s Defense +3");
    // The shot was Ada's turn: fired, and the phase moved on.
    expect(stateOf().combatants.find((c: any) => c.id === ca).firedFirst).toBe(true);
    expect(stateOf().phase).not.toBe("firstMissile");
  });

  it("Bran declared a shield defence but named nobody shooting: against Ada he does not defend, even when Ada states a dodge (ease 6 + the shield's Dfn 2 once = 8)", async () => {
    const ctx = await range();
    await ctx.gm.game.actors.get(ctx.branId).createEmbeddedDocuments("Item", [{ name: "Round shield", type: "shield", system: { equipped: true, phases: { defense: 2 } } }]);
    await settle();
    const { stateOf } = await shootingRound(ctx, () => ({ action: "none" }));
    expect(stateOf().combatants.every((c: any) => c.declaration.defence === "none")).toBe(true);
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    const card = await attack(ctx, ctx.bowId, { range: "middle", motion: "still", defence: "dodge" });
    expect(lastDialog(ctx.alice)).toContain("Hit (ease factor 8; Bran declared no defence against you this round)");
    expect(data(resultOf(ctx, card.id), "ease")).toEqual({ ease: 8 });
    expect(card.content).toContain("In the Movement phase the target declared no defence against this shooter.");
  });

  it("a target with no declaration this round (not in the fight) keeps the shooter's statement: Cole dodging, Defense 2, ease 8", async () => {
    const ctx = await range();
    const cole = await ctx.gm.CONFIG.Actor.documentClass.create({ name: "Cole", type: "character", system: { phases: { defense: 2 } } });
    await settle();
    const { combat } = await shootingRound(ctx, () => ({ action: "none" }));
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    const actors = ctx.alice.game.actors;
    const outcome = await hooks(ctx.alice).postCard("phases.attack", actors.get(ctx.adaId), actors.get(cole.id), { weaponId: ctx.bowId, motion: "still", defence: "dodge", modifier: 0 }, combat.id);
    expect(outcome.ok).toBe(true);
    await settle();
    const card = ctx.gm.game.messages.contents.at(-1);
    expect(JSON.parse(card.system.declaration)).toMatchObject({ shotDefence: "dodge", shotDefenceFrom: "shooter" });
    expect(data(resultOf(ctx, card.id), "ease")).toEqual({ ease: 8 });
    expect(card.content).toContain("The shooter states the target dodges or defends.");
  });

  it("a shield defence needs a shield on the sheet, and a routing fighter declares no defence: refused with the reason, nothing written", async () => {
    const ctx = await range();
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ctx.adaId, name: "Ada" }, { actorId: ctx.branId, name: "Bran" }]);
    ctx.alice.runtime.dialogs.responder = () => null;
    ctx.bob.runtime.dialogs.responder = () => null;
    await combat.startCombat();
    await settle();
    const mark = ctx.world.server.writes.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ action: "none", [`opponent-${ca.id}`]: true, defence: "shield" }, "Defending with a shield needs a shield equipped on the sheet."],
      [{ action: "rout", movement: "sprint", [`opponent-${ca.id}`]: true, defence: "dodge" }, "A fighter who routs this round cannot dodge or defend against anything."],
      [{ action: "none", defence: "dodge" }, "A defence against shots counts only against the opponents you name: tick the shooters you are watching."],
    ];
    for (const [form, message] of cases) {
      ctx.bob.runtime.dialogs.responder = () => form;
      await ctx.bob.ui.combat.runAction("boutChoose", { combatantId: cb.id });
      await settle();
      expect(ctx.bob.notices.at(-1)?.message).toBe(message);
    }
    expect(ctx.world.writesSince(mark)).toEqual([]);
    // The dialog offers the three answers in plain words.
    const asked = lastDialog(ctx.bob);
    expect(asked).toContain('name="defence"');
    expect(asked).toContain("Dodge or defend");
    expect(asked).not.toContain("BOUT.");
  });
});

describe("phases blows only within an engagement, with a weapon that reaches it (seed 001, \"1. Movement\" and \"Engagement Example\")", () => {
  it("in the Melee phase Ada, engaged with Bran at Reach, cannot strike Cole, who routs engaged with nobody, nor Bran with a dagger; her sword strikes Bran", async () => {
    const ctx = await range();
    const cole = await ctx.gm.CONFIG.Actor.documentClass.create({ name: "Cole", type: "character", system: { phases: { defense: 2 } } });
    const [dagger] = await ctx.gm.game.actors.get(ctx.adaId).createEmbeddedDocuments("Item", [{ name: "Dagger", type: "weapon", system: { phases: { attack: 1, damage: 3, range: "touch", minRange: "touch" } } }]);
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ctx.adaId, name: "Ada" }, { actorId: ctx.branId, name: "Bran" }, { actorId: cole.id, name: "Cole" }]);
    ctx.alice.runtime.dialogs.responder = () => ({ action: "melee", weaponId: ctx.swordId, range: "reach", [`opponent-${cb.id}`]: true });
    ctx.bob.runtime.dialogs.responder = () => ({ action: "none" });
    ctx.gm.runtime.dialogs.responder = everyRow({ action: "rout", movement: "sprint" });
    await combat.startCombat();
    await settle();
    await ctx.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    const stateOf = () => ctx.gm.game.combats.get(combat.id).machineState;
    for (let i = 0; i < 10 && stateOf().phase !== "melee"; i++) {
      await ctx.gm.ui.combat.runAction("boutNextStep", {});
      await settle();
    }
    expect(stateOf()).toMatchObject({ phase: "melee", stage: "act", order: [ca.id] });
    expect(stateOf().combatants.find((c: any) => c.declaration?.action === "rout")).toBeTruthy();
    const actors = ctx.alice.game.actors;
    const mark = ctx.world.server.writes.length;
    const rolls = ctx.gm.runtime.rolls.length;
    const atCole = await hooks(ctx.alice).postCard("phases.attack", actors.get(ctx.adaId), actors.get(cole.id), { weaponId: ctx.swordId, modifier: 0 }, combat.id);
    expect(atCole.refusal?.code).toBe("phases.card.notEngaged");
    expect(ctx.alice.notices.at(-1)?.message).toBe("Cole is not engaged with this fighter this round: a blow is struck only at someone you are engaged with.");
    const withDagger = await hooks(ctx.alice).postCard("phases.attack", actors.get(ctx.adaId), actors.get(ctx.branId), { weaponId: dagger.id, modifier: 0 }, combat.id);
    expect(withDagger.refusal?.code).toBe("phases.card.outOfReach");
    expect(ctx.alice.notices.at(-1)?.message).toBe("The Dagger does not reach Bran at Reach range, where your engagement settled this round.");
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(ctx.gm.runtime.rolls.length).toBe(rolls);
    expect(stateOf().acted).toEqual([]);
    const ok = await hooks(ctx.alice).postCard("phases.attack", actors.get(ctx.adaId), actors.get(ctx.branId), { weaponId: ctx.swordId, modifier: 0 }, combat.id);
    expect(ok.ok).toBe(true);
  });
});

describe("phases shots in a running round: the target's motion from its declaration, aiming only after a whole missile phase aiming (seed 001, Missile Fire Table and its second footnote)", () => {
  it("Bran declared a hustle: Ada's shot counts him hustling (+3) whatever she says, and her first shot of the round cannot be aimed: ease 9", async () => {
    const ctx = await range();
    const { combat, stateOf } = await shootingRound(ctx, () => ({ action: "move", movement: "hustle" }));
    const actors = ctx.alice.game.actors;
    const mark = ctx.world.server.writes.length;
    const rolls = ctx.gm.runtime.rolls.length;
    const aimed = await hooks(ctx.alice).postCard("phases.attack", actors.get(ctx.adaId), actors.get(ctx.branId), { weaponId: ctx.bowId, motion: "still", aimed: true, modifier: 0 }, combat.id);
    expect(aimed.refusal?.code).toBe("phases.card.notAimed");
    expect(ctx.alice.notices.at(-1)?.message).toBe("A shot counts as aimed only after a whole missile phase spent aiming (holding fire) without moving.");
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(ctx.gm.runtime.rolls.length).toBe(rolls);
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    const card = await attack(ctx, ctx.bowId, { range: "middle", motion: "still", aimed: false });
    expect(JSON.parse(card.system.declaration).shot.motion).toBe("hustle");
    expect(data(resultOf(ctx, card.id), "ease")).toEqual({ ease: 9 });
    expect(stateOf().phase).not.toBe("firstMissile");
  });

  it("Ada holds fire through the First Missile phase standing still; next round, shooting again without moving, her shot is aimed (6 - 3 = 3)", async () => {
    const ctx = await range();
    const { combat, ca, stateOf } = await shootingRound(ctx, () => ({ action: "none" }));
    await ctx.alice.ui.combat.runAction("boutTurnChoice", { combatantId: ca, actionId: "hold" });
    await settle();
    expect(stateOf().combatants.find((c: any) => c.id === ca).aiming).toBe(true);
    await ctx.gm.game.combats.get(combat.id).nextRound();
    await settle();
    scriptDraws(ctx.gm, [[8, 10], [3, 10]], AFTER);
    await ctx.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    for (let i = 0; i < 10 && stateOf().phase !== "firstMissile"; i++) {
      await ctx.gm.ui.combat.runAction("boutNextStep", {});
      await settle();
    }
    expect(stateOf()).toMatchObject({ round: 2, phase: "firstMissile", order: [ca] });
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    const card = await attack(ctx, ctx.bowId, { range: "middle", motion: "still", aimed: true });
    expect(data(resultOf(ctx, card.id), "ease")).toEqual({ ease: 3 });
    expect(stateOf().combatants.find((c: any) => c.id === ca).aiming).toBeUndefined();
  });
});

describe("the GM's wound and fatigue tracks form (seed 001 counts Wound and Fatigue penalties without listing the levels: ours are defaults)", () => {
  it("lightly wounded set to -3 in its cell: Ada's sheet shows -3 at once, and her next shot (die 7 + Attack 5 - 3) totals 9; a -21 is refused naming the cell and nothing is stored", async () => {
    const ctx = await range();
    await ctx.gm.game.actors.get(ctx.adaId).update({ "system.phases.woundsLeft": 4 });
    await settle();
    expect(ctx.alice.game.actors.get(ctx.adaId).system.derived.woundPenalty.value).toBe(-1);
    const menu = ctx.gm.game.settings.menus.get("bout.phasesTracksMenu");
    expect(menu.restricted).toBe(true);
    const app = new menu.type();
    await app.render({ force: true });
    const html = app.renderedParts.form as string;
    for (const text of ["Wound track", "Fatigue track", "Lightly wounded", "Unconscious", "Out of the fight"]) expect(html).toContain(text);
    expect(html).not.toContain("BOUT.");
    const cells = formCells(html);
    expect([cells.wound__1__penalty, cells.wound__4__out, cells.fatigue__5__out]).toEqual([-1, true, true]);
    ctx.gm.ui.notifications.clear();
    await app.submit({ ...cells, wound__1__penalty: -21 });
    expect(ctx.gm.ui.notifications.notices.at(-1)).toEqual({ type: "warning", message: "Lightly wounded: Penalty must lie between -20 and 0 (got -21)." });
    await app.submit({ ...cells, wound__1__penalty: -4 });
    expect(ctx.gm.ui.notifications.notices.at(-1)).toEqual({ type: "warning", message: "Wounded: Penalty: a penalty cannot get smaller further down the track." });
    expect(ctx.gm.game.settings.get("bout", "phasesTracks")).toBe("");
    await app.submit({ ...cells, wound__1__penalty: -3 });
    await settle();
    expect(ctx.gm.ui.notifications.notices.at(-1)).toEqual({ type: "info", message: "Wound and fatigue tracks saved." });
    // Every client prepares its actors again: the sheet's penalty and sprint follow the new track.
    expect(ctx.alice.game.actors.get(ctx.adaId).system.derived.woundPenalty.value).toBe(-3);
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    const card = await attack(ctx, ctx.bowId, { range: "middle", motion: "still", defence: "none" });
    expect(JSON.parse(card.system.declaration)).toMatchObject({ attack: 5, penalty: -3 });
    expect(data(resultOf(ctx, card.id), "missile")).toEqual({ total: 9 });
    expect(card.content).toContain("Missile total 9.");
    // Reset: ours again.
    await app.runAction("reset");
    await settle();
    expect(ctx.gm.game.settings.get("bout", "phasesTracks")).toBe("");
    expect(ctx.alice.game.actors.get(ctx.adaId).system.derived.woundPenalty.value).toBe(-1);
  });
});

// Seed 001, Missile Fire Table: "Target in Touch or Reach Range: No firing possible"; Close or Near +3, Middle 0, Far +6.
// The range is never the shooter's word: it is the range the two are engaged at this round, else the distance between
// their tokens (ours: Touch to 1 pace, Reach 2, Close 5, Near 15, Middle 50, Far beyond).
describe("the range of a shot is measured, never typed (seed 001, Missile Fire Table)", () => {
  it("Ada, engaged by Bran at Touch this round, shoots from her sheet: refused with the reason, nothing written, though the tokens stand 30 paces apart", async () => {
    const ctx = await range();
    const { stateOf } = await shootingRound(ctx, (adaCombatant) => ({ action: "melee", weaponId: ctx.maceId, range: "touch", [`opponent-${adaCombatant}`]: true }));
    expect(stateOf().engagements).toMatchObject([{ range: "touch" }]);
    const mark = ctx.world.server.writes.length;
    const before = ctx.gm.game.messages.size;
    // Her dialog has no range to pick: the engagement decides it.
    ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId, motion: "still", defence: "none" });
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.bowId } });
    await settle();
    expect(ctx.alice.notices.at(-1)?.message).toBe("Bran is at Touch range: nobody shoots at Touch or Reach.");
    expect(ctx.gm.game.messages.size).toBe(before);
    expect(ctx.world.writesSince(mark)).toEqual([]);
    // The GM's own word for the range changes nothing either: the engagement is the range.
    const byGM = await hooks(ctx.gm).postCard("phases.attack", ctx.gm.game.actors.get(ctx.adaId), ctx.gm.game.actors.get(ctx.branId), { weaponId: ctx.bowId, range: "middle" });
    expect(byGM.refusal?.code).toBe("phases.card.noFiring");
  });

  it("outside a round the tokens decide: a pace apart is Touch (refused); 12 paces is Near, ease 6 + 3 = 9, and the card says it was measured", async () => {
    const ctx = await range();
    await place(ctx, 1);
    const outcome = await hooks(ctx.alice).postCard("phases.attack", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.bowId });
    expect(outcome.refusal?.code).toBe("phases.card.noFiring");
    expect(ctx.alice.notices.at(-1)?.message).toBe("Bran is at Touch range: nobody shoots at Touch or Reach.");
    scriptDraws(ctx.gm, [[7, 10]], AFTER);
    await place(ctx, 12);
    ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId, motion: "still", defence: "none" });
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.bowId } });
    await settle();
    expect(lastDialog(ctx.alice)).toContain("Hit (ease factor 9;");
    expect(lastDialog(ctx.alice)).not.toContain("Range, where the tokens cannot be measured");
    const card = ctx.gm.game.messages.contents.at(-1);
    expect(JSON.parse(card.system.declaration)).toMatchObject({ shot: { range: "near" }, rangeFrom: "measured", paces: 12 });
    expect(data(resultOf(ctx, card.id), "ease")).toMatchObject({ ease: 9 });
    for (const text of ["A shot with the Short bow at Near range.", "Measured between the tokens: 12 paces."]) expect(card.content).toContain(text);
  });

  it("with no tokens to measure, the GM's ruling is the range (Middle when none is given)", async () => {
    const ctx = await range();
    await ctx.scene.delete();
    await settle();
    const byGM = await hooks(ctx.gm).postCard("phases.attack", ctx.gm.game.actors.get(ctx.adaId), ctx.gm.game.actors.get(ctx.branId), { weaponId: ctx.bowId, range: "far" });
    expect(byGM.ok).toBe(true);
    const card = ctx.gm.game.messages.contents.at(-1);
    expect(JSON.parse(card.system.declaration)).toMatchObject({ shot: { range: "far" }, rangeFrom: "ruling" });
    expect(card.content).toContain("No tokens to measure between: the range is the GM");
    const byAlice = await hooks(ctx.alice).postCard("phases.attack", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.bowId });
    expect(byAlice.ok).toBe(true);
    expect(JSON.parse(ctx.gm.game.messages.contents.at(-1).system.declaration)).toMatchObject({ shot: { range: "middle" }, rangeFrom: "ruling" });
  });
});
