// What a blow leaves behind, at the table (issue 9 "Resolution"; seed 004_2f46e4f6196f6037.txt [19] Stun, [20.4]
// Stuck Like a Pig, [24] Infection): the sheet's Recover from stun, Pull out a stuck weapon, Infection check (the
// GM's) and A day with an infection each post a card the GM's client rolls; Apply writes the result once.
import { describe, expect, it } from "vitest";
import { fightOnScene, hexScene, scriptDraws, settle, sideGoesFirst, tableOfThree } from "./support";

async function table(bran: Record<string, unknown> = {}) {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { md: 15, ps: 15, ag: 15 } } });
  const { stunned, ...figures } = bran;
  const b = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { pulse: { ag: 12, wp: 10, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 5, ...figures } } });
  // Stunned is the token's condition (issue 31): set as the token HUD sets it.
  if (stunned) await b.toggleStatusEffect("stun", { active: true });
  await settle();
  return { world, gm, alice, bob, ada, adaId: ada.id as string, branId: b.id as string };
}
type Table = Awaited<ReturnType<typeof table>>;
const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
const last = (t: Table) => t.gm.game.messages.contents.at(-1);
const events = (t: Table, card: any) => JSON.parse(t.gm.game.messages.get(card.id).system.result).events.map((e: any) => [e.type, e.data]);
const bran = (t: Table) => t.gm.game.actors.get(t.branId).system.pulse;

async function sheetAction(t: Table, client: any, actorId: string, action: string, answer: unknown = {}) {
  client.runtime.dialogs.responder = () => answer;
  const before = t.gm.game.messages.contents.length;
  await client.game.actors.get(actorId).sheet.runAction("actorAction", { actorAction: action });
  await settle();
  return t.gm.game.messages.contents.length > before ? last(t) : null;
}
async function apply(t: Table, client: any, card: any) {
  await hooks(client).applyFromCard(client.game.messages.get(card.id));
  await settle();
}

describe("the sheet shows these buttons only when they apply", () => {
  it("Recover, Pull out, A day with an infection appear once Bran is stunned, has a weapon stuck, is infected (Pull out once he is no longer stunned); the Infection check is the GM's", async () => {
    const t = await table();
    const buttons = async (client: any) => {
      const sheet = client.game.actors.get(t.branId).sheet;
      await sheet.render({ force: true });
      return [...(sheet.renderedParts.header as string).matchAll(/data-actor-action="([^"]+)"/g)].map((m) => m[1] ?? "");
    };
    const before = await buttons(t.bob);
    expect(before).toContain("jump");
    expect(before).not.toEqual(expect.arrayContaining(["recover"]));
    expect(before.filter((b) => ["recover", "pullOut", "infectionDay", "infection", "disentangle", "closeWithdraw"].includes(b))).toEqual([]);
    expect(await buttons(t.gm)).toContain("infection");
    await t.gm.game.actors.get(t.branId).update({ "system.pulse.stuckPenalty": 3, "system.pulse.infected": true });
    await t.gm.game.actors.get(t.branId).toggleStatusEffect("stun", { active: true });
    await settle();
    // [15] a stunned figure may only recover: pulling the weapon out (a Pass) waits until it has.
    expect((await buttons(t.bob)).filter((b) => ["recover", "pullOut", "infectionDay"].includes(b))).toEqual(["recover", "infectionDay"]);
    await t.gm.game.actors.get(t.branId).toggleStatusEffect("stun", { active: false });
    await settle();
    expect((await buttons(t.bob)).filter((b) => ["recover", "pullOut", "infectionDay"].includes(b))).toEqual(["pullOut", "infectionDay"]);
  });
});

describe("seed 004 [19] recovering from a stun", () => {
  it("a figure that is not stunned cannot try: refused with a notice, nothing posted", async () => {
    const t = await table();
    expect(await sheetAction(t, t.bob, t.branId, "recover")).toBeNull();
    expect(t.bob.notices.at(-1)?.message).toBe("Bran is not stunned.");
  });

  it("stunned Bran (WP 10, Fatigue 5) recovers on 2 x 15 = 30 or less: a 31 fails, a 30 clears the box and the condition", async () => {
    const t = await table({ stunned: true });
    scriptDraws(t.gm, [[31, 100]]);
    const failed = await sheetAction(t, t.bob, t.branId, "recover");
    expect(events(t, failed)).toEqual([["StunRecoveryFailed", { roll: 31, target: 30 }]]);
    await apply(t, t.bob, failed);
    expect(bran(t).stunned).toBe(true);
    scriptDraws(t.gm, [[30, 100]]);
    const passed = await sheetAction(t, t.bob, t.branId, "recover");
    expect(events(t, passed)).toEqual([["StunRecoveryPassed", { roll: 30, target: 30 }]]);
    await apply(t, t.bob, passed);
    expect(bran(t).stunned).toBe(false);
  });

  it("in a running pulse a blow that stuns reaches the fight as the token's condition once applied; Bran's recovery in his turn ends it", async () => {
    const t = await table({ fatigueNow: 0 });
    const y = await yardFight(t);
    // 73 - Defense 12 = 61; a 5 is within 15%: D10 6 + 2 = 8 to Endurance, more than a third of 15: stunned (kept weapon on 1).
    await y.adaStrikes("normal", [[5, 100], [6, 10], [1, 100]]);
    // The card is resolved, not applied: the token carries no stun yet, and the fight reads none.
    expect(y.branBadges()).not.toContain("Stunned");
    await apply(t, t.bob, last(t));
    expect(bran(t).stunned).toBe(true);
    expect(y.branBadges()).toContain("Stunned");
    // The state keeps no copy of the condition (issue 31): the token is its one owner.
    expect(JSON.stringify(y.state())).not.toContain("stun");
    expect(y.state().step).toMatchObject({ kind: "engagement" });
    scriptDraws(t.gm, [[1, 100]]);
    const card = await sheetAction(t, t.bob, t.branId, "recover");
    expect(events(t, card)[0]).toEqual(["StunRecoveryPassed", { roll: 1, target: 20 }]);
    await apply(t, t.bob, card);
    expect(bran(t).stunned).toBe(false);
    expect(y.branBadges()).not.toContain("Stunned");
  });

  it("[16.5] a knockout in a running pulse, once applied, takes Bran out of the fight's order: no engagement of one is left behind", async () => {
    const t = await table();
    const y = await yardFight(t);
    // 73 - 15 = 58 less Defense 12 = 46: a 20 lands; the GM's d10 for the minutes.
    await y.adaStrikes("knockout", [[20, 100], [4, 10]]);
    // The last message is the GM's whisper of the minutes; the card is before it.
    await apply(t, t.alice, t.gm.game.messages.contents.filter((m: any) => m.type === "card").at(-1));
    expect([...t.gm.game.actors.get(t.branId).statuses]).toContain("unconscious");
    expect(y.bran()).toBeUndefined();
    expect(y.state().engagements).toEqual([]);
  });
});

/** Ada (sword) and Bran face to face on a hex scene in a started pulse fight, Ada acting first. */
async function yardFight(t: Table) {
  const [sword] = await t.ada.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } }]);
  const { scene, at } = await hexScene(t.gm, "Yard");
  const { combat } = await fightOnScene(t.gm, scene, [
    { actor: t.ada, token: { disposition: 1, rotation: 270, ...at(2, 2) } },
    { actor: t.gm.game.actors.get(t.branId), token: { disposition: -1, rotation: 90, ...at(2, 3) } },
  ]);
  t.gm.runtime.dialogs.responder = () => "none";
  await t.gm.game.combats.get(combat.id).startCombat();
  await settle();
  const state = () => t.gm.game.combats.get(combat.id).machineState;
  // Engaged face to face: Ada's IV (15 + 0 + 2) beats Bran's, and she acts first.
  scriptDraws(t.gm, []);
  await t.gm.ui.combat.runAction("boutNextStep", {});
  await settle();
  const row = (name: string) => t.gm.game.combats.get(combat.id).combatants.contents.find((c: any) => c.name === name);
  await t.alice.ui.combat.runAction("boutTurnChoice", { combatantId: row("Ada").id, actionId: "first" });
  await settle();
  /** Ada's blow of this kind; Bran stands; the GM's client rolls these draws. */
  const adaStrikes = async (kind: string, draws: [number, number][]) => {
    t.alice.runtime.dialogs.responder = () => ({ defender: t.branId, kind });
    await t.alice.game.actors.get(t.adaId).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    t.bob.runtime.dialogs.responder = () => ({ answer: "stand" });
    scriptDraws(t.gm, draws);
    await hooks(t.bob).defendFromCard(t.bob.game.messages.get(last(t).id));
    await settle();
  };
  const combatOf = () => t.gm.game.combats.get(combat.id);
  /** Bran's badges on the GM's tracker, in words. */
  const branBadges = () => {
    const view = combatOf().trackerView();
    const badges = view.rows.find((r: any) => r.combatantId === row("Bran").id)?.badges ?? [];
    return badges.map((b: any) => t.gm.game.i18n.localize(b.label.key));
  };
  return { state, adaStrikes, branBadges, bran: () => state().combatants.find((c: any) => c.id === row("Bran").id) };
}

describe("seed 004 [20.4] pulling out a stuck weapon", () => {
  it("nothing stuck: refused", async () => {
    const t = await table();
    expect(await sheetAction(t, t.bob, t.branId, "pullOut", { kind: "pole", barbed: false })).toBeNull();
    expect(t.bob.notices.at(-1)?.message).toBe("Nothing is stuck in Bran.");
  });

  it("a pole weapon (5 of Bran's 8) comes out for D-2 Fatigue through armour: D10 6 is 4; a plain arrow for nothing, a barbed one D-4", async () => {
    const t = await table({ stuckPenalty: 8, fatigueNow: 10 });
    scriptDraws(t.gm, [[6, 10]]);
    const pole = await sheetAction(t, t.bob, t.branId, "pullOut", { kind: "pole", barbed: false });
    expect(events(t, pole)[0]).toEqual(["StuckRemoved", { damage: 4, roll: 6 }]);
    await apply(t, t.bob, pole);
    expect([bran(t).stuckPenalty, bran(t).fatigueNow]).toEqual([3, 6]);
    const plain = await sheetAction(t, t.bob, t.branId, "pullOut", { kind: "missile", barbed: false });
    expect(events(t, plain)).toEqual([["StuckRemoved", { damage: 0 }]]);
    await apply(t, t.bob, plain);
    expect([bran(t).stuckPenalty, bran(t).fatigueNow]).toEqual([0, 6]);
    await t.gm.game.actors.get(t.branId).update({ "system.pulse.stuckPenalty": 3 });
    await settle();
    scriptDraws(t.gm, [[9, 10]]);
    const barbed = await sheetAction(t, t.bob, t.branId, "pullOut", { kind: "missile", barbed: true });
    await apply(t, t.bob, barbed);
    expect([bran(t).stuckPenalty, bran(t).fatigueNow]).toEqual([0, 1]);
  });
});

describe("seed 004 [24] infection", () => {
  it("only the GM rolls the check: the sheet refuses a player, and a card forged by one is refused; nothing is posted", async () => {
    const t = await table();
    expect(await sheetAction(t, t.bob, t.branId, "infection", { enduranceDamage: 0, natural: false, gmModifier: -100 })).toBeNull();
    expect(t.bob.notices.at(-1)?.message).toBe("Only the GM may post that roll.");
    const before = t.gm.game.messages.contents.length;
    const forged = await hooks(t.bob).postCard("pulse.infection", t.bob.game.actors.get(t.branId), t.bob.game.actors.get(t.branId), { enduranceDamage: 0, natural: false, gmModifier: -100 }, "");
    await settle();
    expect(forged.ok).toBe(false);
    expect(t.gm.game.messages.contents.length).toBe(before);
  });

  it("Bran lost 5 Endurance to a bite: 10 + 20 + 5 + 20 = 55; a 55 festers and Apply ticks Infected", async () => {
    const t = await table({ enduranceNow: 10 });
    let asked: any;
    t.gm.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return { enduranceDamage: 5, natural: true, gmModifier: 0 };
    };
    scriptDraws(t.gm, [[55, 100]]);
    await t.gm.game.actors.get(t.branId).sheet.runAction("actorAction", { actorAction: "infection" });
    await settle();
    // The dialog starts from the Endurance the sheet shows lost.
    expect(asked.content).toContain('value="5"');
    expect(events(t, last(t))).toEqual([["Infected", { roll: 55, chance: 55 }]]);
    await apply(t, t.gm, last(t));
    expect(bran(t).infected).toBe(true);
  });

  it("each day: d100 under starting Endurance 15 heals; a 15 does not, D10 9 - 5 = 4 Endurance (10 to 6); then a 14 heals", async () => {
    const t = await table({ enduranceNow: 10, infected: true });
    scriptDraws(t.gm, [[15, 100], [9, 10]]);
    const worse = await sheetAction(t, t.bob, t.branId, "infectionDay");
    expect(events(t, worse)).toEqual([["InfectionWorsens", { roll: 15, damage: 4, enduranceNow: 6 }]]);
    await apply(t, t.bob, worse);
    expect([bran(t).enduranceNow, bran(t).infected]).toEqual([6, true]);
    scriptDraws(t.gm, [[14, 100]]);
    const healed = await sheetAction(t, t.bob, t.branId, "infectionDay");
    await apply(t, t.bob, healed);
    expect([bran(t).enduranceNow, bran(t).infected]).toEqual([6, false]);
    expect(await sheetAction(t, t.bob, t.branId, "infectionDay")).toBeNull();
    expect(t.bob.notices.at(-1)?.message).toBe("Bran has no infected wound.");
  });

  it("a day's fever that leaves 3 Endurance or less puts the figure out: unconscious on Apply", async () => {
    const t = await table({ enduranceNow: 5, infected: true });
    scriptDraws(t.gm, [[90, 100], [8, 10]]);
    const card = await sheetAction(t, t.bob, t.branId, "infectionDay");
    await apply(t, t.bob, card);
    expect(bran(t).enduranceNow).toBe(2);
    expect([...t.gm.game.actors.get(t.branId).statuses]).toContain("unconscious");
  });
});
