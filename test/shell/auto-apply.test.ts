// Issue 34 "Apply only when something changes": the world setting "Apply results
// automatically" (off unless the GM turns it on) applies a card whose result
// leaves nobody a choice as it resolves. Only the active GM's client writes it,
// through the same queue and batch as the Apply button (src/table/cards.ts
// applyCard), once; a card with a choice open (a Combat Advantage) waits for
// Apply; a message a player wrote is never a card and applies nothing.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { scriptDraws, settle } from "./support";
import { ATTACK_CASES } from "./card-kind-cases";

/** A table in `ruleset` with two GMs (one of them the active GM, by Foundry's order: `activeName`), Alice playing Ada and Bob playing Bran. */
async function table(ruleset: string, autoApply: boolean) {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Second GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  await gm.game.settings.set("bout", "autoApply", autoApply);
  const second = await world.connect("Second GM");
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  await settle();
  const activeName = gm.game.user.isActiveGM ? "GM" : "Second GM";
  expect([gm, second].filter((c) => c.game.user.isActiveGM), "one active GM").toHaveLength(1);
  const own = (user: string) => ({ default: 0, [world.userId(user)]: 3 });
  return { world, gm, second, alice, bob, own, activeName, Actor: gm.CONFIG.Actor.documentClass };
}

/** Ada's sword blow at Bran (seed 001's melee): stress die 8 + 6 against 4 + 2, two wound levels; Alice posts it, Bob answers. */
async function phasesBlow(t: Awaited<ReturnType<typeof table>>) {
  const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: { phases: { attack: 3 } } });
  const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { phases: { defense: 2, soak: 2 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } }]);
  await settle();
  t.alice.runtime.dialogs.responder = () => ({ defender: bran.id });
  await t.alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
  await settle();
  const id = t.gm.game.messages.contents.at(-1).id as string;
  const before = t.gm.game.actors.get(bran.id).system.phases.woundsLeft as number;
  t.bob.runtime.dialogs.responder = () => ({ defence: "defend" });
  scriptDraws(t.gm, [[8, 10], [4, 10]]);
  const mark = t.world.server.writes.length;
  await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(id));
  await settle();
  return { id, branId: bran.id as string, before, mark };
}

describe("applying results automatically (issue 34; world setting, the GM's call)", () => {
  it("off (the default): the resolved blow waits for Apply", async () => {
    const t = await table("phases", false);
    const { id, branId, before } = await phasesBlow(t);
    expect(t.gm.game.messages.get(id).system.state).toBe("resolved");
    expect(t.gm.game.actors.get(branId).system.phases.woundsLeft).toBe(before);
  });

  it("on: the blow applies as it resolves, once, every write the active GM's; the second GM's client writes nothing", async () => {
    const t = await table("phases", true);
    const { id, branId, before, mark } = await phasesBlow(t);
    await settle();
    const card = t.gm.game.messages.get(id);
    expect(card.system.state).toBe("applied");
    expect(t.gm.game.actors.get(branId).system.phases.woundsLeft).toBe(before - 2);
    expect(card.content).toContain("Applied by the GM.");
    const writes = t.world.writesSince(mark);
    expect(writes.every((w: { userId: string }) => w.userId === t.world.userId(t.activeName)), JSON.stringify(writes)).toBe(true);
    // The answer's resolution, then the Apply: no second Apply, nothing from the second GM.
    // v14 writes a decision's documents as one batch: its operations count as writes of their own here.
    const steps = writes.flatMap((w: { action: string; operations?: unknown[] }) => (w.action === "batch" ? (w.operations as { documentName: string; action: string }[]) : [w as unknown as { documentName: string; action: string }]));
    expect(steps.filter((w) => w.documentName === "Actor" && w.action === "update")).toHaveLength(1);
    // Applied once: pressing Apply now is refused and writes nothing.
    const again = t.world.server.writes.length;
    await t.alice.evaluate<any>("globalThis.__boutTest").applyFromCard(t.alice.game.messages.get(id));
    await settle();
    expect(t.world.writesSince(again)).toEqual([]);
  });

  it("on: a card with a choice open (Bran's parry opens Combat Advantages) still waits for Apply (seed 002 VI)", async () => {
    const t = await table("actionpoints", true);
    // The action-point attack card's fighters (test/shell/card-kind-cases.ts), Ada's and Bran's players at the table.
    const c = ATTACK_CASES.find((x) => x.kind === "actionpoints.attack")!;
    const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice") });
    const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob") });
    const [sword] = await ada.createEmbeddedDocuments("Item", c.adaItems);
    await bran.createEmbeddedDocuments("Item", c.branItems);
    await settle();
    t.alice.runtime.dialogs.responder = () => ({ defender: bran.id });
    await t.alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const id = t.gm.game.messages.contents.at(-1).id;
    t.bob.runtime.dialogs.responder = () => ({ defence: "activeParry" });
    scriptDraws(t.gm, [[20, 100], [80, 100]]);
    await t.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(t.bob.game.messages.get(id));
    await settle();
    const card = t.gm.game.messages.get(id);
    expect(card.content).toContain('data-bout-action="followUp"');
    expect(card.system.state).toBe("resolved");
  });

  it("on: a message Alice writes as a card (resolved, naming a wound to Bran) is not a card: nothing is applied", async () => {
    const t = await table("phases", true);
    const bran = await t.Actor.create({ name: "Bran", type: "character", ownership: t.own("Bob"), system: { phases: { defense: 2, soak: 2 } } });
    await settle();
    const before = t.gm.game.actors.get(bran.id).system.phases.woundsLeft;
    const result = { outcome: "success", events: [], lookups: [], updates: { [bran.id]: { "system.phases.woundsLeft": { $delta: -3, min: 0 } } } };
    const mark = t.world.server.writes.length;
    await t.alice.CONFIG.ChatMessage.documentClass.create({ type: "card", content: "<p>card</p>", system: { kind: "phases.attack", state: "resolved", attackerId: bran.id, defenderId: bran.id, result: JSON.stringify(result) } });
    await settle();
    expect(t.gm.game.actors.get(bran.id).system.phases.woundsLeft).toBe(before);
    expect(t.world.writesSince(mark).filter((w: { userId: string }) => w.userId !== t.world.userId("Alice"))).toEqual([]);
  });
});
