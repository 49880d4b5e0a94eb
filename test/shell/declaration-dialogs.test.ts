// Issue 30 "Every write lands once": one decision, one dialog. A secret choice
// (seed 001_e84cf39f805b9fd9.txt "1. Movement": each fighter declares in secret)
// is asked of its player as it opens; while that dialog is open, the sheet's
// "your choice" button or the tracker's Choose must not open a second dialog
// for the same choice (whose answers would be two declarations of one decision).
import { describe, expect, it } from "vitest";
import { settle, tableOfThree } from "./support";

async function field() {
  const { world, gm, alice, bob, Actor } = await tableOfThree("phases");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { phases: { initiative: 2 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { phases: { initiative: 1 } } });
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const [ca] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, name: "Ada" },
    { actorId: bran.id, name: "Bran" },
  ]);
  await settle();
  return { world, gm, alice, bob, combatId: combat.id as string, ca: ca.id as string, adaId: ada.id as string };
}

describe("issue 30: a secret choice is asked once at a time", () => {
  it("Ada's Movement declaration is open on Alice's screen; she presses the sheet's button and the tracker's Choose: no second dialog; her one answer is her one declaration", async () => {
    const f = await field();
    let answer!: (value: unknown) => void;
    const held = new Promise((resolve) => (answer = resolve));
    f.alice.runtime.dialogs.responder = () => held;
    f.bob.runtime.dialogs.responder = () => null;
    await f.gm.game.combats.get(f.combatId).startCombat();
    await settle();
    expect(f.alice.runtime.dialogs.asked).toHaveLength(1);
    const sheet = f.alice.game.actors.get(f.adaId).sheet;
    await sheet.render({ force: true });
    const fromSheet = sheet.runAction("answerChoice", {});
    const fromTracker = f.alice.ui.combat.runAction("boutChoose", { combatantId: f.ca });
    await settle();
    expect(f.alice.runtime.dialogs.asked).toHaveLength(1);
    const mark = f.world.server.writes.length;
    answer({ action: "move", movement: "walk" });
    await Promise.all([fromSheet, fromTracker]);
    await settle();
    expect(f.gm.game.combats.get(f.combatId).system.declaration.chosen).toEqual([f.ca]);
    expect(f.world.writesSince(mark)).toHaveLength(1);
  });
});
