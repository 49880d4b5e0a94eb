// Seed 000_4377b2da58f3a52b.txt at the table beside the exchange (issue 5):
// "Terrain Rolls" (Alan on the bench), "Opposed Terrain Rolls" (the rival
// cancels the leap), "Difficult Fighting Conditions" (Alan and Ferro on the
// deck), "Higher Footing", and buying initiative (named by the seed without
// figures: our GM-set contest). Each is a card the GM's client rolls.
import { describe, expect, it } from "vitest";
import { scriptFaces, settle, tableOfThree } from "./support";


async function table(inBout: boolean) {
  const { world, gm, alice, bob, Actor } = await tableOfThree("steel");
  // Alan: Reflex 5 (Agility 6, Wit 5) + Proficiency 6 = 11 dice.
  const alan = await Actor.create({ name: "Alan", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { steel: { agility: 6, wit: 5, proficiency: 6 } } });
  const rival = await Actor.create({ name: "Rival", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { steel: { agility: 5, wit: 5, proficiency: 5 } } });
  let combatId = "";
  let ca = "";
  let cb = "";
  if (inBout) {
    const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
    const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Hall" }]);
    const made = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: alan.id, name: "Alan", group: group.id },
      { actorId: rival.id, name: "Rival", group: group.id },
    ]);
    [ca, cb] = made.map((c: any) => c.id);
    await combat.startCombat();
    alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
    await gm.evaluate<any>("globalThis.__boutTest").openDeclaration(combat, "throw", group.id, [ca, cb], ["red", "white"]);
    await settle();
    await settle();
    combatId = combat.id;
  }
  await settle();
  const state = () => gm.game.combats.get(combatId).machineState;
  const cp = (id: string) => state().combatants.find((c: any) => c.id === id).cp;
  return { world, gm, alice, bob, alanId: alan.id as string, rivalId: rival.id as string, combatId, ca, cb, state, cp };
}

type Table = Awaited<ReturnType<typeof table>>;

/** The GM rolls terrain from Alan's sheet at a TN of the GM's own (a custom TN is the GM's figure). */
async function terrainFromSheet(t: Table, answer: Record<string, unknown>) {
  t.gm.runtime.dialogs.responder = () => ({ terrain: "custom", pace: "normal", tn: 4, dice: 2, stakes: "bench", footing: false, opponent: "", opponentDice: 2, ...answer });
  await t.gm.game.actors.get(t.alanId).sheet.runAction("actorAction", { actorAction: "terrain" });
  await settle();
  return t.gm.game.messages.contents.at(-1);
}

describe("steel terrain rolls at the table (seed 000 'Terrain Rolls')", () => {
  it("the sheet offers the fighter's own rolls to its owner, buying initiative only when another holds it (issue 20: actions shown when they apply)", async () => {
    const t = await table(false);
    const sheet = t.alice.game.actors.get(t.alanId).sheet;
    await sheet.render({ force: true });
    expect(sheet.renderedParts.header).toContain('data-actor-action="terrain"');
    // Out of any bout nobody holds initiative to buy it from.
    expect(sheet.renderedParts.header).not.toContain('data-actor-action="buyInitiative"');
  });

  it("a TN of one's own is the GM's: Alice's dialog offers neither it nor the custom terrain, and her request naming one is refused with nothing written", async () => {
    const t = await table(false);
    let asked: any;
    t.alice.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return null;
    };
    const mark = t.world.server.writes.length;
    await t.alice.game.actors.get(t.alanId).sheet.runAction("actorAction", { actorAction: "terrain" });
    await settle();
    expect(asked.content).not.toContain('name="tn"');
    expect(asked.content).not.toContain('value="custom"');
    // Her client names the GM's figures anyway, past the dialog.
    const alan = t.alice.game.actors.get(t.alanId);
    await t.alice.evaluate<any>("globalThis.__boutTest").postCard("steel.terrain", alan, alan, { terrain: "custom", pace: "normal", tn: 20, dice: 2, stakes: "none", footing: false }, "");
    await settle();
    expect(t.alice.notices.at(-1)?.message).toBe("Only the GM sets these: GM's TN (for other ground). Ask your GM to add them, or leave them out.");
    expect(t.world.writesSince(mark)).toEqual([]);
  });

  it("Alan on the bench: 2 dice at the GM's TN 4, one success is enough; the dialog shows exact odds from the start", async () => {
    const t = await table(false);
    let asked: any;
    t.gm.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return { terrain: "custom", pace: "normal", tn: 4, dice: 2, stakes: "bench", footing: false, opponent: "" };
    };
    scriptFaces(t.gm, 10, [5, 2]);
    await t.gm.game.actors.get(t.alanId).sheet.runAction("actorAction", { actorAction: "terrain" });
    await settle();
    const card = t.gm.game.messages.contents.at(-1);
    expect(card.system.kind).toBe("steel.terrain");
    // Made, the roll changes nothing on Apply: the card is done as it resolves (issue 34).
    expect(card.system.state).toBe("applied");
    expect(card.rolls.map((r: any) => r.formula)).toEqual(["2d10"]);
    expect(card.content).toContain("outcome-success");
    // The dialog opened on the first row of the table (narrow footing, normal pace: TN 3) with 2 dice: 1 − 0.2².
    expect(asked.content).toContain("96.0%");
  });

  it("in a bout: the dice leave the pool, a botch on the bench costs half the pool as well, and a made roll wins higher footing", async () => {
    const t = await table(true);
    expect(t.cp(t.ca)).toBe(11);
    scriptFaces(t.gm, 10, [1, 1]);
    const botch = await terrainFromSheet(t, {});
    expect(botch.content).toContain("outcome-failure");
    // 11 − 2 burnt; then half of the 11 he had, 5 dice, for landing on his back.
    expect(t.cp(t.ca)).toBe(4);
    scriptFaces(t.gm, 10, [9, 2]);
    const made = await terrainFromSheet(t, { dice: 2, footing: true });
    expect(made.content).toContain("outcome-success");
    expect(t.state().combatants.find((c: any) => c.id === t.ca).higherFooting).toBe(true);
    expect(t.cp(t.ca)).toBe(2);
  });

  it("seed 000 'Terrain Roll Mechanics', Alan on the bench: a botch leaves him on his back, Prone on his token once applied, and half his pool lost", async () => {
    const t = await table(true);
    scriptFaces(t.gm, 10, [1, 1]);
    const card = await terrainFromSheet(t, {});
    expect(card.content).toContain("outcome-failure");
    expect(card.content).toContain("falls on their back");
    expect(t.cp(t.ca)).toBe(4);
    const applied = await t.alice.evaluate<any>("globalThis.__boutTest").applyFromCard(t.alice.game.messages.get(card.id));
    expect(applied.ok).toBe(true);
    await settle();
    expect([...t.gm.game.actors.get(t.alanId).statuses]).toEqual(["prone"]);
  });

  it("Alan and Ferro on the deck: a botch knocks the fighter down when the card is applied", async () => {
    const t = await table(false);
    scriptFaces(t.gm, 10, [1, 1, 4]);
    const card = await terrainFromSheet(t, { tn: 6, dice: 3, stakes: "deck" });
    expect(card.content).toContain("outcome-failure");
    const applied = await t.alice.evaluate<any>("globalThis.__boutTest").applyFromCard(t.alice.game.messages.get(card.id));
    expect(applied.ok).toBe(true);
    await settle();
    expect([...t.gm.game.actors.get(t.alanId).statuses]).toEqual(["knockedDown"]);
  });

  it("more dice than the pool holds, or a TN off the scale, is refused and nothing is written", async () => {
    const t = await table(true);
    // The dialog bounds both (dice up to the pool, TN from 1): requests naming more are sent past it.
    const terrain = (figures: Record<string, unknown>) => {
      const alan = t.gm.game.actors.get(t.alanId);
      const declaration = { terrain: "custom", pace: "normal", tn: 4, dice: 2, stakes: "bench", footing: false, ...figures };
      return t.gm.evaluate<any>("globalThis.__boutTest").postCard("steel.terrain", alan, alan, declaration, t.combatId);
    };
    const mark = t.world.server.writes.length;
    await terrain({ dice: 12 });
    await settle();
    await terrain({ tn: 0 });
    await settle();
    expect(t.world.writesSince(mark)).toEqual([]);
    expect(t.gm.notices.at(-1)?.message).toMatch(/whole number from 1 to 20/);
    expect(t.gm.notices.at(-2)?.message).toBe("12 dice are more than the 11 left in the pool.");
  });
});

describe("steel opposed terrain rolls (seed 000 'Opposed Terrain Rolls')", () => {
  it("the rival burns 3 dice and scores 2 successes to Alan's 1: the leap is matched; both pools pay", async () => {
    const t = await table(true);
    const card = await terrainFromSheet(t, { opponent: t.rivalId });
    expect(card.system.kind).toBe("steel.terrainContest");
    expect(card.system.state).toBe("waiting");
    t.bob.runtime.dialogs.responder = () => ({ dice: 3 });
    scriptFaces(t.gm, 10, [5, 2, 6, 4, 1]);
    const answer = await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(card.id));
    expect(answer.ok).toBe(true);
    await settle();
    const done = t.gm.game.messages.get(card.id);
    expect(done.content).toContain("outcome-failure");
    expect(done.content).toContain("2 successes against 1");
    expect([t.cp(t.ca), t.cp(t.cb)]).toEqual([9, 7]);
  });
});

describe("buying initiative (seed 000 names it; our contest at the world's TN)", () => {
  it("the fighter without initiative buys it with more successes; the bout's initiative changes hands", async () => {
    const t = await table(true);
    expect(t.state().bouts[0].initiative).toBe(t.ca);
    // Issue 20: the button is on the sheet of the one who may buy, not on the holder's.
    const header = async (client: any, id: string) => {
      const sheet = client.game.actors.get(id).sheet;
      await sheet.render({ force: true });
      return sheet.renderedParts.header as string;
    };
    expect(await header(t.bob, t.rivalId)).toContain('data-actor-action="buyInitiative"');
    expect(await header(t.alice, t.alanId)).not.toContain('data-actor-action="buyInitiative"');
    t.bob.runtime.dialogs.responder = () => ({ dice: 3, holderDice: 2 });
    await t.bob.game.actors.get(t.rivalId).sheet.runAction("actorAction", { actorAction: "buyInitiative" });
    await settle();
    const card = t.gm.game.messages.contents.at(-1);
    expect(card.system.kind).toBe("steel.buyInitiative");
    t.alice.runtime.dialogs.responder = () => ({ dice: 2 });
    // Rival 3 dice at TN 6: 7, 8, 2 (two successes); Alan 2 dice: 9, 3 (one).
    scriptFaces(t.gm, 10, [7, 8, 2, 9, 3]);
    const answer = await t.alice.evaluate<any>("globalThis.__boutTest").defendFromCard(t.alice.game.messages.get(card.id));
    expect(answer.ok).toBe(true);
    await settle();
    expect(t.gm.game.messages.get(card.id).content).toContain("outcome-success");
    expect(t.state().bouts[0].initiative).toBe(t.cb);
    expect([t.cp(t.ca), t.cp(t.cb)]).toEqual([9, 7]);
  });

  it("the holder cannot buy what they hold; the refusal writes nothing", async () => {
    const t = await table(true);
    const mark = t.world.server.writes.length;
    t.alice.runtime.dialogs.responder = () => ({ dice: 2, holderDice: 2 });
    await t.alice.game.actors.get(t.alanId).sheet.runAction("actorAction", { actorAction: "buyInitiative" });
    await settle();
    expect(t.world.writesSince(mark)).toEqual([]);
    expect(t.alice.notices.at(-1)?.message).toMatch(/Only a fighter without the initiative/);
  });
});

describe("Blood Loss at each round's start (seed 000 'Blood Loss')", () => {
  it("a bleeding fighter rolls Toughness when the bout reaches a new round; failing at Health 2 leaves Health 1 and halves the fresh pool", async () => {
    const t = await table(true);
    await t.gm.game.actors.get(t.alanId).update({ "system.steel.bloodLoss": 7, "system.steel.healthNow": 2, "system.steel.toughness": 3 });
    const groupId = t.state().bouts[0].id;
    const before = t.gm.game.messages.contents.length;
    await t.gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "next" });
    await settle();
    expect(t.gm.game.messages.contents.length).toBe(before); // exchange 2: no new round yet
    scriptFaces(t.gm, 10, [2, 5, 6]);
    await t.gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "next" });
    await settle();
    const card = t.gm.game.messages.contents.at(-1);
    expect(card.system.kind).toBe("steel.bloodLoss");
    expect(card.rolls.map((r: any) => r.formula)).toEqual(["3d10"]);
    expect(card.content).toContain("outcome-failure");
    // Refreshed to 11, then halved for Health 1 (rounded down: 5 dice kept).
    expect(t.cp(t.ca)).toBe(5);
    await t.alice.evaluate<any>("globalThis.__boutTest").applyFromCard(t.alice.game.messages.get(card.id));
    await settle();
    expect(t.gm.game.actors.get(t.alanId).system.steel.healthNow).toBe(1);
    // Nobody else bleeds: one card only.
    expect(t.gm.game.messages.contents.filter((m: any) => m.system?.kind === "steel.bloodLoss")).toHaveLength(1);
  });

  it("a player's Blood Loss card naming a roll already made (a success, say) is refused and writes nothing: the round's roll is the GM's client's own", async () => {
    const t = await table(true);
    await t.gm.game.actors.get(t.alanId).update({ "system.steel.bloodLoss": 7, "system.steel.healthNow": 2, "system.steel.toughness": 3 });
    const mark = t.world.server.writes.length;
    const alan = t.alice.game.actors.get(t.alanId);
    const forged = { rolled: { result: { roll: null, healthNow: 2, halved: false, dying: false }, healthBefore: 2, events: [], rolls: [] } };
    const outcome = await t.alice.evaluate<any>("globalThis.__boutTest").postCard("steel.bloodLoss", alan, alan, forged, t.combatId);
    await settle();
    expect(outcome.ok ? "ok" : outcome.refusal.code).toBe("card.gmFigures");
    expect(t.alice.notices.at(-1)?.message).toContain("the Blood Loss roll already made");
    expect(t.world.writesSince(mark)).toEqual([]);
  });
});

describe("surprise and hesitation at the table (seed 000 'Surprise & Hesitation')", () => {
  it("Sneak against Notice, then the target's Reflex against TN 7 + 3 − 0: no success, so the target cannot act this exchange", async () => {
    const t = await table(true);
    const alan = t.gm.game.actors.get(t.alanId);
    const rival = t.gm.game.actors.get(t.rivalId);
    const [sneak] = await alan.createEmbeddedDocuments("Item", [{ name: "Sneak", type: "skill", system: { steel: { attribute: "agility", tn: 6 } } }]);
    await rival.createEmbeddedDocuments("Item", [{ name: "Notice", type: "skill", system: { steel: { attribute: "perception", tn: 7 } } }]);
    await rival.update({ "system.steel.perception": 4 });
    t.alice.runtime.dialogs.responder = () => ({ target: t.rivalId, skillId: sneak.id, tnModifier: 0 });
    await t.alice.game.actors.get(t.alanId).sheet.runAction("actorAction", { actorAction: "ambush" });
    await settle();
    const card = t.gm.game.messages.contents.at(-1);
    expect(card.system.kind).toBe("steel.surprise");
    // The target answers with Notice (offered first by name).
    let asked: any;
    t.bob.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return { skillId: rival.items.getName("Notice").id };
    };
    // Alan 6 dice at TN 6: three successes; Rival 4 at TN 7: none; Rival's Reflex 5 at TN 10: none.
    scriptFaces(t.gm, 10, [9, 9, 9, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]);
    const answer = await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(card.id));
    expect(answer.ok).toBe(true);
    await settle();
    expect(asked.content).toMatch(/<option value="[^"]+" selected>Notice<\/option>/);
    const done = t.gm.game.messages.get(card.id);
    expect(done.rolls.map((r: any) => r.formula)).toEqual(["6d10", "4d10", "5d10"]);
    expect(done.content).toContain("TN 10");
    expect(t.state().combatants.find((c: any) => c.id === t.cb).restriction).toBe("noAction");
    await t.alice.evaluate<any>("globalThis.__boutTest").applyFromCard(t.alice.game.messages.get(card.id));
    await settle();
    expect(t.gm.game.actors.get(t.rivalId).statuses.has("hesitating")).toBe(true);
  });

  it("a skill that is not the fighter's own is refused and posts nothing", async () => {
    const t = await table(false);
    const mark = t.world.server.writes.length;
    const r = await t.alice.evaluate<any>("globalThis.__boutTest").postCard("steel.surprise", t.alice.game.actors.get(t.alanId), t.alice.game.actors.get(t.rivalId), { skillId: "nope" }, "");
    expect(r.ok ? "ok" : r.refusal.code).toBe("steel.surprise.noSkill");
    expect(t.world.writesSince(mark)).toEqual([]);
  });
});

describe("mounted fighters at the table (seed 000 'Mounted Combat')", () => {
  it("a rider the GM marks counts the horse's height against foes on foot (+2) at the next refresh, and a made ride-by makes the round one exchange", async () => {
    const t = await table(true);
    await t.gm.game.actors.get(t.alanId).update({ "system.steel.mountMove": 12, "system.steel.fatigue": 2 });
    await t.gm.ui.combat.runAction("boutTurnChoice", { combatantId: t.ca, actionId: "mount" });
    await settle();
    expect(t.state().combatants.find((c: any) => c.id === t.ca).mounted).toBe(true);
    const groupId = t.state().bouts[0].id;
    await t.gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "next" });
    await t.gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "next" });
    await settle();
    // 11 less 2 for fatigue, plus 2 for the height over a man on foot.
    expect(t.cp(t.ca)).toBe(11);
    // A ride-by needs a canter or a gallop: from a halt it is refused.
    t.alice.runtime.dialogs.responder = () => ({ tnModifier: 0 });
    await t.alice.game.actors.get(t.alanId).sheet.runAction("actorAction", { actorAction: "rideBy" });
    await settle();
    expect(t.alice.notices.at(-1)?.message).toMatch(/canter or a gallop/);
    // A change of gait that is no change ("constructor" is not one of the table's) is refused, nothing posted.
    const posted = t.gm.game.messages.size;
    const junk = await t.alice.evaluate<any>("globalThis.__boutTest").postCard("steel.gait", t.alice.game.actors.get(t.alanId), t.alice.game.actors.get(t.alanId), { change: "constructor", tnModifier: 0 });
    expect(junk.refusal.code).toBe("steel.mounted.badChange");
    expect(t.gm.game.messages.size).toBe(posted);
    // Two steps up without the Ride skill take a Ride check: Agility 6 at TN 7, one 9 makes it.
    t.alice.runtime.dialogs.responder = () => ({ change: "up2", tnModifier: 0 });
    scriptFaces(t.gm, 10, [9, 2, 2, 2, 2, 2]);
    await t.alice.game.actors.get(t.alanId).sheet.runAction("actorAction", { actorAction: "gait" });
    await settle();
    expect(t.gm.game.messages.contents.at(-1).system.kind).toBe("steel.gait");
    expect(t.state().combatants.find((c: any) => c.id === t.ca).gait).toBe("canter");
    // Ride-by: Agility 6 dice at our default Ride TN 7 (no Ride skill): one 8 makes it.
    t.alice.runtime.dialogs.responder = () => ({ tnModifier: 0 });
    scriptFaces(t.gm, 10, [8, 2, 2, 2, 2, 2]);
    await t.alice.game.actors.get(t.alanId).sheet.runAction("actorAction", { actorAction: "rideBy" });
    await settle();
    const card = t.gm.game.messages.contents.at(-1);
    expect(card.system.kind).toBe("steel.rideBy");
    expect(card.rolls.map((r: any) => r.formula)).toEqual(["6d10"]);
    expect(t.state().bouts[0].exchangesThisRound).toBe(1);
    // The horse's Move 12, less 1 for the rider's 2 fatigue dice, at a canter (twice Move) covers half: 11 yards.
    expect(card.content).toContain("The horse covers 11 yards after the exchange (Move 11 at a canter)");
  });

  it("a ride-by from a fighter on foot is refused and writes nothing", async () => {
    const t = await table(true);
    const mark = t.world.server.writes.length;
    t.alice.runtime.dialogs.responder = () => ({ tnModifier: 0 });
    await t.alice.game.actors.get(t.alanId).sheet.runAction("actorAction", { actorAction: "rideBy" });
    await settle();
    expect(t.world.writesSince(mark)).toEqual([]);
    expect(t.alice.notices.at(-1)?.message).toMatch(/not marked this fighter as mounted/);
  });
});
