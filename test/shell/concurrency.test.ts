// Issue 18, "every write queued, nothing lost": the active GM's client runs one
// write queue per document (card, actor or token actor, combat) and computes
// every delta inside it, so when several players act at once, with the
// harness's latency on and a different latency per user (their messages
// interleave), every decision counts once: none is lost, none lands twice, and
// each still costs one write per document it changes.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { dist } from "../build/dist";
import type { LatencyLeg } from "../harness/latency";
import { ROLES } from "../harness/server";
import { isV14 } from "../harness/version";
import { type ConnectedClient, TestWorld } from "../harness/world";
import { scriptDraws, settle } from "./support";

const PLAYERS = ["Alice", "Bob", "Carol", "Dan"] as const;
type Player = (typeof PLAYERS)[number];
/** Milliseconds per leg for each user: nobody's messages arrive in the order they were sent. */
const STAGGER: Record<string, number> = { GM: 3, Alice: 5, Bob: 13, Carol: 19, Dan: 8 };

const hooks = (client: ConnectedClient) => client.evaluate<any>("globalThis.__boutTest");

async function table(ruleset: string) {
  dist();
  // Every delay on a virtual clock (test/harness/latency.ts): the races run in no real time, and
  // a property's counterexample replays in the same order. The tests wait with world.sleep.
  const world = new TestWorld({ clock: "virtual", users: [{ name: "GM", role: ROLES.GAMEMASTER, id: "gmAAAAAAAAAAAAAA" }, ...PLAYERS.map((name) => ({ name, role: ROLES.PLAYER }))] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  const players = {} as Record<Player, ConnectedClient>;
  for (const name of PLAYERS) players[name] = await world.connect(name);
  await settle();
  const names = new Map<string, string>(["GM", ...PLAYERS].map((n) => [world.userId(n), n]));
  /** Each user's own latency (optionally scaled), from now on. */
  const stagger = (scale = 1) => {
    world.server.latency = (leg: LatencyLeg) => Math.round((STAGGER[names.get(leg.userId) ?? "GM"] ?? 5) * scale);
  };
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  return { world, gm, players, own, stagger, Actor: gm.CONFIG.Actor.documentClass };
}

describe("concurrency: N players' cards applied at once against one defender", () => {
  /** Four attackers (one per player), each with a resolved card taking `wounds[i]` Wounds off Bran; Bran has 20. */
  async function fourCards(wounds: readonly number[]) {
    const t = await table("opposed");
    const bran = await t.Actor.create({ name: "Bran", type: "npc", system: { opposed: { ws: 40, t: 30, wounds: 20, woundsNow: 20 } } });
    const cards: { player: Player; id: string }[] = [];
    for (const [i, player] of PLAYERS.entries()) {
      const attacker = await t.Actor.create({ name: `${player}'s fighter`, type: "character", ownership: t.own(player), system: { opposed: { ws: 40 } } });
      const result = { outcome: "success", events: [], lookups: [], updates: { [bran.id]: { "system.opposed.woundsNow": { $delta: -wounds[i]!, min: 0 } } } };
      const card = await t.gm.CONFIG.ChatMessage.documentClass.create({
        type: "card",
        content: "<p>card</p>",
        system: { kind: "test.card", state: "resolved", attackerId: attacker.id, defenderId: bran.id, combatId: "", declaration: "{}", answer: "null", result: JSON.stringify(result) },
      });
      cards.push({ player, id: card.id });
    }
    await settle();
    const woundsNow = () => t.gm.game.actors.get(bran.id).system.opposed.woundsNow;
    return { ...t, branId: bran.id as string, cards, woundsNow };
  }

  it("four players apply their four cards at the same moment (and each clicks twice): every Wound counts, each card applies once, one write per card and per actor change", async () => {
    const t = await fourCards([1, 2, 3, 4]);
    t.stagger();
    const mark = t.world.server.writes.length;
    const clicks = t.cards.flatMap(({ player, id }) => {
      const client = t.players[player];
      return [hooks(client).applyFromCard(client.game.messages.get(id)), hooks(client).applyFromCard(client.game.messages.get(id))];
    });
    const outcomes = await Promise.all(clicks);
    await t.world.settled();
    expect(t.woundsNow()).toBe(20 - 1 - 2 - 3 - 4);
    // Each card: one click applies it, the second is refused as already applied.
    expect(outcomes.filter((o: any) => o.ok)).toHaveLength(4);
    expect(outcomes.filter((o: any) => !o.ok).map((o: any) => o.refusal.code)).toEqual(Array(4).fill("card.applied"));
    for (const { id } of t.cards) expect(t.gm.game.messages.get(id).system.state).toBe("applied");
    // One write to Bran and one to the card per card applied (v14: one batch of both), nothing more.
    const writes = t.world.writesSince(mark);
    expect(writes).toHaveLength(isV14() ? 4 : 8);
    // Every client sees the same figure.
    for (const p of PLAYERS) expect(t.players[p].game.actors.get(t.branId).system.opposed.woundsNow).toBe(10);
  });

  it("the GM types -5 on Bran's token bar while his client applies a player's card to Bran: both count", async () => {
    const t = await fourCards([1, 2, 3, 4]);
    const bran = t.gm.game.actors.get(t.branId);
    expect(bran.system.vitality.path).toBe("woundsNow");
    t.stagger();
    const mark = t.world.server.writes.length;
    await Promise.all([hooks(t.players.Alice).applyFromCard(t.players.Alice.game.messages.get(t.cards[0]!.id)), t.world.sleep(9).then(() => bran.modifyTokenAttribute("vitality", -5, true, true))]);
    await t.world.settled();
    expect(t.woundsNow()).toBe(20 - 1 - 5);
    // The card's apply (v14: Bran and the card in one batch) and the GM's bar edit.
    expect(t.world.writesSince(mark)).toHaveLength(isV14() ? 2 : 3);
  });

  it("two tokens of one NPC are two queues (each synthetic actor's uuid): edits to one token at once both count, the other token and the world actor keep theirs", async () => {
    const t = await table("opposed");
    const wolf = await t.Actor.create({ name: "Wolf", type: "npc", system: { opposed: { ws: 35, t: 30, wounds: 12, woundsNow: 12 } } });
    const scene = await t.gm.CONFIG.Scene.documentClass.create({ name: "Glade" });
    const [a, b] = await scene.createEmbeddedDocuments("Token", [
      { actorId: wolf.id, name: "Wolf", x: 0, y: 0 },
      { actorId: wolf.id, name: "Wolf (2)", x: 200, y: 0 },
    ]);
    expect(a.actor.uuid).not.toBe(b.actor.uuid);
    t.stagger();
    await Promise.all([a.actor.modifyTokenAttribute("vitality", -2, true, true), a.actor.modifyTokenAttribute("vitality", -3, true, true), b.actor.modifyTokenAttribute("vitality", -1, true, true)]);
    await t.world.settled();
    const now = (token: any) => t.gm.game.scenes.get(scene.id).tokens.get(token.id).actor.system.opposed.woundsNow;
    expect([now(a), now(b), t.gm.game.actors.get(wolf.id).system.opposed.woundsNow]).toEqual([7, 11, 12]);
  });

  it("property: whatever the order and delays of the clicks, every card's Wounds count once and no delta is lost", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ card: fc.integer({ min: 0, max: 3 }), by: fc.constantFrom(...PLAYERS, "GM" as const), wait: fc.integer({ min: 0, max: 12 }) }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 5, maxLength: 5 }),
        async (clicks, latencies) => {
          const t = await fourCards([1, 2, 3, 4]);
          const users = ["GM", ...PLAYERS];
          const byId = new Map(users.map((u, i) => [t.world.userId(u), latencies[i]!]));
          t.world.server.latency = (leg: LatencyLeg) => byId.get(leg.userId) ?? 5;
          const mark = t.world.server.writes.length;
          await Promise.all(
            clicks.map(async ({ card, by, wait }) => {
              await t.world.sleep(wait);
              // A player may click only her own card's button (the GM any): the card's attacker is hers.
              const who = by === "GM" ? t.gm : t.players[t.cards[card]!.player];
              return hooks(who).applyFromCard(who.game.messages.get(t.cards[card]!.id));
            }),
          );
          await t.world.settled();
          const applied = [...new Set(clicks.map((c) => c.card))];
          expect(t.woundsNow()).toBe(20 - applied.reduce((sum, i) => sum + [1, 2, 3, 4][i]!, 0));
          expect(t.world.writesSince(mark)).toHaveLength((isV14() ? 1 : 2) * applied.length);
        },
      ),
      { numRuns: 12 },
    );
  }, 60_000);
});

describe("concurrency: steel terrain rolls (seed 000 'Terrain Rolls') posted at once", () => {
  /** A steel bout of three fighters, one per player (Alice, Bob, Carol), after the opening throw (or with it still open). */
  async function bout({ thrown = true } = {}) {
    const t = await table("steel");
    const owners = ["Alice", "Bob", "Carol"] as const;
    const actors: any[] = [];
    for (const [i, player] of owners.entries()) {
      actors.push(await t.Actor.create({ name: `F${i}`, type: "character", ownership: t.own(player), system: { steel: { agility: 6, wit: 5, proficiency: 6 } } }));
    }
    const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
    const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Hall" }]);
    const combatants = await combat.createEmbeddedDocuments("Combatant", actors.map((a: any) => ({ actorId: a.id, name: a.name, group: group.id })));
    await combat.startCombat();
    for (const [i, player] of owners.entries()) t.players[player].runtime.dialogs.responder = () => (thrown ? { throw: i === 0 ? "red" : "white", posture: "neutral" } : null);
    await hooks(t.gm).openDeclaration(combat, "throw", group.id, combatants.map((c: any) => c.id), ["red", "white"]);
    await settle();
    await settle();
    const state = () => t.gm.game.combats.get(combat.id).machineState;
    const cp = (i: number) => state().combatants.find((c: any) => c.id === combatants[i].id).cp;
    if (thrown) expect(state().bouts[0].phase).toBe("continuing");
    return { ...t, owners, actors, combat, combatants, state, cp };
  }

  /** The player's terrain roll from her fighter's sheet: `dice` dice at TN 4 (swampy ground at a normal pace), no stakes. */
  function terrain(t: Awaited<ReturnType<typeof bout>>, i: number, dice: number) {
    const client = t.players[t.owners[i]!];
    client.runtime.dialogs.responder = () => ({ terrain: "swampy", pace: "normal", dice, stakes: "none", footing: false, opponent: "", opponentDice: 0 });
    return client.game.actors.get(t.actors[i].id).sheet.runAction("actorAction", { actorAction: "terrain" });
  }

  it("three players roll terrain at the same moment: each pool pays its dice, each card resolves once", async () => {
    const t = await bout();
    const before = [0, 1, 2].map(t.cp);
    const cardsBefore = t.gm.game.messages.size;
    t.stagger();
    const mark = t.world.server.writes.length;
    await Promise.all([terrain(t, 0, 2), terrain(t, 1, 3), terrain(t, 2, 1)]);
    await t.world.settled();
    // Per roll (a card nobody answers, resolved before it is posted): the fight's spend and the card, created resolved;
    // in v14 both in one batch (issue 23). Nothing more.
    expect(t.world.writesSince(mark)).toHaveLength(isV14() ? 3 : 6);
    expect([0, 1, 2].map(t.cp)).toEqual([before[0] - 2, before[1] - 3, before[2] - 1]);
    const cards = t.gm.game.messages.contents.slice(cardsBefore);
    // Made or failed without stakes, a terrain roll changes nothing on Apply: done as it resolves (issue 34).
    expect(cards.map((m: any) => m.system.state)).toEqual(["applied", "applied", "applied"]);
  });

  it("one fighter's two terrain rolls at once that the pool cannot both pay: one spends, the other is refused before any card is posted", async () => {
    const t = await bout();
    const pool = t.cp(0);
    const dice = Math.floor(pool / 2) + 1;
    const cardsBefore = t.gm.game.messages.size;
    t.stagger();
    await Promise.all([terrain(t, 0, dice), terrain(t, 0, dice)]);
    await t.world.settled();
    expect(t.cp(0)).toBe(pool - dice);
    const cards = t.gm.game.messages.contents.slice(cardsBefore);
    // One card, resolved (and done: nothing to apply, issue 34): no second card waits for ever, none resolves twice.
    expect(cards.map((m: any) => m.system.state)).toEqual(["applied"]);
    expect(t.players.Alice.notices.at(-1)?.message ?? "").toMatch(/dice|pool/i);
  });

  it("property: any mix of terrain rolls from three players, at any delays: every roll posted spends its dice exactly once, every other is refused before posting, no pool goes below 0", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ fighter: fc.integer({ min: 0, max: 2 }), dice: fc.integer({ min: 1, max: 7 }), wait: fc.integer({ min: 0, max: 10 }) }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 5, maxLength: 5 }),
        async (rolls, latencies) => {
          const t = await bout();
          const before = [0, 1, 2].map(t.cp);
          const cardsBefore = t.gm.game.messages.size;
          const byId = new Map(["GM", ...PLAYERS].map((u, i) => [t.world.userId(u), latencies[i]!]));
          t.world.server.latency = (leg: LatencyLeg) => byId.get(leg.userId) ?? 5;
          const outcomes = await Promise.all(
            rolls.map(async ({ fighter, dice, wait }) => {
              await t.world.sleep(wait);
              const client = t.players[t.owners[fighter]!];
              const actor = client.game.actors.get(t.actors[fighter].id);
              return hooks(client).postCard("steel.terrain", actor, actor, { terrain: "swampy", pace: "normal", dice, stakes: "none", footing: false }, t.combat.id);
            }),
          );
          await t.world.settled();
          const cards = t.gm.game.messages.contents.slice(cardsBefore);
          expect(cards.length).toBe(outcomes.filter((o: any) => o.ok).length);
          expect(cards.every((m: any) => m.system.state === "applied")).toBe(true);
          for (const i of [0, 1, 2]) {
            const spent = rolls.filter((r, j) => r.fighter === i && outcomes[j].ok).reduce((sum, r) => sum + r.dice, 0);
            expect(t.cp(i)).toBe(before[i] - spent);
            expect(t.cp(i)).toBeGreaterThanOrEqual(0);
          }
          // A roll is refused only for asking more dice than the pool then held.
          for (const o of outcomes) if (!o.ok) expect(o.refusal.code).toBe("steel.contest.tooMany");
        },
      ),
      { numRuns: 10 },
    );
  }, 60_000);

  it("a card's combat commands racing the GM's tracker step both land: two terrain rolls and the GM's change of light", async () => {
    const t = await bout();
    const before = [0, 1].map(t.cp);
    t.gm.runtime.dialogs.responder = () => ({ light: "dim" });
    t.stagger();
    await Promise.all([terrain(t, 0, 2), t.gm.ui.combat.runAction("boutFightAction", { actionId: "light" }), terrain(t, 1, 2)]);
    await t.world.settled();
    expect(t.state().light).toBe("dim");
    expect([0, 1].map(t.cp)).toEqual([before[0] - 2, before[1] - 2]);
  });

  it("the GM's Reveal while two players' secret throws are on their way: each throw counts or is refused as too late (never taken and then lost), and the throw stays closed", async () => {
    const t = await bout({ thrown: false });
    const [alan, rival, third] = t.combatants.map((c: any) => c.id);
    // Carol's throw is in before the race.
    await hooks(t.players.Carol).declare(t.players.Carol.game.combats.get(t.combat.id), third, { throw: "white", posture: "neutral" });
    await settle();
    expect(t.gm.game.combats.get(t.combat.id).system.declaration.chosen).toEqual([third]);
    // The GM's link is the slow one: the reveal is still on its way when the players' throws reach the GM's client.
    const slow: Record<string, number> = { GM: 15, Alice: 4, Bob: 9, Carol: 5, Dan: 5 };
    const names = new Map(Object.keys(slow).map((n) => [t.world.userId(n), n]));
    t.world.server.latency = (leg: LatencyLeg) => slow[names.get(leg.userId)!] ?? 5;
    const declare = (p: Player, id: string, choice: string) => hooks(t.players[p]).declare(t.players[p].game.combats.get(t.combat.id), id, { throw: choice, posture: "neutral" });
    const [, a, b] = await Promise.all([t.gm.ui.combat.runAction("boutReveal", {}), declare("Alice", alan, "red"), declare("Bob", rival, "red")]);
    await t.world.settled();
    const combat = t.gm.game.combats.get(t.combat.id);
    expect(combat.system.declaration).toMatchObject({ id: "", chosen: [] });
    const thrown = (id: string) => t.state().combatants.find((c: any) => c.id === id).thrown;
    expect(thrown(third)).toBe("white");
    for (const [outcome, id] of [[a, alan], [b, rival]] as const) {
      if (outcome.ok) expect(thrown(id)).toBe("red");
      else {
        expect(outcome.refusal.code).toBe("declare.stale");
        expect(thrown(id)).toBe("hesitated");
      }
    }
  });
});

describe("concurrency: players' commands at once in an action-point fight (seed 002, II-III)", () => {
  it("four players act in the same phase at once, one by a card (an attack's 6 AP), the others from the tracker (spend, hold, pass): all count", async () => {
    const t = await table("actionpoints");
    const fighters: any[] = [];
    for (const player of PLAYERS) fighters.push(await t.Actor.create({ name: `${player}'s`, type: "character", ownership: t.own(player), system: { actionpoints: { str: 12, bap: 10, fatigue: 20, fatigueNow: 20, body: 15, bodyNow: 15 } } }));
    const [sword] = await fighters[0].createEmbeddedDocuments("Item", [
      { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, light: false, size: 3, skill: "Sword", attackCost: 6 } } },
      { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15, attackerBonus: 0 } } },
    ]);
    const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
    const combatants = await combat.createEmbeddedDocuments("Combatant", fighters.map((f: any) => ({ actorId: f.id, name: f.name })));
    // Every pool 1d10 10 + BAP 10 = 20: all four may act now.
    scriptDraws(t.gm, [[10, 10], [10, 10], [10, 10], [10, 10]]);
    await combat.startCombat();
    await settle();
    const state = () => t.gm.game.combats.get(combat.id).machineState;
    const c = (i: number) => state().combatants.find((x: any) => x.id === combatants[i].id);
    expect([0, 1, 2, 3].map((i) => c(i).pool)).toEqual([20, 20, 20, 20]);
    // Alice attacks Bob's fighter; the card waits for Bob.
    t.players.Alice.runtime.dialogs.responder = () => ({ defender: fighters[1].id });
    await t.players.Alice.game.actors.get(fighters[0].id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const card = t.gm.game.messages.contents.at(-1);
    expect(card.system.state).toBe("waiting");
    t.players.Bob.runtime.dialogs.responder = () => ({ defence: "none" });
    scriptDraws(t.gm, [[80, 100]]);
    t.stagger();
    const mark = t.world.server.writes.length;
    const command = (p: Player, i: number, cmd: Record<string, unknown>) => t.players[p].game.combats.get(combat.id).command({ ...cmd, combatantId: combatants[i].id });
    const outcomes = await Promise.all([
      hooks(t.players.Bob).defendFromCard(t.players.Bob.game.messages.get(card.id)),
      // A mixed action (moving, then drawing): it ends Carol's action, where a move alone would leave it open for an attack (seed 002 II.b).
      command("Carol", 2, { type: "spend", points: 5, kind: "mixed" }),
      command("Dan", 3, { type: "pass" }),
      command("Bob", 1, { type: "hold" }),
    ]);
    await t.world.settled();
    expect(outcomes.map((o: any) => o.ok)).toEqual([true, true, true, true]);
    // The card's result and its spend (v14: one batch), then one write per tracker command.
    expect(t.world.writesSince(mark)).toHaveLength(isV14() ? 4 : 5);
    // The 80 misses Bob's undefended fighter: nothing to apply, the card is done as it resolves (issue 34).
    expect(t.gm.game.messages.get(card.id).system.state).toBe("applied");
    // Everyone has acted or passed, so phase 2 has begun: 20 - 6 for the attack, 20 held, 20 - 5 moving, Dan out for the round.
    expect(state().phase).toBe(2);
    expect([0, 1, 2, 3].map((i) => c(i).pool)).toEqual([14, 20, 15, 20]);
    expect([0, 1, 2, 3].map((i) => c(i).passed)).toEqual([false, false, false, true]);
  });
});

describe("concurrency: starting a fight", () => {
  it("two Begins at once (two GM clicks, or two GMs) start the fight once: one write, one state", async () => {
    const t = await table("opposed");
    const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { opposed: { i: 40, ag: 35 } } });
    const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { opposed: { i: 30, ag: 30 } } });
    const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ada.id, name: "Ada" }, { actorId: bran.id, name: "Bran" }]);
    await settle();
    t.world.server.latency = 5;
    const mark = t.world.server.writes.length;
    const gmCombat = t.gm.game.combats.get(combat.id);
    await Promise.all([gmCombat.startCombat(), gmCombat.startCombat()]);
    await t.world.settled();
    expect(t.world.writesSince(mark).filter((w: any) => w.documentName === "Combat")).toHaveLength(1);
    expect(t.gm.game.combats.get(combat.id).machineState.combatants).toHaveLength(2);
  });
});
