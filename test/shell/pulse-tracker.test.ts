// Pulses at the table (issue 9 "Time", issue 4 "Pulses"; seed
// 004_2f46e4f6196f6037.txt [12.2], [12.3], [13]): one step takes the
// engagements (the tracker's groups on a scene without hexes) and rolls each
// side's D10; the top IV of an engagement chooses first or last from the
// tracker; the GM records which side's free figures go first.
import { describe, expect, it } from "vitest";
import { pulseEngagements, tokenPlacement } from "../../src/table/pulse/engagements";
import { scriptDraws, settle, tableOfThree, noSurprise } from "./support";

// When the scripted draws run out: 5 on a d10, as these tests were written with.
const AFTER = [5, 10] as const;

async function skirmish() {
  const { world, gm, alice, bob, Actor } = await tableOfThree("pulse");
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { ag: 20, pc: 15, militaryScientist: 2 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { pulse: { ag: 12, pc: 12 } } });
  const wolf = await Actor.create({ name: "Wolf", type: "npc", system: { pulse: { ag: 16, pc: 14 } } });
  const guard = await Actor.create({ name: "Guard", type: "npc", system: { pulse: { ag: 10, pc: 10 } } });
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [melee] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Melee" }]);
  const [ca, cb, cw, cg] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, name: "Ada", group: melee.id },
    { actorId: bran.id, name: "Bran" },
    { actorId: wolf.id, name: "Wolf", group: melee.id },
    { actorId: guard.id, name: "Guard" },
  ]);
  await settle();
  // Beginning the fight asks the GM who is surprised: nobody.
  gm.runtime.dialogs.responder = noSurprise;
  return { world, gm, alice, bob, combatId: combat.id as string, ids: { ada: ca.id as string, bran: cb.id as string, wolf: cw.id as string, guard: cg.id as string } };
}

const trackerHtml = async (client: any) => {
  await client.ui.combat.render({ force: true });
  return client.ui.combat.renderedParts.tracker as string;
};
const stateOf = (client: any, combatId: string) => client.game.combats.get(combatId).machineState;

describe("pulses from the tracker", () => {
  it("one step sets the engagements from the tracker's groups and rolls both sides' D10 in one write [12.2]", async () => {
    const { world, gm, combatId, ids } = await skirmish();
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    expect(stateOf(gm, combatId).step).toEqual({ kind: "initiative" });
    // Free figures: Bran for the party (PC 12, no leader), the Guard for the foes (PC 10).
    scriptDraws(gm, [[4, 10], [9, 10]], AFTER);
    const mark = world.server.writes.length;
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(gm.notices).toEqual([]);
    expect(world.writesSince(mark)).toHaveLength(1);
    const state = stateOf(gm, combatId);
    expect(state.engagements.map((e: any) => e.members)).toEqual([[ids.ada, ids.wolf]]);
    expect(state.initiative.rolls).toEqual([
      { side: "party", rollerId: ids.bran, roll: 4, bonus: 12, total: 16 },
      { side: "foes", rollerId: ids.guard, roll: 9, bonus: 10, total: 19 },
    ]);
    expect(state.initiative.winner).toBe("foes");
    expect(state.step).toEqual({ kind: "engagement", index: 0 });
    const html = await trackerHtml(gm);
    expect(html).toContain("Rolled 9 + 10 &#x3D; 19");
  });

  it("the top IV chooses first or last from the tracker; nobody else can [12.3]", async () => {
    const { world, gm, alice, bob, combatId, ids } = await skirmish();
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    scriptDraws(gm, [[4, 10], [9, 10]], AFTER);
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    // IV = modAG + PC + rank: Ada 20 + 15 = 35 against the Wolf's 16 + 14 = 30. Ada chooses.
    expect(stateOf(gm, combatId).engagements[0].order).toEqual([ids.ada, ids.wolf]);
    const aliceHtml = await trackerHtml(alice);
    expect(aliceHtml).toContain(`data-action="boutTurnChoice" data-combatant-id="${ids.ada}" data-action-id="first"`);
    expect(aliceHtml).toContain('data-action-id="last"');
    expect(await trackerHtml(bob)).not.toContain("boutTurnChoice");
    const mark = world.server.writes.length;
    await bob.ui.combat.runAction("boutTurnChoice", { combatantId: ids.ada, actionId: "last" });
    await settle();
    expect(world.writesSince(mark)).toEqual([]);
    await alice.ui.combat.runAction("boutTurnChoice", { combatantId: ids.ada, actionId: "last" });
    await settle();
    const e = stateOf(gm, combatId).engagements[0];
    expect(e.order).toEqual([ids.wolf, ids.ada]);
    expect(e.chosen).toBe(true);
  });

  it("[12.3] the Wolf's bare fangs count its Unarmed Combat rank 8 in its IV as on its sheet: 16 + 14 + 8 = 38 beats Ada's 35, and the Wolf chooses", async () => {
    const { gm, combatId, ids } = await skirmish();
    const wolf = gm.game.combats.get(combatId).combatants.get(ids.wolf).actor;
    await wolf.update({ "system.pulse.unarmedRank": 8 });
    await wolf.createEmbeddedDocuments("Item", [{ name: "Fangs", type: "weapon", system: { equipped: true, pulse: { use: "unarmed", rank: 0 } } }]);
    await settle();
    expect(gm.game.actors.get(wolf.id).system.derived.iv.value).toBe(38);
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    scriptDraws(gm, [[4, 10], [9, 10]], AFTER);
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(stateOf(gm, combatId).engagements[0].order).toEqual([ids.wolf, ids.ada]);
    expect(await trackerHtml(gm)).toContain(`data-action="boutTurnChoice" data-combatant-id="${ids.wolf}" data-action-id="first"`);
  });

  it("after the engagements, the GM records which side's free figures go first, for the side that won [12.2]", async () => {
    const { gm, alice, combatId, ids } = await skirmish();
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    scriptDraws(gm, [[4, 10], [9, 10]], AFTER);
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    await alice.ui.combat.runAction("boutTurnChoice", { combatantId: ids.ada, actionId: "first" });
    await settle();
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(stateOf(gm, combatId).step).toEqual({ kind: "sideChoice" });
    const html = await trackerHtml(gm);
    expect(html).toContain("the foes chooses which side acts first");
    expect(html).toContain('data-action-id="first:party"');
    expect(await trackerHtml(alice)).not.toContain("boutFightAction");
    await gm.ui.combat.runAction("boutFightAction", { actionId: "first:party" });
    await settle();
    const state = stateOf(gm, combatId);
    expect(state.sideOrder).toEqual(["party", "foes"]);
    expect(state.step).toEqual({ kind: "side", index: 0 });
  });
});

describe("seed 004 [12.2] \"Leader of each side rolls D10, adds PC and Military Scientist Rank\": the GM names the leader on the tracker", () => {
  it("the GM names Bran (PC 12, Military Scientist 3) leader of the party: a 6 makes 21 and beats the foes' 19; unnamed, 18 would lose", async () => {
    const { gm, alice, combatId, ids } = await skirmish();
    await gm.game.actors.getName("Bran").update({ "system.pulse.militaryScientist": 3 });
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    // Only the GM gets the button, on each side's group.
    expect(await trackerHtml(gm)).toContain('data-action-id="leader"');
    expect(await trackerHtml(alice)).not.toContain('data-action-id="leader"');
    let asked = "";
    gm.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = String(config?.content ?? "");
      return { leader: ids.bran };
    };
    await gm.ui.combat.runAction("boutGroupAction", { groupId: "side:party", actionId: "leader" });
    await settle();
    expect(asked).toContain(`value="${ids.bran}"`);
    // The foes keep their default leader, the Wolf (the better PC).
    expect(stateOf(gm, combatId).combatants.filter((c: any) => c.leader).map((c: any) => c.id)).toEqual([ids.bran, ids.wolf]);
    expect(await trackerHtml(gm)).toContain("Leader");
    scriptDraws(gm, [[6, 10], [9, 10]], AFTER);
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    const state = stateOf(gm, combatId);
    expect(state.initiative.rolls).toEqual([
      { side: "party", rollerId: ids.bran, roll: 6, bonus: 15, total: 21 },
      { side: "foes", rollerId: ids.guard, roll: 9, bonus: 10, total: 19 },
    ]);
    expect(state.initiative.winner).toBe("party");
    expect(await trackerHtml(gm)).toContain("Rolled 6 + 15 &#x3D; 21");
  });
});

describe("seed 004 [12.2] \"Leader of each side rolls\": a side has a leader without the GM naming one", () => {
  it("Bran's Military Scientist 3 (above Ada's 2) makes him the party's leader as the fight begins: he rolls 6 + 12 + 3 = 21 with nobody named; once the GM rules the party has none, he stands in at 6 + 12 = 18", async () => {
    const { gm, combatId, ids } = await skirmish();
    await gm.game.actors.getName("Bran").update({ "system.pulse.militaryScientist": 3 });
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    expect(stateOf(gm, combatId).combatants.filter((c: any) => c.leader).map((c: any) => c.id)).toEqual([ids.bran, ids.wolf]);
    const row = (html: string, id: string) => html.slice(html.indexOf(`data-combatant-id="${id}"`), html.indexOf("</li>", html.indexOf(`data-combatant-id="${id}"`)));
    expect(row(await trackerHtml(gm), ids.bran)).toContain("Leader");
    expect(row(await trackerHtml(gm), ids.guard)).not.toContain("Leader");
    scriptDraws(gm, [[6, 10], [9, 10]], AFTER);
    await gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(stateOf(gm, combatId).initiative.rolls[0]).toEqual({ side: "party", rollerId: ids.bran, roll: 6, bonus: 15, total: 21 });

    // The GM's "no leader" for the party: next pulse Bran rolls as a stand-in, without Military Scientist.
    const fresh = await skirmish();
    await fresh.gm.game.actors.getName("Bran").update({ "system.pulse.militaryScientist": 3 });
    await fresh.gm.game.combats.get(fresh.combatId).startCombat();
    await settle();
    fresh.gm.runtime.dialogs.responder = () => ({ leader: "" });
    await fresh.gm.ui.combat.runAction("boutGroupAction", { groupId: "side:party", actionId: "leader" });
    await settle();
    scriptDraws(fresh.gm, [[6, 10], [9, 10]], AFTER);
    await fresh.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(stateOf(fresh.gm, fresh.combatId).initiative.rolls[0]).toEqual({ side: "party", rollerId: fresh.ids.bran, roll: 6, bonus: 12, total: 18 });
  });
});

describe("surprise at the start [11.1]", () => {
  it("the GM gives the party surprise: a free pulse 0 in which only the party acts; closing the question starts nothing", async () => {
    const { world, gm, combatId, ids } = await skirmish();
    gm.runtime.dialogs.responder = () => null;
    const mark = world.server.writes.length;
    await gm.game.combats.get(combatId).startCombat();
    expect(world.writesSince(mark)).toEqual([]);
    gm.runtime.dialogs.responder = (_kind: string, config: any) => {
      expect(config.buttons.map((b: any) => b.action)).toEqual(["none", "party", "foes"]);
      return "party";
    };
    await gm.game.combats.get(combatId).startCombat();
    await settle();
    const state = stateOf(gm, combatId);
    expect(state.pulse).toBe(0);
    expect(state.step).toEqual({ kind: "surprise", side: "party" });
    const acting = (await trackerHtml(gm)).match(/class="combatant active[^"]*" data-combatant-id="(\w+)"/g) ?? [];
    expect(acting.join(" ")).toContain(ids.ada);
    expect(acting.join(" ")).not.toContain(ids.wolf);
  });
});

describe("where engagements come from [13]", () => {
  const info = (id: string, side: string, groupId: string | null, placed: any = null) => ({ id, side, groupId, actor: null, placed });
  it("on a hex scene, from melee zones: facing east, the hex ahead is in the zone; a foe behind is in the rear hex", () => {
    // Ada at 0,0 faces east (0); the Wolf at 1,0 faces west (3): each in the other's zone.
    // The Guard at -1,0 stands in Ada's rear hex and faces her.
    const out = pulseEngagements([
      info("ada", "party", null, { hex: { q: 0, r: 0 }, facing: 0 }),
      info("wolf", "foes", null, { hex: { q: 1, r: 0 }, facing: 3 }),
      info("guard", "foes", null, { hex: { q: -1, r: 0 }, facing: 0 }),
    ]);
    expect(out.groups).toEqual([["ada", "wolf", "guard"]]);
    expect(out.rear).toEqual(["ada"]);
  });
  it("without positions for everyone, from the tracker's groups of two or more", () => {
    expect(pulseEngagements([info("a", "party", "g1"), info("b", "foes", "g1"), info("c", "foes", "g2"), info("d", "party", null, { hex: { q: 0, r: 0 }, facing: 0 })])).toEqual({ groups: [["a", "b"]], rear: [] });
  });
  it("a token's cell comes from the scene's hex grid and its facing from its rotation (0 looks south)", () => {
    const token = (rotation: number, columns: boolean, isHexagonal = true) =>
      ({ parent: { grid: { isHexagonal, columns, getCube: (p: { x: number; y: number }) => ({ q: p.x / 100, r: p.y / 100, s: -(p.x + p.y) / 100 }) } }, getCenterPoint: () => ({ x: 300, y: -100 }), rotation }) as never;
    // Flat-topped columns: south is a hexside (facing 1 in the engine's clockwise count from the first side).
    expect(tokenPlacement(token(0, true))).toEqual({ hex: { q: 3, r: -1 }, facing: 1 });
    // Pointy-topped rows: a token turned to look east (rotation 270) faces side 0.
    expect(tokenPlacement(token(270, false))).toEqual({ hex: { q: 3, r: -1 }, facing: 0 });
    expect(tokenPlacement(token(0, false, false))).toBeNull();
    expect(tokenPlacement(null)).toBeNull();
  });
});
