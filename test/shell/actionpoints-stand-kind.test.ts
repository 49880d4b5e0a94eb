// Seed 002 (shared/seeds/002_e3c6bc76ba013433.txt), VII.b.ii.2.c: a kneeling
// fighter "must spend 4 Action Points" to stand (See Table 7.2: the world's
// action costs, the GM's cells: points and kind of action); II–III: a movement
// short of its limit leaves the action under way, a combat action ends it.
// Standing from the tracker spends what the world's row says, its kind too.
import { describe, expect, it } from "vitest";
import { formCells, scriptDraws, settle, tableOfThree } from "./support";

const hooks = (client: any) => client.evaluate("globalThis.__boutTest");

async function arena() {
  const { gm, bob, own, Actor } = await tableOfThree("actionpoints");
  const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { actionpoints: { str: 12, agi: 12, bap: 10, fatigue: 20, fatigueNow: 20 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { actionpoints: { str: 12, agi: 12, fatigue: 20, fatigueNow: 20, body: 15, bodyNow: 15, con: 12, bap: 5 } } });
  await bran.toggleStatusEffect("kneeling", { active: true });
  await settle();
  return { gm, bob, adaId: ada.id as string, branId: bran.id as string };
}

/** Bran (15 AP) acts before Ada (11) and stands from the tracker; his row after. */
async function standFromTracker(ctx: Awaited<ReturnType<typeof arena>>) {
  const combat = await ctx.gm.CONFIG.Combat.documentClass.create({ active: true });
  const [, cb] = await combat.createEmbeddedDocuments("Combatant", [{ actorId: ctx.adaId, name: "Ada" }, { actorId: ctx.branId, name: "Bran" }]);
  scriptDraws(ctx.gm, [[1, 10], [10, 10]]);
  await combat.startCombat();
  await settle();
  await ctx.bob.ui.combat.runAction("boutTurnChoice", { combatantId: cb.id, actionId: "stand" });
  await settle();
  const stand = ctx.gm.game.messages.contents.at(-1);
  expect(stand.system.kind).toBe("actionpoints.stand");
  await hooks(ctx.bob).applyFromCard(ctx.bob.game.messages.get(stand.id));
  await settle();
  expect(ctx.gm.game.actors.get(ctx.branId).statuses.has("kneeling")).toBe(false);
  return ctx.gm.game.combats.get(combat.id).machineState.combatants.find((c: any) => c.id === cb.id);
}

describe("seed 002 VII.b.ii.2.c: standing up spends the world's row of the action costs", () => {
  it("by ours, 4 AP of movement: Bran (15) stands and his action is still under way (11 left)", async () => {
    const ctx = await arena();
    const bran = await standFromTracker(ctx);
    expect([bran.pool, bran.actedThisPhase, bran.action]).toEqual([11, false, { points: 4, kind: "movement" }]);
  });

  it("the GM makes standing a 5-AP combat action: Bran (15) stands for 5 and his action is over (10 left)", async () => {
    const ctx = await arena();
    const app = new (ctx.gm.game.settings.menus.get("bout.apTablesMenu").type)();
    await app.render({ force: true });
    const cells = formCells(app.renderedParts.form);
    // Standing is the first row of ours.
    expect([cells.actionCosts__0__ap, cells.actionCosts__0__kind]).toEqual([4, "movement"]);
    await app.submit({ ...cells, actionCosts__0__ap: 5, actionCosts__0__kind: "combat" });
    await settle();
    const bran = await standFromTracker(ctx);
    expect([bran.pool, bran.actedThisPhase, bran.action]).toEqual([10, true, undefined]);
  });
});
