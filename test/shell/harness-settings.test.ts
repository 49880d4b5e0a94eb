// The harness's game.settings follows v13 (client/helpers/client-settings.mjs ClientSettings#get, and
// client/documents/setting.mjs Setting#_initialize / #_castType / #_onUpdate): a world setting's value is cast once,
// when its Setting document is made or updated, and `get` returns that document's `value`, the same object at every
// read until the setting changes; the setting's onChange gets that same value. A client setting is a new Setting made
// from its stored text at every read (a fresh object each time), and so is a setting never stored (its default).
// A world setting is a Setting document: its write is heard on every client as any document's is, `createSetting`
// the first time and `updateSetting` after (v13/v14 API, hookEvents.createDocument and updateDocument, "for every
// Document type"; v13 ClientSettings#set writes it with Setting.create or setting.update), and a write that changes
// nothing is not heard; a client setting is no document in the world and is heard by nobody.
import { describe, expect, it } from "vitest";
import { settle, tableOfThree } from "./support";

describe("harness game.settings as v13", () => {
  it("a world setting reads as one object until it changes; onChange gets the object get returns; another client keeps its own", async () => {
    const { gm, alice } = await tableOfThree("steel");
    const heard: unknown[] = [];
    for (const client of [gm, alice]) {
      client.game.settings.register("harness", "worldObject", { scope: "world", config: false, type: Object, default: { n: 0 }, onChange: (v: unknown) => client === gm && heard.push(v) });
    }
    // Never stored: the default, a new object at each read.
    const first = gm.game.settings.get("harness", "worldObject");
    expect(first).toEqual({ n: 0 });
    expect(gm.game.settings.get("harness", "worldObject")).not.toBe(first);
    await gm.game.settings.set("harness", "worldObject", { n: 1 });
    await settle();
    const kept = gm.game.settings.get("harness", "worldObject");
    expect(kept).toEqual({ n: 1 });
    expect(gm.game.settings.get("harness", "worldObject")).toBe(kept);
    expect(heard.at(-1)).toBe(kept);
    // Alice's client holds its own Setting document: equal, not the GM's object, and the same at each of her reads.
    const hers = alice.game.settings.get("harness", "worldObject");
    expect(hers).toEqual({ n: 1 });
    expect(hers).not.toBe(kept);
    expect(alice.game.settings.get("harness", "worldObject")).toBe(hers);
    // A change makes a new value.
    await gm.game.settings.set("harness", "worldObject", { n: 2 });
    await settle();
    const next = gm.game.settings.get("harness", "worldObject");
    expect(next).toEqual({ n: 2 });
    expect(next).not.toBe(kept);
    expect(heard.at(-1)).toBe(next);
  });

  it("a client setting reads as a new object each time", async () => {
    const { gm } = await tableOfThree("steel");
    gm.game.settings.register("harness", "clientObject", { scope: "client", config: false, type: Object, default: { n: 0 } });
    await gm.game.settings.set("harness", "clientObject", { n: 1 });
    const a = gm.game.settings.get("harness", "clientObject");
    expect(a).toEqual({ n: 1 });
    expect(gm.game.settings.get("harness", "clientObject")).not.toBe(a);
  });

  it("a world setting's writes are heard as a Setting document's on every client: created, then updated; an unchanged write and a client setting are not heard; the world's clock is the setting core.time", async () => {
    const { gm, alice } = await tableOfThree("steel");
    const heard: Record<string, unknown[][]> = { gm: [], alice: [] };
    for (const [name, client] of [["gm", gm], ["alice", alice]] as const) {
      client.game.settings.register("harness", "worldFlag", { scope: "world", config: false, type: Number, default: 0 });
      client.game.settings.register("harness", "clientFlag", { scope: "client", config: false, type: Number, default: 0 });
      for (const hook of ["createSetting", "updateSetting", "deleteSetting"]) {
        client.Hooks.on(hook, (doc: any, ...rest: unknown[]) => void heard[name]!.push([hook, doc.key, doc.value, doc.id, ...(hook === "updateSetting" ? [rest[0]] : [])]));
      }
    }
    await gm.game.settings.set("harness", "worldFlag", 1);
    await settle();
    const [created] = heard.gm!;
    expect(created!.slice(0, 3)).toEqual(["createSetting", "harness.worldFlag", 1]);
    const id = created![3];
    expect(typeof id).toBe("string");
    await gm.game.settings.set("harness", "worldFlag", 2);
    await gm.game.settings.set("harness", "worldFlag", 2);
    await gm.game.settings.set("harness", "clientFlag", 5);
    await alice.game.settings.set("harness", "clientFlag", 6);
    await settle();
    const expected = [
      ["createSetting", "harness.worldFlag", 1, id],
      ["updateSetting", "harness.worldFlag", 2, id, { _id: id, value: "2" }],
    ];
    expect(heard.gm).toEqual(expected);
    expect(heard.alice).toEqual(expected);
    // The world's clock advanced by the GM: the Setting core.time, heard by everyone.
    await gm.game.time.advance(6);
    await settle();
    expect(heard.alice!.at(-1)!.slice(0, 3)).toEqual(["createSetting", "core.time", 6]);
    await gm.game.time.advance(6);
    await settle();
    expect(heard.alice!.at(-1)!.slice(0, 3)).toEqual(["updateSetting", "core.time", 12]);
    expect(heard.gm!.at(-1)!.slice(0, 3)).toEqual(["updateSetting", "core.time", 12]);
  });
});
