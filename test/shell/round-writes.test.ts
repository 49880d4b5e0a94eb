// One decision, one write (issue 4 "Foundry shell", issue 10 "Benchmarks":
// database writes per round transition for 2, 10 and 50 combatants): the next
// round of every time structure is a single update, pools and Initiative rolled
// for everyone inside it, whatever the number of fighters.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { crowdFight, decisionWrites, settle } from "./support";
import { isV14 } from "../harness/version";


async function fight(ruleset: string, n: number) {
  const { world, gm, combat } = await crowdFight(ruleset, n);
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

// Seed 000 "Blood Loss": at each new round a bleeding fighter rolls Toughness
// dice against the Blood Loss TN; a failure costs 1 Health, and reaching Health
// 1 halves the pool already refreshed. Issue 23: the round with bleeding
// fighters was 3 writes to the fight (the round, then one per card that halved
// a pool); the rolls are now made as the round is worked out, so the fight is
// written once, already halved, and the cards, created already resolved, go
// with it: one modifyBatch request in v14, and in v13 (no cross-document batch)
// the fight's update and one create of every card, whatever the number bleeding.
describe("a steel round with bleeding fighters", () => {
  it("is one write in v14 (two in v13: the fight, then one create of both cards): the new round with the halved pool; each bleeding fighter's card shows the roll made then", async () => {
    dist();
    const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
    const gm = await world.connect("GM");
    await gm.game.settings.set("bout", "ruleset", "steel");
    const Actor = gm.CONFIG.Actor.documentClass;
    // Alan: Reflex 5 + Proficiency 6 = 11 dice; Toughness 3 against TN 7 at Health 2. Rival: Toughness 3 against TN 3 at Health 5.
    const alan = await Actor.create({ name: "Alan", type: "character", system: { steel: { agility: 6, wit: 5, proficiency: 6, toughness: 3, bloodLoss: 7, healthNow: 2 } } });
    const rival = await Actor.create({ name: "Rival", type: "character", system: { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 3, bloodLoss: 3, healthNow: 5 } } });
    const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca, cb] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: alan.id, name: "Alan" }, { actorId: rival.id, name: "Rival" }])).map((c: any) => c.id);
    await combat.startCombat();
    await settle();
    // What the fight holds at each of its writes.
    const written: any[] = [];
    gm.Hooks.on("updateCombat", (doc: any) => void written.push(structuredClone(doc.machineState)));
    // Alan's 3 dice: 2, 5, 6 (none reaches 7: Health 2 to 1, pool halved); Rival's: 9, 1, 1 (one reaches 3: holds on).
    const faces = [2, 5, 6, 9, 1, 1];
    gm.CONFIG.Dice.randomUniform = () => ((faces.shift() ?? 1) - 0.5) / 10;
    const mark = world.server.writes.length;
    await combat.nextRound();
    await settle();
    await settle();
    expect(gm.notices).toEqual([]);
    // Inside a batch as outside it, the world clock's setting moved by the fight's update (its worldTime option) is that update's, not a request.
    const ops = (w: any) => w.operations.filter((o: any) => o.action !== "setting").map((o: any) => `${o.action} ${o.documentName} x${o.count}`);
    const writes = decisionWrites<any>(world, mark).map((w) => (w.action === "batch" ? `batch[${ops(w).join(", ")}]` : `${w.action} ${w.documentName} x${w.count}`));
    // The fight once, with both cards (created resolved: nobody answers a Blood Loss roll, nothing updates them after).
    expect(writes).toEqual(isV14() ? ["batch[update Combat x1, create ChatMessage x2]"] : ["update Combat x1", "create ChatMessage x2"]);
    // That one write already holds Alan's halved pool: refreshed to 11, half kept (5 dice); Rival's 10 untouched.
    const cp = (state: any, id: string) => state.combatants.find((c: any) => c.id === id).cp;
    expect(written).toHaveLength(1);
    expect([cp(written[0], ca), cp(written[0], cb)]).toEqual([5, 10]);
    const cards = gm.game.messages.contents.filter((m: any) => m.system?.kind === "steel.bloodLoss");
    expect(cards.map((m: any) => [m.speaker.alias ?? m.speaker.actor, m.system.state, m.rolls.map((r: any) => r.dice[0].results.map((x: any) => x.result))])).toEqual([
      // Alan bled (a Health to take on Apply); Rival held on: nothing to apply, done as it resolved (issue 34).
      [expect.anything(), "resolved", [[2, 5, 6]]],
      [expect.anything(), "applied", [[9, 1, 1]]],
    ]);
    expect(cards.map((m: any) => /outcome-(\w+)/.exec(m.content)?.[1])).toEqual(["failure", "success"]);
    // Health is lost on Apply, as before: nothing yet.
    expect(gm.game.actors.get(alan.id).system.steel.healthNow).toBe(2);
  });
});
