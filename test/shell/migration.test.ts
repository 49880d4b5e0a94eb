// Schema versions and the migration path (issue 3, "Schema version and a migration
// path from the first release on").
import { describe, expect, it } from "vitest";
import { migrateActorSystem, migrateItemSystem, needsMigration, SCHEMA_VERSION } from "../../src/data/migrations";
import { RULESETS } from "../../src/engine/rulesets/registry";
import { RULESET_IDS } from "../../src/engine/rulesets/ruleset";
import { initialValues } from "../../src/engine/rulesets/stats";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";

/** The rulesets whose token track is stored in a statistic, with that statistic's path. */
function trackPaths() {
  return RULESET_IDS.flatMap((id) => {
    const r = RULESETS[id];
    const view = { stats: initialValues(r.stats.actor), weapons: [], armor: [], shields: [], maneuvers: [], skills: [] } as never;
    const path = r.vitality(view, r.derive(view)).path;
    if (!path) return [];
    const stat = path.split(".").reduce<any>((block, key) => block?.fields?.[key] ?? block?.[key], r.stats.actor);
    return [{ id, path, max: typeof stat?.max === "number" ? (stat.max as number) : Infinity }];
  });
}

/** The old number, as far as the track's statistic can hold it. */
const kept = (value: number, max: number) => Math.min(value, max);

const at = (o: any, path: string) => path.split(".").reduce((x, k) => x?.[k], o);

describe("migrations", () => {
  it("upgrades a first-skeleton actor: its vitality moves to each ruleset's track and the version is set", () => {
    const source: Record<string, any> = { vitality: { value: 7, max: 10 }, biography: "<p>Born at sea.</p>" };
    migrateActorSystem(source);
    expect(trackPaths().length, "some ruleset stores its track").toBeGreaterThan(0);
    expect(source.schemaVersion).toBe(SCHEMA_VERSION);
    expect(source.vitality).toBeUndefined();
    expect(source.biography).toBe("<p>Born at sea.</p>");
    for (const { id, path, max } of trackPaths()) expect(at(source[id], path), id).toBe(kept(7, max));
    // The phases wound track holds 0-5: the old 7 is capped, not lost to a refused update.
    expect(trackPaths().find((t) => t.id === "phases")?.max).toBe(5);
  });

  it("never overwrites a figure that is already stored", () => {
    const paths = trackPaths();
    const source: Record<string, any> = { vitality: { value: 7, max: 10 } };
    for (const { id, path } of paths) source[id] = Object.fromEntries([[path, 3]]);
    migrateActorSystem(source);
    for (const { id, path } of paths) expect(source[id][path]).toBe(3);
  });

  it("leaves current documents alone and is idempotent", () => {
    const current = { schemaVersion: SCHEMA_VERSION, biography: "x" };
    expect(needsMigration(current)).toBe(false);
    expect(migrateActorSystem({ ...current })).toEqual(current);
    const item = { description: "<p>sharp</p>" };
    expect(needsMigration(item)).toBe(true);
    migrateItemSystem(item);
    expect(item).toEqual({ description: "<p>sharp</p>", schemaVersion: SCHEMA_VERSION });
    expect(migrateItemSystem({ ...item })).toEqual(item);
  });

  it("writes upgraded documents back once per world, on the active GM's client", async () => {
    dist();
    const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
    // A world saved by the first skeleton: no schemaVersion, vitality stored.
    const old = await world.connect("GM", { bundle: null });
    const actor = await old.CONFIG.Actor.documentClass.create({ name: "Old hand", type: "character", system: { vitality: { value: 6, max: 10 }, biography: "kept" } });
    await actor.createEmbeddedDocuments("Item", [{ name: "Old blade", type: "weapon", system: { description: "notched" } }]);
    old.disconnect();

    const mark = world.server.writes.length;
    const gm = await world.connect("GM");
    await new Promise((r) => setTimeout(r, 0));
    const stored = world.server.collections.get("actors")!.find((a) => a.name === "Old hand")!;
    expect(stored.system.schemaVersion).toBe(SCHEMA_VERSION);
    expect(stored.system.biography).toBe("kept");
    expect(stored.items[0].system.schemaVersion).toBe(SCHEMA_VERSION);
    expect(stored.items[0].system.description).toBe("notched");
    for (const { id, path, max } of trackPaths()) expect(at(stored.system[id], path)).toBe(kept(6, max));
    expect(gm.game.settings.get("bout", "schemaVersion")).toBe(SCHEMA_VERSION);
    const writes = world.writesSince(mark).length;
    expect(writes).toBe(3); // the actor, its items, the setting

    // A second start changes nothing.
    const again = world.server.writes.length;
    await world.connect("GM");
    await new Promise((r) => setTimeout(r, 0));
    expect(world.writesSince(again)).toEqual([]);
  });
});
