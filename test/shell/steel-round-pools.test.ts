// Seed 000 "Exchange of Blows": at each round of a bout every member's pool refreshes to what his documents say
// then. The shell keeps each fighter's figures between rounds (issue 35: a large bout reads every member), so a
// change made between rounds through any door (the sheet, an unlinked token's own actor) must show in the next
// round's pool, and in the tracker that draws it.
import { describe, expect, it } from "vitest";
import { scriptFaces, settle, steelSwordsmen, tableOfThree } from "./support";

/** Ada and Bran in one thrown bout: as world actors, or as unlinked tokens on a scene (each its own synthetic actor). */
async function bout(tokens: boolean) {
  const t = await tableOfThree("steel");
  const { ada, bran } = await steelSwordsmen(t.world, t.gm);
  const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
  const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Field" }]);
  let fighters: Record<string, unknown>[] = [ada, bran].map((a: any) => ({ actorId: a.id, name: a.name, group: group.id }));
  let tokenOf: Record<string, any> = {};
  if (tokens) {
    const scene = await t.gm.CONFIG.Scene.documentClass.create({ name: "Field", active: true });
    const made = await scene.createEmbeddedDocuments("Token", [ada, bran].map((a: any) => ({ actorId: a.id, name: a.name, actorLink: false })));
    tokenOf = { Ada: made[0], Bran: made[1] };
    fighters = made.map((tk: any) => ({ actorId: tk.actorId, name: tk.name, sceneId: scene.id, tokenId: tk.id, group: group.id }));
  }
  const [ca, cb] = (await combat.createEmbeddedDocuments("Combatant", fighters)).map((c: any) => c.id as string) as [string, string];
  await combat.startCombat();
  t.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
  t.bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
  await (t.gm as any).evaluate("globalThis.__boutTest").openDeclaration(combat, "throw", group.id, [ca, cb], ["red", "white"]);
  await settle();
  await settle();
  const fight = () => t.gm.game.combats.get(combat.id);
  const poolOf = (id: string) => fight().machineState.combatants.find((c: any) => c.id === id).poolMax as number;
  const nextRound = async () => {
    await fight().nextRound();
    await settle();
  };
  return { ...t, ada, bran, ca, cb, fight, poolOf, nextRound, tokenOf };
}

describe("seed 000 'Exchange of Blows': a round's pools read the documents as they are at that round", () => {
  it("Ada's sheet gains 2 Fatigue between rounds: her next round's pool is 2 dice smaller, in the state and on the tracker; Bran's is as it was", async () => {
    const f = await bout(false);
    await f.nextRound();
    const [ada, bran] = [f.poolOf(f.ca), f.poolOf(f.cb)];
    // A round with nothing changed keeps both pools.
    await f.nextRound();
    expect([f.poolOf(f.ca), f.poolOf(f.cb)]).toEqual([ada, bran]);
    await f.gm.game.actors.get(f.ada.id).sheet.submit({ "system.steel.fatigue": 2 });
    await settle();
    await f.nextRound();
    expect([f.poolOf(f.ca), f.poolOf(f.cb)]).toEqual([ada - 2, bran]);
    // The tracker's row for Ada shows her combat pool full at the round's start: the new size.
    await f.gm.ui.combat.render({ force: true });
    const html = String(f.gm.ui.combat.renderedParts.tracker);
    const row = html.slice(html.indexOf(`data-combatant-id="${f.ca}"`)).split('class="combatant ')[0]!;
    expect(row).toContain(`${ada - 2}/${ada - 2}`);
  });

  it("unlinked tokens: 2 Fatigue on Ada's token's own actor shows in her next round's pool, not in the world actor's", async () => {
    const f = await bout(true);
    await f.nextRound();
    const [ada, bran] = [f.poolOf(f.ca), f.poolOf(f.cb)];
    const token = f.tokenOf.Ada;
    await token.actor.update({ "system.steel.fatigue": 2 });
    await settle();
    expect(f.gm.game.actors.get(f.ada.id).system.steel.fatigue ?? 0).toBe(0);
    await f.nextRound();
    expect([f.poolOf(f.ca), f.poolOf(f.cb)]).toEqual([ada - 2, bran]);
  });

  it("'Blood Loss': nobody bleeds at one round; Bran's sheet then shows blood loss, and his bout's next round rolls his Toughness and posts his card", async () => {
    const f = await bout(false);
    const bloodCards = () => f.gm.game.messages.contents.filter((m: any) => m.system?.kind === "steel.bloodLoss");
    await f.nextRound();
    expect(bloodCards()).toHaveLength(0);
    await f.gm.game.actors.get(f.bran.id).sheet.submit({ "system.steel.bloodLoss": 7, "system.steel.healthNow": 2, "system.steel.toughness": 3 });
    await settle();
    scriptFaces(f.gm, 10, [2, 5, 6]);
    await f.nextRound();
    expect(bloodCards()).toHaveLength(1);
    expect(bloodCards()[0].content).toContain("Bran");
  });
});
