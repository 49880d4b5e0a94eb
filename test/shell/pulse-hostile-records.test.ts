// Issue 31 "Where, and how far", hostile: a forged undo. v13 lets any client send
// an update with the `isUndo` option, and only with it may the update set the
// token's `_movementHistory` (TokenDocument#_preUpdate; core's own caller is
// TokenDocument#revertRecordedMovement: the token back where the undone movement
// set off, the record cut there; test/harness/token-movement.ts models both). A
// player may thus call any move an undo and empty her record with it. The
// active GM counts an undo only when it takes the token back to a point the GM
// knew it passed, with the path cut there; anything else is a move like any
// other, from where the GM saw the token, counted on the path the GM knows.
// Seed 004_2f46e4f6196f6037.txt [14.1]: no farther than the TMR in a pulse.
import { describe, expect, it } from "vitest";
import { fightOnScene, hexScene, scriptDraws, settle, sideGoesFirst, tableOfThree } from "./support";

async function field(ada0: Record<string, unknown> = {}) {
  const { world, gm, alice, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { pulse: { tmr: 5, ag: 15, pc: 15, ...ada0 } } });
  const wolf = await Actor.create({ name: "Wolf", type: "npc", system: { pulse: { tmr: 8, ag: 16, pc: 14 } } });
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Field", grid: { type: 2, size: 100 } });
  const at = (i: number, j: number) => {
    const c = scene.grid.getCenterPoint({ i, j });
    return { x: Math.round(c.x - scene.grid.sizeX / 2), y: Math.round(c.y - scene.grid.sizeY / 2) };
  };
  const {
    tokens: [ta],
    combat,
  } = await fightOnScene(gm, scene, [
    { actor: ada, token: { disposition: 1, rotation: 270, ...at(0, 0) } },
    { actor: wolf, token: { disposition: -1, rotation: 90, ...at(2, 12) } },
  ]);
  await settle();
  gm.runtime.dialogs.responder = () => "none";
  await gm.game.combats.get(combat.id).startCombat();
  await settle();
  // Side initiative: the party wins 9 to 2 and goes first; Ada acts.
  scriptDraws(gm, [[9, 10], [2, 10]], [5, 10]);
  await gm.ui.combat.runAction("boutNextStep", {});
  await settle();
  await gm.ui.combat.runAction("boutFightAction", { actionId: "first:party" });
  await settle();
  const token = (client: any) => client.game.scenes.get(scene.id).tokens.get(ta.id);
  const move = async (i: number, j: number, options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => {
    await token(alice).update({ ...at(i, j), ...extra }, options);
    await settle();
  };
  const cell = () => {
    const t = token(gm);
    const { i, j } = scene.grid.getOffset({ x: t.x + scene.grid.sizeX / 2, y: t.y + scene.grid.sizeY / 2 });
    return [i, j];
  };
  return { world, gm, alice, move, cell, token, adaId: ada.id as string };
}


describe("hostile: an undo the GM cannot verify is counted as a move (seed 004 [14.1])", () => {
  it("Ada (TMR 5) walks 3 hexes, then sends a forged undo 9 hexes on with her record emptied: put back where she stood", async () => {
    const f = await field();
    await f.move(0, 3);
    expect(f.cell()).toEqual([0, 3]);
    await f.move(0, 12, { isUndo: true }, { _movementHistory: [] });
    expect(f.cell()).toEqual([0, 3]);
    expect(f.gm.notices.map((n: any) => n.message)).toContain("Ada may cover 5 hexes this pulse and has 2 left; that move is 9.");
  });

  it("a forged undo 2 hexes on counts as 2 hexes walked: her record emptied, one hex more is still too far", async () => {
    const f = await field();
    await f.move(0, 3);
    await f.move(0, 5, { isUndo: true }, { _movementHistory: [] });
    expect(f.cell()).toEqual([0, 5]);
    await f.move(0, 6);
    expect(f.cell()).toEqual([0, 5]);
  });

  it("Foundry's own undo still gives the hexes back (TokenDocument#revertRecordedMovement)", async () => {
    const f = await field();
    await f.move(0, 3);
    const t = f.alice.game.scenes.contents[0].tokens.contents[0];
    expect(await t.revertRecordedMovement()).toBe(true);
    await settle();
    expect(f.cell()).toEqual([0, 0]);
    await f.move(0, 5);
    expect(f.cell()).toEqual([0, 5]);
  });
});

describe("hostile: what decides a pulse figure's state is read by the active GM, never from what its owner may write", () => {
  it("[23] Ada's mount moved this pulse; Alice empties her token's movement record and presses Mount: the GM refuses (the walk it saw counts), nothing written", async () => {
    const f = await field({ mounted: true, tmr: 8 });
    await f.move(0, 2);
    await f.token(f.alice).update({}, { diff: false, _clearMovementHistory: true });
    await settle();
    expect(f.token(f.alice).movementHistory).toEqual([]);
    const mark = f.world.server.writes.length;
    await f.alice.game.actors.get(f.adaId).sheet.runAction("actorAction", { actorAction: "mount" });
    await settle();
    expect(f.alice.notices.at(-1)?.message).toBe("Mounting or dismounting waits until the mount stands still: it has moved this pulse.");
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(f.gm.game.actors.get(f.adaId).system.pulse.mounted).toBe(true);
  });

  it("[23] standing still, Ada dismounts from the sheet: one write, the active GM's", async () => {
    const f = await field({ mounted: true, tmr: 8 });
    const mark = f.world.server.writes.length;
    await f.alice.game.actors.get(f.adaId).sheet.runAction("actorAction", { actorAction: "mount" });
    await settle();
    expect(f.gm.game.actors.get(f.adaId).system.pulse.mounted).toBe(false);
    expect(f.world.writesSince(mark).map((w: any) => [w.userId, w.action, w.documentName])).toEqual([[f.world.userId("GM"), "update", "Actor"]]);
  });
});

describe("hostile: a multi-hex figure's turning cost is the GM's count, not the flag its owner writes (seed 004 [22])", () => {
  async function ogreOfAlice() {
    const { world, gm, alice, own, Actor } = await tableOfThree("pulse");
    const ogre = await Actor.create({ name: "Ogre", type: "npc", ownership: own("Alice"), system: { pulse: { md: 10, monster: true, hexes: 3, tmr: 4 } } });
    const wolf = await Actor.create({ name: "Wolf", type: "npc", system: { pulse: { tmr: 8, ag: 16, pc: 14 } } });
    const { scene, at } = await hexScene(gm, "Meadow");
    const {
      tokens: [to],
      combat,
    } = await fightOnScene(gm, scene, [
      { actor: ogre, token: { disposition: 1, rotation: 90, width: 2, height: 2, ...at(2, 12) } },
      { actor: wolf, token: { disposition: -1, rotation: 90, ...at(8, 2) } },
    ]);
    await settle();
    gm.runtime.dialogs.responder = () => "none";
    await gm.game.combats.get(combat.id).startCombat();
    await settle();
    await sideGoesFirst(gm, [[9, 10], [2, 10]], "party");
    const token = (client: any) => client.game.scenes.get(scene.id).tokens.get(to.id);
    return { world, gm, alice, at, token, combat: gm.game.combats.get(combat.id) };
  }

  it("the Ogre (TMR 4) turns half about (1 hex of its pulse), Alice zeroes the count on its token, then walks 4 hexes: the GM puts it back", async () => {
    const m = await ogreOfAlice();
    await m.token(m.alice).update({ rotation: 270 });
    await settle();
    expect(m.token(m.gm).flags.bout?.pulseMove?.used).toBe(1);
    await m.token(m.alice).update({ "flags.bout.pulseMove": { combat: m.combat.id, pulse: m.combat.machineState.pulse, used: 0 } });
    await settle();
    await m.token(m.alice).update(m.at(2, 16));
    await settle();
    expect(m.token(m.gm).x).toBe(m.at(2, 12).x);
    // The GM counted the turn: three hexes were left. Its count is back on the token.
    expect(m.gm.notices.at(-1)?.message).toBe("Ogre may cover 4 hexes this pulse and has 3 left; that move is 4.");
    expect(m.token(m.gm).flags.bout.pulseMove.used).toBe(1);
  });

  it("the Ogre turns half about and walks 3 hexes, writing a count of 0 with the walk past Alice's hooks: the GM writes its own count back", async () => {
    const m = await ogreOfAlice();
    await m.token(m.alice).update({ rotation: 270 });
    await settle();
    await m.token(m.alice).update({ ...m.at(2, 15), "flags.bout.pulseMove": { combat: m.combat.id, pulse: m.combat.machineState.pulse, used: 0 } }, { noHook: true });
    await settle();
    expect(m.token(m.gm).x).toBe(m.at(2, 15).x);
    expect(m.token(m.gm).flags.bout.pulseMove.used).toBe(1);
  });
});
