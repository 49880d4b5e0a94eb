// Shots on the map (issue 9 "Geometry"; seed 004_2f46e4f6196f6037.txt [16.1]
// Ranged Attacks): between two tokens of the fight on a hex scene, the shot
// needs a line of fire inside the shooter's Ranged Zone (refused before
// anything is posted otherwise); every figure standing on the line gets a
// strike check first, and the first one hit takes the missile.
import { describe, expect, it } from "vitest";
import { fightOnScene, hexScene, scriptDraws, settle, sideGoesFirst, tableOfThree } from "./support";
import { headlineOf } from "./card-kind-cases";

async function range(adaFacing = 270) {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { md: 15, ps: 15, ag: 15 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { pulse: { ag: 12, endurance: 30, enduranceNow: 30, fatigue: 20, fatigueNow: 20 } } });
  const wolf = await Actor.create({ name: "Wolf", type: "npc", system: { pulse: { ag: 16, endurance: 30, enduranceNow: 30, fatigue: 20, fatigueNow: 20 } } });
  const [bow] = await ada.createEmbeddedDocuments("Item", [{ name: "Short bow", type: "weapon", system: { equipped: true, pulse: { use: "missile", baseChance: 50, ranked: true, rank: 2, damage: 2, range: 20 } } }]);
  const { scene, at } = await hexScene(gm, "Range");
  // One row: Ada, then Bran two hexes on, then the Wolf two more. Rotation 270 looks east, 90 west.
  const { tokens: [ta, tb, tw], combat } = await fightOnScene(gm, scene, [
    { actor: ada, token: { disposition: 1, rotation: adaFacing, ...at(0, 0) } },
    { actor: bran, token: { disposition: 1, rotation: 270, ...at(0, 2) } },
    { actor: wolf, token: { disposition: -1, rotation: 90, ...at(0, 4) } },
  ]);
  await settle();
  return { world, gm, alice, bob, scene, at, combatId: combat.id as string, ids: { ada: ada.id as string, bran: bran.id as string, wolf: wolf.id as string, bow: bow.id as string } };
}
type Range = Awaited<ReturnType<typeof range>>;

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

async function shoot(r: Range, draws: [number, number][]) {
  r.alice.runtime.dialogs.responder = () => ({ defender: r.ids.wolf, kind: "normal" });
  const before = r.gm.game.messages.contents.length;
  await r.alice.game.actors.get(r.ids.ada).sheet.runAction("rollItem", {}, { row: { itemId: r.ids.bow } });
  await settle();
  if (r.gm.game.messages.contents.length === before) return null;
  const card = r.gm.game.messages.contents.at(-1);
  r.gm.runtime.dialogs.responder = () => ({ answer: "stand" });
  scriptDraws(r.gm, draws);
  await hooks(r.gm).defendFromCard(r.gm.game.messages.get(card.id));
  await settle();
  return { card, result: JSON.parse(r.gm.game.messages.get(card.id).system.result) };
}

describe("seed 004 [16.1] shots along the line of fire", () => {
  it("Bran stands on the line: his check (70 against 73 - 12 = 61) misses, the Wolf's (40 against 73 - 16 = 57) hits", async () => {
    const r = await range();
    const shot = await shoot(r, [[70, 100], [40, 100], [6, 10]]);
    expect(shot!.result.events.map((e: any) => e.type)).toEqual(["InTheWay", "StrikeMiss", "StrikeHit", "DamageFatigue"]);
    expect(shot!.result.events[0].data.who).toBe("Bran");
    expect(shot!.result.events[2].data).toMatchObject({ roll: 40, modSC: 57 });
    // D10 6 + 2 = 8 off the Wolf's Fatigue.
    expect(Object.keys(shot!.result.updates)).toEqual([r.ids.wolf]);
  });

  it("Bran's check (30) hits: the arrow is his (D10 4 + 2 = 6 off his Fatigue), and the Wolf is spared", async () => {
    const r = await range();
    const shot = await shoot(r, [[30, 100], [4, 10]]);
    expect(shot!.result.events.map((e: any) => e.type)).toEqual(["InTheWay", "StrikeHit", "DamageFatigue"]);
    await hooks(r.alice).applyFromCard(r.alice.game.messages.get(shot!.card.id));
    await settle();
    expect([r.gm.game.actors.get(r.ids.bran).system.pulse.fatigueNow, r.gm.game.actors.get(r.ids.wolf).system.pulse.fatigueNow]).toEqual([14, 20]);
  });

  it("an arrow that hits nobody falls at 1.5 times the bow's range 20: 30 hexes out", async () => {
    const r = await range();
    const shot = await shoot(r, [[70, 100], [90, 100]]);
    expect(shot!.result.events.at(-1)).toMatchObject({ type: "MissileFalls", data: { hexes: 30 } });
  });

  it("Ada facing away (west) has no line of fire: refused with a notice, nothing posted", async () => {
    const r = await range(90);
    const mark = r.world.server.writes.length;
    expect(await shoot(r, [])).toBe(null);
    expect(r.alice.notices.at(-1)?.message).toMatch(/^No line of fire/);
    expect(r.world.writesSince(mark)).toEqual([]);
  });

  it("[16.1] unobstructed: a wall across the line at column 3 refuses the shot before anything is posted; opened as a door, the shot goes", async () => {
    const r = await range();
    const c = r.scene.grid.getCenterPoint({ i: 0, j: 3 });
    const [wall] = await r.scene.createEmbeddedDocuments("Wall", [{ c: [c.x, c.y - 60, c.x, c.y + 60], door: 1, ds: 0 }]);
    expect(await shoot(r, [])).toBeNull();
    expect(r.alice.notices.at(-1)?.message).toBe("No line of fire: a wall stands between the shooter's hex and the target's.");
    await wall.update({ ds: 1 });
    await settle();
    const shot = await shoot(r, [[70, 100], [40, 100], [6, 10]]);
    expect(shot!.result.events.map((e: any) => e.type)).toEqual(["InTheWay", "StrikeMiss", "StrikeHit", "DamageFatigue"]);
  });

  // Foundry v13 sight (ClockwiseSweepPolygon#_testEdgeInclusion, Edge#orientPoint, Edge#applyThreshold), read from Ada's eye.
  it("[16.1] a one-way wall at column 3 open from Ada's side (its left) lets her shot by; turned the other way it refuses the shot", async () => {
    const r = await range();
    const c = r.scene.grid.getCenterPoint({ i: 0, j: 3 });
    const [wall] = await r.scene.createEmbeddedDocuments("Wall", [{ c: [c.x, c.y - 60, c.x, c.y + 60], dir: 1 }]);
    const shot = await shoot(r, [[70, 100], [40, 100], [6, 10]]);
    expect(shot!.result.events.map((e: any) => e.type)).toEqual(["InTheWay", "StrikeMiss", "StrikeHit", "DamageFatigue"]);
    await wall.update({ dir: 2 });
    await settle();
    expect(await shoot(r, [])).toBeNull();
    expect(r.alice.notices.at(-1)?.message).toBe("No line of fire: a wall stands between the shooter's hex and the target's.");
  });

  it("[16.1] a window (a proximity wall) at column 3 lets Ada shoot through within its threshold of 3 grid units, not with a threshold of 1; a distance wall the other way round", async () => {
    const r = await range();
    const c = r.scene.grid.getCenterPoint({ i: 0, j: 3 });
    const unit = r.scene.grid.distance;
    const [wall] = await r.scene.createEmbeddedDocuments("Wall", [{ c: [c.x, c.y - 60, c.x, c.y + 60], sight: 30, threshold: { sight: 3 * unit } }]);
    expect(await shoot(r, [[70, 100], [40, 100], [6, 10]])).not.toBeNull();
    await wall.update({ threshold: { sight: unit } });
    await settle();
    expect(await shoot(r, [])).toBeNull();
    await wall.update({ sight: 40 });
    await settle();
    expect(await shoot(r, [[70, 100], [40, 100], [6, 10]])).not.toBeNull();
  });

  it("[16.1] in Ada's turn in a running pulse, firing into the wall still spends her Fire: a card says nothing is loosed, and her turn ends", async () => {
    const r = await range();
    r.gm.runtime.dialogs.responder = () => "none";
    await r.gm.game.combats.get(r.combatId).startCombat();
    await settle();
    await sideGoesFirst(r.gm, [[9, 10], [2, 10]], "party");
    const c = r.scene.grid.getCenterPoint({ i: 0, j: 3 });
    await r.scene.createEmbeddedDocuments("Wall", [{ c: [c.x, c.y - 60, c.x, c.y + 60] }]);
    r.alice.runtime.dialogs.responder = () => ({ defender: r.ids.wolf, kind: "normal" });
    const before = r.gm.game.messages.contents.length;
    await r.alice.game.actors.get(r.ids.ada).sheet.runAction("rollItem", {}, { row: { itemId: r.ids.bow } });
    await settle();
    expect(r.gm.game.messages.contents.length).toBe(before + 1);
    const card = r.gm.game.messages.contents.at(-1);
    const result = JSON.parse(card.system.result);
    expect(result.events.map((e: any) => e.key)).toEqual(["BOUT.Pulse.Table.FireSpent", "BOUT.Pulse.Table.Refusal.Obstructed"]);
    // Issue 20: the headline says so, not a bare "fails".
    expect(headlineOf(card.content)).toBe("No line of fire: Ada's shot at Wolf is not loosed.");
    expect(card.rolls).toEqual([]);
    const ada = r.gm.game.combats.get(r.combatId).combatants.contents.find((x: any) => x.name === "Ada");
    expect(r.gm.game.combats.get(r.combatId).machineState.acted).toContain(ada.id);
  });
});
