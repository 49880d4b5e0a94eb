// Issue 30, "A second GM writes around the queue": with an assistant or second
// GM connected, only the active GM (v13 Users#activeGM: the highest role, then
// the lowest id) resolves, applies, posts and steps; any other GM asks it, like
// a player, and is trusted there as a GM. Each test failed on the code before
// (the second GM checked `isGM` and wrote from its own client and its own queue)
// and runs with latency, a different delay per user, so the clients' messages
// interleave as they do at a real table.
import { describe, expect, it } from "vitest";
import type { LatencyLeg } from "../harness/latency";
import type { ConnectedClient, TestWorld } from "../harness/world";
import { scriptDraws, settle } from "./support";
import { adaAttacks, resolvedCard, twoGMs } from "./two-gms";

const hooks = (client: ConnectedClient) => client.evaluate<any>("globalThis.__boutTest");
/** Milliseconds per leg for each user. */
const DELAY: Record<string, number> = { GM: 3, Second: 4, Alice: 2, Bob: 6 };

/** The two-GM table, with each user's own delay switched on by `lag()`. */
async function twoGMsLagged(ruleset: string) {
  const t = await twoGMs(ruleset);
  expect(t.second.game.user.isGM).toBe(true);
  expect(t.second.game.users.activeGM.name).toBe("GM");
  const names = new Map(Object.keys(DELAY).map((n) => [t.world.userId(n), n]));
  const lag = () => {
    t.world.server.latency = (leg: LatencyLeg) => DELAY[names.get(leg.userId) ?? "GM"] ?? 3;
  };
  return { ...t, lag };
}

/** Writes to chat messages since `mark` (a v14 batch counts once when it holds one). */
const messageWrites = (world: TestWorld, mark: number) => world.writesSince(mark).filter((w: any) => w.documentName === "ChatMessage" || w.operations?.some((o: any) => o.documentName === "ChatMessage"));

describe("a second GM writes through the active GM (issue 30)", () => {
  it("the second GM and Bob answer one waiting card at once: it resolves once (one write, one set of rolls), the later answer is refused", async () => {
    const t = await twoGMsLagged("opposed");
    const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { opposed: { ws: 40, t: 30, wounds: 12, woundsNow: 12 } } });
    const waiting = t.gm.game.messages.get((await adaAttacks(t, bran.id)).cardId);
    expect(waiting.system.state).toBe("waiting");
    const answer = () => ({ skill: "melee", difficulty: "challenging" });
    t.second.runtime.dialogs.responder = answer;
    t.bob.runtime.dialogs.responder = answer;
    // The active GM rolls; the second GM's client would roll otherwise (a different set).
    scriptDraws(t.gm, [[20, 100], [60, 100], [30, 100], [40, 100]], [50, 100]);
    scriptDraws(t.second, [[90, 100], [10, 100], [70, 100], [80, 100]], [50, 100]);
    t.lag();
    const mark = t.world.server.writes.length;
    const outcomes = await Promise.all([hooks(t.second).defendFromCard(t.second.game.messages.get(waiting.id)), hooks(t.bob).defendFromCard(t.bob.game.messages.get(waiting.id))]);
    await t.world.settled();
    expect(outcomes.filter((o: any) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o: any) => !o.ok).map((o: any) => o.refusal.code)).toEqual(["card.answered"]);
    // One write of the card (its result and its rolls), by the active GM.
    const writes = messageWrites(t.world, mark);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.userId).toBe(t.world.userId("GM"));
    const resolved = t.gm.game.messages.get(waiting.id);
    expect(resolved.system.state).toBe("resolved");
    const faces = resolved.rolls.flatMap((r: any) => r.dice.flatMap((d: any) => d.results.map((x: any) => x.result)));
    expect(faces.every((f: number) => [20, 60, 30, 40, 50].includes(f))).toBe(true);
  });

  it("the second GM begins the fight and presses Next Round while the active GM does too: each step written once, all by the active GM", async () => {
    const t = await twoGMsLagged("opposed");
    const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { opposed: { i: 40, ag: 35 } } });
    const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { opposed: { i: 30, ag: 30 } } });
    const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", [
      { actorId: ada.id, name: "Ada" },
      { actorId: bran.id, name: "Bran" },
    ]);
    await settle();
    // The second GM begins the fight: the active GM starts it, one write.
    let mark = t.world.server.writes.length;
    await t.second.game.combats.get(combat.id).startCombat();
    await settle();
    expect(t.world.writesSince(mark).map((w: any) => [w.userId, w.documentName])).toEqual([[t.world.userId("GM"), "Combat"]]);
    expect(t.gm.game.combats.get(combat.id).machineState).toBeTruthy();
    const round = () => t.gm.game.combats.get(combat.id).round;
    expect(round()).toBe(1);
    t.lag();
    mark = t.world.server.writes.length;
    // Next Round pressed by the second GM and by the active GM at once: two rounds, two writes, both the active GM's.
    await Promise.all([t.second.game.combats.get(combat.id).nextRound(), t.gm.game.combats.get(combat.id).nextRound()]);
    await t.world.settled();
    const combatWrites = t.world.writesSince(mark).filter((w: any) => w.documentName === "Combat");
    expect(combatWrites.map((w: any) => w.userId)).toEqual([t.world.userId("GM"), t.world.userId("GM")]);
    expect(round()).toBe(3);
    expect(t.second.notices).toEqual([]);
  });

  it("the active GM trusts a second GM as a GM: a GM-only figure on its attack (the attack modifier) is taken, and the card is the active GM's", async () => {
    const t = await twoGMsLagged("phases");
    const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { phases: { attack: 3 } } });
    const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { phases: { defense: 2, soak: 2 } } });
    const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } }]);
    await settle();
    t.lag();
    t.second.runtime.dialogs.responder = () => ({ defender: bran.id, modifier: 2 });
    const before = t.gm.game.messages.size;
    await t.second.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await t.world.settled();
    expect(t.second.notices).toEqual([]);
    expect(t.gm.game.messages.size).toBe(before + 1);
    const card = t.gm.game.messages.contents.at(-1);
    expect(card.author.name).toBe("GM");
    expect(JSON.parse(card.system.declaration).modifier).toBe(2);
    // Alice sending the same declaration herself (her dialog has no such field) is refused, as before.
    const alice = t.alice.game.actors;
    const refused = await hooks(t.alice).postCard("phases.attack", alice.get(ada.id), alice.get(bran.id), JSON.parse(card.system.declaration));
    await t.world.settled();
    expect(refused.ok).toBe(false);
    expect(refused.refusal.code).toBe("card.gmFigures");
    expect(t.gm.game.messages.size).toBe(before + 1);
  });

  it("the second GM applies one card while Alice applies another to the same fighter, with latency: both Wounds land, each card once", async () => {
    const t = await twoGMsLagged("opposed");
    const bran = await t.Actor.create({ name: "Bran", type: "npc", system: { opposed: { ws: 40, t: 30, wounds: 20, woundsNow: 20 } } });
    const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { opposed: { ws: 40 } } });
    const [three, four] = [await resolvedCard(t.gm, ada.id, bran.id, 3), await resolvedCard(t.gm, ada.id, bran.id, 4)];
    await settle();
    t.lag();
    const outcomes = await Promise.all([hooks(t.second).applyFromCard(t.second.game.messages.get(three.id)), hooks(t.alice).applyFromCard(t.alice.game.messages.get(four.id))]);
    await t.world.settled();
    expect(outcomes.map((o: any) => o.ok)).toEqual([true, true]);
    expect(t.gm.game.actors.get(bran.id).system.opposed.woundsNow).toBe(20 - 3 - 4);
    for (const c of [three, four]) expect(t.gm.game.messages.get(c.id).system.state).toBe("applied");
    // The second GM's card says a GM applied it, as the active GM's own would.
    expect(JSON.parse(t.gm.game.messages.get(three.id).system.result).appliedByGM).toBe(true);
  });

  it("when the active GM leaves, the second GM becomes the active GM and writes itself; a player's apply goes to it", async () => {
    const t = await twoGMsLagged("opposed");
    const bran = await t.Actor.create({ name: "Bran", type: "npc", system: { opposed: { ws: 40, t: 30, wounds: 20, woundsNow: 20 } } });
    const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { opposed: { ws: 40 } } });
    const card = await resolvedCard(t.gm, ada.id, bran.id, 5);
    await settle();
    t.gm.disconnect();
    await settle();
    expect(t.second.game.user.isActiveGM).toBe(true);
    const mark = t.world.server.writes.length;
    expect((await hooks(t.alice).applyFromCard(t.alice.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    expect(t.second.game.actors.get(bran.id).system.opposed.woundsNow).toBe(15);
    expect(new Set(t.world.writesSince(mark).map((w: any) => w.userId))).toEqual(new Set([t.world.userId("Second")]));
  });
});
