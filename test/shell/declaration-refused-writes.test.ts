// Issue 30 "A refused write passes in silence", for secret declarations (seed
// 000_4377b2da58f3a52b.txt "Melee Combat": the red/white throw is secret until
// revealed). A write Foundry refuses (a guard module's preUpdateCombat hook on
// the writing GM's client returns false: v13 drops the document and resolves;
// v14's batch fails) leaves the declaration unopened, or the choice unrecorded
// and not kept: the GM is told what was not saved, the one who pressed is not
// told "ok", and the fighter is asked again.
import { describe, expect, it } from "vitest";
import { settle, steelSwordsmen, tableOfThree } from "./support";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
const errors = (client: any) => client.notices.filter((n: any) => n.type === "error").map((n: any) => n.message);

async function bout() {
  const { world, gm, alice, bob } = await tableOfThree("steel");
  const { adaId, branId } = await steelSwordsmen(world, gm);
  const combat = await gm.CONFIG.Combat.documentClass.create({});
  const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Deck" }]);
  const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: adaId, name: "Ada", group: group.id },
    { actorId: branId, name: "Bran", group: group.id },
  ]);
  await combat.startCombat();
  await settle();
  alice.runtime.dialogs.responder = () => null;
  bob.runtime.dialogs.responder = () => null;
  const fight = () => gm.game.combats.get(combat.id);
  const open = () => hooks(gm).openDeclaration(fight(), "throw", group.id, [ca.id, cb.id], ["red", "white"]);
  return { world, gm, alice, bob, fight, open, ca: ca.id as string, cb: cb.id as string };
}

describe("issue 30: refused writes of secret declarations", () => {
  it("opening the throw: the fight's write refused by a guard module; the declaration is not open, the GM is told, nobody is asked", async () => {
    const f = await bout();
    const guard = f.gm.Hooks.on("preUpdateCombat", () => false);
    const mark = f.world.server.writes.length;
    const outcome = await f.open();
    await settle();
    f.gm.Hooks.off("preUpdateCombat", guard);
    expect(outcome.ok ? "ok" : outcome.refusal.code).toBe("write.notSaved");
    expect(f.fight().system.declaration.id).toBe("");
    expect(errors(f.gm).some((m: string) => m.startsWith("The declaration was not opened, and nothing was saved."))).toBe(true);
    expect(f.alice.runtime.dialogs.asked).toHaveLength(0);
    expect(f.world.writesSince(mark).filter((w: any) => w.documentName === "Combat")).toEqual([]);
  });

  it("recording Ada's throw: refused; her choice is not kept (the reveal finds she never threw), the GM is told, Alice is not told ok", async () => {
    const f = await bout();
    expect((await f.open()).ok).toBe(true);
    await settle();
    const guard = f.gm.Hooks.on("preUpdateCombat", () => false);
    f.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    const refused = await hooks(f.alice).declare(f.alice.game.combats.get(f.fight().id), f.ca, { throw: "red", posture: "neutral" });
    await settle();
    f.gm.Hooks.off("preUpdateCombat", guard);
    expect(refused.ok ? "ok" : refused.refusal.code).toBe("write.notSaved");
    expect(f.fight().system.declaration.chosen).toEqual([]);
    expect(errors(f.gm).some((m: string) => m.startsWith("The choice was not recorded, and nothing was saved."))).toBe(true);
    // Not kept: revealed now, Ada has not thrown (she hesitates), as Bran has not.
    expect((await hooks(f.gm).revealDeclaration(f.fight())).ok).toBe(true);
    await settle();
    const thrown = (id: string) => f.fight().machineState.combatants.find((c: any) => c.id === id)?.thrown;
    expect([thrown(f.ca), thrown(f.cb)]).toEqual(["hesitated", "hesitated"]);
  });
});
