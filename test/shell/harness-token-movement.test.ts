// The harness's model of v13 token movement (test/harness/token-movement.ts), checked against what Foundry's
// TokenDocument does: preMoveToken before preUpdateToken, the split after the first checkpoint, a rejected
// movement that still lets the update's other changes through, and TokenDocument#move.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { REPO_ROOT, TestWorld } from "../harness/world";

async function sceneWithToken() {
  const world = new TestWorld({ systemRoot: REPO_ROOT, users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM", { bundle: null });
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Field", grid: { type: 1, size: 100 } });
  const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Ada", x: 0, y: 0 }]);
  const settle = async () => {
    for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
  };
  return { world, gm, token, settle };
}

describe("harness token movement (v13)", () => {
  it("a plain x/y update is one waypoint; preMoveToken runs first and sees origin, passed and method api", async () => {
    const { gm, token } = await sceneWithToken();
    const calls: string[] = [];
    let seen: any;
    gm.Hooks.on("preMoveToken", (_doc: unknown, movement: any) => {
      calls.push("preMoveToken");
      seen = movement;
    });
    gm.Hooks.on("preUpdateToken", () => calls.push("preUpdateToken"));
    await token.update({ x: 200, y: 100 });
    expect(calls).toEqual(["preMoveToken", "preUpdateToken"]);
    expect(seen.origin).toMatchObject({ x: 0, y: 0 });
    expect(seen.passed.waypoints.map((w: any) => [w.x, w.y, w.checkpoint])).toEqual([[200, 100, true]]);
    expect(seen.pending.waypoints).toEqual([]);
    expect(seen.method).toBe("api");
    expect(Object.isFrozen(seen.passed)).toBe(true);
    expect([token.x, token.y]).toEqual([200, 100]);
  });

  it("an update that does not change the position is no movement: no preMoveToken", async () => {
    const { gm, token } = await sceneWithToken();
    let called = false;
    gm.Hooks.on("preMoveToken", () => (called = true));
    await token.update({ x: 0, name: "Ada the Bold" });
    expect(called).toBe(false);
    expect(token.name).toBe("Ada the Bold");
  });

  it("preMoveToken returning false strips the move but the update's other changes are written", async () => {
    const { world, gm, token } = await sceneWithToken();
    gm.Hooks.on("preMoveToken", () => false);
    const mark = world.server.writes.length;
    await token.update({ x: 300, name: "Ada the Bold" });
    expect([token.x, token.name]).toEqual([0, "Ada the Bold"]);
    expect(world.writesSince(mark)).toHaveLength(1);
    expect(await token.move({ x: 300, y: 0 })).toBe(false);
    expect(token.x).toBe(0);
  });

  it("move() through a checkpoint goes in two updates: the second continues the first's chain with what was pending", async () => {
    const { world, gm, token, settle } = await sceneWithToken();
    const seen: any[] = [];
    gm.Hooks.on("preMoveToken", (_doc: unknown, movement: any) => void seen.push(movement));
    const mark = world.server.writes.length;
    expect(await token.move([{ x: 100, y: 0, checkpoint: true }, { x: 100, y: 200 }, { x: 300, y: 200 }], { method: "dragging" })).toBe(true);
    expect([token.x, token.y]).toEqual([100, 0]);
    await settle();
    expect([token.x, token.y]).toEqual([300, 200]);
    expect(world.writesSince(mark)).toHaveLength(2);
    expect(seen.map((m) => [m.passed.waypoints.length, m.pending.waypoints.length, m.method])).toEqual([[1, 2, "dragging"], [2, 0, "dragging"]]);
    expect(seen[1].chain).toEqual([seen[0].id]);
    expect(seen[1].origin).toMatchObject({ x: 100, y: 0 });
  });

  it("autoRotate turns the token to face its last leg (rotation 0 looks south); an undo is never split or rotated", async () => {
    const { gm, token } = await sceneWithToken();
    let method = "";
    gm.Hooks.on("preMoveToken", (_doc: unknown, movement: any) => void (method = movement.method));
    await token.move([{ x: 0, y: 300 }, { x: 300, y: 300 }], { autoRotate: true });
    expect([token.x, token.y, token.rotation]).toEqual([300, 300, 270]);
    await token.update({ x: 0, y: 0 }, { isUndo: true });
    expect([token.x, token.y, token.rotation, method]).toEqual([0, 0, 270, "undo"]);
  });

  it("after the update every client hears moveToken with the movement's origin and passed waypoints", async () => {
    const world = new TestWorld({ latency: 0, systemRoot: REPO_ROOT, users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
    const gm = await world.connect("GM", { bundle: null });
    const alice = await world.connect("Alice", { bundle: null });
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Field", grid: { type: 1, size: 100 } });
    const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Ada", x: 0, y: 0 }]);
    const heard: unknown[] = [];
    alice.Hooks.on("moveToken", (doc: any, movement: any, _op: unknown, user: any) => heard.push([doc.id, movement.origin.x, movement.passed.waypoints.map((w: any) => w.x), user.id]));
    await token.move([{ x: 100, y: 0 }, { x: 200, y: 0 }]);
    expect(heard).toEqual([[token.id, 0, [100, 200], gm.userId]]);
  });

  it("noHook skips preMoveToken as it skips the other pre-hooks", async () => {
    const { gm, token } = await sceneWithToken();
    gm.Hooks.on("preMoveToken", () => false);
    gm.Hooks.on("preUpdateToken", () => false);
    await token.update({ x: 400 }, { noHook: true });
    expect(token.x).toBe(400);
  });
});

// v13 TokenDocument #preUpdateMovement records the movement while the token's combatant fights in the current,
// started combat (_shouldRecordMovementHistory); clearMovementHistory and revertRecordedMovement work on the record.
describe("harness token movement history (v13 TokenDocument#movementHistory)", () => {
  async function inFight(start = true) {
    const world = new TestWorld({ systemRoot: REPO_ROOT, users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
    const gm = await world.connect("GM", { bundle: null });
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Field", grid: { type: 1, size: 100 } });
    const [token, other] = await scene.createEmbeddedDocuments("Token", [{ name: "Ada", x: 0, y: 0 }, { name: "Bran", x: 500, y: 0 }]);
    const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", [{ tokenId: token.id, sceneId: scene.id, name: "Ada" }]);
    if (start) await combat.startCombat();
    return { world, gm, scene, token, other, combat };
  }
  const path = (token: any) => token.movementHistory.map((w: any) => [w.x, w.y, w.action]);

  it("outside a started fight nothing is recorded; in one, the origin and each passed waypoint are, move after move, with the mover and the movement", async () => {
    const idle = await inFight(false);
    await idle.token.update({ x: 100 });
    expect(idle.token.movementHistory).toEqual([]);
    await idle.other.update({ x: 400 });
    expect(idle.other.movementHistory).toEqual([]);

    const { gm, token, other } = await inFight();
    const seen: any[] = [];
    gm.Hooks.on("preMoveToken", (_doc: unknown, movement: any) => void seen.push(movement));
    await token.update({ x: 100, y: 0 });
    await token.move([{ x: 100, y: 200 }, { x: 300, y: 200 }]);
    expect(path(token)).toEqual([[0, 0, "walk"], [100, 0, "walk"], [100, 200, "walk"], [300, 200, "walk"]]);
    expect(token.movementHistory.every((w: any) => w.userId === gm.userId)).toBe(true);
    expect(token.movementHistory.map((w: any) => w.movementId)).toEqual([seen[0].id, seen[0].id, seen[1].id, seen[1].id]);
    expect([seen[0].recorded, seen[1].recorded]).toEqual([true, true]);
    expect(seen[1].history.recorded.waypoints.map((w: any) => w.x)).toEqual([0, 100]);
    expect(seen[1].history.unrecorded.waypoints).toEqual([]);
    // A token with no combatant in the fight records nothing.
    await other.update({ x: 400 });
    expect(other.movementHistory).toEqual([]);
  });

  it("a gap since the last record is a displacement; the history cannot be written directly except by an undo", async () => {
    const { token } = await inFight();
    await token.update({ x: 100 });
    await token.update({ x: 300 }, { isUndo: true });
    await token.update({ x: 300, y: 100 });
    expect(path(token)).toEqual([[0, 0, "walk"], [100, 0, "walk"], [300, 0, "displace"], [300, 100, "walk"]]);
    await token.update({ _movementHistory: [] });
    expect(token.movementHistory).toHaveLength(4);
  });

  it("clearMovementHistory empties the record in one write; revertRecordedMovement goes back to where a movement set off and cuts the record there", async () => {
    const { world, token } = await inFight();
    await token.update({ x: 100 });
    await token.update({ x: 200 });
    const second = token.movementHistory.at(-1).movementId;
    expect(await token.revertRecordedMovement(second)).toBe(true);
    expect([token.x, path(token)]).toEqual([100, [[0, 0, "walk"], [100, 0, "walk"]]]);
    const mark = world.server.writes.length;
    await token.clearMovementHistory();
    expect(token.movementHistory).toEqual([]);
    expect(token.x).toBe(100);
    expect(world.writesSince(mark)).toHaveLength(1);
    await token.clearMovementHistory();
    expect(world.writesSince(mark)).toHaveLength(1);
  });
});
