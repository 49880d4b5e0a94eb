// Riders on the map (issue 9 "Mounted combat"; seed 004_2f46e4f6196f6037.txt [23]): no blow into the hex
// straight ahead of the mount, the Horsemanship limits, blows at a rider from the mount's front hex only with
// long-hafted or missile weapons, mounting only while the mount stands still, and a charge on horseback that
// runs in one straight line. Refusals come before anything is posted or moved.
import { describe, expect, it } from "vitest";
import { fightOnScene, formCells, hexScene, scriptDraws, settle, sideGoesFirst, tableOfThree } from "./support";

/** Ada rides at row 2, column 2 looking east (rotation 270); the Wolf stands where the test puts it. */
async function field(wolfAt: [number, number, number], ada: Record<string, unknown> = {}) {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("pulse");
  const rider = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { md: 15, ps: 15, ag: 15, tmr: 8, mounted: true, ...ada } } });
  const wolf = await Actor.create({ name: "Wolf", type: "npc", system: { pulse: { ag: 16, endurance: 30, enduranceNow: 30 } } });
  const [sword, lance] = await rider.createEmbeddedDocuments("Item", [
    { name: "Sabre", type: "weapon", system: { equipped: true, pulse: { use: "melee", baseChance: 50, ranked: true, rank: 2, damage: 2 } } },
    { name: "Great sword", type: "weapon", system: { equipped: true, pulse: { use: "melee", twoHanded: true, baseChance: 50, damage: 4 } } },
  ]);
  const [fangs, spear] = await wolf.createEmbeddedDocuments("Item", [
    { name: "Fangs", type: "weapon", system: { equipped: true, pulse: { use: "melee", baseChance: 50, damage: 1 } } },
    { name: "Boar spear", type: "weapon", system: { equipped: true, pulse: { use: "pole", baseChance: 50, damage: 2 } } },
  ]);
  const { scene, at } = await hexScene(gm, "Field");
  const { tokens: [ta, tw], combat } = await fightOnScene(gm, scene, [
    { actor: rider, token: { disposition: 1, rotation: 270, ...at(2, 2) } },
    { actor: wolf, token: { disposition: -1, rotation: wolfAt[2], ...at(wolfAt[0], wolfAt[1]) } },
  ]);
  await settle();
  const token = (client: any, id: string) => client.game.scenes.get(scene.id).tokens.get(id);
  return { world, gm, alice, bob, at, token, combatId: combat.id as string, ids: { ada: rider.id as string, wolf: wolf.id as string, sword: sword.id as string, lance: lance.id as string, fangs: fangs.id as string, spear: spear.id as string, ta: ta.id as string } };
}
type Field = Awaited<ReturnType<typeof field>>;

async function strike(f: Field, client: any, actorId: string, itemId: string, defender: string, form: Record<string, unknown> = {}) {
  client.runtime.dialogs.responder = () => ({ defender, kind: "normal", ...form });
  const before = f.gm.game.messages.contents.length;
  await client.game.actors.get(actorId).sheet.runAction("rollItem", {}, { row: { itemId } });
  await settle();
  return f.gm.game.messages.contents.length > before ? f.gm.game.messages.contents.at(-1) : null;
}

describe("seed 004 [23] mounted combat at the table", () => {
  it("the rider may not strike the Wolf in the hex straight ahead of the mount; on the flank she may", async () => {
    const ahead = await field([2, 3, 90]);
    expect(await strike(ahead, ahead.alice, ahead.ids.ada, ahead.ids.sword, ahead.ids.wolf)).toBe(null);
    expect(ahead.alice.notices.at(-1)?.message).toBe("A rider cannot strike into the hex straight ahead of the mount.");
    // Row 1, column 2 is the mount's front-left hex.
    const flank = await field([1, 2, 90]);
    expect(await strike(flank, flank.alice, flank.ids.ada, flank.ids.sword, flank.ids.wolf)).not.toBe(null);
  });

  it("a two-handed sword needs Horsemanship 5: at rank 2 refused, at 5 allowed", async () => {
    const green = await field([1, 2, 90], { horsemanship: 2 });
    expect(await strike(green, green.alice, green.ids.ada, green.ids.lance, green.ids.wolf)).toBe(null);
    expect(green.alice.notices.at(-1)?.message).toBe("A rider needs Horsemanship 5 to wield a two-handed weapon (rank 2).");
    const trained = await field([1, 2, 90], { horsemanship: 5 });
    expect(await strike(trained, trained.alice, trained.ids.ada, trained.ids.lance, trained.ids.wolf)).not.toBe(null);
  });

  it("the GM's own Horsemanship ranks (the book's 83.2): with 2 for two-handed weapons, the rank-2 rider may wield the great sword; a rank of 11 is refused and nothing is saved", async () => {
    const green = await field([1, 2, 90], { horsemanship: 2 });
    const menu = green.gm.game.settings.menus.get("bout.pulseTablesMenu");
    expect(menu.restricted).toBe(true);
    const app = new menu.type();
    await app.render({ force: true });
    expect(app.renderedParts.form as string).toMatch(/name="twoHanded" value="5"/);
    const cells = formCells(app.renderedParts.form);
    green.gm.ui.notifications.clear();
    await app.submit({ ...cells, twoHanded: 11 });
    expect(green.gm.ui.notifications.notices.at(-1)).toEqual({ type: "warning", message: "Rank to strike with a two-handed weapon from the saddle: Horsemanship rank must be from 0 to 10." });
    expect(green.gm.game.settings.get("bout", "pulseTables")).toBe("");
    await app.submit({ ...cells, twoHanded: 2 });
    expect(JSON.parse(green.gm.game.settings.get("bout", "pulseTables")).horsemanship.twoHanded).toBe(2);
    await settle();
    expect(await strike(green, green.alice, green.ids.ada, green.ids.lance, green.ids.wolf)).not.toBe(null);
  });

  it("[23] two weapons at once need Horsemanship 6: the rank-5 rider's two-weapon attack is refused before any card, at 6 it is posted", async () => {
    const green = await field([1, 2, 90], { horsemanship: 5 });
    const mark = green.world.server.writes.length;
    expect(await strike(green, green.alice, green.ids.ada, green.ids.sword, green.ids.wolf, { several: "twoWeapons", moreToCome: true })).toBe(null);
    expect(green.alice.notices.at(-1)?.message).toBe("A rider needs Horsemanship 6 to use two weapons at once (rank 5).");
    expect(green.world.writesSince(mark)).toEqual([]);
    const trained = await field([1, 2, 90], { horsemanship: 6 });
    expect(await strike(trained, trained.alice, trained.ids.ada, trained.ids.sword, trained.ids.wolf, { several: "twoWeapons", moreToCome: true })).not.toBe(null);
  });

  it("from the mount's front hex the Wolf's fangs cannot reach the rider; a boar spear can", async () => {
    const f = await field([2, 3, 90]);
    expect(await strike(f, f.gm, f.ids.wolf, f.ids.fangs, f.ids.ada)).toBe(null);
    expect(f.gm.notices.at(-1)?.message).toBe("From the mount's front hex only a long-hafted or missile weapon reaches the rider.");
    expect(await strike(f, f.gm, f.ids.wolf, f.ids.spear, f.ids.ada)).not.toBe(null);
  });

  it("a mounted charge says the mount runs on its full TMR (8) next pulse", async () => {
    const f = await field([1, 2, 90]);
    const card = await strike(f, f.alice, f.ids.ada, f.ids.sword, f.ids.wolf, { charging: true });
    expect(card.content).toContain("A mounted charge: next pulse the mount runs on 8 hexes past the target.");
  });
});

describe("seed 004 [23] mounting and charging in a running pulse", () => {
  /** Alice moves Ada's token to row i, column j. */
  async function rideTo(f: Field, i: number, j: number) {
    await f.token(f.alice, f.ids.ta).update(f.at(i, j));
    await settle();
  }

  /** In Ada's turn she names a Charge on the tracker; her combatant row. */
  async function declareCharge(f: Field) {
    const ada = f.gm.game.combats.get(f.combatId).combatants.contents.find((c: any) => c.name === "Ada");
    f.alice.runtime.dialogs.responder = () => ({ action: "charge" });
    await f.alice.ui.combat.runAction("boutTurnChoice", { combatantId: ada.id, actionId: "declareAction" });
    await settle();
    return ada;
  }

  async function running(f: Field) {
    f.gm.runtime.dialogs.responder = () => "none";
    await f.gm.game.combats.get(f.combatId).startCombat();
    await settle();
    // Side initiative: the party wins 9 to 2 and goes first.
    await sideGoesFirst(f.gm, [[9, 10], [2, 10]], "party");
  }

  it("[23] a charge dragged through waypoints: a bend at a waypoint is refused; a straight drag the other way, turning her to face it, is allowed", async () => {
    const f = await field([2, 12, 90]);
    await running(f);
    await declareCharge(f);
    const bent = await f.token(f.alice, f.ids.ta).move([f.at(2, 4), f.at(0, 5)], { method: "dragging" });
    await settle();
    expect(bent).toBe(false);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada is charging on horseback: straight ahead in one line, without turning.");
    expect(f.token(f.gm, f.ids.ta).x).toBe(f.at(2, 2).x);
    // Looking east, she sets off west along row 2; Foundry's auto-rotation turns her to face the way she goes.
    await f.token(f.alice, f.ids.ta).move([f.at(2, 1), f.at(2, 0)], { method: "dragging", autoRotate: true });
    await settle();
    expect(f.token(f.gm, f.ids.ta).x).toBe(f.at(2, 0).x);
    expect(f.token(f.gm, f.ids.ta).rotation).toBe(90);
  });

  it("[23] the pulse after her charge the mount is carried on: straight ahead only, its full TMR 8, past the Wolf's zone without stopping", async () => {
    // The Wolf at row 1, column 8 looks west: its zone takes in row 2, column 8.
    const f = await field([1, 8, 90]);
    await running(f);
    await declareCharge(f);
    await rideTo(f, 2, 4);
    // The Wolf comes to meet her, into her front-left hex ([13.1] a blow reaches her melee zone), and falls back after the blow.
    const wolfToken = f.gm.game.combats.get(f.combatId).combatants.contents.find((c: any) => c.name === "Wolf").token;
    await wolfToken.update(f.at(1, 4));
    await settle();
    const card = await strike(f, f.alice, f.ids.ada, f.ids.sword, f.ids.wolf, { charging: true });
    f.gm.runtime.dialogs.responder = () => ({ answer: "stand" });
    scriptDraws(f.gm, [[95, 100]]);
    await f.gm.evaluate<any>("globalThis.__boutTest").defendFromCard(f.gm.game.messages.get(card.id));
    await settle();
    await wolfToken.update(f.at(1, 8));
    await settle();
    // The Wolf's side is done too: pulse 2, the party first again.
    const wolf = f.gm.game.combats.get(f.combatId).combatants.contents.find((c: any) => c.name === "Wolf");
    await f.gm.ui.combat.runAction("boutEndTurn", { combatantId: wolf.id });
    await settle();
    await sideGoesFirst(f.gm, [[9, 10], [2, 10]], "party");
    expect(f.gm.game.combats.get(f.combatId).machineState.pulse).toBe(2);
    await rideTo(f, 3, 4);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada's mount is carried on by its charge this pulse: straight ahead the way it faces, in one line.");
    expect(f.token(f.gm, f.ids.ta).y).toBe(f.at(2, 4).y);
    await rideTo(f, 2, 12);
    expect(f.token(f.gm, f.ids.ta).x).toBe(f.at(2, 12).x);
  });

  it("Ada dismounts from the sheet while the mount stands; after it has moved this pulse, mounting again is refused", async () => {
    const f = await field([2, 12, 90]);
    await running(f);
    await f.alice.game.actors.get(f.ids.ada).sheet.runAction("actorAction", { actorAction: "mount" });
    await settle();
    expect(f.gm.game.actors.get(f.ids.ada).system.pulse.mounted).toBe(false);
    await rideTo(f, 2, 4);
    await f.alice.game.actors.get(f.ids.ada).sheet.runAction("actorAction", { actorAction: "mount" });
    await settle();
    expect(f.alice.notices.at(-1)?.message).toBe("Mounting or dismounting waits until the mount stands still: it has moved this pulse.");
    expect(f.gm.game.actors.get(f.ids.ada).system.pulse.mounted).toBe(false);
  });

  it("having named a Charge, the rider runs straight (row 2, column 2 to 4) but may not bend the line or turn", async () => {
    // The Wolf waits at row 1, column 4 looking west: her charge ends beside it, in its zone, and her blow reaches it.
    const f = await field([1, 4, 90]);
    await running(f);
    const ada = await declareCharge(f);
    // Row 0, column 4 lies off every straight line from row 2, column 2.
    await rideTo(f, 0, 4);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada is charging on horseback: straight ahead in one line, without turning.");
    expect(f.token(f.gm, f.ids.ta).y).toBe(f.at(2, 2).y);
    await rideTo(f, 2, 4);
    expect(f.token(f.gm, f.ids.ta).x).toBe(f.at(2, 4).x);
    await f.token(f.alice, f.ids.ta).update({ rotation: 90 });
    await settle();
    expect(f.token(f.gm, f.ids.ta).rotation).toBe(270);
    // The charge's blow: next pulse the mount owes its full TMR 8 past the target.
    const card = await strike(f, f.alice, f.ids.ada, f.ids.sword, f.ids.wolf, { charging: true });
    f.gm.runtime.dialogs.responder = () => ({ answer: "stand" });
    scriptDraws(f.gm, [[95, 100]]);
    await f.gm.evaluate<any>("globalThis.__boutTest").defendFromCard(f.gm.game.messages.get(card.id));
    await settle();
    expect(f.gm.game.combats.get(f.combatId).machineState.momentum).toEqual({ [ada.id]: { hexes: 8, pulse: 2 } });
  });
});
