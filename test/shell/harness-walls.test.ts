// The harness's walls (v13 WallDocument, embedded in a Scene): only the GM draws them; every client sees them.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { REPO_ROOT, TestWorld } from "../harness/world";

describe("harness walls", () => {
  it("a GM draws a wall segment every client reads; a player may not", async () => {
    const world = new TestWorld({ latency: 0, systemRoot: REPO_ROOT, users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
    const gm = await world.connect("GM", { bundle: null });
    const alice = await world.connect("Alice", { bundle: null });
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Keep", grid: { type: 2, size: 100 } });
    const [wall] = await scene.createEmbeddedDocuments("Wall", [{ c: [100, 0, 100, 400] }]);
    const seen = alice.game.scenes.get(scene.id).walls.get(wall.id);
    expect([seen.c, seen.sight, seen.door, seen.ds]).toEqual([[100, 0, 100, 400], 20, 0, 0]);
    await expect(alice.game.scenes.get(scene.id).createEmbeddedDocuments("Wall", [{ c: [0, 0, 1, 1] }])).rejects.toThrow(/lacks permission/);
  });
});
