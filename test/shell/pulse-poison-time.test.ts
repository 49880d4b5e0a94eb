// Hostile (issue 31/30): poison dries after six hours of world time (seed
// 004_2f46e4f6196f6037.txt [20.3]), counted from when the active GM saw the
// weapon poisoned, kept where only a GM writes. A weapon's owner may write any
// flag on it, so a time written on the weapon is never read.
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";

async function field() {
  const { world, gm, alice, bob, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { pulse: { md: 15, ps: 15, ag: 15, assassin: true } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { pulse: { ag: 12, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } }]);
  await settle();
  const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
  /** Ada strikes Bran, who stands; a 40 hits for D10 6. The card's events by type. */
  const strike = async () => {
    alice.runtime.dialogs.responder = () => ({ defender: bran.id, kind: "normal" });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const card = gm.game.messages.contents.at(-1);
    bob.runtime.dialogs.responder = () => ({ answer: "stand" });
    scriptDraws(gm, [[40, 100], [6, 10]], [50, 100]);
    await hooks(bob).defendFromCard(bob.game.messages.get(card.id));
    await settle();
    return JSON.parse(gm.game.messages.get(card.id).system.result).events.map((e: any) => e.type);
  };
  const aliceSword = () => alice.game.actors.get(ada.id).items.get(sword.id);
  return { gm, alice, strike, aliceSword };
}

describe("hostile: poison's six hours are the GM's count [20.3]", () => {
  it("Alice ticks Poisoned at 100 s, then writes a later time on the sword: six hours on, the poison has dried all the same", async () => {
    const f = await field();
    await f.gm.game.time.advance(100);
    await settle();
    await f.aliceSword().update({ "system.pulse.poisoned": true, "system.pulse.weaponClass": "A" });
    await settle();
    await f.gm.game.time.advance(6 * 3600 + 1);
    await settle();
    await f.aliceSword().update({ "flags.bout.poisonedAt": f.alice.game.time.worldTime });
    await settle();
    expect(await f.strike()).toContain("PoisonDried");
  });

  it("the time the GM keeps is not hers to write, and ticking the box again is a fresh poisoning", async () => {
    const f = await field();
    await f.aliceSword().update({ "system.pulse.poisoned": true, "system.pulse.weaponClass": "A" });
    await settle();
    await expect(f.alice.game.settings.set("bout", "poisonStamps", {})).rejects.toThrow();
    await f.gm.game.time.advance(6 * 3600 + 1);
    await f.aliceSword().update({ "system.pulse.poisoned": false });
    await settle();
    await f.aliceSword().update({ "system.pulse.poisoned": true });
    await settle();
    expect(await f.strike()).not.toContain("PoisonDried");
  });
});
