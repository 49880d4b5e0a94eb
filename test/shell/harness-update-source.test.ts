// The harness's Document#updateSource against Foundry v13's DataModel#updateSource
// (common/abstract/data.mjs, build 13.350): the work follows the change, not the
// document. #prepareSafeSource copies only the top-level fields a change names and
// keeps every other field the source's own; each field's _updateDiff applies its part
// and reports the diff; validate({changes: diff, fields: true, joint: false}) checks
// the changed fields only. Issue 35 measures the GM's step with this harness, so a
// whole-document copy or diff here would be counted as the system's cost.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { REPO_ROOT, TestWorld } from "../harness/world";
import { settle } from "./support";

/** A core world (no system code) with a GM, and a combat of three combatants. */
async function coreCombat() {
  const world = new TestWorld({ latency: 0, systemRoot: REPO_ROOT, users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM", { bundle: null });
  const actors = await gm.CONFIG.Actor.documentClass.createDocuments(["A", "B", "C"].map((name) => ({ name, type: "npc" })));
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments("Combatant", actors.map((a: { id: string }) => ({ actorId: a.id })));
  await settle();
  return { world, gm, combat };
}

describe("harness Document#updateSource (v13 DataModel#updateSource)", () => {
  it("keeps the fields a change does not name as the source's own objects, and replaces those it names", async () => {
    const { combat } = await coreCombat();
    const before = combat._source;
    const diff = combat.updateSource({ round: 3, "flags.core.note": "x" });
    expect(diff).toEqual({ round: 3, flags: { core: { note: "x" } } });
    // #prepareSafeSource: unnamed fields by reference (the embedded combatants' array, the _stats), named ones copied.
    expect(combat._source.combatants).toBe(before.combatants);
    expect(combat._source._stats).toBe(before._stats);
    expect(combat._source.flags).not.toBe(before.flags);
    expect(combat.round).toBe(3);
    expect(combat.combatants.size).toBe(3);
  });

  it("reports only what changed, and a dry run commits nothing", async () => {
    const { combat } = await coreCombat();
    const round = combat.round;
    expect(combat.updateSource({ round, active: true }, { dryRun: true })).toEqual({});
    expect(combat.updateSource({ round: round + 2 }, { dryRun: true })).toEqual({ round: round + 2 });
    expect(combat.round).toBe(round);
  });

  it("validates the fields the change names: a bad value there refuses it and leaves the source as it was", async () => {
    const { combat } = await coreCombat();
    const before = combat._source;
    expect(() => combat.updateSource({ round: "soon" })).toThrow(/round/);
    expect(combat._source).toBe(before);
    // A field the change does not name is not checked again (v13: validate({changes: diff, fields: true, joint: false})).
    combat._source.turn = "broken";
    expect(combat.updateSource({ round: 4 })).toEqual({ round: 4 });
  });
});
