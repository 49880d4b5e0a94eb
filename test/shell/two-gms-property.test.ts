// Issue 30: random interleavings of two GMs (the active GM and a second one)
// and two players applying cards, answering a waiting card and stepping the
// tracker, each user with a delay of its own, lose and double nothing: every
// applied card's Wounds land once, every card resolves (and applies) at most
// once, every Next Round a GM pressed counts once, a player's End Turn counts
// once or is refused, and every write comes from the active GM's client.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { LatencyLeg } from "../harness/latency";
import type { ConnectedClient } from "../harness/world";
import { settle } from "./support";
import { adaAttacks, resolvedCard, TWO_GMS_USERS, twoGMs, type TwoGMsUser } from "./two-gms";

const USERS = TWO_GMS_USERS;
type UserName = TwoGMsUser;
const hooks = (client: ConnectedClient) => client.evaluate<any>("globalThis.__boutTest");
/** What each pre-resolved card takes off Bran. */
const WOUNDS = [1, 2, 4] as const;

async function table() {
  const { world, gm, clients, own, Actor } = await twoGMs("opposed");
  // Cards outside any fight: Bran takes the pre-resolved cards' Wounds; Ada (Alice's) attacks Cole (Bob's), the card waiting for Cole.
  const bran = await Actor.create({ name: "Bran", type: "npc", system: { opposed: { ws: 40, t: 30, wounds: 40, woundsNow: 40 } } });
  const cole = await Actor.create({ name: "Cole", type: "character", ownership: own("Bob"), system: { opposed: { ws: 40, t: 30, wounds: 12, woundsNow: 12 } } });
  const { ada, cardId: waiting } = await adaAttacks({ gm, alice: clients.Alice, Actor, own }, cole.id);
  expect(gm.game.messages.get(waiting).system.state).toBe("waiting");
  // Each pre-resolved card is an attacker's: the first two Alice's (Ada), the last Bob's (Cole).
  const attackers = [ada, ada, cole];
  const resolved: string[] = [];
  for (const [i, wounds] of WOUNDS.entries()) resolved.push((await resolvedCard(gm, attackers[i].id, bran.id, wounds)).id);
  for (const name of USERS) clients[name].runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging" });
  // A fight of Dora (Alice's) and Egon (Bob's), started: GMs press Next Round, players End Turn.
  const dora = await Actor.create({ name: "Dora", type: "character", ownership: own("Alice"), system: { opposed: { i: 40, ag: 35 } } });
  const egon = await Actor.create({ name: "Egon", type: "character", ownership: own("Bob"), system: { opposed: { i: 30, ag: 30 } } });
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments("Combatant", [
    { actorId: dora.id, name: "Dora" },
    { actorId: egon.id, name: "Egon" },
  ]);
  await combat.startCombat();
  await settle();
  // What the GM's client hears the cards become: each transition counted per card.
  const became: Record<string, string[]> = {};
  gm.Hooks.on("updateChatMessage", (message: any, changed: any) => {
    const state = changed?.system?.state;
    if (state) (became[message.id] ??= []).push(state);
  });
  return { world, clients, gm, bran, ada, cole, resolved, waiting, combat, became };
}

type Action = { readonly who: UserName; readonly what: "apply" | "answer" | "step"; readonly card: number; readonly wait: number };

const action = fc.record({
  who: fc.constantFrom(...USERS),
  what: fc.constantFrom("apply", "answer", "step"),
  card: fc.integer({ min: 0, max: WOUNDS.length - 1 }),
  wait: fc.integer({ min: 0, max: 6 }),
}) as fc.Arbitrary<Action>;

describe("two GMs and two players at once (issue 30)", () => {
  it("property: any interleaving of applies, answers and tracker steps, at any per-user delays, loses and doubles nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 8 }), fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 4, maxLength: 4 }), async (actions, delays) => {
        const t = await table();
        const byId = new Map(USERS.map((u, i) => [t.world.userId(u), delays[i]!]));
        t.world.server.latency = (leg: LatencyLeg) => byId.get(leg.userId) ?? 3;
        const mark = t.world.server.writes.length;
        await Promise.all(
          actions.map(async ({ who, what, card, wait }) => {
            // On the world's clock, with the messages' delays: the same interleaving on every run.
            await t.world.sleep(wait);
            const client = t.clients[who];
            if (what === "apply") return hooks(client).applyFromCard(client.game.messages.get(t.resolved[card]!));
            if (what === "answer") return hooks(client).defendFromCard(client.game.messages.get(t.waiting));
            // A GM's Next Round is always taken; a player's End Turn only while her fighter holds the turn.
            const combat = client.game.combats.get(t.combat.id);
            return who === "GM" || who === "Second" ? combat.nextRound() : combat.nextTurn();
          }),
        );
        await t.world.settled();
        await settle();

        // Applied: a card one of its fighters' owners or a GM pressed, once; its Wounds on Bran once.
        const owner: UserName[] = ["Alice", "Alice", "Bob"];
        const mayApply = (a: Action) => a.who === "GM" || a.who === "Second" || a.who === owner[a.card];
        const applied = WOUNDS.map((_, i) => actions.some((a) => a.what === "apply" && a.card === i && mayApply(a)));
        WOUNDS.forEach((_, i) => {
          expect(t.gm.game.messages.get(t.resolved[i]!).system.state).toBe(applied[i] ? "applied" : "resolved");
          expect(t.became[t.resolved[i]!] ?? []).toEqual(applied[i] ? ["applied"] : []);
        });
        expect(t.gm.game.actors.get(t.bran.id).system.opposed.woundsNow).toBe(40 - WOUNDS.reduce((sum, w, i) => sum + (applied[i] ? w : 0), 0));

        // Answered: by Cole's owner (Bob) or a GM, resolved once (one set of rolls); anyone else is refused.
        const answered = actions.some((a) => a.what === "answer" && a.who !== "Alice");
        expect(t.gm.game.messages.get(t.waiting).system.state).toBe(answered ? "resolved" : "waiting");
        expect(t.became[t.waiting] ?? []).toEqual(answered ? ["resolved"] : []);

        // The tracker: every GM's Next Round once; a player's End Turn once or not at all; one write each.
        const combatWrites = t.world.writesSince(mark).filter((w: any) => w.documentName === "Combat" || w.operations?.some((o: any) => o.documentName === "Combat"));
        const gmSteps = actions.filter((a) => a.what === "step" && (a.who === "GM" || a.who === "Second")).length;
        const playerSteps = actions.filter((a) => a.what === "step" && (a.who === "Alice" || a.who === "Bob")).length;
        expect(t.gm.game.combats.get(t.combat.id).round).toBe(1 + gmSteps);
        expect(combatWrites.length - gmSteps).toBeGreaterThanOrEqual(0);
        expect(combatWrites.length - gmSteps).toBeLessThanOrEqual(playerSteps);

        // One queue: every write is the active GM's.
        expect(new Set(t.world.writesSince(mark).map((w: any) => w.userId))).toEqual(new Set(t.world.writesSince(mark).length ? [t.world.userId("GM")] : []));
      }),
      { numRuns: 8 },
    );
  }, 60_000);
});
