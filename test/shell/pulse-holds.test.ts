// Holds at the table (issue 9 "Special attacks"; seed 004_2f46e4f6196f6037.txt [16.5] Entangle and Restrain):
// an Entangle that lands leaves the target Entangled until two Passes in a row work it free (the sheet's Work
// free); a Restrain is made while grappling, on ((PS + modAG) - the target's) x 3 with the others grappling the
// target lending theirs, holds the target helpless, and ends when someone does a holder 1 effective damage.
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";
import { headlineOf } from "./card-kind-cases";

async function table() {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { md: 15, ps: 15, ag: 15 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { pulse: { ps: 10, ag: 12, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20 } } });
  const cole = await Actor.create({ name: "Cole", type: "npc", system: { pulse: { md: 15, ps: 12, ag: 12 } } });
  const [net, hands] = await ada.createEmbeddedDocuments("Item", [
    { name: "Net", type: "weapon", system: { equipped: true, pulse: { use: "entangling", baseChance: 50 } } },
    { name: "Bare hands", type: "weapon", system: { equipped: true, pulse: { use: "unarmed", baseChance: 30, damage: -4, closeRated: true } } },
  ]);
  const [club] = await cole.createEmbeddedDocuments("Item", [{ name: "Club", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, damage: 2 } } }]);
  await settle();
  return { world, gm, alice, bob, ids: { ada: ada.id as string, bran: bran.id as string, cole: cole.id as string, net: net.id as string, hands: hands.id as string, club: club.id as string } };
}
type Table = Awaited<ReturnType<typeof table>>;
const hooks = (client: any) => client.evaluate("globalThis.__boutTest");
const last = (t: Table) => t.gm.game.messages.contents.at(-1);
const result = (t: Table, card: any) => JSON.parse(t.gm.game.messages.get(card.id).system.result);
const statuses = (t: Table, id: string) => t.gm.game.actors.get(id).statuses;

async function strike(t: Table, client: any, actorId: string, itemId: string, defender: string, form: Record<string, unknown>, answerer: any, draws: [number, number][]) {
  client.runtime.dialogs.responder = () => ({ defender, kind: "normal", ...form });
  const before = t.gm.game.messages.contents.length;
  await client.game.actors.get(actorId).sheet.runAction("rollItem", {}, { row: { itemId } });
  await settle();
  if (t.gm.game.messages.contents.length === before) return null;
  const card = last(t);
  answerer.runtime.dialogs.responder = () => ({ answer: "stand" });
  scriptDraws(t.gm, draws);
  await hooks(answerer).defendFromCard(answerer.game.messages.get(card.id));
  await settle();
  await hooks(t.gm).applyFromCard(t.gm.game.messages.get(card.id));
  await settle();
  return card;
}
async function tangle(t: Table, a: string, b: string) {
  for (const [x, y] of [[a, b], [b, a]]) {
    await t.gm.game.actors.get(x).toggleStatusEffect("closeCombat", { active: true });
    await t.gm.game.actors.get(x).update({ "flags.bout.closeWith": [...(t.gm.game.actors.get(x).flags.bout?.closeWith ?? []), y] });
  }
  await settle();
}

describe("seed 004 [16.5] Entangle", () => {
  it("Ada's net lands (30 against its base 50 - Defense 12 = 38, unranked): Bran is Entangled; one Pass leaves him caught, the second frees him", async () => {
    const t = await table();
    // Net hit, D10 6 - 4 = 2 Fatigue, fall check 10 against 36 holds.
    const card = await strike(t, t.alice, t.ids.ada, t.ids.net, t.ids.bran, { kind: "entangle" }, t.bob, [[30, 100], [6, 10], [10, 100]]);
    expect(result(t, card).events.map((e: any) => e.type)).toEqual(["StrikeHit", "DamageFatigue", "FallPassed"]);
    expect(statuses(t, t.ids.bran).has("entangled")).toBe(true);
    t.bob.runtime.dialogs.responder = () => ({});
    await t.bob.game.actors.get(t.ids.bran).sheet.runAction("actorAction", { actorAction: "disentangle" });
    await settle();
    expect(result(t, last(t)).events[0]).toMatchObject({ type: "stillCaught", data: { who: "Bran", passes: 1 } });
    // Issue 20: the card says how far he is, as progress rather than a failure.
    expect(headlineOf(last(t).content)).toBe("Bran works at the tangle: 1 of 2 Passes in a row.");
    expect(result(t, last(t)).outcome).toBe("neutral");
    await hooks(t.bob).applyFromCard(t.bob.game.messages.get(last(t).id));
    await settle();
    expect(statuses(t, t.ids.bran).has("entangled")).toBe(true);
    await t.bob.game.actors.get(t.ids.bran).sheet.runAction("actorAction", { actorAction: "disentangle" });
    await settle();
    expect(headlineOf(last(t).content)).toBe("Bran works free of the tangle.");
    await hooks(t.bob).applyFromCard(t.bob.game.messages.get(last(t).id));
    await settle();
    expect(statuses(t, t.ids.bran).has("entangled")).toBe(false);
    // Free now: a third Pass is refused.
    await t.bob.game.actors.get(t.ids.bran).sheet.runAction("actorAction", { actorAction: "disentangle" });
    await settle();
    expect(t.bob.notices.at(-1)?.message).toBe("Bran is not entangled.");
  });
});

describe("seed 004 [16.5] Restrain", () => {
  it("refused unless Ada grapples Bran; grappling, her base is ((15 + 15) - (10 + 12)) x 3 = 24, less Defense 12: a 12 holds him", async () => {
    const t = await table();
    expect(await strike(t, t.alice, t.ids.ada, t.ids.hands, t.ids.bran, { kind: "restrain" }, t.bob, [])).toBeNull();
    expect(t.alice.notices.at(-1)?.message).toMatch(/a Restrain while grappling the target/);
    await tangle(t, t.ids.ada, t.ids.bran);
    const card = await strike(t, t.alice, t.ids.ada, t.ids.hands, t.ids.bran, { kind: "restrain" }, t.bob, [[12, 100]]);
    expect(result(t, card).events.find((e: any) => e.type === "StrikeHit").data).toMatchObject({ roll: 12, modSC: 12 });
    expect(statuses(t, t.ids.bran).has("restrain")).toBe(true);
    expect(t.gm.game.actors.get(t.ids.bran).flags.bout.restrainedBy).toEqual([t.ids.ada]);
    // [16.4] in close combat an attack is a grapple, not a melee blow (for the rule on mixing kinds).
    expect(JSON.parse(t.gm.game.messages.get(card.id).system.declaration).strikeType).toBe("grapple");
  });

  it("Cole grappling Bran too lends his PS + modAG: (30 + 24 - 22) x 3 = 96, less 12 = 84; a held Bran has no Defense; a blow that hurts Ada frees him", async () => {
    const t = await table();
    await tangle(t, t.ids.ada, t.ids.bran);
    await tangle(t, t.ids.cole, t.ids.bran);
    const card = await strike(t, t.alice, t.ids.ada, t.ids.hands, t.ids.bran, { kind: "restrain", helped: true }, t.bob, [[80, 100]]);
    expect(result(t, card).events.find((e: any) => e.type === "StrikeHit").data).toMatchObject({ modSC: 84 });
    expect(t.gm.game.actors.get(t.ids.bran).flags.bout.restrainedBy).toEqual([t.ids.ada, t.ids.cole]);
    // Held helpless: Cole's club (unranked) strikes at its base 50 with no Defense taken off.
    const club = await strike(t, t.gm, t.ids.cole, t.ids.club, t.ids.bran, {}, t.bob, [[98, 100]]);
    expect(result(t, club).events.find((e: any) => e.type === "StrikeMiss").data).toMatchObject({ modSC: 50 });
    // Someone hurts Ada (D10 5 + 2 = 7 Fatigue): Bran is released.
    const blow = await strike(t, t.gm, t.ids.cole, t.ids.club, t.ids.ada, {}, t.alice, [[10, 100], [5, 10]]);
    expect(result(t, blow).events.map((e: any) => e.type)).toContain("Released");
    expect(statuses(t, t.ids.bran).has("restrain")).toBe(false);
    expect(t.gm.game.actors.get(t.ids.bran).flags.bout.restrainedBy).toEqual([]);
  });
});
