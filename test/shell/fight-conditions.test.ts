// In what state (issue 31): a fighter's conditions are its token's (its actor's statuses), whoever set them, and
// the fight reads them when it decides: a stun the GM sets from the token HUD moves a pulse figure last and leaves
// it only the recovery (seed 004 [19], [15]); a steel fighter at Health 0 is in a coma, out of his bout, and his
// blows are refused (seed 000 "Blood Loss"); on the ground he loses half his total pool and is up at his bout's
// next round, and knocked out he is out for the Knockout roll's seconds, then back in his bout (seed 000
// "Knockdown & Knockout", "Terrain Roll Mechanics"); a posture ends with his movement (a terrain roll) and higher
// footing when the bout disengages (seed 000 "Posture", "Terrain Roll Mechanics").
import { describe, expect, it } from "vitest";
import { fightOnScene, hexScene, scriptDraws, scriptFaces, settle, shownWrites, sideGoesFirst, steelCutFromSheet, steelSwordsmen, steelThrownBout, tableOfThree } from "./support";
import { DEFAULT_WOUND_TABLE, knockoutOf } from "../../src/engine/rulesets/steel";
import { isV14 } from "../harness/version";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

describe("seed 004 [19] a stun the GM sets by hand counts as a card's", () => {
  /** Ada (Alice's) and Bran (Bob's) on the party's side, a Wolf against them; no map, so nobody is engaged. */
  async function sides() {
    const t = await tableOfThree("pulse");
    const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice") });
    const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob") });
    const wolf = await t.Actor.create({ name: "Wolf", type: "npc" });
    const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
    // Bran first: on his side he holds the turn until something moves him down.
    const [cb, ca] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: bran.id, name: "Bran" }, { actorId: ada.id, name: "Ada" }, { actorId: wolf.id, name: "Wolf" }])).map((c: any) => c.id as string);
    await settle();
    t.gm.runtime.dialogs.responder = () => "none";
    await t.gm.game.combats.get(combat.id).startCombat();
    await settle();
    await sideGoesFirst(t.gm, [[9, 10], [2, 10]], "party");
    const fight = () => t.gm.game.combats.get(combat.id);
    return { ...t, ada, bran, ca: ca!, cb: cb!, fight };
  }

  it("stunned from the token HUD in his side's turn, Bran acts last: Ada holds the turn, his End Turn is refused, then his only action is the recovery", async () => {
    const f = await sides();
    expect(f.fight().combatant.id).toBe(f.cb);
    // The GM's token HUD: Actor#toggleStatusEffect, as core's Token HUD calls it.
    const mark = f.world.server.writes.length;
    await f.gm.game.actors.get(f.bran.id).toggleStatusEffect("stun", { active: true });
    await settle();
    // The condition, and (Bran now last on his side) core's turn moved to Ada in the fight's one write; the state keeps no copy.
    expect(f.fight().combatant.id).toBe(f.ca);
    expect(shownWrites(f.world, mark)).toEqual(["create ActiveEffect", "update Combat"]);
    expect(JSON.stringify(f.fight().machineState)).not.toContain("stun");
    const acted = [...f.fight().machineState.acted];
    await f.bob.ui.combat.runAction("boutEndTurn", { combatantId: f.cb });
    await settle();
    expect(f.fight().machineState.acted).toEqual(acted);
    // Ada ends her turn; Bran's turn offers only the recovery [15].
    await f.alice.ui.combat.runAction("boutEndTurn", { combatantId: f.ca });
    await settle();
    let asked = "";
    f.bob.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = String(config?.content ?? "");
      return null;
    };
    await f.bob.ui.combat.runAction("boutTurnChoice", { combatantId: f.cb, actionId: "declareAction" });
    await settle();
    expect([...asked.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1])).toEqual(["recoverFromStun"]);
  });

  it("the sheet's Stunned box is the token's condition: ticked by the GM it sets the stun, the fight reads it, and unticked it is gone", async () => {
    const f = await sides();
    const sheet = f.gm.game.actors.get(f.bran.id).sheet;
    await sheet.render({ force: true });
    expect(sheet.renderedParts.stats).toMatch(/data-action="toggleCondition" data-status="stun"/);
    await sheet.runAction("toggleCondition", { status: "stun" });
    await settle();
    expect(f.gm.game.actors.get(f.bran.id).statuses.has("stun")).toBe(true);
    expect(f.gm.game.actors.get(f.bran.id).system.pulse.stunned).toBe(true);
    expect(f.fight().combatant.id).toBe(f.ca);
    await sheet.runAction("toggleCondition", { status: "stun" });
    await settle();
    expect([f.gm.game.actors.get(f.bran.id).statuses.has("stun"), f.gm.game.actors.get(f.bran.id).system.pulse.stunned]).toEqual([false, false]);
  });

  it("engaged: Bran's higher IV gives him the choice; stunned from the HUD before the next pulse, he has the lowest IV and Ada chooses [12.3]", async () => {
    const t = await tableOfThree("pulse");
    const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { pulse: { ag: 10 } } });
    const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { pulse: { ag: 20 } } });
    const { scene, at } = await hexScene(t.gm, "Yard");
    const { combat, combatants } = await fightOnScene(t.gm, scene, [
      { actor: ada, token: { disposition: 1, rotation: 270, ...at(2, 2) } },
      { actor: bran, token: { disposition: -1, rotation: 90, ...at(2, 3) } },
    ]);
    t.gm.runtime.dialogs.responder = () => "none";
    await t.gm.game.combats.get(combat.id).startCombat();
    await settle();
    const engagement = () => t.gm.game.combats.get(combat.id).machineState.engagements[0];
    scriptDraws(t.gm, []);
    await t.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(engagement().order[0]).toBe(combatants[1].id);
    // The GM stuns Bran from his token; the next pulse's engagement (both engaged, no side roll) starts with the stun read.
    await t.gm.game.actors.get(bran.id).toggleStatusEffect("stun", { active: true });
    await settle();
    await t.gm.game.combats.get(combat.id).nextRound();
    await settle();
    expect(t.gm.game.combats.get(combat.id).machineState.pulse).toBe(2);
    expect(engagement().order).toEqual([combatants[0].id, combatants[1].id]);
    // Ada, now first, holds the choice: hers are the first-or-last buttons.
    const choices = t.gm.game.combats.get(combat.id).structure.turnChoices(t.gm.game.combats.get(combat.id).machineState, combatants[0].id, null, t.gm.game.combats.get(combat.id).fightNow());
    expect(choices.map((c: any) => c.id)).toEqual(expect.arrayContaining(["first", "last"]));
  });
});

/** Ada (Alice's) red and Bran (Bob's) white in the Field bout of a running steel fight. */
async function steelBout(options: { postures?: boolean } = {}) {
  const t = await tableOfThree("steel");
  if (options.postures) await t.gm.game.settings.set("bout", "steelPostures", true);
  const { ada, bran, swordId } = await steelSwordsmen(t.world, t.gm);
  await settle();
  const bout = await steelThrownBout(t, ada, bran);
  const fight = () => t.gm.game.combats.get(bout.combat.id);
  const fighter = (id: string) => fight().machineState.combatants.find((c: any) => c.id === id);
  /** The GM's next exchange on the Field bout (twice: a new round). */
  const nextExchange = async () => {
    await t.gm.ui.combat.runAction("boutGroupAction", { groupId: bout.group.id, actionId: "next" });
    await settle();
  };
  return { ...t, ...bout, ada, bran, swordId, fight, fighter, nextExchange };
}

describe("seed 000 'Blood Loss': at Health 0 a fighter is in a coma", () => {
  it("the GM sets Bran's Health to 0 on his sheet: he leaves the bout, and his attack is refused with a notice, no card", async () => {
    const f = await steelBout();
    await f.gm.game.actors.get(f.bran.id).sheet.submit({ "system.steel.healthNow": 0 });
    await settle();
    expect(f.fighter(f.cb)).toBeUndefined();
    expect(f.fighter(f.ca)).toBeDefined();
    const cut = await steelCutFromSheet(f.gm, f.bob, f.bran.id, f.ada.id);
    expect(cut).toMatchObject({ posted: false, notice: "Bran cannot act: in a coma at Health 0." });
    // A direct request is refused the same way.
    const direct = await hooks(f.bob).postCard("steel.exchange", f.bob.game.actors.get(f.bran.id), f.bob.game.actors.get(f.ada.id), { weaponId: cut.weaponId, maneuverId: "cut", zone: 5, dice: 2 }, f.fight().id);
    expect(direct.refusal.code).toBe("card.outOfAction");
    await f.gm.ui.combat.render({ force: true });
    expect(f.gm.ui.combat.renderedParts.tracker).toMatch(/Out of the fight[\s\S]*Bran[\s\S]*in a coma at Health 0/);
  });
});

describe("seed 000 'Knockdown & Knockout': down costs and ends as the rules say", () => {
  /** The GM's deck: Alan's terrain roll botched with the deck's stakes knocks him down (our GM TN 4, 2 dice). */
  async function waveOnTheDeck(f: Awaited<ReturnType<typeof steelBout>>) {
    f.gm.runtime.dialogs.responder = () => ({ terrain: "custom", pace: "normal", tn: 4, dice: 2, stakes: "deck", footing: false, opponent: "", opponentDice: 2 });
    scriptFaces(f.gm, 10, [1, 1]);
    await f.gm.game.actors.get(f.ada.id).sheet.runAction("actorAction", { actorAction: "terrain" });
    await settle();
    const card = f.gm.game.messages.contents.at(-1);
    await hooks(f.gm).applyFromCard(f.gm.game.messages.get(card.id));
    await settle();
  }

  it("knocked off her feet by a wave, Ada loses half her pool and is down until her bout's next round, when the condition ends in the round's own write", async () => {
    const f = await steelBout();
    const before = f.fighter(f.ca).cp;
    await waveOnTheDeck(f);
    expect(f.gm.game.actors.get(f.ada.id).statuses.has("knockedDown")).toBe(true);
    // 2 dice burnt, and half her pool for the ground.
    expect(f.fighter(f.ca).cp).toBe(before - 2 - Math.floor(before / 2));
    await f.nextExchange();
    expect(f.gm.game.actors.get(f.ada.id).statuses.has("knockedDown")).toBe(true);
    const mark = f.world.server.writes.length;
    await f.nextExchange();
    expect(f.fight().machineState.bouts[0].round).toBe(2);
    expect(f.gm.game.actors.get(f.ada.id).statuses.has("knockedDown")).toBe(false);
    // One decision: the round (with the world's clock it moves) and the condition's end, one batch on v14.
    expect(shownWrites(f.world, mark)).toEqual(isV14() ? ["batch[update Combat, setting Setting, delete ActiveEffect]"] : ["update Combat", "delete ActiveEffect"]);
  });

  it("knocked out by a blow (a Knockout roll failed, 3 seconds), Bran leaves the bout; two rounds on, awake, he is back in it with a fresh pool", async () => {
    const f = await steelBout();
    // The GM's table: a level 5 cut to the shoulder that calls for a Knockout roll and nothing else.
    const wounds = structuredClone(DEFAULT_WOUND_TABLE) as any;
    Object.assign(wounds.cut.shoulder[4], { shock: 1, pain: 0, bloodLoss: 0, knockdown: false, knockout: true, fatal: false });
    await f.gm.game.settings.set("bout", "steelTables", JSON.stringify({ woundTable: wounds }));
    await settle();
    await hooks(f.alice).postCard("steel.exchange", f.alice.game.actors.get(f.ada.id), f.alice.game.actors.get(f.bran.id), { weaponId: f.swordId, maneuverId: "cut", zone: 5, dice: 6 }, f.fight().id);
    await settle();
    const card = f.gm.game.messages.contents.at(-1);
    f.bob.runtime.dialogs.responder = () => ({ maneuver: "parry", dice: 1 });
    // Six hits, a failed parry, the shoulder; every Knockout die a 2 at TN 7; then 3 seconds out.
    const knockout = knockoutOf(f.gm.game.actors.get(f.bran.id).system.steel);
    scriptFaces(f.gm, 10, [9, 9, 9, 9, 9, 9, 2, 5, ...Array(knockout).fill(2), 3]);
    await hooks(f.bob).defendFromCard(f.bob.game.messages.get(card.id));
    await settle();
    const result = JSON.parse(f.gm.game.messages.get(card.id).system.result);
    expect(result.events.find((e: any) => e.type === "knockedOut")?.data).toMatchObject({ seconds: 3, minutes: 0 });
    await hooks(f.bob).applyFromCard(f.bob.game.messages.get(card.id));
    await settle();
    expect(f.gm.game.actors.get(f.bran.id).statuses.has("unconscious")).toBe(true);
    expect(f.fighter(f.cb)).toBeUndefined();
    // Round 2 begins 2 seconds on: still out. Round 3, 4 seconds on: awake, back in the Field bout.
    await f.nextExchange();
    await f.nextExchange();
    expect(f.fighter(f.cb)).toBeUndefined();
    await f.nextExchange();
    await f.nextExchange();
    expect(f.fight().machineState.bouts[0].round).toBe(3);
    expect(f.gm.game.actors.get(f.bran.id).statuses.has("unconscious")).toBe(false);
    expect(f.fighter(f.cb)).toMatchObject({ boutId: f.group.id, thrown: null });
    expect(f.fighter(f.cb).cp).toBe(f.fighter(f.cb).poolMax);
  });
});

describe("seed 000 'Posture' and 'Terrain Roll Mechanics': what ends them", () => {
  it("Ada's aggressive posture ends with her terrain roll (her movement); Bran's defensive one stays until the first blow", async () => {
    const t = await tableOfThree("steel");
    await t.gm.game.settings.set("bout", "steelPostures", true);
    const { ada, bran } = await steelSwordsmen(t.world, t.gm);
    const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Field" }]);
    const [ca, cb] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: ada.id, name: "Ada", group: group.id }, { actorId: bran.id, name: "Bran", group: group.id }])).map((c: any) => c.id);
    await combat.startCombat();
    t.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "aggressive" });
    t.bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "defensive" });
    await hooks(t.gm).openDeclaration(combat, "throw", group.id, [ca, cb], ["red", "white"]);
    await settle();
    await settle();
    const posture = (id: string) => t.gm.game.combats.get(combat.id).machineState.combatants.find((c: any) => c.id === id).posture;
    expect([posture(ca), posture(cb)]).toEqual(["aggressive", "defensive"]);
    t.gm.runtime.dialogs.responder = () => ({ terrain: "custom", pace: "normal", tn: 4, dice: 2, stakes: "none", footing: false, opponent: "", opponentDice: 2 });
    scriptFaces(t.gm, 10, [5, 5]);
    await t.gm.game.actors.get(ada.id).sheet.runAction("actorAction", { actorAction: "terrain" });
    await settle();
    expect([posture(ca), posture(cb)]).toEqual(["neutral", "defensive"]);
  });

  it("Ada's higher footing ends when the bout pauses (disengaging): the next round's pool has no +2", async () => {
    const f = await steelBout();
    await f.gm.ui.combat.runAction("boutTurnChoice", { combatantId: f.ca, actionId: "footing" });
    await settle();
    expect(f.fighter(f.ca).higherFooting).toBe(true);
    await f.gm.ui.combat.runAction("boutGroupAction", { groupId: f.group.id, actionId: "pause" });
    await settle();
    expect(f.fighter(f.ca).higherFooting).toBeUndefined();
    // A new round (the GM's Next round from the footer): her pool refreshes without the footing's 2 dice.
    const poolBefore = f.fighter(f.ca).poolMax;
    await f.fight().nextRound();
    await settle();
    expect(f.fighter(f.ca).poolMax).toBe(poolBefore);
  });
});
