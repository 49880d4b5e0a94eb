// What the faithful harness (issue 17: latency, chat authorship, users and
// queries) shows of the table flow's trust and identity model. Each test states
// what a v13 world needs and names the attack or failure it shows; each failed
// on the code before the table-flow issue (18) and passes now.
//
// Issue 18, "Grants": a player's client is hostile and a query handler is not
// told who sent the query, so only the active GM's client decides who asks
// (each client's pass, confirmed by that user's own client) and what they may
// do (ownership of the actor acted for, now). Every query has a timeout.
import { describe, expect, it } from "vitest";
import { dist } from "../build/dist";
import { ROLES } from "../harness/server";
import { type ConnectedClient, TestWorld } from "../harness/world";
import { settle, tableOfThree } from "./support";

const hooks = (client: ConnectedClient) => client.evaluate<any>("globalThis.__boutTest");

/**
 * An opposed-ruleset table: Ada (Alice's), Bran (Bob's, 12 Wounds); `extraGM` adds a second full GM with a higher id.
 * `clock: "virtual"` for the tests that race a query's timeout: time on the network's clock, not the machine's.
 */
async function table({ extraGM = false, latency = 0, clock = "real" as "real" | "virtual" } = {}) {
  dist();
  const world = new TestWorld({
    latency,
    clock,
    users: [
      { name: "GM", role: ROLES.GAMEMASTER, id: "gmAAAAAAAAAAAAAA" },
      ...(extraGM ? [{ name: "Second", role: ROLES.GAMEMASTER, id: "gmBBBBBBBBBBBBBB" }] : []),
      { name: "Alice", role: ROLES.PLAYER },
      { name: "Bob", role: ROLES.PLAYER },
    ],
  });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", "opposed");
  const second = extraGM ? await world.connect("Second") : null;
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  await settle();
  const Actor = gm.CONFIG.Actor.documentClass;
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { opposed: { ws: 45, s: 35, i: 40, ag: 35 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  const [axe] = await bran.createEmbeddedDocuments("Item", [{ name: "Axe", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  await settle();
  return { world, gm, second, alice, bob, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string, axeId: axe.id as string };
}

/** A resolved card whose result takes `wounds` Wounds off Bran, written by `author` (as the system writes its cards). */
function resolvedCard(author: ConnectedClient, ctx: { adaId: string; branId: string }, wounds: number) {
  const result = { outcome: "success", events: [], lookups: [], updates: { [ctx.branId]: { "system.opposed.woundsNow": { $delta: -wounds, min: 0 } } } };
  return author.CONFIG.ChatMessage.documentClass.create({
    type: "card",
    content: "<p>card</p>",
    system: { kind: "test.card", state: "resolved", attackerId: ctx.adaId, defenderId: ctx.branId, combatId: "", declaration: "{}", answer: "null", result: JSON.stringify(result) },
  });
}

/** Alice attacks Bran with her sword from Ada's sheet (or Bob Ada with Bran's axe); the number of cards posted. */
async function attack(ctx: Awaited<ReturnType<typeof table>>, by: "alice" | "bob" = "alice") {
  const [client, actorId, itemId, defender] = by === "alice" ? [ctx.alice, ctx.adaId, ctx.swordId, ctx.branId] : [ctx.bob, ctx.branId, ctx.axeId, ctx.adaId];
  client.runtime.dialogs.responder = () => ({ defender, difficulty: "challenging" });
  const before = ctx.gm.game.messages.size;
  await client.game.actors.get(actorId).sheet.runAction("rollItem", {}, { row: { itemId } });
  await settle();
  return ctx.gm.game.messages.size - before;
}

/** What an opposed attack with Bran's axe declares. */
const axeBlow = (ctx: { axeId: string }) => ({ weaponId: ctx.axeId, difficulty: "challenging", modifier: 0, pointBlank: false, engaged: false });

/**
 * A steel bout (seed 000's red/white throw): Ada (Alice's) and Bran (Bob's), or
 * with `npc` a Ruffian no player owns in Bran's place; `assistant` connects an
 * assistant GM besides the full GM. Started, with both fighters in one group.
 */
async function steelBout({ assistant = false, npc = false, secondGM = false } = {}) {
  dist();
  const world = new TestWorld({
    users: [
      { name: "GM", role: ROLES.GAMEMASTER, id: "gmAAAAAAAAAAAAAA" },
      ...(secondGM ? [{ name: "Second", role: ROLES.GAMEMASTER, id: "gmBBBBBBBBBBBBBB" }] : []),
      ...(assistant ? [{ name: "Helper", role: ROLES.ASSISTANT }] : []),
      { name: "Alice", role: ROLES.PLAYER },
      { name: "Bob", role: ROLES.PLAYER },
    ],
  });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", "steel");
  const helper = assistant ? await world.connect("Helper") : secondGM ? await world.connect("Second") : null;
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  await settle();
  for (const client of [gm, helper, alice, bob]) if (client) client.runtime.dialogs.responder = () => null;
  const Actor = gm.CONFIG.Actor.documentClass;
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { steel: { agility: 6, wit: 5, proficiency: 6 } } });
  const other = npc
    ? await Actor.create({ name: "Ruffian", type: "npc", system: { steel: { agility: 5, wit: 5, proficiency: 5 } } })
    : await Actor.create({ name: "Bran", type: "character", ownership: { default: 0, [world.userId("Bob")]: 3 }, system: { steel: { agility: 5, wit: 5, proficiency: 5 } } });
  const combat = await gm.CONFIG.Combat.documentClass.create({});
  const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Deck" }]);
  const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [
    { actorId: ada.id, name: "Ada", group: group.id },
    { actorId: other.id, name: other.name, group: group.id },
  ]);
  await combat.startCombat();
  await settle();
  return { world, gm, helper, alice, bob, combatId: combat.id as string, groupId: group.id as string, adaId: ca.id as string, otherId: cb.id as string };
}

/** A dialog answer that waits until the test releases it. */
function pending() {
  let release: (value: unknown) => void = () => {};
  const answer = new Promise<unknown>((r) => (release = r));
  return { answer, release: (value: unknown) => release(value) };
}

const fighters = (client: ConnectedClient, combatId: string) => client.game.combats.get(combatId).machineState.combatants as { id: string; thrown: unknown }[];
const thrown = (client: ConnectedClient, combatId: string, id: string) => fighters(client, combatId).find((c) => c.id === id)?.thrown;

const woundsNow = (ctx: { gm: ConnectedClient; branId: string }) => ctx.gm.game.actors.get(ctx.branId).system.opposed.woundsNow;

describe("the table flow on a faithful v13 world (issue 17: chat authorship, users and queries, latency)", () => {
  it("trust: a card message a player wrote herself is not a card; the GM does not apply what she wrote into it", async () => {
    const ctx = await table();
    // Any player may create a ChatMessage of the system's card type as herself (v13 BaseChatMessage#canCreate).
    const forged = await resolvedCard(ctx.alice, ctx, 12);
    expect(forged.author.name).toBe("Alice");
    const outcome = await hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(forged.id));
    expect(outcome.ok).toBe(false);
    expect(woundsNow(ctx)).toBe(12);
  });

  it("trust: a player's copy of a real waiting card is not a card; answering it resolves nothing and writes nothing", async () => {
    const ctx = await table();
    expect(await attack(ctx)).toBe(1);
    const real = ctx.gm.game.messages.contents.at(-1);
    expect(real.system.state).toBe("waiting");
    // Alice reposts the GM's card as herself, to have Bran's defence spent twice.
    const copy = await ctx.alice.CONFIG.ChatMessage.documentClass.create({ type: "card", content: real.content, system: real.toObject().system });
    await settle();
    ctx.bob.runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging" });
    const mark = ctx.world.server.writes.length;
    const outcome = await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(copy.id));
    await settle();
    expect(outcome.ok).toBe(false);
    expect(ctx.bob.notices.at(-1)?.message).toMatch(/card/i);
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(ctx.gm.game.messages.get(copy.id).system.state).toBe("waiting");
    // The GM's own card still works.
    const genuine = await hooks(ctx.bob).defendFromCard(ctx.bob.game.messages.get(real.id));
    expect(genuine, JSON.stringify(ctx.bob.notices)).toMatchObject({ ok: true });
  });

  it("handover: when the active GM leaves, the next GM accepts the players' requests without a reload (grants no longer die with the GM who issued them)", async () => {
    const ctx = await table({ extraGM: true });
    expect(await attack(ctx)).toBe(1);
    expect(ctx.alice.game.users.activeGM.name).toBe("GM");
    ctx.gm.disconnect();
    await settle();
    expect(ctx.alice.game.users.activeGM.name).toBe("Second");
    ctx.gm = ctx.second!;
    expect(await attack(ctx)).toBe(1);
    expect(await attack(ctx, "bob")).toBe(1);
    expect(ctx.alice.notices).toEqual([]);
  });

  it("handover with latency: the new GM confirms who asks on the way, and both players' attacks post one card each", async () => {
    const ctx = await table({ extraGM: true, latency: 5 });
    await ctx.world.settled();
    ctx.gm.disconnect();
    await ctx.world.settled();
    ctx.gm = ctx.second!;
    for (const by of ["alice", "bob"] as const) {
      const before = ctx.gm.game.messages.size;
      const client = by === "alice" ? ctx.alice : ctx.bob;
      client.runtime.dialogs.responder = () => ({ defender: by === "alice" ? ctx.branId : ctx.adaId, difficulty: "challenging" });
      await client.game.actors.get(by === "alice" ? ctx.adaId : ctx.branId).sheet.runAction("rollItem", {}, { row: { itemId: by === "alice" ? ctx.swordId : ctx.axeId } });
      await ctx.world.settled();
      expect(ctx.gm.game.messages.size - before, JSON.stringify(client.notices)).toBe(1);
    }
  });

  it("a player whose client never answers does not stall the GM: the players after her still act", async () => {
    const ctx = await table();
    ctx.alice.hangQueries();
    // A new actor for Bob: he acts with it at once (nothing waits on Alice's client).
    const cole = await ctx.gm.CONFIG.Actor.documentClass.create({ name: "Cole", type: "character", ownership: { default: 0, [ctx.world.userId("Bob")]: 3 }, system: { opposed: { ws: 40, s: 30 } } });
    const [axe] = await cole.createEmbeddedDocuments("Item", [{ name: "Axe", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
    await settle();
    ctx.bob.runtime.dialogs.responder = () => ({ defender: ctx.adaId, difficulty: "challenging" });
    const before = ctx.gm.game.messages.size;
    await ctx.bob.game.actors.get(cole.id).sheet.runAction("rollItem", {}, { row: { itemId: axe.id } });
    await settle();
    expect(ctx.gm.game.messages.size - before).toBe(1);
  });

  it("attack: a silent player does not stall the next player after a handover (the new GM confirms each player on its own, with a timeout)", async () => {
    const ctx = await table({ extraGM: true, clock: "virtual" });
    ctx.alice.hangQueries();
    ctx.gm.disconnect();
    await settle();
    ctx.gm = ctx.second!;
    const posted = await Promise.race([attack(ctx, "bob"), ctx.world.sleep(300).then(() => "still waiting")]);
    expect(posted).toBe(1);
  });

  it("an active GM whose client never answers does not leave a player's attack waiting for ever: she is told, within the timeout, and nothing is written", async () => {
    const ctx = await table({ clock: "virtual" });
    ctx.alice.CONFIG.BOUT = { ...ctx.alice.CONFIG.BOUT, queryTimeout: 100 };
    ctx.gm.hangQueries();
    const mark = ctx.world.server.writes.length;
    const outcome = await Promise.race([attack(ctx).then(() => "settled"), ctx.world.sleep(300).then(() => "still waiting")]);
    expect(outcome).toBe("settled");
    expect(ctx.alice.notices.at(-1)?.message).toMatch(/GM's client \(GM\) did not answer in time/);
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });

  it("attack: junk grants a player pushes to another player's client change nothing there: Bob still attacks", async () => {
    const ctx = await table();
    const bobUser = ctx.alice.game.users.get(ctx.world.userId("Bob"));
    // Alice's console: any query name, any payload, to Bob (her realm must know the name to send it).
    for (const name of ["bout.grant", "bout.confirm", "bout.hello"]) {
      ctx.alice.CONFIG.queries[name] ??= () => true;
      const junk = { grants: { [ctx.branId]: "junkjunkjunkjunkjunkjunk" }, key: "junkjunkjunkjunkjunkjunk", nonce: "junk", credential: { userId: ctx.world.userId("Alice"), key: "junkjunkjunkjunkjunkjunk" } };
      await bobUser.query(name, junk, { timeout: 50 }).catch(() => null);
    }
    await settle();
    expect(await attack(ctx, "bob")).toBe(1);
    expect(ctx.bob.notices).toEqual([]);
  });

  it("attack: a player who lost ownership of an actor can no longer act for it (re-checked at each use), and is told; nothing is written", async () => {
    const ctx = await table();
    const aliceId = ctx.world.userId("Alice");
    // The GM lends Bran to Alice; she acts with him ...
    await ctx.gm.game.actors.get(ctx.branId).update({ ownership: { [aliceId]: 3 } });
    await settle();
    const lent = await hooks(ctx.alice).postCard("opposed.attack", ctx.alice.game.actors.get(ctx.branId), ctx.alice.game.actors.get(ctx.adaId), axeBlow(ctx), "");
    expect(lent.ok).toBe(true);
    // ... then takes him back.
    await ctx.gm.game.actors.get(ctx.branId).update({ ownership: { [aliceId]: 0 } });
    await settle();
    const mark = ctx.world.server.writes.length;
    const outcome = await hooks(ctx.alice).postCard("opposed.attack", ctx.alice.game.actors.get(ctx.branId), ctx.alice.game.actors.get(ctx.adaId), axeBlow(ctx), "");
    await settle();
    expect(outcome.ok ? "ok" : outcome.refusal.code).toBe("card.notYours");
    expect(ctx.world.writesSince(mark)).toEqual([]);
    expect(ctx.alice.notices.at(-1)?.message).toMatch(/only attack with an actor you own/);
    // Bob, the owner, still acts.
    expect(await attack(ctx, "bob")).toBe(1);
  });

  it("attack: a request carrying another user's secret under one's own name is refused; nothing is written", async () => {
    const ctx = await table();
    expect(await attack(ctx)).toBe(1);
    const aliceId = ctx.world.userId("Alice");
    const bobId = ctx.world.userId("Bob");
    // Every secret that travelled to or from Alice's client (as if she had leaked them all to Bob).
    const secrets = new Set<string>();
    for (const t of ctx.world.server.traffic) {
      const p = t.payload as { name?: string; data?: any };
      if (t.channel !== "query" || !p?.data) continue;
      if (t.userId === aliceId) for (const v of Object.values(p.data.grants ?? {})) secrets.add(String(v));
      if (p.data.credential?.userId === aliceId) secrets.add(String(p.data.credential.key));
      if (typeof p.data.token === "string") secrets.add(p.data.token);
    }
    expect(secrets.size).toBeGreaterThan(0);
    const mark = ctx.world.server.writes.length;
    const gmUser = ctx.bob.game.users.activeGM;
    for (const secret of secrets) {
      // Bob's console: Ada attacks Bran, with Alice's secret as his own.
      const answer = await gmUser.query(
        "bout.postCard",
        { kind: "opposed.attack", attackerId: ctx.adaId, defenderId: ctx.branId, declaration: { weaponId: ctx.swordId, difficulty: "challenging", modifier: 0, pointBlank: false, engaged: false }, combatId: "", token: secret, credential: { userId: bobId, key: secret } },
        { timeout: 500 },
      );
      expect(answer.ok).toBe(false);
    }
    await settle();
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });

  it("queue: two cards applied at once both take their Wounds off (the GM's writes to one actor go through its queue; before, one was lost)", async () => {
    const ctx = await table();
    const first = await resolvedCard(ctx.gm, ctx, 2);
    const second = await resolvedCard(ctx.gm, ctx, 3);
    await settle();
    ctx.world.server.latency = 5;
    // Alice applies one card and Bob the other, at the same moment.
    await Promise.all([hooks(ctx.alice).applyFromCard(ctx.alice.game.messages.get(first.id)), hooks(ctx.bob).applyFromCard(ctx.bob.game.messages.get(second.id))]);
    await ctx.world.settled();
    expect(woundsNow(ctx)).toBe(7);
  });
});

describe("secret declarations through the active GM only (issue 18)", () => {
  it("attack: a secret throw survives the active GM's reload: the fighter whose throw was lost is asked again, never counted as hesitating", async () => {
    const ctx = await steelBout();
    let aliceAsked = 0;
    ctx.alice.runtime.dialogs.responder = () => (++aliceAsked, { throw: "red", posture: "neutral" });
    const bob = pending();
    ctx.bob.runtime.dialogs.responder = () => bob.answer;
    await hooks(ctx.gm).openDeclaration(ctx.gm.game.combats.get(ctx.combatId), "throw", ctx.groupId, [ctx.adaId, ctx.otherId], ["red", "white"]);
    await settle();
    expect(ctx.gm.game.combats.get(ctx.combatId).system.declaration.chosen).toEqual([ctx.adaId]);
    expect(aliceAsked).toBe(1);
    // The GM reloads: a fresh client, with none of the old one's memory.
    const gm = await ctx.world.reconnect(ctx.gm);
    await settle();
    expect(gm.game.combats.get(ctx.combatId).system.declaration.chosen).toEqual([ctx.adaId]);
    expect(aliceAsked).toBe(2);
    bob.release({ throw: "white", posture: "neutral" });
    await settle();
    expect(gm.game.combats.get(ctx.combatId).system.declaration.id).toBe("");
    expect(thrown(gm, ctx.combatId, ctx.adaId)).toBe("red");
    expect(thrown(gm, ctx.combatId, ctx.otherId)).toBe("white");
  });

  it("a handover with a throw recorded: the next GM asks that fighter again, and counts both throws", async () => {
    const ctx = await steelBout({ secondGM: true });
    let aliceAsked = 0;
    ctx.alice.runtime.dialogs.responder = () => (++aliceAsked, { throw: "white", posture: "neutral" });
    await hooks(ctx.gm).openDeclaration(ctx.gm.game.combats.get(ctx.combatId), "throw", ctx.groupId, [ctx.adaId, ctx.otherId], ["red", "white"]);
    await settle();
    expect(ctx.gm.game.combats.get(ctx.combatId).system.declaration.chosen).toEqual([ctx.adaId]);
    ctx.gm.disconnect();
    await settle();
    const second = ctx.helper!;
    expect(aliceAsked).toBe(2);
    expect(second.notices.at(-1)?.message).toMatch(/1 secret choices were lost/);
    ctx.bob.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    // Bob closed his dialog at first: he chooses from the tracker.
    await ctx.bob.ui.combat.runAction("boutChoose", { combatantId: ctx.otherId });
    await settle();
    expect(thrown(second, ctx.combatId, ctx.adaId)).toBe("white");
    expect(thrown(second, ctx.combatId, ctx.otherId)).toBe("red");
  });

  it("a player cannot open or reveal a declaration by sending the GM's queries herself; nothing is written", async () => {
    const ctx = await steelBout();
    const bob = pending();
    ctx.bob.runtime.dialogs.responder = () => bob.answer;
    ctx.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    await hooks(ctx.gm).openDeclaration(ctx.gm.game.combats.get(ctx.combatId), "throw", ctx.groupId, [ctx.adaId, ctx.otherId], ["red", "white"]);
    await settle();
    // Bob's own pass, as his console shows it in what his client sends.
    const bobId = ctx.world.userId("Bob");
    const credential = ctx.world.server.traffic.map((t) => (t.payload as any)?.data?.credential).find((c) => c?.userId === bobId);
    expect(credential).toBeTruthy();
    const gmUser = ctx.bob.game.users.activeGM;
    const mark = ctx.world.server.writes.length;
    for (const [name, data] of [
      ["bout.revealDeclaration", { combatId: ctx.combatId }],
      ["bout.openDeclaration", { combatId: ctx.combatId, kind: "throw", groupId: ctx.groupId, combatantIds: [ctx.otherId], options: ["red"] }],
    ] as const) {
      const answer = await gmUser.query(name, { ...data, credential }, { timeout: 500 });
      expect(answer.ok ? "ok" : answer.refusal.code).toBe("declare.gmOnly");
    }
    await settle();
    expect(ctx.world.writesSince(mark)).toEqual([]);
    bob.release(null);
  });

  it("phased rounds (seed 001): a Movement-phase declaration lost with the GM's reload is asked again, not taken as standing still", async () => {
    dist();
    const { world, gm, alice, bob, Actor, own } = await tableOfThree("phases");
    const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { phases: { initiative: 2 } } });
    const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { phases: { initiative: 1 } } });
    const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { initiative: 1, range: "reach", minRange: "touch" } } }]);
    const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
    const [ca, cb] = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: ada.id, name: "Ada" },
      { actorId: bran.id, name: "Bran" },
    ]);
    let aliceAsked = 0;
    alice.runtime.dialogs.responder = () => (++aliceAsked, { action: "melee", movement: "walk", weaponId: sword.id, range: "reach", [`opponent-${cb.id}`]: true });
    const bobAnswer = pending();
    bob.runtime.dialogs.responder = () => bobAnswer.answer;
    gm.runtime.dialogs.responder = () => null;
    await combat.startCombat();
    await settle();
    expect(gm.game.combats.get(combat.id).system.declaration.chosen).toEqual([ca.id]);
    const gm2 = await world.reconnect(gm);
    await settle();
    expect(aliceAsked).toBe(2);
    bobAnswer.release({ action: "move", movement: "walk" });
    await settle();
    const state = gm2.game.combats.get(combat.id).machineState;
    expect(state.stage).toBe("initiative");
    expect(state.combatants.find((c: any) => c.id === ca.id).declaration).toMatchObject({ action: "melee", weapon: "Arming sword" });
    expect(state.combatants.find((c: any) => c.id === cb.id).declaration).toMatchObject({ action: "move" });
  });

  it("attack: an assistant GM's throw for an NPC counts (it is recorded by the active GM, not kept in the assistant's client)", async () => {
    const ctx = await steelBout({ assistant: true, npc: true });
    const alice = pending();
    ctx.alice.runtime.dialogs.responder = () => alice.answer;
    await hooks(ctx.gm).openDeclaration(ctx.gm.game.combats.get(ctx.combatId), "throw", ctx.groupId, [ctx.adaId, ctx.otherId], ["red", "white"]);
    await settle();
    const declared = await hooks(ctx.helper!).declare(ctx.helper!.game.combats.get(ctx.combatId), ctx.otherId, { throw: "red", posture: "neutral" });
    expect(declared, JSON.stringify(ctx.helper!.notices)).toMatchObject({ ok: true });
    await settle();
    expect(ctx.gm.game.combats.get(ctx.combatId).system.declaration.chosen).toEqual([ctx.otherId]);
    alice.release({ throw: "white", posture: "neutral" });
    await settle();
    expect(thrown(ctx.gm, ctx.combatId, ctx.otherId)).toBe("red");
    expect(thrown(ctx.gm, ctx.combatId, ctx.adaId)).toBe("white");
  });

  it("an assistant GM's reveal is the active GM's: the choices it holds count", async () => {
    const ctx = await steelBout({ assistant: true });
    ctx.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    await hooks(ctx.gm).openDeclaration(ctx.gm.game.combats.get(ctx.combatId), "throw", ctx.groupId, [ctx.adaId, ctx.otherId], ["red", "white"]);
    await settle();
    const revealed = await hooks(ctx.helper!).revealDeclaration(ctx.helper!.game.combats.get(ctx.combatId));
    expect(revealed.ok).toBe(true);
    await settle();
    expect(thrown(ctx.gm, ctx.combatId, ctx.adaId)).toBe("red");
    expect(thrown(ctx.gm, ctx.combatId, ctx.otherId)).toBe("hesitated");
  });

  it("attack: a forged throw for another fighter (a token of an actor the player owns, whose own actor she does not) is refused; nothing is written", async () => {
    dist();
    const { world, gm, bob } = await tableOfThree("steel");
    await settle();
    for (const client of [gm, bob]) client.runtime.dialogs.responder = () => null;
    const bobId = world.userId("Bob");
    const hireling = await gm.CONFIG.Actor.documentClass.create({ name: "Hireling", type: "npc", ownership: { default: 0, [bobId]: 3 }, system: { steel: { agility: 5, wit: 5, proficiency: 5 } } });
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Road" });
    const [turncoat, loyal] = await scene.createEmbeddedDocuments("Token", [
      { actorId: hireling.id, name: "Turncoat", x: 0 },
      { actorId: hireling.id, name: "Loyal", x: 100 },
    ]);
    // The first hireling's token is no longer Bob's: its own actor's ownership says so.
    await turncoat.actor.update({ ownership: { [bobId]: 0 } });
    const combat = await gm.CONFIG.Combat.documentClass.create({});
    const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Road" }]);
    const [c0, c1] = await combat.createEmbeddedDocuments("Combatant", [
      { actorId: hireling.id, name: "Turncoat", sceneId: scene.id, tokenId: turncoat.id, group: group.id },
      { actorId: hireling.id, name: "Loyal", sceneId: scene.id, tokenId: loyal.id, group: group.id },
    ]);
    await combat.startCombat();
    await settle();
    expect(bob.game.combats.get(combat.id).combatants.get(c0.id).actor.isOwner).toBe(false);
    await hooks(gm).openDeclaration(gm.game.combats.get(combat.id), "throw", group.id, [c0.id, c1.id], ["red", "white"]);
    await settle();
    const mark = world.server.writes.length;
    const forged = await hooks(bob).declare(bob.game.combats.get(combat.id), c0.id, { throw: "white", posture: "neutral" });
    await settle();
    expect(forged.ok ? "ok" : forged.refusal.code).toBe("declare.notYours");
    expect(world.writesSince(mark)).toEqual([]);
    expect(bob.notices.at(-1)?.message).toMatch(/your own combatants/);
    // His own hireling's throw counts.
    const own = await hooks(bob).declare(bob.game.combats.get(combat.id), c1.id, { throw: "red", posture: "neutral" });
    expect(own.ok).toBe(true);
    await settle();
    expect(gm.game.combats.get(combat.id).system.declaration.chosen).toEqual([c1.id]);
  });
});
