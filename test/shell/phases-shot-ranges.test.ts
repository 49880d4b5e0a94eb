// Issue 31 "Where, and how far": the paces of phases' range classes are world data
// the GM edits (seed 001_e84cf39f805b9fd9.txt "2. First Missiles" names Touch,
// Reach, Close, Near, Middle and Far without their paces; ours: 1, 2, 5, 15, 50),
// and the range a shot's card takes is measured from the tokens by that table.
import { describe, expect, it } from "vitest";
import { settle, tableOfThree } from "./support";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

async function butts() {
  const { world, gm, alice, Actor } = await tableOfThree("phases");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { phases: { attack: 3 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", system: { phases: { defense: 2, soak: 2 } } });
  const [bow] = await ada.createEmbeddedDocuments("Item", [{ name: "Short bow", type: "weapon", system: { phases: { attack: 2, damage: 6, missile: true, range: "far", minRange: "close" } } }]);
  // A pace a square: Bran 20 paces from Ada.
  const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Butts", active: true, grid: { size: 100, distance: 1, units: "paces" } });
  await scene.createEmbeddedDocuments("Token", [
    { name: "Ada", actorId: ada.id, actorLink: true, x: 0, y: 0 },
    { name: "Bran", actorId: bran.id, actorLink: true, x: 2000, y: 0 },
  ]);
  await settle();
  const shoot = async () => {
    alice.runtime.dialogs.responder = () => ({ defender: bran.id, motion: "still", defence: "none" });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: bow.id } });
    await settle();
    return JSON.parse(gm.game.messages.contents.at(-1).system.declaration).shot.range;
  };
  return { world, gm, alice, shoot };
}

describe("phases: the GM's paces of the range classes decide a measured shot's range (seed 001, Missile Fire Table)", () => {
  it("20 paces is Middle by ours; once the GM makes Near reach 30 paces, the next shot from the same place is at Near", async () => {
    const f = await butts();
    expect(await f.shoot()).toBe("middle");
    expect((await hooks(f.gm).savePhasesShotRanges({ touch: 1, reach: 2, close: 5, near: 30, middle: 50 })).ok).toBe(true);
    await settle();
    expect(await f.shoot()).toBe("near");
  });

  it("a player may not save the table, and a table out of order is refused naming the class; nothing is written", async () => {
    const f = await butts();
    const mark = f.world.server.writes.length;
    expect((await hooks(f.alice).savePhasesShotRanges({ touch: 1, reach: 2, close: 5, near: 30, middle: 50 })).ok).toBe(false);
    const out = await hooks(f.gm).savePhasesShotRanges({ touch: 1, reach: 2, close: 5, near: 60, middle: 50 });
    expect(out.ok ? "ok" : [out.refusal.code, out.refusal.data.where]).toEqual(["phases.shotRanges.order", "middle"]);
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(await f.shoot()).toBe("middle");
  });
});
