// Issue 31 "In what state": a pulse knockout ends when its time is up. Seed
// 004_2f46e4f6196f6037.txt [16.5] Knockout: "target is out for D10+5 minutes (GM
// rolls secretly)". The minutes stay the GM's (the card never holds them); the
// condition set on Apply lasts that long in the world's time, and the fight's
// step that moves the clock past it ends it and brings the figure back into the
// fight's order, as steel's timed conditions do.
import { describe, expect, it } from "vitest";
import { noSurprise, scriptDraws, settle, tableOfThree } from "./support";

const AFTER = [50, 100] as const;

async function field() {
  const { world, gm, alice, bob, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { pulse: { md: 15, ps: 15, ag: 15 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { pulse: { ag: 12, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2 } } }]);
  await settle();
  return { world, gm, alice, bob, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string };
}
const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

/** Ada's knockout at Bran lands (20 against her chance); the GM's secret D10 is 4: 9 minutes. The card, answered. */
async function knockoutLands() {
  const ctx = await field();
  ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId, kind: "knockout" });
  await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
  await settle();
  const card = ctx.gm.game.messages.contents.at(-1);
  ctx.bob.runtime.dialogs.responder = () => ({ answer: "stand" });
  scriptDraws(ctx.gm, [[20, 100], [4, 10]], AFTER);
  await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
  await settle();
  return { ctx, card };
}

describe("pulse: a knockout ends when its minutes are up [16.5]", () => {
  it("knocked out for 9 minutes (D10 4 + 5), Bran is out of the fight's order; once 9 minutes have passed, the next pulse ends it in its own write and he is back", async () => {
    const { ctx, card } = await knockoutLands();
    // The card holds no duration: the minutes are the GM's alone.
    expect(ctx.gm.game.messages.get(card.id).system.result).not.toMatch(/540|seconds/);
    await hooks(ctx.bob).applyFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    const bran = () => ctx.gm.game.actors.get(ctx.branId);
    expect(bran().statuses.has("unconscious")).toBe(true);

    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: ctx.adaId, name: "Ada" },
      { actorId: ctx.branId, name: "Bran" },
    ]);
    await settle();
    ctx.gm.runtime.dialogs.responder = noSurprise;
    await combat.startCombat();
    await settle();
    const members = () => ctx.gm.game.combats.get(combat.id).structure.machine.members(ctx.gm.game.combats.get(combat.id).machineState);
    expect(members()).toEqual([ca.id]);

    // 8 minutes 50 seconds on: still out after the next pulses move the clock.
    await ctx.gm.game.time.advance(530);
    const step = async () => {
      scriptDraws(ctx.gm, [], [5, 10]);
      await ctx.gm.ui.combat.runAction("boutNextStep", {});
      await settle();
    };
    const t0 = ctx.gm.game.time.worldTime;
    while (ctx.gm.game.time.worldTime < t0 + 5) await step();
    expect(bran().statuses.has("unconscious")).toBe(true);
    expect(members()).toEqual([ca.id]);
    // Past 9 minutes: the pulse that moves the clock there ends the knockout, and Bran is back.
    const t1 = ctx.gm.game.time.worldTime;
    while (ctx.gm.game.time.worldTime < t1 + 5) await step();
    expect(bran().statuses.has("unconscious")).toBe(false);
    expect(members()).toEqual([ca.id, cb.id]);
  });

  it("Bob's client never holds the minutes: not on the card, and the GM's whisper that keeps them is never sent to him", async () => {
    const { ctx, card } = await knockoutLands();
    const whisper = ctx.gm.game.messages.contents.at(-1);
    expect(ctx.bob.game.messages.has(whisper.id)).toBe(false);
    // The 540 seconds as a figure of their own (not digits inside a timestamp or an id).
    expect(JSON.stringify(ctx.bob.game.messages.get(card.id).toObject())).not.toMatch(/(?<![0-9])540(?![0-9])/);
    // Applied, the knockout is on Bran's token, which Bob reads: it names the GMs' whisper, never the moment it ends.
    await hooks(ctx.bob).applyFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    const seen = ctx.bob.game.actors.get(ctx.branId);
    expect(seen.statuses.has("unconscious")).toBe(true);
    const effects = JSON.stringify(seen.effects.contents.map((e: any) => e.toObject()));
    expect(effects).not.toMatch(/endsAt/);
    expect(effects).toContain(whisper.id);
    // The end is on the whisper, which only the GMs hold: 9 minutes from now.
    expect(ctx.gm.game.messages.get(whisper.id).flags.bout.endsAt).toBe(ctx.gm.game.time.worldTime + 540);
  });
});
