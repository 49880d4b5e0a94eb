// Issue 32, seed 000_4377b2da58f3a52b.txt at the table: rules the steel table reached only halfway.
// "Multiple Opponents" (the winner's choice of whom to face is enforced; the card states the engine's cap),
// "Melee Combat" (both red: the dice lost to reach come from the two weapons' lengths), "Missile Combat" 3
// (a shooter chooses red or white each round), "Maneuver-based Combat" (the attack dialog offers only what
// the weapon allows) and "Melee Combat" (no attack before the red/white throw: see steel-card.test.ts).
import { describe, expect, it } from "vitest";
import { formCells, scriptDraws, settle, tableOfThree } from "./support";
import { headlineOf } from "./card-kind-cases";

const d10 = (...r: number[]): [number, number][] => r.map((x) => [x, 10]);
const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
const SWORD = { reach: 3, atnSwing: 6, atnThrust: 7, dtn: 6, swingDamage: 1, swingType: "cut", thrustDamage: 0, thrustType: "puncture", addStrength: true };
const SPEAR = { ...SWORD, reach: 4, swingType: "none", atnThrust: 6 };
const FANGS = { reach: 0, atnSwing: 6, atnThrust: 6, dtn: 8, swingDamage: 0, swingType: "cut", thrustDamage: 0, thrustType: "puncture", addStrength: true };

/** Ada (Alice's) and Bran (Bob's) with these steel figures. */
async function pair(adaSteel: Record<string, unknown>, branSteel: Record<string, unknown>) {
  const t = await tableOfThree("steel");
  const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { steel: adaSteel } });
  const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { steel: branSteel } });
  return { ...t, ada, bran };
}

/** A running fight of these actors in one bout, the throw revealed as given (null: no reveal yet). */
async function thrownBout(gm: any, actors: readonly any[], throws: readonly string[] | null) {
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Field" }]);
  const ids = (await combat.createEmbeddedDocuments("Combatant", actors.map((a: any) => ({ actorId: a.id, group: group.id })))).map((c: any) => c.id as string);
  await combat.startCombat();
  await settle();
  if (throws) await combat.applyCommands([{ type: "reveal", boutId: group.id, choices: Object.fromEntries(ids.map((id: string, i: number) => [id, throws[i]])) }]);
  await settle();
  return { combat, groupId: group.id as string, ids };
}

/** Bran (Bob's) at the gate against two wolves (Alice's, small), in one bout, all thrown white but the first wolf. */
async function gate() {
  const t = await tableOfThree("steel");
  const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 4 } } });
  await bran.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: SWORD } }]);
  const wolves: { id: string; fangs: string }[] = [];
  for (const name of ["Wolf 1", "Wolf 2"]) {
    const w = await t.Actor.create({ name, type: "character", ownership: t.own("Alice"), system: { steel: { agility: 6, wit: 5, proficiency: 4, small: true } } });
    const [fangs] = await w.createEmbeddedDocuments("Item", [{ name: "Fangs", type: "weapon", system: { equipped: true, steel: FANGS } }]);
    wolves.push({ id: w.id, fangs: fangs.id });
  }
  const { combat, groupId, ids } = await thrownBout(t.gm, [bran, ...wolves], ["white", "red", "white"]);
  const [cb, c1, c2] = ids;
  const bite = (i: number) => hooks(t.alice).postCard("steel.exchange", t.alice.game.actors.get(wolves[i]!.id), t.alice.game.actors.get(bran.id), { weaponId: wolves[i]!.fangs, maneuverId: "cut", zone: 5, dice: 2 }, combat.id);
  /** The GM's outnumbered roll: Bran 2 dice at TN 6 (6, 2: one success); the wolves at TN 5, Wolf 1 2 dice (9, 9: two), Wolf 2 1 (2: none). */
  const outnumbered = async () => {
    t.gm.runtime.dialogs.responder = () => ({ lone: cb, [`dice.${cb}`]: 2, [`dice.${c1}`]: 2, [`dice.${c2}`]: 1, tactics: 0 });
    scriptDraws(t.gm, d10(6, 2, 9, 9, 2));
    await t.gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "crowd" });
    await settle();
  };
  return { ...t, combat, groupId, cb: cb!, c1: c1!, c2: c2!, branId: bran.id as string, bite, outnumbered, state: () => t.gm.game.combats.get(combat.id).machineState };
}

describe("seed 000 'Multiple Opponents': after the outnumbered roll, the winner's choice of whom to face is enforced", () => {
  it("two wolves on Bran: the card says at most 4 (all small); the wolf who beat him faces him, and the other wolf's bite is refused with a notice and nothing written", async () => {
    const ctx = await gate();
    await ctx.outnumbered();
    const card = ctx.gm.game.messages.contents.at(-1);
    // The cap the engine applies: four small opponents may crowd one fighter (the card said 3 before).
    expect(card.content).toContain("at most 4 attack at once");
    expect(ctx.state().bouts[0].crowd).toMatchObject({ lone: ctx.cb, decides: "opponents", superior: [ctx.c1], inferior: [ctx.c2], cap: 4 });

    // Until Wolf 1 has chosen, no bite reaches Bran.
    let mark = ctx.world.server.writes.length;
    const early = await ctx.bite(0);
    expect(early.ok ? "ok" : early.refusal.code).toBe("steel.matchUpDue");
    expect(ctx.alice.notices.at(-1)?.message).toBe("Whom Bran faces this round is still being chosen after the outnumbered roll: no blow passes between them until it is settled.");
    expect(ctx.world.writesSince(mark)).toEqual([]);

    // Bob cannot choose for Alice's wolf, nor for Bran while the choice is the wolf's.
    const stolen = await ctx.bob.game.combats.get(ctx.combat.id).command({ type: "face", combatantId: ctx.c1, target: ctx.cb });
    expect(stolen.ok ? "ok" : stolen.refusal.code).toBe("combat.notYours");
    const early2 = await ctx.bob.game.combats.get(ctx.combat.id).command({ type: "face", combatantId: ctx.cb, target: ctx.c2 });
    expect(early2.ok ? "ok" : early2.refusal.code).toBe("steel.notYourChoice");

    // Alice's row for Wolf 1 offers the choice; she faces Bran.
    await ctx.alice.ui.combat.render({ force: true });
    expect(ctx.alice.ui.combat.renderedParts.tracker).toContain(`data-combatant-id="${ctx.c1}" data-action-id="faceLone"`);
    expect(ctx.alice.ui.combat.renderedParts.tracker).not.toContain(`data-combatant-id="${ctx.c2}" data-action-id="faceLone"`);
    await ctx.alice.ui.combat.runAction("boutTurnChoice", { combatantId: ctx.c1, actionId: "faceLone" });
    await settle();
    expect(ctx.state().bouts[0].crowd.answers).toEqual({ [ctx.c1]: true });
    await ctx.gm.ui.combat.render({ force: true });
    expect(ctx.gm.ui.combat.renderedParts.tracker).toContain("Faces Wolf 1");

    // Wolf 2 does not face Bran this round: refused, named, nothing written, no card.
    const messages = ctx.gm.game.messages.size;
    mark = ctx.world.server.writes.length;
    const second = await ctx.bite(1);
    expect(second.ok ? "ok" : second.refusal.code).toBe("steel.notFacing");
    expect(ctx.alice.notices.at(-1)?.message).toBe("Bran does not face Wolf 2 this round: the outnumbered roll settled who fights whom. Wait for the next round.");
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(ctx.gm.game.messages.size).toBe(messages);
    // Wolf 1's bite is the one that goes in.
    expect((await ctx.bite(0)).ok).toBe(true);
  });

  it("standing off hands Bran the pick: he names Wolf 2 from his row, and Wolf 1 may not bite him this round", async () => {
    const ctx = await gate();
    await ctx.outnumbered();
    await ctx.alice.ui.combat.runAction("boutTurnChoice", { combatantId: ctx.c1, actionId: "standOff" });
    await settle();
    let asked: any;
    ctx.bob.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return { target: ctx.c2 };
    };
    await ctx.bob.ui.combat.runAction("boutTurnChoice", { combatantId: ctx.cb, actionId: "face" });
    await settle();
    // Only the wolf who rolled fewer is offered.
    expect(asked.content).toContain("Wolf 2");
    expect(asked.content).not.toContain("Wolf 1");
    expect(ctx.state().bouts[0].crowd.pick).toBe(ctx.c2);
    expect((await ctx.bite(0)).refusal?.code).toBe("steel.notFacing");
    expect((await ctx.bite(1)).ok).toBe(true);
    // A second outnumbered roll in the same round is refused before any die is asked for.
    const asks = ctx.gm.runtime.dialogs.asked.length;
    await ctx.gm.ui.combat.runAction("boutGroupAction", { groupId: ctx.groupId, actionId: "crowd" });
    await settle();
    expect(ctx.gm.runtime.dialogs.asked.length).toBe(asks);
    expect(ctx.gm.notices.at(-1)?.message).toBe("The outnumbered roll has already been made in this round of the bout.");
  });
});

describe("seed 000 'Melee Combat', both red: the dice lost to reach come from the two weapons' lengths", () => {
  it("Ada's dagger (reach 0) against Bran's spear (reach 4): she rolls Reflex 6 less 4 = 2 dice, he all 6; no GM field for it", async () => {
    const t = await pair({ agility: 6, wit: 6, proficiency: 5 }, { agility: 6, wit: 6, proficiency: 5 });
    await t.ada.createEmbeddedDocuments("Item", [{ name: "Dagger", type: "weapon", system: { equipped: true, steel: { ...SWORD, reach: 0, atnThrust: 5 } } }]);
    await t.bran.createEmbeddedDocuments("Item", [{ name: "Spear", type: "weapon", system: { equipped: true, steel: SPEAR } }]);
    const { combat, groupId, ids } = await thrownBout(t.gm, [t.ada, t.bran], ["red", "red"]);
    const [ca, cb] = ids;
    let asked: any;
    t.gm.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return formCells(config.content);
    };
    // Ada (declares first, lower Reflex order kept): 9, 9 at TN 5 = two; Bran: 7, 7, 7, 2, 2, 2 at TN 6 = three.
    scriptDraws(t.gm, d10(9, 9, 7, 7, 7, 2, 2, 2));
    await t.gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "blowOrder" });
    await settle();
    expect(asked.content).not.toContain("lost to reach");
    // The spear thrusts by default: a swing is not among what it can do.
    expect(formCells(asked.content)[`form.${cb}`]).toBe("thrust");
    const card = t.gm.game.messages.contents.at(-1);
    expect(card.rolls.map((r: any) => r.formula)).toEqual(["2d10", "6d10"]);
    expect(card.content).toContain("Ada: 2 successes at TN 5");
    expect(headlineOf(card.content)).toBe("Bran strikes first.");
    expect(t.gm.game.combats.get(combat.id).machineState.bouts[0].blowOrder).toEqual([[cb], [ca]]);
  });
});

describe("seed 000 'Missile Combat' 3: a shooter chooses red or white each round", () => {
  it("Alan threw white at the opening; in round 2 he looses in the first exchange (red), and a second shot that round is refused", async () => {
    const t = await pair({ agility: 6, wit: 5, perception: 5, proficiency: 6, missileProficiency: 5 }, { agility: 5, wit: 5, proficiency: 5, toughness: 3 });
    const [alan, rival] = [t.ada, t.bran];
    const [bow] = await alan.createEmbeddedDocuments("Item", [{ name: "Short bow", type: "weapon", system: { equipped: true, steel: { missile: true, missileAtn: 6, thrustDamage: 2, thrustType: "puncture", addStrength: false, preparation: 1, quickenCost: 1, quickenTn: 8, reach: 0 } } }]);
    const { combat, groupId, ids } = await thrownBout(t.gm, [alan, rival], ["white", "red"]);
    const [ca] = ids;
    const roll = async (answer: Record<string, unknown>) => {
      // Readying the bow asks only whether to quicken; the shot asks the rest.
      t.alice.runtime.dialogs.responder = (_k: unknown, config: any) =>
        String(config?.content ?? "").includes('name="dice"') ? { target: rival.id, dice: 2, aimDice: 0, aimedPart: "", defenceDice: 2, ...answer } : { quicken: false };
      await t.alice.game.actors.get(alan.id).sheet.runAction("rollItem", {}, { row: { itemId: bow.id } });
      await settle();
      return t.gm.game.messages.contents.at(-1);
    };
    const next = async () => {
      await t.gm.ui.combat.runAction("boutGroupAction", { groupId, actionId: "next" });
      await settle();
    };
    expect((await roll({})).system.kind).toBe("steel.readyMissile");
    await next();
    await next(); // round 2: the bow is ready
    const me = () => t.gm.game.combats.get(combat.id).machineState.combatants.find((c: any) => c.id === ca);
    expect([t.gm.game.combats.get(combat.id).machineState.bouts[0].round, me().missile.ready]).toEqual([2, true]);
    const shot = await roll({});
    expect(shot.system.kind).toBe("steel.missile");
    t.bob.runtime.dialogs.responder = () => ({ kind: "none", room: "open", dice: 0 });
    scriptDraws(t.gm, d10(2, 2));
    expect((await hooks(t.bob).defendFromCard(t.bob.game.messages.get(shot.id))).ok).toBe(true);
    await settle();
    expect(me().missile).toMatchObject({ pool: 3, fired: true });
    await next();
    const messages = t.gm.game.messages.size;
    await roll({ dice: 1 });
    expect(t.gm.game.messages.size).toBe(messages);
    expect(t.alice.notices.at(-1)?.message).toBe("This fighter has loosed once this round already: one shot a round.");
  });
});

describe("seed 000 'Maneuver-based Combat': the attack dialog offers only the maneuvers the weapon allows", () => {
  it("a spear with no edge offers thrust and bash, thrust first; declaring with the dialog's choice posts the card", async () => {
    const t = await pair({ agility: 6, wit: 5, proficiency: 6 }, { agility: 5, wit: 5, proficiency: 5 });
    const { ada, bran } = t;
    const [spear] = await ada.createEmbeddedDocuments("Item", [{ name: "Boar spear", type: "weapon", system: { equipped: true, steel: SPEAR } }]);
    await settle();
    let cells: Record<string, unknown> = {};
    let html = "";
    t.alice.runtime.dialogs.responder = (_k: unknown, config: any) => {
      html = config.content;
      cells = formCells(config.content);
      return { ...cells, defender: bran.id, dice: 3 };
    };
    await t.alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: spear.id } });
    await settle();
    const options = [.../<select[^>]*name="maneuver"[^>]*>([\s\S]*?)<\/select>/.exec(html)![1]!.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);
    expect(options).toEqual(["thrust", "bash"]);
    expect(cells.maneuver).toBe("thrust");
    const card = t.gm.game.messages.contents.at(-1);
    expect(card?.system.kind).toBe("steel.exchange");
    expect(JSON.parse(card.system.declaration)).toMatchObject({ maneuverId: "thrust", dice: 3 });
  });
});
