// The harness's model of v14 `foundry.documents.modifyBatch` (API documentation,
// Version 14, function foundry.documents.modifyBatch): several operations on any
// documents in one request, made in sequence; "a cancellation (via, for example,
// Document#_preUpdate) or exception thrown by a single operation will cancel the
// entire batch. No changes will be made." Operations name their document class
// by `documentName` (14.353 release notes, renamed from `documentType`).
// Foundry v13 has no such function. Runs in both harness modes.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { isV14 } from "../harness/version";
import { REPO_ROOT, TestWorld } from "../harness/world";
import { settle } from "./support";

const v14 = isV14();

async function table() {
  const world = new TestWorld({ systemRoot: REPO_ROOT, users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM", { bundle: null });
  const alice = await world.connect("Alice", { bundle: null });
  const ada = await gm.CONFIG.Actor.documentClass.create({ name: "Ada", type: "character", ownership: { default: 2 } });
  await settle();
  return { world, gm, alice, ada };
}

describe(`harness: foundry.documents.modifyBatch (Foundry ${v14 ? 14 : 13})`, () => {
  it.runIf(!v14)("v13 has no modifyBatch", async () => {
    const { gm } = await table();
    expect(gm.evaluate("foundry.documents.modifyBatch")).toBeUndefined();
  });

  it.runIf(v14)("v14: an actor's update, an effect created on it and a chat message go in one request, counted as one write; every client sees all three", async () => {
    const { world, gm, alice, ada } = await table();
    const mark = world.server.writes.length;
    const seen: string[] = [];
    for (const hook of ["updateActor", "createActiveEffect", "createChatMessage"]) alice.Hooks.on(hook, () => seen.push(hook));
    const results = await gm.evaluate<any>("foundry.documents.modifyBatch")([
      { action: "update", documentName: "Actor", updates: [{ _id: ada.id, name: "Ada the Bold" }] },
      { action: "create", documentName: "ActiveEffect", parent: ada, data: [{ name: "Prone", statuses: ["prone"] }] },
      { action: "create", documentName: "ChatMessage", data: [{ content: "done" }] },
    ]);
    await settle();
    expect(results.map((r: any[]) => r.length)).toEqual([1, 1, 1]);
    const writes = world.writesSince(mark);
    expect(writes.map((w) => [w.action, w.documentName, w.operations?.map((o) => `${o.action} ${o.documentName}`)])).toEqual([["batch", "Batch", ["update Actor", "create ActiveEffect", "create ChatMessage"]]]);
    expect(seen).toEqual(["updateActor", "createActiveEffect", "createChatMessage"]);
    const mine = alice.game.actors.get(ada.id);
    expect([mine.name, [...mine.statuses], alice.game.messages.contents.at(-1).content]).toEqual(["Ada the Bold", ["prone"], "done"]);
  });

  it.runIf(v14)("v14: an operation that throws cancels the whole batch: nothing is stored, broadcast or counted", async () => {
    const { world, gm, alice, ada } = await table();
    const mark = world.server.writes.length;
    const batch = gm.evaluate<any>("foundry.documents.modifyBatch")([
      { action: "update", documentName: "Actor", updates: [{ _id: ada.id, name: "Changed" }] },
      { action: "update", documentName: "Actor", updates: [{ _id: "nonesuch00000000", name: "x" }] },
    ]);
    await expect(batch).rejects.toThrow();
    await settle();
    expect(world.writesSince(mark)).toEqual([]);
    expect(world.server.collections.get("actors")!.find((a) => a._id === ada.id)!.name).toBe("Ada");
    expect([gm.game.actors.get(ada.id).name, alice.game.actors.get(ada.id).name]).toEqual(["Ada", "Ada"]);
  });

  it.runIf(v14)("v14: a refusal on the server (a player's write she may not make) cancels the operations before it (the reading where a failed batch rejects; both readings: harness-refused-writes.test.ts)", async () => {
    const { world, alice, ada } = await table();
    world.server.batchFailure = "reject";
    const mark = world.server.writes.length;
    const batch = alice.evaluate<any>("foundry.documents.modifyBatch")([
      { action: "create", documentName: "ChatMessage", data: [{ content: "mine" }] },
      { action: "update", documentName: "Actor", updates: [{ _id: ada.id, name: "Not hers" }] },
    ]);
    await expect(batch).rejects.toThrow(/lacks permission/);
    await settle();
    expect(world.writesSince(mark)).toEqual([]);
    expect(world.server.collections.get("messages")!.length).toBe(0);
  });

  it.runIf(v14)("v14: a preUpdate hook refusing one operation cancels the batch before any request (the reading where a failed batch resolves empty; both readings: harness-refused-writes.test.ts)", async () => {
    const { world, gm, ada } = await table();
    world.server.batchFailure = "resolve";
    gm.Hooks.on("preUpdateActor", () => false);
    const mark = world.server.writes.length;
    const results = await gm.evaluate<any>("foundry.documents.modifyBatch")([
      { action: "create", documentName: "ChatMessage", data: [{ content: "x" }] },
      { action: "update", documentName: "Actor", updates: [{ _id: ada.id, name: "Changed" }] },
    ]);
    expect(results).toEqual([[], []]);
    expect(world.writesSince(mark)).toEqual([]);
  });

  it.runIf(v14)("v14: an unlinked token's actor in a batch writes to its token's delta, as its own update would", async () => {
    const { world, gm, alice, ada } = await table();
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Field" });
    const [token] = await scene.createEmbeddedDocuments("Token", [{ actorId: ada.id, name: "Ada", actorLink: false }]);
    await settle();
    const actor = token.actor;
    const mark = world.server.writes.length;
    await gm.evaluate<any>("foundry.documents.modifyBatch")([
      { action: "update", documentName: "Actor", parent: token, updates: [{ _id: actor.id, name: "Token Ada" }] },
      { action: "create", documentName: "ActiveEffect", parent: actor, data: [{ name: "Prone", statuses: ["prone"] }], keepId: true },
    ]);
    await settle();
    expect(world.writesSince(mark)[0]!.operations!.map((o) => `${o.action} ${o.documentName}`)).toEqual(["update ActorDelta", "create ActiveEffect"]);
    const theirs = alice.game.scenes.get(scene.id).tokens.get(token.id).actor;
    expect([theirs.name, [...theirs.statuses]]).toEqual(["Token Ada", ["prone"]]);
    expect([alice.game.actors.get(ada.id).name, [...alice.game.actors.get(ada.id).statuses]]).toEqual(["Ada", []]);
  });
});
