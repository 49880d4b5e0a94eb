// Seed 000_4377b2da58f3a52b.txt "Mounted Combat" at the table (issue 19): the rules beside
// the exchange that a rider brings, followed to where they show. "Mounted modifiers" (a
// rider's terrain roll is a Ride check; two riders make a contested Ride check), "Ride-By
// Attacking" (the foe on foot opposes from his own card; two riders passing make opposed
// Ride checks, the winner choosing 1 or 2 exchanges), "Attacking a Mounted Target" (a blow
// aimed at the horse wounds the horse's actor; a rider struck by a missile rolls to keep
// the saddle, and falls to the ground when he fails).
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, steelThrownBout, tableOfThree } from "./support";

const d10 = (...faces: number[]): [number, number][] => faces.map((f) => [f, 10]);
const SWORD = { reach: 3, atnSwing: 6, atnThrust: 7, dtn: 6, swingDamage: 1, swingType: "cut", thrustDamage: 0, thrustType: "puncture", addStrength: true };
const BOW = { missile: true, missileAtn: 6, thrustDamage: 2, thrustType: "puncture", addStrength: false, preparation: 2, quickenCost: 1, quickenTn: 8, reach: 0 };

/**
 * Alan (Alice's: Agility 6, Proficiency 6, a sword and a bow) and Rival (Bob's: Agility 5,
 * Toughness 3, a sword) in one bout, Alan red and Rival white; neither has the Ride skill, so
 * each rides at the default Ride TN 7. `mounted`: who the GM has marked as riding.
 */
async function field(mounted: { alan?: boolean; rival?: boolean } = {}) {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("steel");
  const alan = await Actor.create({ name: "Alan", type: "character", ownership: own("Alice"), system: { steel: { agility: 6, wit: 5, proficiency: 6, missileProficiency: 5, strength: 5 } } });
  const rival = await Actor.create({ name: "Rival", type: "character", ownership: own("Bob"), system: { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 3 } } });
  const [sword, bow] = await alan.createEmbeddedDocuments("Item", [
    { name: "Arming sword", type: "weapon", system: { equipped: true, steel: SWORD } },
    { name: "Hunting bow", type: "weapon", system: { equipped: false, steel: BOW } },
  ]);
  await rival.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: SWORD } }]);
  const { combat, group, ca, cb } = await steelThrownBout({ gm, alice, bob }, alan, rival, { first: mounted.alan, second: mounted.rival });
  const state = () => gm.game.combats.get(combat.id).machineState;
  const fighter = (id: string) => state().combatants.find((c: any) => c.id === id);
  const hooks = (client: any): any => client.evaluate("globalThis.__boutTest");
  const last = () => gm.game.messages.contents.at(-1);
  return { world, gm, alice, bob, Actor, combatId: combat.id as string, groupId: group.id as string, ca, cb, alanId: alan.id as string, rivalId: rival.id as string, swordId: sword.id as string, bowId: bow.id as string, state, fighter, hooks, last };
}
type Field = Awaited<ReturnType<typeof field>>;

/** Applies a resolved card from the GM's client. */
async function apply(f: Field, card: any) {
  await f.hooks(f.gm).applyFromCard(f.gm.game.messages.get(card.id));
  await settle();
}

describe("seed 000 'Attacking a Mounted Target': the saddle check after a missile hit", () => {
  it("an arrow landing on the mounted Rival with margin 3: Ride with 5 − 3 = 2 dice at TN 7, 2 and 2, fails; he is on foot in the bout and on the ground", async () => {
    const f = await field({ rival: true });
    // The bow is ready with 5 dice (the GM's command, standing for the readying rounds).
    await f.gm.game.combats.get(f.combatId).applyCommands([{ type: "missile", combatantId: f.ca, missile: { roundsLeft: 0, ready: true, pool: 5, quickenCost: 0 } }]);
    await settle();
    f.alice.runtime.dialogs.responder = () => ({ target: f.rivalId, dice: 3, aimDice: 0, aimedPart: "", defenceDice: 0 });
    await f.alice.game.actors.get(f.alanId).sheet.runAction("rollItem", {}, { row: { itemId: f.bowId } });
    await settle();
    const card = f.last();
    expect(card.system.kind).toBe("steel.missile");
    f.bob.runtime.dialogs.responder = () => ({ kind: "none", room: "open", dice: 0 });
    // Alan: 9, 9, 9 at TN 6, no defence: margin 3; 2d6 = 3 + 4, the chest; every later d10 a 2.
    scriptDraws(f.gm, [...d10(9, 9, 9), [3, 6], [4, 6], ...d10(2, 2, 2, 2, 2, 2, 2, 2, 2, 2)]);
    expect((await f.hooks(f.bob).defendFromCard(f.bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    const done = f.gm.game.messages.get(card.id);
    const result = JSON.parse(done.system.result);
    expect(result.events.map((e: any) => e.type)).toContain("unhorsed");
    expect(done.rolls.map((r: any) => r.formula)).toContain("2d10");
    expect(done.content).toContain("Falls from the saddle");
    expect(f.fighter(f.cb).mounted).toBe(false);
    await apply(f, card);
    expect(f.gm.game.actors.get(f.rivalId).statuses.has("knockedDown")).toBe(true);
    expect(f.gm.game.actors.get(f.rivalId).system.steel.wounded.torso).toBe(true);
  });

  it("the same arrow on Rival on foot calls for no Ride check", async () => {
    const f = await field();
    await f.gm.game.combats.get(f.combatId).applyCommands([{ type: "missile", combatantId: f.ca, missile: { roundsLeft: 0, ready: true, pool: 5, quickenCost: 0 } }]);
    await settle();
    f.alice.runtime.dialogs.responder = () => ({ target: f.rivalId, dice: 3, aimDice: 0, aimedPart: "", defenceDice: 0 });
    await f.alice.game.actors.get(f.alanId).sheet.runAction("rollItem", {}, { row: { itemId: f.bowId } });
    await settle();
    f.bob.runtime.dialogs.responder = () => ({ kind: "none", room: "open", dice: 0 });
    scriptDraws(f.gm, [...d10(9, 9, 9), [3, 6], [4, 6], ...d10(2, 2, 2, 2, 2, 2, 2, 2, 2, 2)]);
    await f.hooks(f.bob).defendFromCard(f.bob.game.messages.get(f.last().id));
    await settle();
    const result = JSON.parse(f.last().system.result);
    expect(result.events.map((e: any) => e.type)).not.toContain("unhorsed");
    expect(result.events.map((e: any) => e.type)).not.toContain("keepsSaddle");
  });
});

describe("seed 000 'Mounted modifiers': a rider's terrain roll is an AG/Ride check", () => {
  it("mounted Alan's terrain roll from his sheet: Agility 6 dice at the Ride TN 7 plus the GM's 1, one 8 makes it, and his pool keeps every die", async () => {
    const f = await field({ alan: true });
    const pool = f.fighter(f.ca).cp;
    let asked: any = null;
    f.alice.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return { tnModifier: 1, stakes: "none", opponent: "", opponentDice: 2 };
    };
    scriptDraws(f.gm, d10(8, 2, 2, 2, 2, 3));
    await f.alice.game.actors.get(f.alanId).sheet.runAction("actorAction", { actorAction: "terrain" });
    await settle();
    // The rider is asked for no pool dice: the dialog offers the TN the GM adds, not a dice slider.
    expect(asked.content).toContain('name="tnModifier"');
    expect(asked.content).not.toContain('name="dice"');
    const card = f.last();
    expect(card.system.kind).toBe("steel.terrain");
    expect(card.rolls.map((r: any) => r.formula)).toEqual(["6d10"]);
    expect(card.content).toContain("6 dice against TN 8 (on horseback: a Ride check)");
    expect(card.content).toContain("outcome-success");
    expect(f.fighter(f.ca).cp).toBe(pool);
  });

  it("on foot the same roll still burns pool dice (2 at the table's TN 3 for narrow ground at a normal pace)", async () => {
    const f = await field();
    const pool = f.fighter(f.ca).cp;
    f.alice.runtime.dialogs.responder = () => ({ terrain: "narrow", pace: "normal", dice: 2, stakes: "none", footing: false, opponent: "" });
    scriptDraws(f.gm, d10(8, 2));
    await f.alice.game.actors.get(f.alanId).sheet.runAction("actorAction", { actorAction: "terrain" });
    await settle();
    expect(f.last().rolls.map((r: any) => r.formula)).toEqual(["2d10"]);
    expect(f.fighter(f.ca).cp).toBe(pool - 2);
  });

  it("two riders: Rival answers with a contested Ride check (5 dice at his Ride TN 7), 2 successes against Alan's 1 cancel the move; no pool dice leave either", async () => {
    const f = await field({ alan: true, rival: true });
    const pools = [f.fighter(f.ca).cp, f.fighter(f.cb).cp];
    f.alice.runtime.dialogs.responder = () => ({ tnModifier: 0, stakes: "none", opponent: f.rivalId, opponentDice: 2 });
    await f.alice.game.actors.get(f.alanId).sheet.runAction("actorAction", { actorAction: "terrain" });
    await settle();
    const card = f.last();
    expect(card.system.kind).toBe("steel.terrainContest");
    let asked: any = null;
    f.bob.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return {};
    };
    // Alan: 7 and five 2s (one success); Rival: 7, 7, 2, 2, 2 (two).
    scriptDraws(f.gm, d10(7, 2, 2, 2, 2, 2, 7, 7, 2, 2, 2));
    expect((await f.hooks(f.bob).defendFromCard(f.bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    expect(asked.content).not.toContain('name="dice"');
    const done = f.gm.game.messages.get(card.id);
    expect(done.rolls.map((r: any) => r.formula)).toEqual(["6d10", "5d10"]);
    expect(done.content).toContain("The opponent cancels the move (2 successes against 1)");
    expect([f.fighter(f.ca).cp, f.fighter(f.cb).cp]).toEqual(pools);
  });

  it("attack: Alice cannot answer the contest for Bob's Rival, even by asking the GM directly; nothing is written", async () => {
    const f = await field({ alan: true, rival: true });
    f.alice.runtime.dialogs.responder = () => ({ tnModifier: 0, stakes: "none", opponent: f.rivalId, opponentDice: 2 });
    await f.alice.game.actors.get(f.alanId).sheet.runAction("actorAction", { actorAction: "terrain" });
    await settle();
    const card = f.last();
    const mark = f.world.server.writes.length;
    const forged = await f.hooks(f.alice).askGM("answerCard", { messageId: card.id, answer: { dice: 0 } });
    await settle();
    expect(forged.ok ? "ok" : forged.refusal.code).toBe("card.notYours");
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(f.gm.game.messages.get(card.id).system.state).toBe("waiting");
  });
});

describe("seed 000 'Ride-By Attacking': the foe's opposition, and two riders passing", () => {
  /** Alan rides at a canter (the GM's gait, standing for earlier rounds of riding). */
  async function cantering(f: Field) {
    await f.gm.game.combats.get(f.combatId).applyCommands([{ type: "gait", combatantId: f.ca, gait: "canter" }]);
    await settle();
  }
  async function rideByAtRival(f: Field) {
    f.alice.runtime.dialogs.responder = () => ({ opponent: f.rivalId, opponentDice: 2, tnModifier: 0 });
    await f.alice.game.actors.get(f.alanId).sheet.runAction("actorAction", { actorAction: "rideBy" });
    await settle();
    return f.last();
  }

  it("Alan rides by Rival on foot; Bob burns 3 dice at Alan's TN 7 from his own card: 8, 8, 2 beat Alan's one 7, so the round keeps two exchanges and Rival's pool pays 3", async () => {
    const f = await field({ alan: true });
    await cantering(f);
    const card = await rideByAtRival(f);
    expect(card.system.kind).toBe("steel.rideByAt");
    expect(card.system.state).toBe("waiting");
    expect(card.content).toContain('data-bout-action="defend"');
    const pool = f.fighter(f.cb).cp;
    f.bob.runtime.dialogs.responder = () => ({ dice: 3 });
    scriptDraws(f.gm, d10(7, 2, 2, 2, 2, 2, 8, 8, 2));
    expect((await f.hooks(f.bob).defendFromCard(f.bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    const done = f.gm.game.messages.get(card.id);
    expect(done.rolls.map((r: any) => r.formula)).toEqual(["6d10", "3d10"]);
    expect(done.content).toContain("Rival opposes with 3 dice: 2 successes against the rider’s 1");
    expect(done.content).toContain("Ride-by fails: 2 exchanges this round");
    expect(f.state().bouts[0].exchangesThisRound).toBe(2);
    expect(f.fighter(f.cb).cp).toBe(pool - 3);
  });

  it("Bob burns 1 die and rolls a 2: Alan's 8 makes the ride-by, the round is one exchange", async () => {
    const f = await field({ alan: true });
    await cantering(f);
    const card = await rideByAtRival(f);
    f.bob.runtime.dialogs.responder = () => ({ dice: 1 });
    scriptDraws(f.gm, d10(8, 2, 2, 2, 2, 2, 2));
    await f.hooks(f.bob).defendFromCard(f.bob.game.messages.get(card.id));
    await settle();
    expect(f.gm.game.messages.get(card.id).content).toContain("Ride-by made: 1 exchange this round");
    expect(f.state().bouts[0].exchangesThisRound).toBe(1);
  });

  it("attack: Bob's answer burning more dice than Rival has is refused and writes nothing; Alice cannot answer for Rival", async () => {
    const f = await field({ alan: true });
    await cantering(f);
    const card = await rideByAtRival(f);
    const mark = f.world.server.writes.length;
    const greedy = await f.hooks(f.bob).askGM("answerCard", { messageId: card.id, answer: { dice: 99 } });
    expect(greedy.ok ? "ok" : greedy.refusal.code).toBe("steel.tooMany");
    const forged = await f.hooks(f.alice).askGM("answerCard", { messageId: card.id, answer: { dice: 0 } });
    expect(forged.ok ? "ok" : forged.refusal.code).toBe("card.notYours");
    await settle();
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(f.gm.game.messages.get(card.id).system.state).toBe("waiting");
  });

  it("a ride-by at a mounted foe is refused (riders pass instead) and posts nothing", async () => {
    const f = await field({ alan: true, rival: true });
    await cantering(f);
    const before = f.gm.game.messages.size;
    await rideByAtRival(f);
    expect(f.gm.game.messages.size).toBe(before);
    expect(f.alice.notices.at(-1)?.message).toBe("A ride-by is made against a fighter on foot; two riders pass each other instead.");
  });

  it("two riders pass: Alan wants one exchange, Rival two; Alan's 8, 8 against Rival's one 7 wins, and the round is one exchange", async () => {
    const f = await field({ alan: true, rival: true });
    f.alice.runtime.dialogs.responder = () => ({ opponent: f.rivalId, exchanges: "1", tnModifier: 0 });
    await f.alice.game.actors.get(f.alanId).sheet.runAction("actorAction", { actorAction: "ridersPass" });
    await settle();
    const card = f.last();
    expect(card.system.kind).toBe("steel.ridersPass");
    f.bob.runtime.dialogs.responder = () => ({ exchanges: "2" });
    scriptDraws(f.gm, d10(8, 8, 2, 2, 2, 2, 7, 2, 2, 2, 2));
    expect((await f.hooks(f.bob).defendFromCard(f.bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    const done = f.gm.game.messages.get(card.id);
    expect(done.rolls.map((r: any) => r.formula)).toEqual(["6d10", "5d10"]);
    expect(done.content).toContain("Riders pass: Alan 2 against Rival 1; Alan chooses 1 exchange this round");
    expect(f.state().bouts[0].exchangesThisRound).toBe(1);
  });

  it("two riders pass and Rival wins: his choice of two exchanges stands", async () => {
    const f = await field({ alan: true, rival: true });
    f.alice.runtime.dialogs.responder = () => ({ opponent: f.rivalId, exchanges: "1", tnModifier: 0 });
    await f.alice.game.actors.get(f.alanId).sheet.runAction("actorAction", { actorAction: "ridersPass" });
    await settle();
    f.bob.runtime.dialogs.responder = () => ({ exchanges: "2" });
    scriptDraws(f.gm, d10(2, 2, 2, 2, 2, 2, 7, 7, 2, 2, 2));
    await f.hooks(f.bob).defendFromCard(f.bob.game.messages.get(f.last().id));
    await settle();
    expect(f.last().content).toContain("Rival chooses 2 exchanges this round");
    expect(f.state().bouts[0].exchangesThisRound).toBe(2);
  });
});

describe("seed 000 'Attacking a Mounted Target': a blow aimed at the horse", () => {
  /** Bay, Rival's horse (Bob's too, Toughness 5), named on Rival's sheet; Alan strikes from the side. */
  async function withHorse(f: Field) {
    const bay = await f.Actor.create({ name: "Bay", type: "npc", ownership: { default: 0, [f.world.userId("Bob")]: 3 }, system: { steel: { toughness: 5, agility: 4 } } });
    await f.bob.game.actors.get(f.rivalId).update({ "system.steel.mount": "Bay" });
    await settle();
    return bay.id as string;
  }
  async function strikeHorse(f: Field) {
    f.alice.runtime.dialogs.responder = () => ({ defender: f.rivalId, maneuver: "cut", zone: "5", dice: 4, press: 0, side: "side", aim: "mount", defenceDice: 0 });
    await f.alice.game.actors.get(f.alanId).sheet.runAction("rollItem", {}, { row: { itemId: f.swordId } });
    await settle();
    return f.last();
  }

  it("Alan aims at Bay: Rival may not parry for the horse, only evade; the wound lands on Bay's actor, Rival is untouched and keeps the saddle", async () => {
    const f = await field({ rival: true });
    const bayId = await withHorse(f);
    let asked: any = null;
    f.alice.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return { defender: f.rivalId, maneuver: "cut", zone: "5", dice: 4, press: 0, side: "side", aim: "mount", defenceDice: 0 };
    };
    await f.alice.game.actors.get(f.alanId).sheet.runAction("rollItem", {}, { row: { itemId: f.swordId } });
    await settle();
    expect(asked.content).toContain('name="aim"');
    const card = f.last();
    expect(JSON.parse(card.system.declaration)).toMatchObject({ atMount: true, horse: "Bay" });
    expect(card.content).toContain("Aimed at the horse (Bay)");
    let offered: any = null;
    const defend = (answer: Record<string, unknown> | null) => {
      f.bob.runtime.dialogs.responder = (_k: unknown, config: any) => {
        offered = config;
        return answer;
      };
      return f.hooks(f.bob).defendFromCard(f.bob.game.messages.get(card.id));
    };
    // The dialog offers Rival only the evasions (Bob closes it); a parry his client sends anyway is refused all the same.
    await defend(null);
    const parry = await f.hooks(f.bob).askGM("answerCard", { messageId: card.id, answer: { maneuverId: "parry", dice: 2, press: 0 } });
    expect(offered.content).toContain('value="partial-evasion"');
    expect(offered.content).not.toContain('value="parry"');
    expect(parry.ok ? "ok" : parry.refusal.code).toBe("steel.notAllowedMounted");
    expect(f.gm.game.messages.get(card.id).system.state).toBe("waiting");
    // Alan: 9, 9, 9, 9 at ATN 6; Rival evades (partial, TN 7) with 2, 2: margin 4; every later die a 2.
    scriptDraws(f.gm, [...d10(9, 9, 9, 9, 2, 2), ...d10(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)]);
    expect((await defend({ maneuver: "partial-evasion", dice: 2, press: 0 })).ok).toBe(true);
    await settle();
    const done = f.gm.game.messages.get(card.id);
    const result = JSON.parse(done.system.result);
    expect(Object.keys(result.updates)).toEqual([bayId]);
    expect(result.events.map((e: any) => e.type)).not.toContain("unhorsed");
    expect(result.events.map((e: any) => e.type)).not.toContain("keepsSaddle");
    expect(f.fighter(f.cb).mounted).toBe(true);
    await apply(f, card);
    const bay = f.gm.game.actors.get(bayId).system.steel;
    expect(bay.pain + bay.bloodLoss).toBeGreaterThan(0);
    const rival = f.gm.game.actors.get(f.rivalId).system.steel;
    expect([rival.pain, rival.bloodLoss]).toEqual([0, 0]);
  });

  it("without a horse named on the rider's sheet, aiming at it is refused and nothing is posted", async () => {
    const f = await field({ rival: true });
    const before = f.gm.game.messages.size;
    await strikeHorse(f);
    expect(f.gm.game.messages.size).toBe(before);
    expect(f.alice.notices.at(-1)?.message).toBe("This rider’s sheet names no horse (the Horse field): there is nothing to aim at.");
  });

  it("attack: Bob names the GM's Guard as Rival's horse, so blows at 'the horse' would wound the Guard; the blow is refused and nothing is written", async () => {
    const f = await field({ rival: true });
    await f.Actor.create({ name: "Guard", type: "npc", system: { steel: { toughness: 4 } } });
    await f.bob.game.actors.get(f.rivalId).update({ "system.steel.mount": "Guard" });
    await settle();
    const mark = f.world.server.writes.length;
    const forged = await f.hooks(f.alice).postCard("steel.exchange", f.alice.game.actors.get(f.alanId), f.alice.game.actors.get(f.rivalId), { weaponId: f.swordId, maneuverId: "cut", zone: 5, dice: 2, side: "side", atMount: true }, f.combatId);
    await settle();
    expect(forged.ok ? "ok" : forged.refusal.code).toBe("steel.mounted.notTheirHorse");
    expect(f.world.writesSince(mark)).toEqual([]);
  });

  it("a blow at the horse of a fighter on foot is refused", async () => {
    const f = await field();
    const forged = await f.hooks(f.alice).postCard("steel.exchange", f.alice.game.actors.get(f.alanId), f.alice.game.actors.get(f.rivalId), { weaponId: f.swordId, maneuverId: "cut", zone: 5, dice: 2, side: "side", atMount: true }, f.combatId);
    expect(forged.ok ? "ok" : forged.refusal.code).toBe("steel.noMount");
  });
});
