// Trampling (issue 9 "Geometry"; seed 004_2f46e4f6196f6037.txt [22] Multi-Hex Monsters): a monster whose
// token (larger than one grid space) moves onto a one-hex figure knocks it down and tramples it at 40% base,
// for D + its size in hexes. The active GM's client posts the card as the move lands; applying it writes the
// damage and the Prone condition once. A forged trample card for a figure not under the monster is refused.
import { describe, expect, it } from "vitest";
import { fightOnScene, hexScene, scriptDraws, settle, sideGoesFirst, tableOfThree } from "./support";

async function meadow() {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { ag: 10, endurance: 30, enduranceNow: 30, fatigue: 20, fatigueNow: 20 } } });
  const ogre = await Actor.create({ name: "Ogre", type: "npc", system: { pulse: { md: 10, monster: true, hexes: 3 } } });
  const { scene, at } = await hexScene(gm, "Meadow");
  const { tokens: [ta, to], combat } = await fightOnScene(gm, scene, [
    { actor: ada, token: { disposition: 1, rotation: 270, ...at(2, 2) } },
    { actor: ogre, token: { disposition: -1, rotation: 90, width: 2, height: 2, ...at(2, 12) } },
  ]);
  await settle();
  gm.runtime.dialogs.responder = () => "none";
  await gm.game.combats.get(combat.id).startCombat();
  await settle();
  return { world, gm, alice, bob, at, scene, ids: { ada: ada.id as string, ogre: ogre.id as string, to: to.id as string } };
}

describe("seed 004 [22] a multi-hex monster tramples what it enters", () => {
  it("the harness covers a 2 x 2 token on a row-based hex grid with three hexes, as v13 does", async () => {
    const m = await meadow();
    const token = m.gm.game.scenes.get(m.scene.id).tokens.get(m.ids.to);
    expect(token.getOccupiedGridSpaceOffsets(m.at(2, 1))).toEqual([{ i: 2, j: 1 }, { i: 2, j: 2 }, { i: 3, j: 1 }]);
  });

  it("the Ogre moves over Ada: she is knocked down; its unranked strike (30 against base 40 - her Defense 10 = 30) hits for D 4 + 3 hexes = 7 off her Fatigue", async () => {
    const m = await meadow();
    const before = m.gm.game.messages.contents.length;
    scriptDraws(m.gm, [[30, 100], [4, 10]]);
    await m.gm.game.scenes.get(m.scene.id).tokens.get(m.ids.to).update(m.at(2, 1));
    await settle();
    expect(m.gm.game.messages.contents.length).toBe(before + 1);
    const card = m.gm.game.messages.contents.at(-1);
    expect(card.system.kind).toBe("pulse.trample");
    const result = JSON.parse(card.system.result);
    expect(result.events.map((e: any) => e.type)).toEqual(["knockedDown", "StrikeHit", "DamageFatigue"]);
    expect(result.events[1].data).toMatchObject({ roll: 30, modSC: 30 });
    await m.alice.evaluate<any>("globalThis.__boutTest").applyFromCard(m.alice.game.messages.get(card.id));
    await settle();
    const ada = m.gm.game.actors.get(m.ids.ada);
    expect([ada.system.pulse.fatigueNow, ada.statuses.has("prone")]).toEqual([13, true]);
  });

  it("[22] the Ogre walking past Ada's hex to row 2, column 0 enters it on the way: one trample card; standing where it ends, nothing more", async () => {
    const m = await meadow();
    const token = () => m.gm.game.scenes.get(m.scene.id).tokens.get(m.ids.to);
    // Where it ends, the Ogre does not cover Ada at row 2, column 2.
    expect(token().getOccupiedGridSpaceOffsets(m.at(2, 0)).some((o: any) => o.i === 2 && o.j === 2)).toBe(false);
    const before = m.gm.game.messages.contents.length;
    scriptDraws(m.gm, [[90, 100]]);
    await token().move([m.at(2, 0)], { method: "dragging" });
    await settle();
    const cards = m.gm.game.messages.contents.slice(before);
    expect(cards.map((c: any) => [c.system.kind, c.system.defenderId])).toEqual([["pulse.trample", m.ids.ada]]);
    // That crossing is spent: a second card for it is refused.
    const again = await m.gm.evaluate<any>("globalThis.__boutTest").postCard("pulse.trample", m.gm.game.actors.get(m.ids.ogre), m.gm.game.actors.get(m.ids.ada), {}, "");
    expect(again.ok).toBe(false);
  });

  it("[22] turning the Ogre costs 1 TMR for every 2 vertices: half about (3 vertices) takes 1 hex of its pulse, one vertex nothing", async () => {
    const m = await meadow();
    await m.gm.game.settings.set("bout", "pulseMoveLimits", "everyone");
    // The foes win side initiative (9 to 2) and go first.
    await sideGoesFirst(m.gm, [[2, 10], [9, 10]], "foes");
    const token = () => m.gm.game.scenes.get(m.scene.id).tokens.get(m.ids.to);
    await token().update({ rotation: 270 });
    await settle();
    expect([token().rotation, token().flags.bout?.pulseMove?.used]).toEqual([270, 1]);
    await token().update({ rotation: 330 });
    await settle();
    expect([token().rotation, token().flags.bout?.pulseMove?.used]).toEqual([330, 1]);
  });

  it("[22] the Ogre faces a vertex (west and north-west): in its turn it may not back away east, but may go west", async () => {
    const m = await meadow();
    await m.gm.game.settings.set("bout", "pulseMoveLimits", "everyone");
    await sideGoesFirst(m.gm, [[2, 10], [9, 10]], "foes");
    const token = () => m.gm.game.scenes.get(m.scene.id).tokens.get(m.ids.to);
    await token().update(m.at(2, 13));
    await settle();
    expect(m.gm.notices.at(-1)?.message).toBe("Ogre faces a vertex: its head may only move into the two hexes ahead of that vertex. Turn it first.");
    expect(token().x).toBe(m.at(2, 12).x);
    await token().update(m.at(2, 10));
    await settle();
    expect(token().x).toBe(m.at(2, 10).x);
  });

  it("[22] dragged through waypoints, every leg is held to the hexes ahead: west and then back east is refused whole", async () => {
    const m = await meadow();
    await m.gm.game.settings.set("bout", "pulseMoveLimits", "everyone");
    await sideGoesFirst(m.gm, [[2, 10], [9, 10]], "foes");
    const token = () => m.gm.game.scenes.get(m.scene.id).tokens.get(m.ids.to);
    expect(await token().move([m.at(2, 10), m.at(2, 11)], { method: "dragging" })).toBe(false);
    await settle();
    expect(m.gm.notices.at(-1)?.message).toBe("Ogre faces a vertex: its head may only move into the two hexes ahead of that vertex. Turn it first.");
    expect(token().x).toBe(m.at(2, 12).x);
    expect(await token().move([m.at(2, 11), m.at(2, 10)], { method: "dragging" })).toBe(true);
    await settle();
    expect(token().x).toBe(m.at(2, 10).x);
  });

  it("a trample card for a figure the monster does not stand on is refused and nothing is posted", async () => {
    const m = await meadow();
    const before = m.gm.game.messages.contents.length;
    const out = await m.gm.evaluate<any>("globalThis.__boutTest").postCard("pulse.trample", m.gm.game.actors.get(m.ids.ogre), m.gm.game.actors.get(m.ids.ada), {});
    expect(out.ok ? "ok" : out.refusal.code).toBe("pulse.trample.notUnder");
    expect(m.gm.game.messages.contents.length).toBe(before);
  });
});

// A giant whose token is 3 x 3: on a hex grid v13 gives it the ellipse shape (TokenDocument#_initializeSource),
// seven hexes, and puts its centre on the middle one.
async function giantsField() {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { ag: 10, endurance: 30, enduranceNow: 30, fatigue: 20, fatigueNow: 20 } } });
  const giant = await Actor.create({ name: "Giant", type: "npc", system: { pulse: { md: 10, monster: true, hexes: 7 } } });
  const { scene, at } = await hexScene(gm, "Field");
  // The top-left corner that puts the giant's middle hex on row i, column j.
  const centredOn = (i: number, j: number) => {
    const c = scene.grid.getCenterPoint({ i, j });
    return { x: Math.round(c.x - 1.5 * scene.grid.sizeX), y: Math.round(c.y - 1.25 * scene.grid.sizeY) };
  };
  const { tokens: [, tg], combat } = await fightOnScene(gm, scene, [
    { actor: ada, token: { disposition: 1, rotation: 270, ...at(2, 2) } },
    { actor: giant, token: { disposition: -1, rotation: 90, width: 3, height: 3, ...centredOn(2, 12) } },
  ]);
  await settle();
  gm.runtime.dialogs.responder = () => "none";
  await gm.game.combats.get(combat.id).startCombat();
  await settle();
  const token = () => gm.game.scenes.get(scene.id).tokens.get(tg.id);
  return { world, gm, alice, bob, at, centredOn, token, ids: { ada: ada.id as string, giant: giant.id as string } };
}

describe("seed 004 [22] a 3 x 3 monster on a hex grid covers seven hexes", () => {
  it("the harness gives the giant's token v13's ellipse: seven hexes round its middle one", async () => {
    const g = await giantsField();
    expect(g.token().shape).toBe(0);
    const hexes = g.token().getOccupiedGridSpaceOffsets(g.centredOn(2, 3));
    expect(hexes).toHaveLength(7);
    expect(hexes.filter((o: any) => o.i === 2).map((o: any) => o.j)).toEqual([2, 3, 4]);
  });

  it("the giant moves onto Ada: its unranked strike (30 against 40 - her Defense 10) hits for D 4 + 7 hexes = 11 off her Fatigue", async () => {
    const g = await giantsField();
    const before = g.gm.game.messages.contents.length;
    scriptDraws(g.gm, [[30, 100], [4, 10]]);
    await g.token().update(g.centredOn(2, 3));
    await settle();
    expect(g.gm.game.messages.contents.length).toBe(before + 1);
    const card = g.gm.game.messages.contents.at(-1);
    expect([card.system.kind, JSON.parse(card.system.declaration).hexes]).toEqual(["pulse.trample", 7]);
    await g.alice.evaluate<any>("globalThis.__boutTest").applyFromCard(g.alice.game.messages.get(card.id));
    await settle();
    const ada = g.gm.game.actors.get(g.ids.ada);
    expect([ada.system.pulse.fatigueNow, ada.statuses.has("prone")]).toEqual([9, true]);
  });

  it("[22] facing west, in its turn the giant may go west but not back away east", async () => {
    const g = await giantsField();
    await g.gm.game.settings.set("bout", "pulseMoveLimits", "everyone");
    await sideGoesFirst(g.gm, [[2, 10], [9, 10]], "foes");
    await g.token().update(g.centredOn(2, 13));
    await settle();
    expect(g.gm.notices.at(-1)?.message).toBe("Giant faces a vertex: its head may only move into the two hexes ahead of that vertex. Turn it first.");
    expect(g.token().x).toBe(g.centredOn(2, 12).x);
    await g.token().update(g.centredOn(2, 10));
    await settle();
    expect(g.token().x).toBe(g.centredOn(2, 10).x);
  });
});
