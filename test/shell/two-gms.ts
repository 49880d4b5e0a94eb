// What the issue-30 tests share: a table with two full GMs (the active one and a
// second) and two players, and an opposed attack from Alice's Ada waiting on the
// defender's answer.
import { dist } from "../build/dist";
import { ROLES } from "../harness/server";
import { type ConnectedClient, TestWorld } from "../harness/world";
import { settle } from "./support";

export const TWO_GMS_USERS = ["GM", "Second", "Alice", "Bob"] as const;
export type TwoGMsUser = (typeof TWO_GMS_USERS)[number];

/** GM (the lower id: the active GM), Second (a full GM too), Alice and Bob, under `ruleset`; `prepare`: the world before anyone connects (a compendium, say). */
export async function twoGMs(ruleset: string, prepare?: (world: TestWorld) => void) {
  dist();
  const world = new TestWorld({
    users: [
      { name: "GM", role: ROLES.GAMEMASTER, id: "gmAAAAAAAAAAAAAA" },
      { name: "Second", role: ROLES.GAMEMASTER, id: "gmBBBBBBBBBBBBBB" },
      { name: "Alice", role: ROLES.PLAYER },
      { name: "Bob", role: ROLES.PLAYER },
    ],
  });
  prepare?.(world);
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  const clients = { GM: gm } as Record<TwoGMsUser, ConnectedClient>;
  for (const name of TWO_GMS_USERS.slice(1)) clients[name] = await world.connect(name);
  await settle();
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  return { world, gm, second: clients.Second, alice: clients.Alice, bob: clients.Bob, clients, own, Actor: gm.CONFIG.Actor.documentClass };
}

/**
 * Opposed: Alice's Ada attacks `defender` (an actor id) with her hand weapon from
 * her sheet; the card waits for the defender's answer. Returns the card's id.
 */
export async function adaAttacks(t: { gm: ConnectedClient; alice: ConnectedClient; Actor: any; own(user: string): Record<string, number> }, defender: string) {
  const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { opposed: { ws: 45, s: 35 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  await settle();
  t.alice.runtime.dialogs.responder = () => ({ defender, difficulty: "challenging" });
  await t.alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
  await settle();
  return { ada, cardId: t.gm.game.messages.contents.at(-1).id as string };
}

/** A card already resolved, written by `author` as the system writes its cards: applying it takes `wounds` opposed Wounds off `defender`. */
export function resolvedCard(author: ConnectedClient, attackerId: string, defenderId: string, wounds: number) {
  const result = { outcome: "success", events: [], lookups: [], updates: { [defenderId]: { "system.opposed.woundsNow": { $delta: -wounds, min: 0 } } } };
  return author.CONFIG.ChatMessage.documentClass.create({
    type: "card",
    content: "<p>card</p>",
    system: { kind: "test.card", state: "resolved", attackerId, defenderId, combatId: "", declaration: "{}", answer: "null", result: JSON.stringify(result) },
  });
}
