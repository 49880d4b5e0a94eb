// Opposed's Critical table as the world's RollTable (issue 21 "Tables as Foundry
// RollTables"; seed 003 "Criticals and Fumbles": the critical table is named, not
// given). The GM makes a world copy of ours for the left arm, retypes the 41-80
// result, names it in the setting, and the next critical reads the GM's words.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repo } from "../build/dist";
import { scriptDraws, settle, tableOfThree } from "./support";

async function arena() {
  const { gm, alice, bob, own, Actor } = await tableOfThree("opposed");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  await settle();
  return { gm, alice, bob, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string };
}
type Ctx = Awaited<ReturnType<typeof arena>>;

/** Ada 77 fumbles (Oops! 10), Bran's 11 is a critical on her left arm, and the critical table's d100 shows 50. */
async function exchange(ctx: Ctx) {
  ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId, difficulty: "challenging", modifier: 0 });
  await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
  await settle();
  const card = ctx.gm.game.messages.contents.at(-1);
  ctx.bob.runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging", modifier: 0 });
  scriptDraws(ctx.gm, [[77, 100], [11, 100], [10, 100], [50, 100]]);
  const answered = await ctx.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(ctx.bob.game.messages.get(card.id));
  await settle();
  return { answered, card: ctx.gm.game.messages.get(card.id) };
}

describe("opposed criticals read the world's RollTable (seed 003 'Criticals and Fumbles')", () => {
  it("the GM's words for 41-80 on the left arm are the card's; a table with a gap refuses the attack before any die", async () => {
    const ctx = await arena();
    const source = JSON.parse(readFileSync(repo("packs/_source/tables/opposed-critical-left-arm.json"), "utf8"));
    const table = await ctx.gm.CONFIG.RollTable.documentClass.create(source);
    await ctx.gm.game.settings.set("bout", "rollTables", { "opposed.critical.leftArm": table.uuid });
    const serious = table.results.find((r: any) => r.range[0] === 41);
    await table.updateEmbeddedDocuments("TableResult", [{ _id: serious.id, name: "The shield arm is broken." }]);
    await settle();
    const first = await exchange(ctx);
    expect(first.answered.ok).toBe(true);
    expect(first.card.content).toMatch(/Critical on Ada \(Left \(off\) arm\), 50: The shield arm is broken\./);

    await table.updateEmbeddedDocuments("TableResult", [{ _id: serious.id, range: [41, 70] }]);
    await settle();
    const second = await exchange(ctx);
    expect(second.answered.refusal).toMatchObject({ code: "opposed.tables.band" });
    expect(second.card.system.state).toBe("waiting");
  });
});
