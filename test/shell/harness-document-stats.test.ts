// The harness's `_stats` against Foundry's DocumentStatsField (test/harness/document-stats.ts has the evidence:
// fvtt-types 13's schema and managedFields, foundryvtt/foundryvtt#10363 and #10350). The system reads none of
// it; it is here because it is part of every document's size and of every update a client hears, which the byte
// measures (fight-state-bytes, the fight-step bench) count.
import { describe, expect, it } from "vitest";
import { releaseData } from "../harness/version";
import { ROLES } from "../harness/server";
import { REPO_ROOT, TestWorld } from "../harness/world";
import { settle } from "./support";

const MANAGED = ["coreVersion", "systemId", "systemVersion", "createdTime", "modifiedTime", "lastModifiedBy"];

/** A core world (no system code) with a GM and a player, an actor the player owns, and a combat of two combatants. */
async function world() {
  const w = new TestWorld({ latency: 0, systemRoot: REPO_ROOT, users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  const gm = await w.connect("GM", { bundle: null });
  const alice = await w.connect("Alice", { bundle: null });
  const [a, b] = await gm.CONFIG.Actor.documentClass.createDocuments([
    { name: "A", type: "npc", ownership: { [w.userId("Alice")]: 3 } },
    { name: "B", type: "npc" },
  ]);
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: a.id }, { actorId: b.id }]);
  await settle();
  return { w, gm, alice, combat, a };
}

describe("harness _stats (v13 DocumentStatsField, kept by the server)", () => {
  it("a created document and each one created inside it get the server's managed fields; the other three come from the data", async () => {
    const { w, gm, combat } = await world();
    const system = w.server.systemJson;
    for (const doc of [combat, ...combat.combatants]) {
      const stats = doc.toObject()._stats;
      expect(Object.keys(stats).sort()).toEqual([...MANAGED, "compendiumSource", "duplicateSource", "exportSource"].sort());
      expect(stats).toMatchObject({ coreVersion: releaseData().version, systemId: system.id, systemVersion: system.version, lastModifiedBy: gm.game.user.id });
      expect(stats).toMatchObject({ compendiumSource: null, duplicateSource: null, exportSource: null });
      expect(Number.isInteger(stats.createdTime) && stats.createdTime > 0).toBe(true);
      expect(stats.modifiedTime).toBe(stats.createdTime);
    }
    // Created with its parent: an Actor's items are stamped with it.
    const [actor] = await gm.CONFIG.Actor.documentClass.createDocuments([{ name: "C", type: "npc", items: [{ name: "Sword", type: "weapon" }] }]);
    expect(actor.items.contents[0]._source._stats.lastModifiedBy).toBe(gm.game.user.id);
  });

  it("a client's own managed fields are ignored, on creation and on update (a player cannot write who changed it, or when)", async () => {
    const { w, gm, alice, a } = await world();
    const forged = { createdTime: 1, modifiedTime: 1, lastModifiedBy: gm.game.user.id, coreVersion: "9", systemId: "other", systemVersion: "0" };
    const mine = await alice.CONFIG.ChatMessage.documentClass.create({ content: "hi", _stats: { ...forged, compendiumSource: "Compendium.x.y.Actor.abcdefghijklmnop" } });
    await settle();
    const sent = gm.game.messages.get(mine.id)._source._stats;
    expect(sent).toMatchObject({ lastModifiedBy: w.userId("Alice"), systemId: w.server.systemJson.id, systemVersion: w.server.systemJson.version, coreVersion: releaseData().version });
    expect(sent.createdTime).toBeGreaterThan(1);
    // Not managed: kept as given.
    expect(sent.compendiumSource).toBe("Compendium.x.y.Actor.abcdefghijklmnop");
    await alice.game.actors.get(a.id).update({ name: "A2", _stats: forged, "_stats.lastModifiedBy": gm.game.user.id });
    await settle();
    const stats = gm.game.actors.get(a.id)._source._stats;
    expect(stats.lastModifiedBy).toBe(w.userId("Alice"));
    expect(stats.modifiedTime).toBeGreaterThan(1);
    expect(stats.createdTime).toBeGreaterThan(1);
    expect(stats.systemId).toBe(w.server.systemJson.id);
  });

  it("an update carries the stamp to every client: modifiedTime and lastModifiedBy; the system's id and version only when type, system or a system flag changed", async () => {
    const { w, gm, alice, combat } = await world();
    const heard: Record<string, unknown>[] = [];
    alice.Hooks.on("updateCombat", (_doc: unknown, changed: Record<string, unknown>) => void heard.push(changed));
    await combat.update({ round: 2 });
    await combat.update({ "system.note": "x" });
    await combat.update({ [`flags.${w.server.systemJson.id}.seen`]: true });
    await combat.update({ "flags.core.seen": true });
    await settle();
    expect(heard.map((c) => Object.keys(c._stats as object).sort())).toEqual([
      ["lastModifiedBy", "modifiedTime"],
      ["lastModifiedBy", "modifiedTime", "systemId", "systemVersion"],
      ["lastModifiedBy", "modifiedTime", "systemId", "systemVersion"],
      ["lastModifiedBy", "modifiedTime"],
    ]);
    expect(heard.every((c) => (c._stats as Record<string, unknown>).lastModifiedBy === gm.game.user.id)).toBe(true);
    expect(alice.game.combats.get(combat.id)._source._stats.modifiedTime).toBe((heard.at(-1)!._stats as Record<string, unknown>).modifiedTime);
  });

  it("an embedded document's update stamps that document only, not its parent (#10363)", async () => {
    const { gm, combat } = await world();
    const before = structuredClone(combat._source._stats);
    const combatant = combat.combatants.contents[0];
    const created = combatant._source._stats.createdTime;
    await new Promise((resolve) => setTimeout(resolve, 2));
    await combatant.update({ initiative: 7 });
    await settle();
    expect(gm.game.combats.get(combat.id)._source._stats).toEqual(before);
    expect(combatant._source._stats.modifiedTime).toBeGreaterThan(created);
    expect(combatant._source._stats.createdTime).toBe(created);
  });

  it("a document without _stats (a Token) gets none, on creation or update, and its Scene's are left as they were", async () => {
    const { gm, a } = await world();
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "S" });
    const before = structuredClone(scene._source._stats);
    const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "A", actorId: a.id, x: 0, y: 0 }]);
    await token.update({ x: 100 });
    await settle();
    expect("_stats" in token._source).toBe(false);
    expect(gm.game.scenes.get(scene.id)._source._stats).toEqual(before);
  });
});
