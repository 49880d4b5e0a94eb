// Magic at the table (issue 9 "Resolution"; seed 004_2f46e4f6196f6037.txt [18.4] Magical Attack Damage): the
// sheet's Magic or breath damage posts a card the GM's client rolls; a spell goes through armour, a breath weapon
// too but a passive resistance halves it; Apply takes it as any blow.
import { describe, expect, it } from "vitest";
import { scriptDraws, settle, tableOfThree } from "./support";

async function table() {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("pulse");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { pulse: { md: 15, ag: 15, endurance: 30, enduranceNow: 30, fatigue: 20, fatigueNow: 20 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { pulse: { ag: 12, endurance: 30, enduranceNow: 30, fatigue: 20, fatigueNow: 20 } } });
  const drake = await Actor.create({ name: "Drake", type: "npc", system: { pulse: { monster: true } } });
  await bran.createEmbeddedDocuments("Item", [{ name: "Plate", type: "armor", system: { equipped: true, pulse: { protection: 8 } } }]);
  await settle();
  return { world, gm, alice, bob, ids: { ada: ada.id as string, bran: bran.id as string, drake: drake.id as string } };
}
const events = (t: any, card: any) => JSON.parse(t.gm.game.messages.get(card.id).system.result).events.map((e: any) => [e.type, e.data]);
async function cast(t: any, client: any, actorId: string, form: Record<string, unknown>, draws: [number, number][]) {
  client.runtime.dialogs.responder = () => form;
  scriptDraws(t.gm, draws);
  const before = t.gm.game.messages.size;
  await client.game.actors.get(actorId).sheet.runAction("actorAction", { actorAction: "magic" });
  await settle();
  return t.gm.game.messages.size > before ? t.gm.game.messages.contents.at(-1) : null;
}

describe("seed 004 [18.4] magic and breath damage at the table", () => {
  it("Ada's spell of D+2 on Bran in plate: D10 7 + 2 = 9 goes through the armour, off his Fatigue on Apply", async () => {
    const t = await table();
    const card = await cast(t, t.alice, t.ids.ada, { defender: t.ids.bran, kind: "spell", dieModifier: 2, resistChance: 0 }, [[7, 10]]);
    expect(card.content).toContain("A spell of pure magic, D+2 through armour.");
    expect(events(t, card)).toEqual([["DamageFatigue", { damage: 9, fatigueNow: 11, enduranceNow: 30 }]]);
    await t.alice.evaluate<any>("globalThis.__boutTest").applyFromCard(t.alice.game.messages.get(card.id));
    await settle();
    expect(t.gm.game.actors.get(t.ids.bran).system.pulse.fatigueNow).toBe(11);
  });

  it("the Drake's breath of D+5 on Ada: resisted (30 against 40) 15 halves to 7; a resistance over 100 is refused and nothing posted", async () => {
    const t = await table();
    const card = await cast(t, t.gm, t.ids.drake, { defender: t.ids.ada, kind: "breath", dieModifier: 5, resistChance: 40 }, [[30, 100], [10, 10]]);
    expect(events(t, card)).toEqual([["ResistPassed", { roll: 30, target: 40 }], ["DamageFatigue", { damage: 7, fatigueNow: 13, enduranceNow: 30 }]]);
    // The dialog bounds the figure (at most 100); a request naming 140 anyway is refused, nothing posted.
    const before = t.gm.game.messages.size;
    const actors = t.gm.game.actors;
    const forged = await t.gm.evaluate<any>("globalThis.__boutTest").postCard("pulse.magic", actors.get(t.ids.drake), actors.get(t.ids.ada), { kind: "breath", dieModifier: 5, resistChance: 140 }, "");
    await settle();
    expect(forged.ok ? "ok" : forged.refusal.code).toBe("pulse.magic.badResist");
    expect(t.gm.game.messages.size).toBe(before);
    expect(t.gm.notices.at(-1)?.message).toBe("The passive resistance must be a whole percentage from 0 to 100.");
  });
});
