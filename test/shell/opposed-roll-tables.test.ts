// Opposed's tables as the world's RollTables (issue 21 "Tables as Foundry
// RollTables"). Seed 003 "Criticals and Fumbles": the critical table is named, not
// given; "Attacking" 2 reads the Hit Locations table with the reversed roll; a
// fumble rolls on the Oops! table. The GM makes a world copy of ours, retypes a
// result as Foundry's table editor writes it, names the table in the setting, and
// the next card reads the GM's table. A chosen table that is gone or broken is
// refused with a warning naming it, and nothing is written.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repo } from "../build/dist";
import { scriptDraws, settle, tableOfThree } from "./support";

async function arena() {
  const { world, gm, alice, bob, own, Actor } = await tableOfThree("opposed");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  await settle();
  return { world, gm, alice, bob, adaId: ada.id as string, branId: bran.id as string, swordId: sword.id as string };
}
type Ctx = Awaited<ReturnType<typeof arena>>;

/** Ada 77 fumbles (Oops! 10), Bran's 11 is a critical on her left arm, and the critical table's d100 shows 50. */
async function exchange(ctx: Ctx, draws: readonly (readonly [number, number])[] = [[77, 100], [11, 100], [10, 100], [50, 100]]) {
  ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId, difficulty: "challenging" });
  await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: ctx.swordId } });
  await settle();
  const card = ctx.gm.game.messages.contents.at(-1);
  // Writes after the card is posted: the answer's, and what its resolution writes.
  const mark = ctx.world.server.writes.length;
  ctx.bob.runtime.dialogs.responder = () => ({ skill: "melee", difficulty: "challenging" });
  scriptDraws(ctx.gm, draws);
  const answered = await ctx.bob.evaluate<any>("globalThis.__boutTest").defendFromCard(ctx.bob.game.messages.get(card.id));
  await settle();
  return { answered, card: ctx.gm.game.messages.get(card.id), mark };
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

/** The GM's world copy of our table for a lookup (as importing it from the compendium makes), named in the setting. */
async function chosen(ctx: Ctx, file: string, lookup: string) {
  const source = JSON.parse(readFileSync(repo(`packs/_source/tables/${file}.json`), "utf8"));
  const table = await ctx.gm.CONFIG.RollTable.documentClass.create(source);
  await ctx.gm.game.settings.set("bout", "rollTables", { [lookup]: table.uuid });
  await settle();
  return ctx.gm.game.tables.get(table.id);
}

const events = (card: any) => JSON.parse(card.system.result).events as { type: string; data: Record<string, unknown> }[];
const text = (card: any) => String(card.content).replaceAll("&#x27;", "'");
/** Ada 23 against 45 (SL +2) beats Bran's 57 against 40 (SL -1): a hit, the roll reversed is 32. */
const HIT_32: readonly (readonly [number, number])[] = [[23, 100], [57, 100]];
/** Ada 77 fails on a double (a fumble), Bran's 30 succeeds; the Oops! d100 shows 65. */
const OOPS_65: readonly (readonly [number, number])[] = [[77, 100], [30, 100], [65, 100]];

describe("opposed attack cards read the world's Hit Locations and Oops! RollTables (seed 003 'Attacking', 'Criticals and Fumbles')", () => {
  it("with ours, a reversed 32 lands on the right arm; once the GM retypes the 25-44 result as Head, the next attack lands on the head", async () => {
    const ctx = await arena();
    const first = await exchange(ctx, HIT_32);
    expect(first.answered.ok).toBe(true);
    expect(events(first.card).find((e) => e.type === "hit")?.data).toMatchObject({ location: "rightArm", reversed: 32 });

    const table = await chosen(ctx, "opposed-hit-locations", "opposed.hitLocations");
    const arm = table.results.find((r: any) => r.range[0] === 25);
    expect(arm.name).toBe("Right (primary) arm");
    // What Foundry's table editor writes when the GM types over a result's text.
    await table.updateEmbeddedDocuments("TableResult", [{ _id: arm.id, name: "Head" }]);
    await settle();
    const second = await exchange(ctx, HIT_32);
    expect(second.answered.ok).toBe(true);
    expect(events(second.card).find((e) => e.type === "hit")?.data).toMatchObject({ location: "head", reversed: 32 });
    expect(text(second.card)).toContain("The blow lands on Bran: Head (reversed roll 32).");
  });

  it("with ours, Oops! 65 loses the next Move; once the GM retypes the 61-70 result as losing the next Action, the next fumble does that", async () => {
    const ctx = await arena();
    const first = await exchange(ctx, OOPS_65);
    expect(first.answered.ok).toBe(true);
    expect(events(first.card).find((e) => e.type === "oops")?.data).toMatchObject({ roll: 65, effect: "loseMove" });

    const table = await chosen(ctx, "opposed-oops", "opposed.oops");
    const stumble = table.results.find((r: any) => r.range[0] === 61);
    await table.updateEmbeddedDocuments("TableResult", [{ _id: stumble.id, name: "you fumble your weapon and miss your next Action" }]);
    await settle();
    const second = await exchange(ctx, OOPS_65);
    expect(second.answered.ok).toBe(true);
    expect(events(second.card).find((e) => e.type === "oops")?.data).toMatchObject({ roll: 65, effect: "loseAction" });
    // The card says the effect the table's row now names, in its own third person (issue 34).
    expect(text(second.card)).toContain("Oops! 65 for Ada: a fumbled weapon, the next Action lost.");
  });

  it("the GM's 10-24 retyped as Body also moves a shot's hit (31 reversed is 13) and the defender's own critical (Bran's 11)", async () => {
    const ctx = await arena();
    const table = await chosen(ctx, "opposed-hit-locations", "opposed.hitLocations");
    const arm = table.results.find((r: any) => r.range[0] === 10);
    await table.updateEmbeddedDocuments("TableResult", [{ _id: arm.id, name: "Body" }]);
    await settle();
    // Bran's 11 succeeds on a double: a critical on Ada where his roll reversed (11) points.
    const parried = await exchange(ctx);
    expect(events(parried.card).find((e) => e.type === "criticalRolled")?.data).toMatchObject({ location: "body", roll: 50 });

    // A shot nobody may oppose resolves as it is posted: Ada's Ranged 40 rolls 31.
    const [bow] = await ctx.gm.game.actors.get(ctx.adaId).createEmbeddedDocuments("Item", [{ name: "Bow", type: "weapon", system: { equipped: true, opposed: { kind: "ranged", damage: 3 } } }]);
    await settle();
    scriptDraws(ctx.gm, [[31, 100]]);
    ctx.alice.runtime.dialogs.responder = () => ({ defender: ctx.branId, difficulty: "challenging", calledShot: "" });
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("rollItem", {}, { row: { itemId: bow.id } });
    await settle();
    const shot = ctx.gm.game.messages.contents.at(-1);
    expect(events(shot).find((e) => e.type === "hit")?.data).toMatchObject({ location: "body", reversed: 13 });
  });

  it("a chosen Hit Locations table that is gone refuses the attack with a warning naming it; the card waits and nothing is written", async () => {
    const ctx = await arena();
    const table = await chosen(ctx, "opposed-hit-locations", "opposed.hitLocations");
    await table.delete();
    await settle();
    const { answered, card, mark } = await exchange(ctx, HIT_32);
    expect(answered.refusal).toMatchObject({ code: "rollTables.missing" });
    expect(ctx.bob.notices.at(-1)).toMatchObject({ type: "warning", message: "The roll table chosen for Opposed: hit locations is not in this world. Import it into the world, or choose another." });
    expect(card.system.state).toBe("waiting");
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });

  it("a chosen Oops! table with a gap refuses the attack with a warning naming it; the card waits and nothing is written", async () => {
    const ctx = await arena();
    const table = await chosen(ctx, "opposed-oops", "opposed.oops");
    const stumble = table.results.find((r: any) => r.range[0] === 61);
    await table.updateEmbeddedDocuments("TableResult", [{ _id: stumble.id, range: [62, 70] }]);
    await settle();
    const { answered, card, mark } = await exchange(ctx, HIT_32);
    expect(answered.refusal).toMatchObject({ code: "opposed.tables.band", data: { where: "Opposed: Oops!", at: 4 } });
    expect(ctx.bob.notices.at(-1)).toMatchObject({
      type: "warning",
      message: "The ranges of the table Opposed: Oops! must run from 1 to 100 in order, without gaps or overlaps; look at its result 4, counted from the lowest range.",
    });
    expect(card.system.state).toBe("waiting");
    expect(ctx.world.writesSince(mark)).toEqual([]);
  });
});

describe("the Flee card's free attack reads the world's Hit Locations table (seed 003 'Move', Flee)", () => {
  /** Ada flees from Bran: his free attack (40 + 20) rolls 21, reversed 12; her Cool Test rolls 75. The card resolves as it is posted. */
  async function flee(ctx: Ctx) {
    const mark = ctx.world.server.writes.length;
    const before = ctx.gm.game.messages.size;
    scriptDraws(ctx.gm, [[21, 100], [75, 100]]);
    ctx.alice.runtime.dialogs.responder = () => ({ move: "flee", opponentId: ctx.branId, yards: 0, runUp: false, test: false });
    await ctx.alice.game.actors.get(ctx.adaId).sheet.runAction("actorAction", { actorAction: "move" });
    await settle();
    const card = ctx.gm.game.messages.size > before ? ctx.gm.game.messages.contents.at(-1) : null;
    return { card, mark };
  }

  it("ours puts 12 on the left arm; with the GM's 10-24 retyped as Body the blow lands on the body; with that table gone the move is refused and nothing is written", async () => {
    const ctx = await arena();
    const ours = await flee(ctx);
    expect(events(ours.card).find((e) => e.type === "fleeHit")?.data).toMatchObject({ location: "leftArm" });

    const table = await chosen(ctx, "opposed-hit-locations", "opposed.hitLocations");
    const arm = table.results.find((r: any) => r.range[0] === 10);
    await table.updateEmbeddedDocuments("TableResult", [{ _id: arm.id, name: "Body" }]);
    await settle();
    const theirs = await flee(ctx);
    expect(events(theirs.card).find((e) => e.type === "fleeHit")?.data).toMatchObject({ location: "body" });

    await table.delete();
    await settle();
    const gone = await flee(ctx);
    expect(ctx.alice.notices.at(-1)).toMatchObject({ type: "warning", message: "The roll table chosen for Opposed: hit locations is not in this world. Import it into the world, or choose another." });
    // Flee needs no answer, so it is resolved before its card is created: refused, nothing is written, not even the card.
    expect(ctx.world.writesSince(gone.mark).map((w: any) => `${w.action} ${w.documentName}`)).toEqual([]);
    expect(gone.card).toBeNull();
  });
});
