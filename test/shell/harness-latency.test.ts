// Harness contract: a server with latency. Every write is a round trip over the
// writer's socket (v13 ClientDatabaseBackend#_updateDocuments waits for the
// server's response before the writer's own document changes); each socket keeps
// its order; the server handles requests in the order they arrive; another
// client's write can land between a read and a write.
import { describe, expect, it } from "vitest";
import type { LatencyLeg } from "../harness/latency";
import { ROLES } from "../harness/server";
import { REPO_ROOT, TestWorld } from "../harness/world";

async function table(latency: number | ((leg: LatencyLeg) => number) = 0) {
  // The machine's timers: this file is the contract of a latency waited out in real time.
  const world = new TestWorld({
    latency: 0,
    clock: "real",
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
  const Actor = gm.CONFIG.Actor.documentClass;
  // Both players own the actor, so both may write it.
  const hero = await Actor.create({ name: "Hero", type: "character", flags: { test: { hp: 10 } }, ownership: { default: 3 } });
  world.server.latency = latency;
  return { world, gm, alice, bob, hero };
}

const hp = (client: { game: any }, id: string) => client.game.actors.get(id).flags.test.hp;

describe("harness: a server with latency (v13 ClientDatabaseBackend round trips)", () => {
  it("with latency 0 a write reaches every client before the writer's promise resolves", async () => {
    const { alice, bob, hero } = await table();
    await alice.game.actors.get(hero.id).update({ "flags.test.hp": 7 });
    expect([hp(alice, hero.id), hp(bob, hero.id)]).toEqual([7, 7]);
  });

  it("a write is a round trip: the writer's own copy changes only when the server's response arrives", async () => {
    const { world, alice, bob, hero } = await table(10);
    const pending = alice.game.actors.get(hero.id).update({ "flags.test.hp": 7 });
    expect(hp(alice, hero.id)).toBe(10);
    await pending;
    expect(hp(alice, hero.id)).toBe(7);
    await world.settled();
    expect(hp(bob, hero.id)).toBe(7);
  });

  it("another client hears a broadcast after its own link's delay, later than the writer", async () => {
    const { world, alice, bob, hero } = await table((leg) => (leg.userId === world.userId("Bob") && leg.direction === "down" ? 40 : 1));
    await alice.game.actors.get(hero.id).update({ "flags.test.hp": 4 });
    expect([hp(alice, hero.id), hp(bob, hero.id)]).toEqual([4, 10]);
    await world.settled();
    expect(hp(bob, hero.id)).toBe(4);
  });

  it("two players' updates in flight at once land in the order they reach the server, not the order they were sent", async () => {
    // Alice's request takes 30 ms to reach the server, Bob's 5 ms.
    const { world, gm, alice, bob, hero } = await table((leg) => (leg.direction === "up" ? (leg.userId === world.userId("Alice") ? 30 : 5) : 1));
    const mark = world.server.writes.length;
    const first = alice.game.actors.get(hero.id).update({ "flags.test.hp": 1 });
    const second = bob.game.actors.get(hero.id).update({ "flags.test.hp": 2 });
    await Promise.all([first, second]);
    await world.settled();
    expect(world.writesSince(mark).map((w) => w.userId)).toEqual([world.userId("Bob"), world.userId("Alice")]);
    expect([hp(gm, hero.id), hp(alice, hero.id), hp(bob, hero.id)]).toEqual([1, 1, 1]);
  });

  it("a socket keeps its order: a later message from the same client never overtakes an earlier one", async () => {
    let n = 0;
    // The first request is slow, the second fast: the second still waits behind the first.
    const { world, gm, alice, hero } = await table((leg) => (leg.direction === "up" ? (n++ === 0 ? 30 : 1) : 0));
    const doc = alice.game.actors.get(hero.id);
    const a = doc.update({ "flags.test.hp": 3 });
    const b = doc.update({ "flags.test.hp": 5 });
    await Promise.all([a, b]);
    await world.settled();
    expect(hp(gm, hero.id)).toBe(5);
  });

  it("a lost update is possible: another client's write lands between a read and a write under latency, not without it", async () => {
    // Each player takes one point of damage off what their own client reads; Bob reads a moment after Alice wrote.
    const scenario = async (latency: number) => {
      const { world, gm, alice, bob, hero } = await table(latency);
      const hurt = (client: { game: any }) => {
        const actor = client.game.actors.get(hero.id);
        return actor.update({ "flags.test.hp": actor.flags.test.hp - 1 });
      };
      const first = hurt(alice);
      await new Promise((r) => setTimeout(r, 1));
      await Promise.all([first, hurt(bob)]);
      await world.settled();
      return hp(gm, hero.id);
    };
    // At once, Alice's write has landed on Bob's client before he reads: both points count.
    expect(await scenario(0)).toBe(8);
    // With 5 ms each way, Bob reads 10 while Alice's write is on its way: one point is lost.
    expect(await scenario(5)).toBe(9);
  });

  it("a query's round trip takes its four legs: up, down to the target, its answer up, the result down", async () => {
    const { world, gm, alice } = await table(5);
    for (const c of [gm, alice]) c.CONFIG.queries["test.ping"] = () => "pong";
    const started = Date.now();
    await expect(alice.game.users.activeGM.query("test.ping", {})).resolves.toBe("pong");
    expect(Date.now() - started).toBeGreaterThanOrEqual(18);
    expect(world.server.network.inFlight).toBe(0);
  });

  it("world settings travel the same way: a setting written under latency reaches the writer after its round trip", async () => {
    const { world, gm, alice } = await table(10);
    for (const c of [gm, alice]) c.game.settings.register("test", "mode", { scope: "world", type: String, default: "a", config: true });
    const pending = gm.game.settings.set("test", "mode", "b");
    expect(gm.game.settings.get("test", "mode")).toBe("a");
    await pending;
    await world.settled();
    expect([gm.game.settings.get("test", "mode"), alice.game.settings.get("test", "mode")]).toEqual(["b", "b"]);
  });
});
