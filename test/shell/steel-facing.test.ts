// Issue 19, seed 000_4377b2da58f3a52b.txt "Multiple Opponents": the lone fighter "faces all his opponents at
// once, to the maximum of 3 opponents (or 4, in the case of smaller opponents, such as dogs or wolves)", and "the
// GM may change the maximum number of attackers able to attack a defender at once". At the table: an attack on
// a fighter who already has that many attackers on him this round is refused by the engine (`mayJoinAttack`),
// with a notice to the player and nothing written.
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";

const SWORD = { reach: 3, atnSwing: 6, atnThrust: 7, dtn: 6, swingDamage: 1, swingType: "cut", thrustDamage: 0, thrustType: "puncture", addStrength: true };
const FULL = "That fighter already has 3 attackers on them, and at most 3 can attack one fighter at once. Attack someone else, or wait for the next round.";

/** Bran (Bob's) in one bout against `count` attackers of Alice's (small ones: wolves), after the throw. */
async function crowd(count: number, small = false) {
  const t = await tableOfThree("steel");
  const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 4 } } });
  await bran.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: SWORD } }]);
  const attackers: { id: string; swordId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const a = await t.Actor.create({ name: `${small ? "Wolf" : "Raider"} ${i + 1}`, type: "character", ownership: t.own("Alice"), system: { steel: { agility: 6, wit: 5, proficiency: 6, strength: 5, small } } });
    const [sword] = await a.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: SWORD } }]);
    attackers.push({ id: a.id, swordId: sword.id });
  }
  const combat = await t.gm.CONFIG.Combat.documentClass.create({});
  const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Gate" }]);
  const combatants = await combat.createEmbeddedDocuments("Combatant", [bran, ...attackers].map((a: any) => ({ actorId: a.id, group: group.id })));
  await combat.startCombat();
  await settle();
  const [cb, ...ca] = combatants.map((c: any) => c.id as string);
  // The first raider throws red, the rest and Bran hold back (white): the raiders still attack after him.
  await combat.applyCommands([{ type: "reveal", boutId: group.id, choices: Object.fromEntries([[cb, "white"], ...ca.map((id: string, i: number) => [id, i === 0 ? "red" : "white"])]) }]);
  await settle();
  const post = (i: number) => t.alice.evaluate<any>("globalThis.__boutTest").postCard("steel.exchange", t.alice.game.actors.get(attackers[i]!.id), t.alice.game.actors.get(bran.id), { weaponId: attackers[i]!.swordId, maneuverId: "cut", zone: 5, dice: 2 }, combat.id);
  const state = () => t.gm.game.combats.get(combat.id).machineState;
  return { ...t, combat, cb, ca, branId: bran.id as string, post, state, groupId: group.id as string };
}

describe("seed 000 'Multiple Opponents': at most 3 attackers on one fighter at once (4 small ones)", () => {
  it("three raiders attack Bran; a fourth is refused with a notice and nothing written", async () => {
    const ctx = await crowd(4);
    for (const i of [0, 1, 2]) expect((await ctx.post(i)).ok).toBe(true);
    await settle();
    const messages = ctx.gm.game.messages.size;
    const mark = ctx.world.server.writes.length;
    const fourth = await ctx.post(3);
    await settle();
    expect(fourth.ok ? "ok" : fourth.refusal.code).toBe("steel.crowdFull");
    expect(ctx.alice.notices.at(-1)).toMatchObject({ type: "warning", message: FULL });
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(ctx.gm.game.messages.size).toBe(messages);
    // One already on him may strike again.
    expect((await ctx.post(0)).ok).toBe(true);
  });

  it("four wolves may crowd him; a fifth is refused", async () => {
    const ctx = await crowd(5, true);
    for (const i of [0, 1, 2, 3]) expect((await ctx.post(i)).ok).toBe(true);
    await settle();
    const mark = ctx.world.server.writes.length;
    const fifth = await ctx.post(4);
    await settle();
    expect(fifth.ok ? "ok" : fifth.refusal.code).toBe("steel.crowdFull");
    expect(fifth.refusal.data).toEqual({ cap: 4, facing: 4 });
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });

  it("the bout remembers who struck Bran this round: after three blows land, a fourth raider waits for the next round", async () => {
    const ctx = await crowd(4);
    for (const i of [0, 1, 2]) {
      expect((await ctx.post(i)).ok).toBe(true);
      await settle();
      const card = ctx.gm.game.messages.contents.at(-1);
      // Bran does not defend; the raider's two dice miss (5s against TN 6).
      ctx.bob.runtime.dialogs.responder = () => ({ maneuver: "parry", dice: 0, press: 0 });
      scriptDraws(ctx.gm, Array.from({ length: 12 }, () => [5, 10] as const));
      const answered = await ctx.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(ctx.bob.game.messages.get(card.id));
      expect(answered.ok ? "ok" : answered.refusal).toBe("ok");
      await settle();
    }
    const bran = ctx.state().combatants.find((c: any) => c.id === ctx.cb);
    expect(bran.attackedBy).toEqual({ round: 1, by: ctx.ca.slice(0, 3).map((id: string) => ({ id, small: false })) });
    const mark = ctx.world.server.writes.length;
    const fourth = await ctx.post(3);
    await settle();
    expect(fourth.ok ? "ok" : fourth.refusal.code).toBe("steel.crowdFull");
    expect(ctx.world.writesSince(mark)).toEqual([]);
    // A new round: whoever reaches him first.
    await ctx.combat.applyCommands([{ type: "nextRound", boutId: ctx.groupId }]);
    await settle();
    expect((await ctx.post(3)).ok).toBe(true);
  });

  it("the GM may set another cap (a wall of pikemen): with 2, the third raider is refused", async () => {
    const ctx = await crowd(3);
    await ctx.gm.game.settings.set("bout", "steelMaxAttackers", 2);
    await settle();
    for (const i of [0, 1]) expect((await ctx.post(i)).ok).toBe(true);
    await settle();
    const third = await ctx.post(2);
    expect(third.ok ? "ok" : third.refusal.code).toBe("steel.crowdFull");
    expect(third.refusal.data).toEqual({ cap: 2, facing: 2 });
  });
});
