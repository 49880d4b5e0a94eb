// The harness refuses a write as Foundry v13's client does (client/data/client-backend.mjs,
// ClientDatabaseBackend#_createDocuments / #_updateDocuments / #_deleteDocuments and their
// #preCreateDocumentArray / #preUpdateDocumentArray / #preDeleteDocumentArray):
// - create: each pending document is built (its data validated: one that fails shows core's
//   error through Hooks.onError and is left out), then `_preCreate` and the preCreate hook;
// - update: `_preUpdate` and the preUpdate hook first, then the changes are validated by a dry
//   run of Document#updateSource (a failure shows core's error, the message after "[id] ");
// - delete: `_preDelete` and the preDelete hook;
// a refused document is dropped from the operation, the rest is sent, and the call resolves
// with the documents written (none: no request at all). It never throws for a refusal.
// v14's modifyBatch (runs in both modes; the v14 tests under each reading of a failed batch,
// test/harness/batch-failure.ts) cancels the whole batch for one refused document.
import { describe, expect, it } from "vitest";
import { BATCH_FAILURE_READINGS } from "../harness/batch-failure";
import { ROLES } from "../harness/server";
import { isV14 } from "../harness/version";
import { REPO_ROOT, TestWorld } from "../harness/world";
import { settle } from "./support";

const v14 = isV14();

async function table() {
  const world = new TestWorld({ systemRoot: REPO_ROOT, users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM", { bundle: null });
  const alice = await world.connect("Alice", { bundle: null });
  const Actor = gm.CONFIG.Actor.documentClass;
  const [ada, bran] = await Actor.createDocuments([
    { name: "Ada", type: "character" },
    { name: "Bran", type: "character" },
  ]);
  // Not started (round 0): a started combat with no turns is not what these tests are about.
  const combat = await gm.CONFIG.Combat.documentClass.create({ round: 0 });
  await settle();
  return { world, gm, alice, Actor, ada, bran, combat };
}

describe(`harness: a refused write (Foundry ${v14 ? 14 : 13} client, v13's per-document refusal)`, () => {
  it("a preUpdateActor hook returning false drops that actor: the call resolves with the other, one request, no error shown", async () => {
    const { world, gm, alice, Actor, ada, bran } = await table();
    gm.Hooks.on("preUpdateActor", (doc: any) => doc.id !== ada.id);
    const mark = world.server.writes.length;
    const updated = await Actor.updateDocuments([
      { _id: ada.id, name: "Ada the Bold" },
      { _id: bran.id, name: "Bran the Bold" },
    ]);
    await settle();
    expect(updated.map((a: any) => a.id)).toEqual([bran.id]);
    expect(world.writesSince(mark).map((w) => [w.action, w.documentName, w.count])).toEqual([["update", "Actor", 1]]);
    expect([alice.game.actors.get(ada.id).name, alice.game.actors.get(bran.id).name]).toEqual(["Ada", "Bran the Bold"]);
    expect(gm.notices).toEqual([]);
    // Document#update of the refused one alone: no request, undefined.
    expect(await ada.update({ name: "Again" })).toBeUndefined();
    expect(world.writesSince(mark)).toHaveLength(1);
  });

  it("a change the data model rejects: core's error (the words after the document's [id]), that document dropped, the call resolves", async () => {
    const { world, gm, combat } = await table();
    const mark = world.server.writes.length;
    expect(await combat.update({ round: "lots" })).toBeUndefined();
    expect(world.writesSince(mark)).toEqual([]);
    expect(combat.round).toBe(0);
    expect(gm.notices).toHaveLength(1);
    expect(gm.notices[0]).toMatchObject({ type: "error", message: expect.stringMatching(/^validation errors:[\s\S]*round/) });
    expect(gm.notices[0]!.message).not.toContain(combat.id);
  });

  it("the hooks run before validation: a hook that drops an invalid change leaves no error; a hook that lets it through sees it, then validation refuses it", async () => {
    const { gm, combat } = await table();
    const seen: unknown[] = [];
    const id = gm.Hooks.on("preUpdateCombat", (_doc: any, changes: any) => {
      seen.push(changes.round);
      return false;
    });
    expect(await combat.update({ round: "lots" })).toBeUndefined();
    expect([seen, gm.notices]).toEqual([["lots"], []]);
    gm.Hooks.off("preUpdateCombat", id);
    gm.Hooks.on("preUpdateCombat", (_doc: any, changes: any) => void seen.push(changes.round));
    expect(await combat.update({ round: "many" })).toBeUndefined();
    expect(seen).toEqual(["lots", "many"]);
    expect(gm.notices.map((n) => n.type)).toEqual(["error"]);
  });

  it("create: the pending document is validated as it is built, before _preCreate and the hook; an invalid one is left out with core's error, the valid one created", async () => {
    const { world, gm } = await table();
    const heard: string[] = [];
    gm.Hooks.on("preCreateCombat", (doc: any) => void heard.push(String(doc.round)));
    const mark = world.server.writes.length;
    const created = await gm.CONFIG.Combat.documentClass.createDocuments([{ round: "lots" }, { round: 0 }]);
    expect(created.map((c: any) => c.round)).toEqual([0]);
    expect(heard).toEqual(["0"]);
    expect(world.writesSince(mark).map((w) => [w.action, w.documentName, w.count])).toEqual([["create", "Combat", 1]]);
    expect(gm.notices.map((n) => n.type)).toEqual(["error"]);
  });

  it("a preCreate or preDelete hook returning false: nothing sent, the call resolves empty", async () => {
    const { world, gm, Actor, ada } = await table();
    gm.Hooks.on("preCreateActor", () => false);
    gm.Hooks.on("preDeleteActor", () => false);
    const mark = world.server.writes.length;
    expect(await Actor.create({ name: "Cai", type: "character" })).toBeUndefined();
    expect(await Actor.deleteDocuments([ada.id])).toEqual([]);
    expect(world.writesSince(mark)).toEqual([]);
    expect(gm.game.actors.has(ada.id)).toBe(true);
  });

  it("a refusal by the server (a permission) still rejects: only the client's own refusals resolve", async () => {
    const { alice, ada } = await table();
    await expect(alice.game.actors.get(ada.id).update({ name: "Mine" })).rejects.toThrow(/lacks permission/);
  });
});

for (const reading of BATCH_FAILURE_READINGS) {
  describe.runIf(v14)(`harness: v14 modifyBatch with a refused document (a failed batch ${reading === "reject" ? "rejects" : "resolves empty"})`, () => {
    const batchOf = (gm: any, operations: object[]) => gm.evaluate("foundry.documents.modifyBatch")(operations);
    const ends = async (call: Promise<unknown>, operations: number) => {
      if (reading === "reject") await expect(call).rejects.toThrow();
      else expect(await call).toEqual(Array.from({ length: operations }, () => []));
    };

    it("a preUpdate hook refusing one document cancels the whole batch: no request, nothing written", async () => {
      const { world, gm, ada, bran } = await table();
      world.server.batchFailure = reading;
      gm.Hooks.on("preUpdateActor", (doc: any) => doc.id !== ada.id);
      const mark = world.server.writes.length;
      await ends(
        batchOf(gm, [
          { action: "update", documentName: "Actor", updates: [{ _id: bran.id, name: "Bran the Bold" }, { _id: ada.id, name: "Ada the Bold" }] },
          { action: "create", documentName: "ChatMessage", data: [{ content: "x" }] },
        ]),
        2,
      );
      await settle();
      expect(world.writesSince(mark)).toEqual([]);
      expect(gm.game.actors.get(bran.id).name).toBe("Bran");
    });

    it("a change the data model rejects shows core's error and cancels the whole batch", async () => {
      const { world, gm, ada, combat } = await table();
      world.server.batchFailure = reading;
      const mark = world.server.writes.length;
      await ends(
        batchOf(gm, [
          { action: "update", documentName: "Actor", updates: [{ _id: ada.id, name: "Ada the Bold" }] },
          { action: "update", documentName: "Combat", updates: [{ _id: combat.id, round: "lots" }] },
        ]),
        2,
      );
      await settle();
      expect(world.writesSince(mark)).toEqual([]);
      expect(gm.game.actors.get(ada.id).name).toBe("Ada");
      expect(gm.notices.map((n) => n.type)).toEqual(["error"]);
    });

    it("a failure on the server: nothing stored or broadcast; " + (reading === "reject" ? "the call rejects" : "core shows the error and the call resolves empty (foundryvtt#14356)"), async () => {
      const { world, gm, alice, ada } = await table();
      world.server.batchFailure = reading;
      const mark = world.server.writes.length;
      // Alice may write her own chat message, not Ada (the server refuses her the second operation).
      await ends(
        batchOf(alice, [
          { action: "create", documentName: "ChatMessage", data: [{ content: "mine" }] },
          { action: "update", documentName: "Actor", updates: [{ _id: ada.id, name: "Changed" }] },
        ]),
        2,
      );
      await settle();
      expect(world.writesSince(mark)).toEqual([]);
      expect(world.server.collections.get("messages")).toEqual([]);
      expect([gm.game.actors.get(ada.id).name, alice.game.actors.get(ada.id).name]).toEqual(["Ada", "Ada"]);
      expect(alice.notices).toEqual(reading === "reject" ? [] : [{ type: "error", message: expect.stringMatching(/lacks permission/) }]);
    });
  });
}
