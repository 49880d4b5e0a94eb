// Phases attack cards (issue 6 "At the table"; seed 001_e84cf39f805b9fd9.txt,
// "2. First Missiles" and the Missile Fire Table, "1. Movement" for the first
// strike; the melee procedure is our default, docs/rulesets/phases.md): the
// weapon button posts a card, the target's owner answers, the GM's client rolls
// the stress dice, and applying takes the wound levels off the target's track.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setTimeout(r, 0));
};
function script(client: { CONFIG: any }, draws: [number, number][]) {
  const queue = [...draws];
  client.CONFIG.Dice.randomUniform = () => {
    const [face, faces] = queue.shift() ?? [5, 10];
    return (face - 0.5) / faces;
  };
}

async function range() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", "phases");
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  await settle();
  const Actor = gm.CONFIG.Actor.documentClass;
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { phases: { attack: 3 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { phases: { defense: 2, soak: 2 } } });
  const [bow, sword] = await ada.createEmbeddedDocuments("Item", [
    { name: "Short bow", type: "weapon", system: { phases: { attack: 2, damage: 6, missile: true, range: "far", minRange: "close" } } },
    { name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } },
  ]);
  await bran.createEmbeddedDocuments("Item", [{ name: "Mace", type: "weapon", system: { equipped: true, phases: { defense: 1 } } }]);
  await settle();
  return { world, gm, alice, bob, adaId: ada.id as string, branId: bran.id as string, bowId: bow.id as string, swordId: sword.id as string };
}
type Ctx = Awaited<ReturnType<typeof range>>;
const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

async function shoot(ctx: Ctx, weaponId: string, form: Record<string, unknown>) {
  ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId, ...form });
  await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: weaponId } });
  await settle();
  return ctx.gm.game.messages.contents.at(-1);
}
const resultOf = (ctx: Ctx, id: string) => JSON.parse(ctx.gm.game.messages.get(id).system.result);
const data = (result: any, type: string) => result.events.find((e: any) => e.type === type)?.data;

describe("phases attack cards", () => {
  it("a shot at Middle range, unanswered: ease 6 (base 6, Middle 0); die 7 + Attack 5 = 12 hits; Damage 12 - 6 + 6 = 12 against Soak 2 is 2 wound levels", async () => {
    const ctx = await range();
    const card = await shoot(ctx, ctx.bowId, { range: "middle", motion: "still", modifier: 0 });
    expect(JSON.parse(card.system.declaration)).toMatchObject({ weapon: "Short bow", missile: true, attack: 5, damage: 6, shot: { range: "middle", size: 0 } });
    ctx.bob.runtime.dialogs.responder = () => ({ defence: "none" });
    script(ctx.gm, [[7, 10]]);
    expect((await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id))).ok).toBe(true);
    await settle();
    const result = resultOf(ctx, card.id);
    expect(data(result, "ease")).toEqual({ ease: 6 });
    expect(data(result, "missile")).toEqual({ total: 12 });
    expect(data(result, "damage")).toEqual({ total: 12, soak: 2 });
    expect(data(result, "wounds")).toEqual({ levels: 2 });
    await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(card.id));
    await settle();
    expect(ctx.gm.game.actors.get(ctx.branId).system.phases.woundsLeft).toBe(3);
    // Once only.
    await hooks(ctx.bob).applyFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    expect(ctx.gm.game.actors.get(ctx.branId).system.phases.woundsLeft).toBe(3);
  });

  it("a dodging target adds its Defense (2 + the mace's 1) and the target hustling adds 3: ease 12, so die 6 + 5 = 11 misses", async () => {
    const ctx = await range();
    const card = await shoot(ctx, ctx.bowId, { range: "middle", motion: "hustle", modifier: 0 });
    ctx.bob.runtime.dialogs.responder = () => ({ defence: "dodge" });
    script(ctx.gm, [[6, 10]]);
    await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    const result = resultOf(ctx, card.id);
    expect(data(result, "ease")).toEqual({ ease: 12 });
    expect(result.events.some((e: any) => e.type === "miss")).toBe(true);
  });

  it("a blow defended: Attack Total 8 + 6 = 14 against Defense Total 4 + 3 = 7; Damage 7 + 7 = 14 against Soak 2 is 2 wound levels", async () => {
    const ctx = await range();
    const card = await shoot(ctx, ctx.swordId, { modifier: 0 });
    ctx.bob.runtime.dialogs.responder = () => ({ defence: "defend" });
    script(ctx.gm, [[8, 10], [4, 10]]);
    await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(card.id));
    await settle();
    const result = resultOf(ctx, card.id);
    expect(data(result, "attack")).toEqual({ total: 14 });
    expect(data(result, "defense")).toEqual({ total: 7 });
    expect(data(result, "wounds")).toEqual({ levels: 2 });
  });

  it("refuses what cannot be, before any roll and without a write", async () => {
    const ctx = await range();
    const mark = ctx.world.server.writes.length;
    const ada = ctx.bob.game.actors.get(ctx.adaId);
    const bran = ctx.bob.game.actors.get(ctx.branId);
    // Bob cannot shoot with Ada's bow.
    expect((await hooks(ctx.bob).postCard("phases.attack", ada, bran, { weaponId: ctx.bowId, range: "middle" })).ok).toBe(false);
    const alice = ctx.alice.game.actors;
    // No shooting at Reach; a modifier must be a whole number.
    expect((await hooks(ctx.alice).postCard("phases.attack", alice.get(ctx.adaId), alice.get(ctx.branId), { weaponId: ctx.bowId, range: "reach" })).refusal.code).toBe("phases.card.badRange");
    expect((await hooks(ctx.alice).postCard("phases.attack", alice.get(ctx.adaId), alice.get(ctx.branId), { weaponId: ctx.swordId, modifier: "lots" })).refusal.code).toBe("phases.card.badModifier");
    expect(ctx.alice.notices.at(-1)?.message).toBe("Modifiers must be whole numbers between -50 and 50.");
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });

  it("in a phased round a blow waits for the Melee phase, refused before any roll in the Movement phase", async () => {
    const ctx = await range();
    const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ctx.adaId, name: "Ada" }, { actorId: ctx.branId, name: "Bran" }]);
    ctx.alice.runtime.dialogs.responder = () => ({ action: "none" });
    ctx.bob.runtime.dialogs.responder = () => ({ action: "none" });
    await combat.startCombat();
    await settle();
    await ctx.gm.ui.combat.runAction("boutNextStep", {});
    await settle();
    expect(JSON.parse(ctx.gm.game.combats.get(combat.id).system.state).phase).toBe("movement");
    const mark = ctx.world.server.writes.length;
    const before = ctx.gm.game.messages.size;
    const outcome = await hooks(ctx.alice).postCard("phases.attack", ctx.alice.game.actors.get(ctx.adaId), ctx.alice.game.actors.get(ctx.branId), { weaponId: ctx.swordId }, combat.id);
    expect(outcome.refusal.code).toBe("phases.card.wrongPhase");
    expect(ctx.gm.game.messages.size).toBe(before);
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });
});
