// The GM's rulings a pulse needs (issue 32; seed 004_2f46e4f6196f6037.txt [14.1]:
// "Change facing at will, but GM may assign penalty"; "TMR assumes flat
// surface"): from any figure's tracker row the GM sets a penalty for facing and
// ground, which comes off that figure's strike chance on its attack cards this
// pulse, and is gone the next. A player cannot set it.
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, sideGoesFirst, tableOfThree } from "./support";

const AFTER = [50, 100] as const;
const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

async function fight() {
  const { world, gm, alice, bob, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { pulse: { md: 15, ps: 15, ag: 15 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { pulse: { ag: 12, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } }]);
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [ca] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, name: "Ada" },
    { actorId: bran.id, name: "Bran" },
  ]);
  gm.runtime.dialogs.responder = () => "none";
  await combat.startCombat();
  await settle();
  const state = () => gm.game.combats.get(combat.id).machineState;
  /** Ada's blow at Bran, who stands; the strike chance the card rolled against (a 90 misses). */
  const strikeChance = async () => {
    alice.runtime.dialogs.responder = () => ({ defender: bran.id, kind: "normal" });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const card = gm.game.messages.contents.at(-1);
    bob.runtime.dialogs.responder = () => ({ answer: "stand" });
    scriptDraws(gm, [[90, 100]], AFTER);
    await hooks(bob).defendFromCard(bob.game.messages.get(card.id));
    await settle();
    return JSON.parse(gm.game.messages.get(card.id).system.result).events.find((e: any) => e.type === "StrikeMiss")?.data?.modSC;
  };
  const trackerHtml = async (client: any) => {
    await client.ui.combat.render({ force: true });
    return client.ui.combat.renderedParts.tracker as string;
  };
  return { world, gm, alice, bob, combat, ca: ca.id as string, state, strikeChance, trackerHtml };
}

describe("seed 004 [14.1]: the GM's penalty for facing and ground on a figure's attacks", () => {
  it("the GM rules 15 off Ada's strike this pulse from her row: 50 + 15 + 8 - 12 = 61 becomes 46, the row says so; the next pulse it is gone; Alice cannot rule it", async () => {
    const f = await fight();
    // The party's side wins the initiative and Ada goes first.
    await sideGoesFirst(f.gm, [[9, 10], [1, 10]], "party");
    // Alice's own try: not hers to send, nothing written; the menu item is the GM's alone.
    const mark = f.world.server.writes.length;
    expect((await f.alice.game.combats.get(f.combat.id).command({ type: "penalize", combatantId: f.ca, penalty: 0 })).ok).toBe(false);
    expect(f.world.writesSince(mark)).toEqual([]);
    expect(await f.trackerHtml(f.alice)).not.toContain('data-action-id="penalty"');
    // The GM's ruling: one write.
    f.gm.runtime.dialogs.responder = () => ({ penalty: 15 });
    await f.gm.ui.combat.runAction("boutTurnChoice", { combatantId: f.ca, actionId: "penalty" });
    await settle();
    expect(f.world.writesSince(mark)).toHaveLength(1);
    expect(f.state().penalties).toEqual({ [f.ca]: 15 });
    expect(await f.trackerHtml(f.alice)).toContain("Facing and ground -15");
    expect(await f.strikeChance()).toBe(46);
    // A figure past the form's 0 to 100, sent as a command, is refused and changes nothing.
    const before = f.world.server.writes.length;
    expect((await f.gm.game.combats.get(f.combat.id).command({ type: "penalize", combatantId: f.ca, penalty: 500 })).ok).toBe(false);
    expect(f.world.writesSince(before)).toEqual([]);
    expect(f.state().penalties).toEqual({ [f.ca]: 15 });
    // The next pulse starts without it.
    const pulse = f.state().pulse;
    for (let i = 0; i < 8 && f.state().pulse === pulse; i++) {
      await f.gm.ui.combat.runAction("boutNextStep", {});
      await settle();
    }
    expect(f.state().pulse).toBe(pulse + 1);
    expect(f.state().penalties).toBeUndefined();
    expect(await f.trackerHtml(f.gm)).not.toContain("Facing and ground -");
  });
});
