// One decision, one write (issue 4 "Foundry shell", issue 10 "Benchmarks":
// database writes per round transition for 2, 10 and 50 combatants): the next
// round of every time structure is a single update, pools and Initiative rolled
// for everyone inside it, whatever the number of fighters.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { decisionWrites, settle } from "./support";


async function fight(ruleset: string, n: number) {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  // No surprise; the GM closes every declaration dialog: this is about writes, not answers.
  gm.runtime.dialogs.responder = (_kind: string, config: any) => (config.buttons?.some((b: any) => b.action === "none") ? "none" : null);
  const actors = await gm.CONFIG.Actor.documentClass.createDocuments(Array.from({ length: n }, (_, i) => ({ name: `Fighter ${i + 1}`, type: i % 2 ? "npc" : "character" })));
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments("Combatant", actors.map((a: any) => ({ actorId: a.id, name: a.name })));
  await combat.startCombat();
  await settle();
  expect(gm.notices).toEqual([]);
  return { world, gm, combat };
}

describe("writes per round transition", () => {
  for (const ruleset of ["steel", "phases", "actionpoints", "opposed", "pulse"]) {
    for (const n of [2, 10, 50]) {
      it(`${ruleset}, ${n} combatants: the next round is one write`, async () => {
        const { world, gm, combat } = await fight(ruleset, n);
        const mark = world.server.writes.length;
        await combat.nextRound();
        await settle();
        expect(gm.notices).toEqual([]);
        // One Combat update; the world's clock moves with it (v13's worldTime option, advanced by the server).
        expect(decisionWrites(world, mark)).toHaveLength(1);
        expect(combat.round).toBe(2);
      });
    }
  }
});
