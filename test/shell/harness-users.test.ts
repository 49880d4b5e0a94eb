// Harness contract: users and queries as Foundry v13 has them. Users#activeGM
// (Users#getDesignatedUser over active GMs: highest role, then lowest id; an
// assistant counts), User#active and the userConnected hook (Users.#handleUserActivity),
// User#query (registered name, QUERY_USER, active target; the handler's value or
// error; a timeout; the handler never told who asked, foundryvtt#13418).
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { type ConnectedClient, REPO_ROOT, TestWorld } from "../harness/world";

const users = [
  { name: "GM", role: ROLES.GAMEMASTER, id: "gmBBBBBBBBBBBBBB" },
  { name: "Second", role: ROLES.GAMEMASTER, id: "gmAAAAAAAAAAAAAA" },
  { name: "Assistant", role: ROLES.ASSISTANT, id: "asAAAAAAAAAAAAAA" },
  { name: "Alice", role: ROLES.PLAYER, id: "plAAAAAAAAAAAAAA" },
  { name: "Bob", role: ROLES.PLAYER, id: "plBBBBBBBBBBBBBB" },
];

function world() {
  return new TestWorld({ latency: 0, systemRoot: REPO_ROOT, users });
}
const join = (w: TestWorld, name: string) => w.connect(name, { bundle: null });
const activeGM = (c: ConnectedClient) => c.game.users.activeGM?.name ?? null;
/** The same query handler on every client, as the same code runs everywhere. */
function register(clients: ConnectedClient[], name: string, handler: (client: ConnectedClient) => (data: any, options: any) => unknown) {
  for (const c of clients) c.CONFIG.queries[name] = handler(c);
}

describe("harness: the active GM (v13 Users#activeGM, Users#getDesignatedUser)", () => {
  it("is null with no GM connected, and the full GM once one is", async () => {
    const w = world();
    const alice = await join(w, "Alice");
    expect(activeGM(alice)).toBeNull();
    await join(w, "GM");
    expect(activeGM(alice)).toBe("GM");
  });

  it("prefers a full GM to an assistant GM whoever connected first; an assistant is the active GM when no full GM is connected", async () => {
    const w = world();
    const assistant = await join(w, "Assistant");
    const alice = await join(w, "Alice");
    expect([activeGM(alice), assistant.game.user.isActiveGM]).toEqual(["Assistant", true]);
    const gm = await join(w, "GM");
    expect([activeGM(alice), activeGM(assistant), activeGM(gm)]).toEqual(["GM", "GM", "GM"]);
    expect([assistant.game.user.isActiveGM, gm.game.user.isActiveGM]).toEqual([false, true]);
  });

  it("with two full GMs connected at once, picks the lower id on every client, and only that GM's client is the active GM", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const second = await join(w, "Second");
    const alice = await join(w, "Alice");
    expect([activeGM(gm), activeGM(second), activeGM(alice)]).toEqual(["Second", "Second", "Second"]);
    expect([gm.game.user.isActiveGM, second.game.user.isActiveGM]).toEqual([false, true]);
  });

  it("hands over when the active GM leaves: every client's activeGM becomes the next GM, and back to null when the last leaves", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const second = await join(w, "Second");
    const alice = await join(w, "Alice");
    second.disconnect();
    expect([activeGM(gm), activeGM(alice), gm.game.user.isActiveGM]).toEqual(["GM", "GM", true]);
    gm.disconnect();
    expect(activeGM(alice)).toBeNull();
  });

  it("under latency, each client learns of the handover when the news reaches it", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const second = await join(w, "Second");
    const alice = await join(w, "Alice");
    w.server.latency = 20;
    second.disconnect();
    expect(activeGM(alice)).toBe("Second");
    await w.settled();
    expect([activeGM(alice), activeGM(gm)]).toEqual(["GM", "GM"]);
  });
});

describe("harness: connections (v13 User#active, the userConnected hook)", () => {
  it("fires userConnected(user, true) on the other clients when a user joins, and (user, false) when the user leaves; never on the client itself", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const seen: string[] = [];
    gm.Hooks.on("userConnected", (user: { name: string }, connected: boolean) => seen.push(`${user.name}:${connected}`));
    const alice = await join(w, "Alice");
    const own: unknown[] = [];
    alice.Hooks.on("userConnected", (...args: unknown[]) => own.push(args));
    expect(gm.game.users.getName("Alice").active).toBe(true);
    alice.disconnect();
    expect(seen).toEqual(["Alice:true", "Alice:false"]);
    expect(gm.game.users.getName("Alice").active).toBe(false);
    expect(own).toEqual([]);
  });

  it("a joining client knows who is already connected, and that it is itself", async () => {
    const w = world();
    await join(w, "GM");
    const alice = await join(w, "Alice");
    expect(alice.game.users.filter((u: { active: boolean }) => u.active).map((u: { name: string }) => u.name).sort()).toEqual(["Alice", "GM"]);
  });

  it("a reconnecting client is a fresh realm: it remembers nothing of its earlier session but the world's documents", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const alice = await join(w, "Alice");
    alice.evaluate("globalThis.memory = 'secret'");
    await gm.CONFIG.Actor.documentClass.create({ name: "Hero", type: "character" });
    const again = await w.reconnect(alice, { bundle: null });
    expect(again.evaluate("globalThis.memory")).toBeUndefined();
    expect(again.game.actors.getName("Hero")).toBeTruthy();
    expect(gm.game.users.getName("Alice").active).toBe(true);
  });
});

describe("harness: queries (v13 User#query, Users.#handleUserQuery)", () => {
  it("runs the handler on the target's client with the data and the timeout only, never who asked, and answers its value", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const alice = await join(w, "Alice");
    const received: unknown[][] = [];
    register([gm, alice], "test.echo", (c) => (...args: unknown[]) => {
      if (c === gm) received.push(args);
      return { echoed: (args[0] as { n: number }).n };
    });
    await expect(alice.game.users.activeGM.query("test.echo", { n: 3 }, { timeout: 1000 })).resolves.toEqual({ echoed: 3 });
    expect(received).toEqual([[{ n: 3 }, { timeout: 1000 }]]);
  });

  it("rejects with the handler's error message when the handler throws", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const alice = await join(w, "Alice");
    register([gm, alice], "test.fail", () => () => {
      throw new Error("no such card");
    });
    await expect(alice.game.users.activeGM.query("test.fail", {})).rejects.toThrow("no such card");
  });

  it("refuses a query the asking client has not registered in CONFIG.queries", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const alice = await join(w, "Alice");
    gm.CONFIG.queries["test.only"] = () => true;
    await expect(alice.game.users.activeGM.query("test.only", {})).rejects.toThrow("User query 'test.only' is not registered");
  });

  it("rejects a query to an inactive user", async () => {
    const w = world();
    const gm = await join(w, "GM");
    await join(w, "Alice");
    register([gm], "test.ping", () => () => "pong");
    const bob = gm.game.users.getName("Bob");
    await expect(bob.query("test.ping", {})).rejects.toThrow(`User [${bob.id}] is not active`);
  });

  it("needs the QUERY_USER permission, which players hold by default (CONST.USER_PERMISSIONS.QUERY_USER.defaultRole is PLAYER)", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const alice = await join(w, "Alice");
    register([gm, alice], "test.ping", () => () => "pong");
    expect(alice.CONFIG && alice.context.CONST.USER_PERMISSIONS.QUERY_USER.defaultRole).toBe(ROLES.PLAYER);
    expect([alice.game.user.hasPermission("QUERY_USER"), alice.game.user.can("QUERY_USER")]).toEqual([true, true]);
    // A GM takes the permission from Alice.
    await gm.game.users.getName("Alice").update({ permissions: { QUERY_USER: false } });
    expect(alice.game.user.hasPermission("QUERY_USER")).toBe(false);
    await expect(alice.game.users.activeGM.query("test.ping", {})).rejects.toThrow("You do not have permission to query users");
  });

  it("the world's role table (core.permissions) decides for users without an explicit permission", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const alice = await join(w, "Alice");
    register([gm, alice], "test.ping", () => () => "pong");
    await gm.game.settings.set("core", "permissions", { ...gm.game.permissions, QUERY_USER: [ROLES.TRUSTED, ROLES.ASSISTANT, ROLES.GAMEMASTER] });
    await expect(alice.game.users.activeGM.query("test.ping", {})).rejects.toThrow("You do not have permission to query users");
    await expect(gm.game.users.getName("Alice").query("test.ping", {})).resolves.toBe("pong");
  });

  it("a client that never answers leaves the query pending; with a timeout the query rejects once it has passed", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const alice = await join(w, "Alice");
    let ran = 0;
    register([gm, alice], "test.slow", () => () => ++ran);
    gm.hangQueries();
    const untimed = alice.game.users.activeGM.query("test.slow", {});
    const outcome = await Promise.race([untimed.then(() => "answered"), new Promise((r) => setTimeout(() => r("still waiting"), 50))]);
    expect(outcome).toBe("still waiting");
    await expect(alice.game.users.activeGM.query("test.slow", {}, { timeout: 20 })).rejects.toThrow(/timed out/);
    expect(ran).toBe(0);
    gm.hangQueries(false);
    await expect(alice.game.users.activeGM.query("test.slow", {}, { timeout: 200 })).resolves.toBe(1);
  });

  it("a target that leaves before answering never answers: the query rejects only at its timeout", async () => {
    const w = world();
    const gm = await join(w, "GM");
    const alice = await join(w, "Alice");
    // The GM's client takes 30 ms to answer and leaves after 10.
    register([gm, alice], "test.ping", () => () => new Promise((r) => setTimeout(() => r("pong"), 30)));
    const asked = alice.game.users.activeGM.query("test.ping", {}, { timeout: 80 });
    setTimeout(() => gm.disconnect(), 10);
    await expect(asked).rejects.toThrow(/timed out/);
  });
});
