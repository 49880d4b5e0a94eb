// Token moves in a running pulse (issue 9 "Movement"; seed 004_2f46e4f6196f6037.txt [14.1] TMR, [13]-[15]): on a
// hex scene a fighter's token moves only in the figure's turn and no farther than its TMR allows this pulse; a
// refused move is cancelled with a notice and writes nothing; the GM is exempt unless the world setting says not.
import { describe, expect, it } from "vitest";
import { fightOnScene, scriptDraws, settle, tableOfThree } from "./support";

// When the scripted draws run out: 5 on a d10, as these tests were written with.
const AFTER = [5, 10] as const;

async function battlefield(wolfAt: [number, number, number] = [2, 12, 90]) {
  const { world, gm, alice, bob, Actor } = await tableOfThree("pulse");
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { tmr: 5, ag: 15, pc: 15 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { pulse: { tmr: 4, ag: 12, pc: 12 } } });
  const wolf = await Actor.create({ name: "Wolf", type: "npc", system: { pulse: { tmr: 8, ag: 16, pc: 14 } } });
  // Pointy-topped hexes in odd rows, 100 pixels across.
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Field", grid: { type: 2, size: 100 } });
  const at = (i: number, j: number) => {
    const c = scene.grid.getCenterPoint({ i, j });
    return { x: Math.round(c.x - scene.grid.sizeX / 2), y: Math.round(c.y - scene.grid.sizeY / 2) };
  };
  // Everyone far apart: nobody is engaged. Rotation 270 looks east.
  const { tokens: [ta, tb, tw], combat } = await fightOnScene(gm, scene, [
    { actor: ada, token: { disposition: 1, rotation: 270, ...at(0, 0) } },
    { actor: bran, token: { disposition: 1, rotation: 270, ...at(4, 0) } },
    { actor: wolf, token: { disposition: -1, rotation: wolfAt[2], ...at(wolfAt[0], wolfAt[1]) } },
  ]);
  await settle();
  gm.runtime.dialogs.responder = () => "none";
  await gm.game.combats.get(combat.id).startCombat();
  await settle();
  const token = (client: any, id: string) => client.game.scenes.get(scene.id).tokens.get(id);
  const move = async (client: any, id: string, i: number, j: number) => {
    await token(client, id).update(at(i, j));
    await settle();
  };
  return { world, gm, alice, bob, combatId: combat.id as string, at, token, move, ids: { ada: ta.id as string, bran: tb.id as string, wolf: tw.id as string } };
}
type Field = Awaited<ReturnType<typeof battlefield>>;

/** The cells of a token's movement record (Foundry's, v13 TokenDocument#movementHistory), as the GM's client holds it. */
function walked(f: Field, id: string): [number, number][] {
  const grid = f.gm.game.scenes.contents[0].grid;
  return f.token(f.gm, id).movementHistory.map((w: any) => {
    const { i, j } = grid.getOffset({ x: w.x + grid.sizeX / 2, y: w.y + grid.sizeY / 2 });
    return [i, j];
  });
}

/** Side initiative (the party wins 9 to 2) and the party chosen to go first: the party's figures act. */
async function partyActs(f: Field) {
  scriptDraws(f.gm, [[9, 10], [2, 10]], AFTER);
  await f.gm.ui.combat.runAction("boutNextStep", {});
  await settle();
  await f.gm.ui.combat.runAction("boutFightAction", { actionId: "first:party" });
  await settle();
  expect(f.gm.game.combats.get(f.combatId).machineState.step).toEqual({ kind: "side", index: 0 });
}

describe("token moves in a running pulse [14.1]", () => {
  it("before the figure's turn a step is refused with a notice and nothing is written; turning in place is free", async () => {
    const f = await battlefield();
    // Far enough apart for a start without surprise: no warning.
    expect(f.gm.notices).toEqual([]);
    const mark = f.world.server.writes.length;
    await f.move(f.alice, f.ids.ada, 0, 1);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada cannot move now: in a pulse a figure moves during its own turn.");
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(f.gm.game.scenes.contents[0].tokens.get(f.ids.ada).x).toBe(f.at(0, 0).x);
    await f.token(f.alice, f.ids.ada).update({ rotation: 90 });
    await settle();
    expect(f.token(f.gm, f.ids.ada).rotation).toBe(90);
  });

  it("in the party's turn Ada (TMR 5) goes 3 hexes, then 2, then no farther; Foundry's movement record of the token holds the walk", async () => {
    const f = await battlefield();
    await partyActs(f);
    const mark = f.world.server.writes.length;
    await f.move(f.alice, f.ids.ada, 0, 3);
    // One write for the move, its record with it (Foundry's own, v13 TokenDocument#movementHistory).
    expect(f.world.writesSince(mark)).toHaveLength(1);
    expect(walked(f, f.ids.ada)).toEqual([[0, 0], [0, 3]]);
    expect(f.token(f.gm, f.ids.ada).flags.bout?.pulseMove).toBeUndefined();
    await f.move(f.alice, f.ids.ada, 0, 5);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 5).x);
    const before = f.world.server.writes.length;
    await f.move(f.alice, f.ids.ada, 0, 6);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada may cover 5 hexes this pulse and has 0 left; that move is 1.");
    expect(f.world.writesSince(before)).toEqual([]);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 5).x);
  });

  /** A hostile client's raw write of its token, past every check its own client would make (a socket message from the console). */
  const rawMove = async (f: Field, client: any, id: string, i: number, j: number, extra: Record<string, unknown> = {}) => {
    const sceneId = f.gm.game.scenes.contents[0].id;
    await f.world.server.request(client.runtime.client, "modifyDocument", () => f.world.server.update(client.runtime.client, "Token", [{ documentName: "Scene", id: sceneId }], [{ _id: id, ...f.at(i, j), ...extra }], {}));
    await settle();
  };

  it("a move Alice's own client never checked is judged again on the GM's client: out of her turn it is put back, with a notice to the GM", async () => {
    const f = await battlefield();
    await rawMove(f, f.alice, f.ids.ada, 0, 4);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 0).x);
    expect(f.token(f.alice, f.ids.ada).x).toBe(f.at(0, 0).x);
    expect(f.gm.notices.at(-1)?.message).toBe("Ada cannot move now: in a pulse a figure moves during its own turn.");
  });

  it("in her turn, an emptied movement record does not buy Ada more than her TMR 5: the GM counts the 3 she walked, and puts back the 3 more", async () => {
    const f = await battlefield();
    await partyActs(f);
    const mark = f.world.server.writes.length;
    await rawMove(f, f.alice, f.ids.ada, 0, 3, { _movementHistory: [] });
    // Her write alone: the GM keeps its own count of the walk.
    expect(f.world.writesSince(mark).map((w: any) => [w.documentName, w.userId === f.world.userId("GM")])).toEqual([["Token", false]]);
    await rawMove(f, f.alice, f.ids.ada, 0, 6, { _movementHistory: [] });
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 3).x);
    expect(f.gm.notices.at(-1)?.message).toBe("Ada may cover 5 hexes this pulse and has 2 left; that move is 3.");
    // An honest move from her own client is judged the same on both sides: no correction, one write.
    const honest = f.world.server.writes.length;
    await f.move(f.alice, f.ids.ada, 0, 5);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 5).x);
    expect(f.world.writesSince(honest)).toHaveLength(1);
  });

  it("a move the GM puts back leaves no leg in Foundry's movement record: after Ada's 3 and a raw 3 more put back, her record holds the 3, and her own client lets her walk the 2 she has left", async () => {
    const f = await battlefield();
    await partyActs(f);
    await f.move(f.alice, f.ids.ada, 0, 3);
    await rawMove(f, f.alice, f.ids.ada, 0, 6);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 3).x);
    expect(walked(f, f.ids.ada)).toEqual([[0, 0], [0, 3]]);
    await f.move(f.alice, f.ids.ada, 0, 5);
    expect(f.alice.notices.at(-1)?.message ?? "").not.toMatch(/may cover/);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 5).x);
  });

  it("Bran (TMR 4) may not go 5 in one move; the Wolf is not acting but the GM moves it freely", async () => {
    const f = await battlefield();
    await partyActs(f);
    await f.move(f.bob, f.ids.bran, 4, 5);
    expect(f.bob.notices.at(-1)?.message).toBe("Bran may cover 4 hexes this pulse and has 4 left; that move is 5.");
    expect(f.token(f.gm, f.ids.bran).x).toBe(f.at(4, 0).x);
    await f.move(f.gm, f.ids.wolf, 2, 2);
    expect(f.gm.notices).toEqual([]);
    expect(f.token(f.gm, f.ids.wolf).x).toBe(f.at(2, 2).x);
  });

  it("with limits for everyone the GM's move of the Wolf out of its turn is refused too; with limits off anyone moves", async () => {
    const f = await battlefield();
    await partyActs(f);
    await f.gm.game.settings.set("bout", "pulseMoveLimits", "everyone");
    await settle();
    await f.move(f.gm, f.ids.wolf, 2, 2);
    expect(f.gm.notices.at(-1)?.message).toBe("Wolf cannot move now: in a pulse a figure moves during its own turn.");
    expect(f.token(f.gm, f.ids.wolf).x).toBe(f.at(2, 12).x);
    await f.gm.game.settings.set("bout", "pulseMoveLimits", "off");
    await settle();
    await f.move(f.alice, f.ids.ada, 0, 9);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 9).x);
  });

  it("[14.1] Ada's walk past the Wolf's front stops at the first hex of its melee zone: the longer move is refused, the shorter one stands", async () => {
    // The Wolf at row 1, column 4 looks west: its zone takes in row 0, column 4.
    const f = await battlefield([1, 4, 90]);
    // [11.1] placed this close without surprise, the GM is warned as the fight starts.
    expect(f.gm.notices.map((n: any) => n.message)).toContainEqual(expect.stringMatching(/^Without surprise the sides should start at least 8 hexes apart; the nearest foes are \d apart\.$/));
    await partyActs(f);
    const mark = f.world.server.writes.length;
    await f.move(f.alice, f.ids.ada, 0, 5);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada would enter a foe's melee zone after 4 hexes and must stop there; that move is 5.");
    expect(f.world.writesSince(mark)).toEqual([]);
    await f.move(f.alice, f.ids.ada, 0, 4);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 4).x);
  });

  it("[14.1]-[14.8] Ada names Crawl on the tracker: her token may then go a quarter of TMR 5, one hex; the row shows the action", async () => {
    const f = await battlefield();
    await partyActs(f);
    const combat = f.gm.game.combats.get(f.combatId);
    const ada = combat.combatants.contents.find((c: any) => c.name === "Ada");
    let asked: any;
    f.alice.runtime.dialogs.responder = (_k: unknown, config: any) => {
      asked = config;
      return { action: "crawl" };
    };
    await f.alice.ui.combat.runAction("boutTurnChoice", { combatantId: ada.id, actionId: "declareAction" });
    await settle();
    expect(asked.content).toContain("Charge and close");
    expect(asked.content).not.toContain("Melee attack");
    expect(f.gm.game.combats.get(f.combatId).machineState.declared).toEqual({ [ada.id]: ["crawl"] });
    // Ada's modAG is below 26: no second action is offered.
    expect(asked.content).toContain('name="action"');
    expect(asked.content).not.toContain('name="second"');
    await f.alice.ui.combat.render({ force: true });
    const html = f.alice.ui.combat.renderedParts.tracker as string;
    expect(html).toContain("Crawl");
    // Naming the action sits beside "done", not instead of it.
    expect(html).toContain(`data-action="boutEndTurn" data-combatant-id="${ada.id}"`);
    await f.move(f.alice, f.ids.ada, 0, 2);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada may cover 1 hex this pulse and has 1 left; that move is 2.");
    await f.move(f.alice, f.ids.ada, 0, 1);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 1).x);
  });

  it("[14.1] a jump of 12 feet in Ada's turn spends 3 of her 5 hexes: a 3-hex walk after it is refused, a 2-hex one allowed", async () => {
    const f = await battlefield();
    await partyActs(f);
    f.alice.runtime.dialogs.responder = () => ({ feet: 12 });
    scriptDraws(f.gm, [[10, 100]], AFTER);
    await f.alice.game.actors.get(f.gm.game.combats.get(f.combatId).combatants.contents.find((c: any) => c.name === "Ada").actorId).sheet.runAction("actorAction", { actorAction: "jump" });
    await settle();
    expect(f.gm.game.combats.get(f.combatId).machineState.jumped).toEqual({ [f.gm.game.combats.get(f.combatId).combatants.contents.find((c: any) => c.name === "Ada").id]: 3 });
    await f.move(f.alice, f.ids.ada, 0, 3);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada may cover 5 hexes this pulse and has 2 left; that move is 3.");
    await f.move(f.alice, f.ids.ada, 0, 2);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 2).x);
  });

  it("a new pulse starts the count again", async () => {
    const f = await battlefield();
    await partyActs(f);
    await f.move(f.alice, f.ids.ada, 0, 5);
    await f.gm.game.combats.get(f.combatId).nextRound();
    await settle();
    await partyActs(f);
    await f.move(f.alice, f.ids.ada, 0, 10);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 10).x);
    // The step that began pulse 2 cleared the record: it holds pulse 2's walk alone.
    expect(walked(f, f.ids.ada)).toEqual([[0, 5], [0, 10]]);
  });

  it("[14.2-8], [17.3] a Charge goes the whole TMR only with a pole weapon in hand: Ada's broken boar spear (first on her sheet) leaves her sword in hand, 2 of TMR 5; mended, 4 hexes are fine", async () => {
    for (const mended of [false, true]) {
      const f = await battlefield();
      const actor = f.token(f.gm, f.ids.ada).actor;
      await actor.createEmbeddedDocuments("Item", [
        { name: "Boar spear", type: "weapon", system: { equipped: true, pulse: { use: "pole", baseChance: 50, broken: !mended } } },
        { name: "Sword", type: "weapon", system: { equipped: true, pulse: { use: "melee", baseChance: 50 } } },
      ]);
      await settle();
      await partyActs(f);
      const ada = f.gm.game.combats.get(f.combatId).combatants.contents.find((c: any) => c.name === "Ada");
      f.alice.runtime.dialogs.responder = () => ({ action: "charge" });
      await f.alice.ui.combat.runAction("boutTurnChoice", { combatantId: ada.id, actionId: "declareAction" });
      await settle();
      await f.move(f.alice, f.ids.ada, 0, 4);
      if (mended) expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 4).x);
      else {
        expect(f.alice.notices.at(-1)?.message).toBe("Ada may cover 2 hexes this pulse and has 2 left; that move is 4.");
        expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 0).x);
      }
    }
  });

  it("[13] Bran engaged face to face with the Wolf moves one hex in his turn, not two", async () => {
    // Bran at row 4, column 0 looks east; the Wolf stands in the next hex east looking west: each in the other's zone.
    const f = await battlefield([4, 1, 90]);
    scriptDraws(f.gm, [[9, 10]], AFTER);
    await f.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    const state = () => f.gm.game.combats.get(f.combatId).machineState;
    expect(state().step).toEqual({ kind: "engagement", index: 0 });
    // The Wolf (IV 30) outranks Bran (24) and lets him go first.
    const wolf = f.gm.game.combats.get(f.combatId).combatants.contents.find((c: any) => c.name === "Wolf");
    await f.gm.ui.combat.runAction("boutTurnChoice", { combatantId: wolf.id, actionId: "last" });
    await settle();
    // Two hexes away: row 2, column 0.
    await f.move(f.bob, f.ids.bran, 2, 0);
    expect(f.bob.notices.at(-1)?.message).toBe("Bran may cover 1 hex this pulse and has 1 left; that move is 2.");
    expect(f.token(f.gm, f.ids.bran).y).toBe(f.at(4, 0).y);
    // One hex: row 3, column 0.
    await f.move(f.bob, f.ids.bran, 3, 0);
    expect(f.token(f.gm, f.ids.bran).y).toBe(f.at(3, 0).y);
  });
});

// v13 drags a token through the ruler's waypoints as one movement: Foundry calls preMoveToken with the walk
// (what this update covers, and what is still to come after a checkpoint) before preUpdateToken.
describe("a token dragged through waypoints in a running pulse [14.1]", () => {
  const through = async (f: Field, client: any, id: string, cells: [number, number][], extra: Record<string, unknown>[] = []) => {
    const moved = await f.token(client, id).move(cells.map(([i, j], n) => ({ ...f.at(i, j), ...(extra[n] ?? {}) })), { method: "dragging" });
    await settle();
    return moved;
  };

  it("the walk is counted leg by leg: Ada's drag by row 2, column 1 to row 0, column 2 costs 4 of her 5 hexes, though the straight line is 2", async () => {
    const f = await battlefield();
    await partyActs(f);
    const mark = f.world.server.writes.length;
    expect(await through(f, f.alice, f.ids.ada, [[2, 1], [0, 2]])).toBe(true);
    expect(f.world.writesSince(mark)).toHaveLength(1);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 2).x);
    expect(walked(f, f.ids.ada)).toEqual([[0, 0], [2, 1], [0, 2]]);
    await f.move(f.alice, f.ids.ada, 0, 4);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada may cover 5 hexes this pulse and has 1 left; that move is 2.");
  });

  it("a drag whose legs add up to 6 is refused whole, with a notice, though its end is 3 hexes away; nothing is written", async () => {
    const f = await battlefield();
    await partyActs(f);
    const mark = f.world.server.writes.length;
    expect(await through(f, f.alice, f.ids.ada, [[3, 1], [0, 3]])).toBe(false);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada may cover 5 hexes this pulse and has 5 left; that move is 6.");
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 0).x);
  });

  it("out of her turn the drag is refused before it starts", async () => {
    const f = await battlefield();
    expect(await through(f, f.alice, f.ids.ada, [[1, 0], [1, 1]])).toBe(false);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada cannot move now: in a pulse a figure moves during its own turn.");
  });

  it("[14.1] a waypoint inside the Wolf's melee zone is where the walk must stop: going on from it is refused", async () => {
    // The Wolf at row 1, column 4 looks west: its zone takes in row 1, column 3.
    const f = await battlefield([1, 4, 90]);
    await partyActs(f);
    const mark = f.world.server.writes.length;
    expect(await through(f, f.alice, f.ids.ada, [[1, 3], [0, 3]])).toBe(false);
    expect(f.alice.notices.at(-1)?.message).toMatch(/^Ada would enter a foe's melee zone after \d hex(es)? and must stop there; that move is 5\.$/);
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(await through(f, f.alice, f.ids.ada, [[1, 3]])).toBe(true);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(1, 3).x);
  });

  it("a checkpoint splits the walk into two updates, one after the other; the count covers both legs", async () => {
    const f = await battlefield();
    await partyActs(f);
    const mark = f.world.server.writes.length;
    expect(await through(f, f.alice, f.ids.ada, [[2, 1], [0, 2]], [{ checkpoint: true }])).toBe(true);
    expect(f.world.writesSince(mark).filter((w: any) => w.documentName === "Token")).toHaveLength(2);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 2).x);
    expect(walked(f, f.ids.ada)).toEqual([[0, 0], [2, 1], [0, 2]]);
    await f.move(f.alice, f.ids.ada, 0, 4);
    expect(f.alice.notices.at(-1)?.message).toBe("Ada may cover 5 hexes this pulse and has 1 left; that move is 2.");
  });

  it("undoing a move in her turn gives the hexes back; out of turn an undo is refused like any move", async () => {
    const f = await battlefield();
    await f.token(f.alice, f.ids.ada).update(f.at(0, 1), { isUndo: true });
    await settle();
    expect(f.alice.notices.at(-1)?.message).toBe("Ada cannot move now: in a pulse a figure moves during its own turn.");
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 0).x);
    await partyActs(f);
    await f.move(f.alice, f.ids.ada, 0, 3);
    // Foundry's undo of the recorded move (TokenDocument#revertRecordedMovement) takes the token back and cuts the record.
    expect(await f.token(f.alice, f.ids.ada).revertRecordedMovement()).toBe(true);
    await settle();
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 0).x);
    expect(walked(f, f.ids.ada)).toEqual([]);
    await f.move(f.alice, f.ids.ada, 0, 5);
    expect(f.token(f.gm, f.ids.ada).x).toBe(f.at(0, 5).x);
  });
});
