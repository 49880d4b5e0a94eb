// The harness world: documents, permissions, hooks, write counting and queries,
// exercised with core document classes (no system bundle loaded).
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { REPO_ROOT, TestWorld } from "../harness/world";

async function twoPlayers() {
  const world = new TestWorld({
    latency: 0,
    systemRoot: REPO_ROOT,
    users: [
      { name: "GM", role: ROLES.GAMEMASTER },
      { name: "Alice", role: ROLES.PLAYER },
      { name: "Bob", role: ROLES.PLAYER },
    ],
  });
  const gm = await world.connect("GM", { bundle: null });
  const alice = await world.connect("Alice", { bundle: null });
  const bob = await world.connect("Bob", { bundle: null });
  return { world, gm, alice, bob };
}

describe("harness world", () => {
  it("creates a document on every client with create hooks and one write", async () => {
    const { world, gm, alice } = await twoPlayers();
    const seen: string[] = [];
    alice.Hooks.on("createActor", (actor: { name: string }, _o: unknown, userId: string) => seen.push(`${actor.name}:${userId}`));
    const mark = world.server.writes.length;
    const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Hero", type: "character" });
    expect(actor.name).toBe("Hero");
    expect(alice.game.actors.get(actor.id).name).toBe("Hero");
    expect(seen).toEqual([`Hero:${gm.userId}`]);
    expect(world.writesSince(mark)).toEqual([{ userId: gm.userId, action: "create", documentName: "Actor", count: 1 }]);
  });

  it("refuses a player's update to an actor they do not own and changes nothing", async () => {
    const { world, gm, bob } = await twoPlayers();
    const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Hero", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 } });
    const mark = world.server.writes.length;
    await expect(bob.game.actors.get(actor.id).update({ name: "Villain" })).rejects.toThrow(/Bob lacks permission to update Actor/);
    expect(gm.game.actors.get(actor.id).name).toBe("Hero");
    expect(world.writesSince(mark)).toEqual([]);
  });

  it("lets an owner update, and runs preUpdate hooks on the acting client only", async () => {
    const { world, gm, alice, bob } = await twoPlayers();
    const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Hero", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 } });
    const pre: string[] = [];
    alice.Hooks.on("preUpdateActor", () => pre.push("alice"));
    bob.Hooks.on("preUpdateActor", () => pre.push("bob"));
    await alice.game.actors.get(actor.id).update({ name: "Heroine" });
    expect(bob.game.actors.get(actor.id).name).toBe("Heroine");
    expect(pre).toEqual(["alice"]);
  });

  it("cancels a write when a preCreate hook returns false", async () => {
    const { world, gm } = await twoPlayers();
    gm.Hooks.on("preCreateActor", () => false);
    const mark = world.server.writes.length;
    const created = await gm.CONFIG.Actor.documentClass.createDocuments([{ name: "A", type: "character" }]);
    expect(created).toEqual([]);
    expect(world.writesSince(mark)).toEqual([]);
  });

  it("counts a batched embedded update as one write", async () => {
    const { world, gm } = await twoPlayers();
    const combat = await gm.CONFIG.Combat.documentClass.create({});
    await combat.createEmbeddedDocuments("Combatant", [{ name: "a" }, { name: "b" }, { name: "c" }]);
    const mark = world.server.writes.length;
    await combat.updateEmbeddedDocuments("Combatant", combat.combatants.map((c: { id: string }) => ({ _id: c.id, initiative: 5 })));
    expect(world.writesSince(mark)).toEqual([{ userId: gm.userId, action: "update", documentName: "Combatant", count: 3 }]);
  });

  it("lets a player change a combat's round but nothing else (v13 BaseCombat#canUpdate)", async () => {
    const { gm, alice } = await twoPlayers();
    const combat = await gm.CONFIG.Combat.documentClass.create({});
    await expect(alice.game.combats.get(combat.id).update({ active: true })).rejects.toThrow(/lacks permission to update Combat/);
    await alice.game.combats.get(combat.id).update({ round: 3 });
    expect(gm.game.combats.get(combat.id).round).toBe(3);
  });

  it("routes a query to the target user's client only, without telling it who asked", async () => {
    const { world, gm, alice, bob } = await twoPlayers();
    const received: unknown[] = [];
    gm.CONFIG.queries["test.echo"] = (data: unknown, options: unknown) => {
      received.push([data, options]);
      return { ok: true };
    };
    // v13 User#query refuses a query the asking client has not registered: every client runs the same code.
    alice.CONFIG.queries["test.echo"] = () => ({ ok: false });
    const answer = await alice.game.users.activeGM.query("test.echo", { secret: "red" });
    expect(answer).toEqual({ ok: true });
    expect(received).toEqual([[{ secret: "red" }, { timeout: undefined }]]);
    const bobTraffic = world.server.traffic.filter((t) => t.userId === bob.userId);
    expect(JSON.stringify(bobTraffic)).not.toContain("red");
  });

  it("keeps world settings GM-only", async () => {
    const { gm, alice } = await twoPlayers();
    for (const c of [gm, alice]) c.game.settings.register("test", "mode", { scope: "world", type: String, default: "a", config: true });
    await gm.game.settings.set("test", "mode", "b");
    expect(alice.game.settings.get("test", "mode")).toBe("b");
    await expect(alice.game.settings.set("test", "mode", "c")).rejects.toThrow(/lacks permission to modify world settings/);
    expect(gm.game.settings.get("test", "mode")).toBe("b");
  });

  it("rolls dice through CONFIG.Dice.randomUniform", async () => {
    const { gm } = await twoPlayers();
    gm.CONFIG.Dice.randomUniform = () => 0.55;
    const roll = await new gm.runtime.globals.Roll("3d10 + 2").evaluate();
    expect(roll.dice[0].results.map((r: { result: number }) => r.result)).toEqual([6, 6, 6]);
    expect(roll.total).toBe(20);
  });

  it("keeps the world clock: only the GM advances it, every client reads it and hears updateWorldTime", async () => {
    const { gm, alice } = await twoPlayers();
    const heard: number[][] = [];
    alice.Hooks.on("updateWorldTime", (now: number, dt: number) => heard.push([now, dt]));
    await expect(alice.game.time.advance(60)).rejects.toThrow(/Only a GM/);
    expect(await gm.game.time.advance(90)).toBe(90);
    await gm.game.time.advance(30);
    expect([alice.game.time.worldTime, heard]).toEqual([120, [[90, 90], [120, 30]]]);
  });
});
