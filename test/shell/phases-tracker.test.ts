// The phased round at the table (issue 4 "Phased rounds", issue 6 "The round"
// and "At the table"; seed 001_e84cf39f805b9fd9.txt, "Combat Sequence" and
// "1. Movement"): Movement-phase declarations made in secret from the tracker,
// figures filled by the GM's client from the documents, everyone's Initiative
// Total rolled in one write, the range contest's first-strike bonus on the
// tracker, and fire-or-hold in the missile phases.
import { describe, expect, it } from "vitest";
import { decisionWrites, scriptDraws, settle, tableOfThree } from "./support";

// When the scripted draws run out: 5 on a d10, as these tests were written with.
const AFTER = [5, 10] as const;

async function field() {
  const { world, gm, alice, bob, Actor } = await tableOfThree("phases");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { phases: { initiative: 2, ride: 4 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { phases: { initiative: 1 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { initiative: 1, range: "reach", minRange: "touch" } } }]);
  const [spear, bow] = await bran.createEmbeddedDocuments("Item", [
    { name: "Spear", type: "weapon", system: { phases: { initiative: 3, range: "close", minRange: "reach" } } },
    { name: "Short bow", type: "weapon", system: { phases: { initiative: 2, range: "far", minRange: "close", missile: true } } },
  ]);
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, name: "Ada" },
    { actorId: bran.id, name: "Bran" },
  ]);
  await settle();
  return { world, gm, alice, bob, combatId: combat.id as string, ca: ca.id as string, cb: cb.id as string, sword: sword.id as string, spear: spear.id as string, bow: bow.id as string };
}

const trackerHtml = async (client: any) => {
  await client.ui.combat.render({ force: true });
  return client.ui.combat.renderedParts.tracker as string;
};
const stateOf = (client: any, combatId: string) => client.game.combats.get(combatId).machineState;

describe("phased rounds from the tracker (seed 001, 1. Movement)", () => {
  it("starting the fight opens the secret declarations in the same write, and each player is asked", async () => {
    const { world, gm, alice, combatId, ca, cb } = await field();
    alice.runtime.dialogs.responder = () => null;
    const mark = world.server.writes.length;
    await gm.game.combats.get(combatId).startCombat();
    expect(world.writesSince(mark)).toHaveLength(1);
    await settle();
    const combat = gm.game.combats.get(combatId);
    expect(combat.system.structure).toBe("phases");
    expect(combat.system.declaration.kind).toBe("phasesDeclaration");
    expect(combat.system.declaration.combatantIds).toEqual([ca, cb]);
    // Alice was asked for Ada, with her weapon offered by name.
    const asked = alice.runtime.dialogs.asked.at(-1)!;
    expect(asked.kind).toBe("wait");
    expect(asked.config.content).toContain("Arming sword");
    expect(asked.config.content).not.toContain("Spear");
    // A player's dialog has no storyguide's modifier.
    expect(asked.config.content).not.toContain('name="gmModifier"');
    expect(await trackerHtml(alice)).toContain("2 still to choose");
  });

  it("a declaration stays with the GM until everyone has declared; the player cannot set the figures", async () => {
    const { world, gm, alice, bob, combatId, ca, cb, sword, spear } = await field();
    alice.runtime.dialogs.responder = () => null;
    bob.runtime.dialogs.responder = () => null;
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    // Ada's player tries to smuggle in a modifier her dialog does not have, past it: the GM's client ignores it.
    const mark = world.server.writes.length;
    const smuggled = { action: "melee", movement: "walk", weaponId: sword, range: "reach", opponents: [cb], evading: false, defence: "none", gmModifier: 9 };
    await alice.evaluate<any>("globalThis.__boutTest").declare(alice.game.combats.get(combatId), ca, smuggled);
    await settle();
    expect(alice.notices).toEqual([]);
    expect(world.writesSince(mark)).toHaveLength(1);
    // Bob's client sees that Ada has declared, nothing of what.
    const seenByBob = bob.game.combats.get(combatId).system;
    expect(seenByBob.declaration.chosen).toEqual([ca]);
    expect(JSON.stringify(seenByBob)).not.toContain("reach");
    expect(stateOf(bob, combatId).combatants.every((c: any) => c.declaration === null)).toBe(true);

    bob.runtime.dialogs.responder = () => ({ action: "melee", movement: "stand", weaponId: spear, range: "close", [`opponent-${ca}`]: true });
    const before = world.server.writes.length;
    await bob.ui.combat.runAction("boutChoose", { combatantId: cb });
    await settle();
    // The last declaration reveals them all in one write: the round moves on to Initiative.
    expect(world.writesSince(before)).toHaveLength(1);
    const state = stateOf(gm, combatId);
    expect(state.stage).toBe("initiative");
    expect(gm.game.combats.get(combatId).system.declaration.id).toBe("");
    const adaDeclared = state.combatants.find((c: any) => c.id === ca).declaration;
    // Initiative score = Ada's 2 + the sword's 1; reach from the sword; no modifier from a player.
    expect(adaDeclared).toMatchObject({ action: "melee", movement: "walk", weapon: "Arming sword", score: 3, reach: { min: "touch", max: "reach" }, opponents: [cb], gmModifier: 0 });
    expect(state.combatants.find((c: any) => c.id === cb).declaration).toMatchObject({ weapon: "Spear", score: 4, reach: { min: "reach", max: "close" } });
  });

  it("refuses impossible or foreign declarations with a reason and writes nothing", async () => {
    const { world, gm, alice, bob, combatId, ca, cb, sword, bow } = await field();
    alice.runtime.dialogs.responder = () => null;
    bob.runtime.dialogs.responder = () => null;
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    const mark = world.server.writes.length;
    // Bran's bow is not Ada's to declare (her dialog lists only her own weapons): her client names it anyway.
    await hooksOf(alice).declare(alice.game.combats.get(combatId), ca, { action: "missile", weaponId: bow, range: "near" });
    await settle();
    expect(alice.notices.at(-1)?.message).toBe("That weapon is not one this fighter carries.");
    // A sword cannot fight at Near range.
    alice.runtime.dialogs.responder = () => ({ action: "melee", weaponId: sword, range: "near", [`opponent-${cb}`]: true });
    await alice.ui.combat.runAction("boutChoose", { combatantId: ca });
    await settle();
    expect(alice.notices.at(-1)?.message).toBe("The Arming sword cannot fight at near range; pick another range or weapon.");
    // Nobody shoots at Touch ("Missile Fire Table").
    bob.runtime.dialogs.responder = () => ({ action: "missile", weaponId: bow, range: "touch" });
    await bob.ui.combat.runAction("boutChoose", { combatantId: cb });
    await settle();
    expect(bob.notices.at(-1)?.message).toBe("Nobody can shoot at touch range; fight in melee or move away first.");
    // Bob cannot declare for Ada.
    bob.runtime.dialogs.responder = () => ({ action: "none" });
    await hooksOf(bob).declare(bob.game.combats.get(combatId), ca, { action: "none" });
    await settle();
    expect(bob.notices.at(-1)?.message).toBeTruthy();
    expect(world.writesSince(mark)).toEqual([]);
    expect(gm.game.combats.get(combatId).system.declaration.chosen).toEqual([]);
  });

  it("one step rolls every Initiative Total in one write; the range contest gives the first strike (1. Movement)", async () => {
    const { world, gm, alice, bob, combatId, ca, cb, sword, spear } = await field();
    alice.runtime.dialogs.responder = () => ({ action: "melee", weaponId: sword, range: "reach", [`opponent-${cb}`]: true });
    bob.runtime.dialogs.responder = () => ({ action: "melee", weaponId: spear, range: "close", [`opponent-${ca}`]: true });
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    expect(stateOf(gm, combatId).stage).toBe("initiative");
    // Stress dice: Ada 8, Bran 3. Totals: 8 + 3 = 11 and 3 + 4 = 7.
    scriptDraws(gm, [[8, 10], [3, 10]], AFTER);
    const mark = world.server.writes.length;
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(world.writesSince(mark)).toHaveLength(1);
    const state = stateOf(gm, combatId);
    expect(state.combatants.map((c: any) => [c.id, c.die, c.total])).toEqual([[ca, 8, 11], [cb, 3, 7]]);
    // They seek different ranges: the higher total picks Reach, first strike +4.
    expect(state.engagements).toEqual([expect.objectContaining({ a: ca, b: cb, range: "reach", contest: true, firstStrike: { combatantId: ca, bonus: 4 } })]);
    expect(state.phase).toBe("movement");
    const html = await trackerHtml(bob);
    expect(html).toContain("First strike 4");
    expect(html).toContain("Initiative Total 11");
    // The spear fights from Reach to Close: at Reach nobody is out of reach.
    expect(state.cannotAttack).toEqual([]);
  });

  it("in a missile phase the shooter fires or holds from the tracker; the other player cannot", async () => {
    const { world, gm, alice, bob, combatId, ca, cb, bow } = await field();
    alice.runtime.dialogs.responder = () => ({ action: "none" });
    bob.runtime.dialogs.responder = () => ({ action: "missile", weaponId: bow, range: "near", [`opponent-${ca}`]: true });
    const combat = gm.game.combats.get(combatId);
    await combat.startCombat();
    await settle();
    scriptDraws(gm, [[5, 10], [6, 10]], AFTER);
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    // Movement phase: both act in order, then the First Missile phase has Bran only.
    let state = stateOf(gm, combatId);
    for (const id of state.order) {
      const owner = id === ca ? alice : bob;
      await owner.ui.combat.runAction("boutEndTurn", { combatantId: id });
      await settle();
    }
    state = stateOf(gm, combatId);
    expect(state.phase).toBe("firstMissile");
    expect(state.order).toEqual([cb]);
    const bobHtml = await trackerHtml(bob);
    expect(bobHtml).toContain(`data-action="boutTurnChoice" data-combatant-id="${cb}" data-action-id="fire"`);
    expect(bobHtml).toContain('data-action-id="hold"');
    expect(await trackerHtml(alice)).not.toContain("boutTurnChoice");
    const mark = world.server.writes.length;
    await alice.ui.combat.runAction("boutTurnChoice", { combatantId: cb, actionId: "hold" });
    await settle();
    expect(world.writesSince(mark)).toEqual([]);
    await bob.ui.combat.runAction("boutTurnChoice", { combatantId: cb, actionId: "hold" });
    await settle();
    state = stateOf(gm, combatId);
    expect(state.combatants.find((c: any) => c.id === cb).firedFirst).toBe(false);
    expect(state.phase).not.toBe("firstMissile");
  });

  it("the character sheet offers the awaited declaration too, and drops the button once it is made", async () => {
    const { gm, alice, bob, combatId, ca } = await field();
    alice.runtime.dialogs.responder = () => null;
    bob.runtime.dialogs.responder = () => null;
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    const adaId = alice.game.combats.get(combatId).combatants.get(ca).actorId;
    const sheet = alice.game.actors.get(adaId).sheet;
    await sheet.render({ force: true });
    expect(sheet.renderedParts.header).toContain('data-action="answerChoice"');
    // Bob does not own Ada: no button on his view of her sheet.
    const bobSheet = bob.game.actors.get(adaId).sheet;
    await bobSheet.render({ force: true });
    expect(bobSheet.renderedParts.header).not.toContain("answerChoice");
    alice.runtime.dialogs.responder = () => ({ action: "move", movement: "hustle" });
    await sheet.runAction("answerChoice", {});
    await settle();
    expect(gm.game.combats.get(combatId).system.declaration.chosen).toEqual([ca]);
    await sheet.render({ force: true });
    expect(sheet.renderedParts.header).not.toContain("answerChoice");
  });

  it("the GM switches to casual play from the tracker: empty phases are passed at once (Combat Sequence)", async () => {
    const { world, gm, alice, bob, combatId, ca, cb } = await field();
    alice.runtime.dialogs.responder = () => ({ action: "move", movement: "walk" });
    bob.runtime.dialogs.responder = () => ({ action: "move", movement: "hustle" });
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(await trackerHtml(alice)).not.toContain("boutFightAction");
    expect(await trackerHtml(gm)).toContain('data-action="boutFightAction" data-action-id="casual"');
    const mark = world.server.writes.length;
    await gm.ui.combat.runAction("boutFightAction", { actionId: "casual" });
    await settle();
    expect(world.writesSince(mark)).toHaveLength(1);
    expect(stateOf(gm, combatId).casual).toBe(true);
    // Movement done by both: nobody shoots, fights, casts or tires, so the round is over at once.
    for (const id of stateOf(gm, combatId).order) {
      await (id === ca ? alice : bob).ui.combat.runAction("boutEndTurn", { combatantId: id });
      await settle();
    }
    expect(stateOf(gm, combatId).stage).toBe("over");
    expect(await trackerHtml(gm)).toContain('data-action-id="strict"');
  });

  it("in the Fatigue phase the sprinter rolls the fatigue check from the tracker: die 3 + Stamina 1 = 4 against 6 costs a level, and ends the turn", async () => {
    const { gm, alice, bob, combatId, ca } = await field();
    const adaActor = gm.game.combats.get(combatId).combatants.get(ca).actorId;
    await gm.game.actors.get(adaActor).update({ "system.phases.stamina": 1 });
    alice.runtime.dialogs.responder = () => ({ action: "move", movement: "sprint" });
    bob.runtime.dialogs.responder = () => ({ action: "none" });
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    await gm.ui.combat.runAction("boutFightAction", { actionId: "casual" });
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    for (const id of stateOf(gm, combatId).order) {
      await (id === ca ? alice : bob).ui.combat.runAction("boutEndTurn", { combatantId: id });
      await settle();
    }
    // Nobody shoots, fights or casts: casual play goes straight to the Fatigue phase, where only Ada exerted herself.
    expect(stateOf(gm, combatId)).toMatchObject({ phase: "fatigue", order: [ca] });
    expect(await trackerHtml(alice)).toContain(`data-combatant-id="${ca}" data-action-id="fatigue"`);
    scriptDraws(gm, [[3, 10]], AFTER);
    await alice.ui.combat.runAction("boutTurnChoice", { combatantId: ca, actionId: "fatigue" });
    await settle();
    expect(alice.notices).toEqual([]);
    const card = gm.game.messages.contents.at(-1);
    const result = JSON.parse(card.system.result);
    expect(result.events.find((e: any) => e.type === "fatigueCheck").data).toEqual({ total: 4, ease: 6 });
    expect(stateOf(gm, combatId).stage).toBe("over");
    await hooksOf(alice).applyFromCard(alice.game.messages.get(card.id));
    await settle();
    expect(gm.game.actors.get(adaActor).system.phases.fatigueLeft).toBe(4);
  });

  it("a sprinter may roll Athletics on their Movement turn (1. Movement): die 4 + Athletics 2 = 6 keeps footing, and the turn ends", async () => {
    const { gm, alice, bob, combatId, ca, cb } = await field();
    const adaActor = gm.game.combats.get(combatId).combatants.get(ca).actorId;
    await gm.game.actors.get(adaActor).update({ "system.phases.athletics": 2, "system.phases.initiative": 20 });
    alice.runtime.dialogs.responder = () => ({ action: "move", movement: "sprint" });
    bob.runtime.dialogs.responder = () => ({ action: "move", movement: "walk" });
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    scriptDraws(gm, [[5, 10], [5, 10]], AFTER);
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    // Totals 5 + 20 and 5 + 1: Ada goes first in the Movement phase.
    expect(stateOf(gm, combatId).order[0]).toBe(ca);
    expect(await trackerHtml(alice)).toContain(`data-combatant-id="${ca}" data-action-id="athletics"`);
    // Bran walks: no such roll for him, and he cannot roll it for Ada.
    const mark = gm.game.messages.size;
    await hooksOf(bob).postCard("phases.athletics", bob.game.actors.get(adaActor), bob.game.actors.get(adaActor), {}, combatId);
    expect(gm.game.messages.size).toBe(mark);
    scriptDraws(gm, [[4, 10]], AFTER);
    await alice.ui.combat.runAction("boutTurnChoice", { combatantId: ca, actionId: "athletics" });
    await settle();
    expect(alice.notices).toEqual([]);
    const result = JSON.parse(gm.game.messages.contents.at(-1).system.result);
    expect(result.events.map((e: any) => e.type)).toEqual(["athletics", "keptFooting"]);
    expect(result.events[0].data).toEqual({ total: 6, ease: 6 });
    const state = stateOf(gm, combatId);
    expect(state.acted).toEqual([ca]);
    expect(state.order[state.turn]).toBe(cb);
  });

  it("the next round reopens the declarations in the same write", async () => {
    const { world, gm, alice, bob, combatId, ca, cb } = await field();
    alice.runtime.dialogs.responder = () => ({ action: "none" });
    bob.runtime.dialogs.responder = () => ({ action: "none" });
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    alice.runtime.dialogs.responder = () => null;
    bob.runtime.dialogs.responder = () => null;
    const mark = world.server.writes.length;
    await gm.game.combats.get(combatId).nextRound();
    expect(decisionWrites(world, mark)).toHaveLength(1);
    const combat = gm.game.combats.get(combatId);
    expect(combat.round).toBe(2);
    expect(combat.system.declaration.combatantIds).toEqual([ca, cb]);
    expect(stateOf(gm, combatId).stage).toBe("declare");
  });
});

const hooksOf = (client: any) => client.evaluate("globalThis.__boutTest");

describe("the Magic phase (seed 001, Combat Sequence: the phase exists; no spell procedure is given, so spells are resolved by hand)", () => {
  it("casters act highest total first; Cast posts a note card with no roll and ends the turn; Done ends it too; out of turn is refused and writes nothing", async () => {
    const { world, gm, alice, bob, combatId, ca, cb } = await field();
    alice.runtime.dialogs.responder = () => ({ action: "magic", weaponId: "" });
    bob.runtime.dialogs.responder = () => ({ action: "magic", weaponId: "" });
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    await gm.ui.combat.runAction("boutFightAction", { actionId: "casual" });
    // Ada 5 + Initiative 2 = 7, Bran 5 + 1 = 6.
    scriptDraws(gm, [[5, 10], [5, 10]], AFTER);
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    for (const id of stateOf(gm, combatId).order) {
      await (id === ca ? alice : bob).ui.combat.runAction("boutEndTurn", { combatantId: id });
      await settle();
    }
    // Nobody shoots or fights: casual play goes to the Magic phase, Ada first.
    expect(stateOf(gm, combatId)).toMatchObject({ phase: "magic", stage: "act", order: [ca, cb], turn: 0 });
    const html = await trackerHtml(alice);
    expect(html).toContain(`data-combatant-id="${ca}" data-action-id="cast"`);
    expect(html).toContain("Cast (note it, resolve by hand)");
    expect(html).not.toContain("BOUT.");

    // Bran's turn has not come: refused before anything is posted.
    const mark = world.server.writes.length;
    const branActor = bob.game.combats.get(combatId).combatants.get(cb).actorId;
    const early = await hooksOf(bob).postCard("phases.magic", bob.game.actors.get(branActor), bob.game.actors.get(branActor), {}, combatId);
    expect(early.refusal.code).toBe("phases.card.outOfTurn");
    expect(bob.notices.at(-1)?.message).toBe("It is not this fighter's turn in the phase.");
    expect(world.writesSince(mark)).toEqual([]);

    const rolls = gm.runtime.rolls.length;
    await alice.ui.combat.runAction("boutTurnChoice", { combatantId: ca, actionId: "cast" });
    await settle();
    expect(alice.notices).toEqual([]);
    const card = gm.game.messages.contents.at(-1);
    expect(card.system.kind).toBe("phases.magic");
    expect(card.content).toContain("Ada works magic");
    expect(card.content).toContain("Ada casts in this phase. Resolve the spell by hand, then carry on with the round.");
    expect(card.content).not.toContain("BOUT.");
    expect(JSON.parse(card.system.result).updates).toEqual({});
    expect(gm.runtime.rolls.length).toBe(rolls);
    expect(stateOf(gm, combatId)).toMatchObject({ phase: "magic", acted: [ca], turn: 1 });

    // Bran simply ends his turn: the round goes on to the Fatigue phase (nobody exerted: casual play ends the round).
    await bob.ui.combat.runAction("boutTurnChoice", { combatantId: cb, actionId: "done" });
    await settle();
    expect(stateOf(gm, combatId).stage).toBe("over");
    // A spell outside the Magic phase is refused.
    const late = await hooksOf(alice).postCard("phases.magic", alice.game.actors.get(card.system.attackerId), alice.game.actors.get(card.system.attackerId), {}, combatId);
    expect(late.refusal.code).toBe("phases.card.wrongPhase");
    expect(alice.notices.at(-1)?.message).toBe("Magic is worked in the Magic phase of the round, on the caster's turn.");
  });
});
