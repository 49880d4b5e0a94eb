// The combat tracker's shared machinery (issue 4, "Foundry shell"), played by
// a GM and two players on separate clients: a steel bout's secret red/white
// throw, grants that stop a player acting for another's actor, and one write per
// decision.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { decisionWrites, settle } from "./support";


async function bout() {
  dist();
  const world = new TestWorld({
    users: [
      { name: "GM", role: ROLES.GAMEMASTER },
      { name: "Alice", role: ROLES.PLAYER },
      { name: "Bob", role: ROLES.PLAYER },
    ],
  });
  const gm = await world.connect("GM");
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  await settle();
  const Actor = gm.CONFIG.Actor.documentClass;
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { steel: { agility: 6, wit: 5, proficiency: 6 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { steel: { agility: 5, wit: 5, proficiency: 5 } } });
  await settle();
  const combat = await gm.CONFIG.Combat.documentClass.create({});
  const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Deck" }]);
  const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, name: "Ada", group: group.id },
    { actorId: bran.id, name: "Bran", group: group.id },
  ]);
  return { world, gm, alice, bob, combatId: combat.id as string, groupId: group.id as string, adaId: ca.id as string, branId: cb.id as string, adaActor: ada.id as string };
}

describe("combat shell: a steel bout between two players", () => {
  it("starts the fight from the ruleset's structure in one write", async () => {
    const { world, gm, combatId, groupId, adaId } = await bout();
    const combat = gm.game.combats.get(combatId);
    const mark = world.server.writes.length;
    await combat.startCombat();
    expect(gm.notices).toEqual([]);
    expect(world.writesSince(mark)).toHaveLength(1);
    expect(combat.system.structure).toBe("bouts");
    const state = combat.machineState;
    expect(state.bouts.map((b: any) => b.id)).toEqual([groupId]);
    expect(state.combatants.find((c: any) => c.id === adaId).cp).toBeGreaterThan(0);
    expect(combat.trackerView().groups).toHaveLength(1);
  });

  it("keeps each throw secret until both have chosen, then reveals them together", async () => {
    const { world, gm, alice, bob, combatId, groupId, adaId, branId } = await bout();
    const combat = gm.game.combats.get(combatId);
    await combat.startCombat();
    let releaseBob: (v: unknown) => void = () => {};
    // Seed 000 "Posture": Alice throws red with an aggressive posture, as secret as the throw.
    alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "aggressive" });
    bob.runtime.dialogs.responder = () => new Promise<unknown>((r) => (releaseBob = r));
    const trafficMark = world.server.traffic.length;
    const { openDeclaration } = gm.evaluate<any>("({ openDeclaration: globalThis.__boutTest?.openDeclaration })") ?? {};
    expect(openDeclaration, "the bundle exposes its test hooks").toBeTypeOf("function");
    await openDeclaration(combat, "throw", groupId, [adaId, branId], ["red", "white"]);
    await settle();

    // Alice has chosen; Bob's client has seen only that she has, never what.
    expect(gm.game.combats.get(combatId).system.declaration.chosen).toEqual([adaId]);
    const bobSaw = JSON.stringify(world.server.traffic.slice(trafficMark).filter((t) => t.userId === world.userId("Bob")));
    // The choice travelled to the GM's client only ...
    const gmSaw = JSON.stringify(world.server.traffic.slice(trafficMark).filter((t) => t.userId === world.userId("GM")));
    expect(gmSaw).toMatch(/"choice":\{"throw":"red","posture":"aggressive"\}/);
    // ... and nothing Bob's client received or holds names it.
    expect(bobSaw).not.toMatch(/"choice"/);
    expect(bobSaw).not.toMatch(/aggressive/);
    expect(bobSaw).not.toMatch(/"thrown":"red"/);
    expect(JSON.stringify(bob.game.combats.get(combatId).toObject())).not.toMatch(/"thrown":"red"/);

    releaseBob({ throw: "white", posture: "defensive" });
    await settle();
    const state = gm.game.combats.get(combatId).machineState;
    const deck = state.bouts[0];
    expect([deck.phase, deck.initiative]).toEqual(["continuing", adaId]);
    expect(state.combatants.map((c: any) => [c.id, c.thrown, c.posture])).toEqual([[adaId, "red", "aggressive"], [branId, "white", "defensive"]]);
    expect(gm.game.combats.get(combatId).system.declaration.id).toBe("");
  });

  it("refuses a player choosing or acting for another player's combatant, and writes nothing", async () => {
    const { world, gm, bob, combatId, groupId, adaId, branId } = await bout();
    const combat = gm.game.combats.get(combatId);
    await combat.startCombat();
    bob.runtime.dialogs.responder = () => null;
    gm.evaluate<any>("globalThis.__boutTest").openDeclaration(combat, "throw", groupId, [adaId, branId], ["red", "white"]);
    await settle();
    const mark = world.server.writes.length;
    const bobCombat = bob.game.combats.get(combatId);
    const declared = await bob.evaluate<any>("globalThis.__boutTest").declare(bobCombat, adaId, "white");
    expect(declared.ok ? "ok" : declared.refusal.code).toBe("declare.notYours");
    const spent = await bobCombat.command({ type: "spend", combatantId: adaId, dice: 1, purpose: "attack" });
    expect(spent.ok ? "ok" : spent.refusal.code).toBe("combat.notYours");
    expect(world.writesSince(mark)).toEqual([]);
    expect(bob.notices.at(-1)?.message).toMatch(/your own combatants/);
  });

  it("a player's command for their own combatant goes through the GM in one write", async () => {
    const { world, gm, alice, combatId, groupId, adaId, branId } = await bout();
    const combat = gm.game.combats.get(combatId);
    await combat.startCombat();
    alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    gm.runtime.dialogs.responder = () => null;
    const hooks = gm.evaluate<any>("globalThis.__boutTest");
    await hooks.openDeclaration(combat, "throw", groupId, [adaId, branId], ["red", "white"]);
    await settle();
    await hooks.revealDeclaration(gm.game.combats.get(combatId));
    await settle();
    const before = gm.game.combats.get(combatId).machineState.combatants.find((c: any) => c.id === adaId).cp;
    const mark = world.server.writes.length;
    const result = await alice.game.combats.get(combatId).command({ type: "spend", combatantId: adaId, dice: 2, purpose: "attack" });
    expect(result.ok).toBe(true);
    expect(world.writesSince(mark)).toHaveLength(1);
    expect(gm.game.combats.get(combatId).machineState.combatants.find((c: any) => c.id === adaId).cp).toBe(before - 2);
    // Bran never chose: he hesitated.
    expect(gm.game.combats.get(combatId).machineState.combatants.find((c: any) => c.id === branId).thrown).toBe("hesitated");
  });
});

describe("combat shell: one write per round, whatever the number of fighters", () => {
  for (const n of [2, 10, 50]) {
    it(`advances the round for ${n} combatants in one write`, async () => {
      dist();
      const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
      const gm = await world.connect("GM");
      const actors = await gm.CONFIG.Actor.documentClass.createDocuments(Array.from({ length: n }, (_, i) => ({ name: `F${i}`, type: "npc" })));
      const combat = await gm.CONFIG.Combat.documentClass.create({});
      await combat.createEmbeddedDocuments("Combatant", actors.map((a: any) => ({ actorId: a.id, name: a.name })));
      await combat.startCombat();
      const mark = world.server.writes.length;
      await combat.nextRound();
      expect(decisionWrites(world, mark)).toHaveLength(1);
      expect(combat.round).toBe(2);
    });
  }
});
