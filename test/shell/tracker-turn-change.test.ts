// The tracker as core renders it (issue 29, "The tracker and the token bar as core
// uses them"): on a turn change core's CombatTracker#_onRender looks up
// `.combat-tracker` in the tracker's element with no null check and scrolls the
// active row into view (the harness follows it: applications.ts CombatTracker).
// Our tracker part's root carries that class, so a fight with bouts, a fight
// without any group and a fight left with no fighters all render through it.
import { describe, expect, it } from "vitest";
import { settle, trackerFight } from "./support";

async function fight(ruleset: string, grouped: boolean) {
  const t = await trackerFight(ruleset, grouped);
  return { ...t, combat: t.gm.game.combats.get(t.combatId) };
}

/** Draws the GM's tracker as Foundry does after an update (the harness runs core's _onRender with it). */
const draw = async (t: { gm: any }) => {
  await t.gm.ui.combat.render({ force: true });
  return t.gm.ui.combat;
};

describe("the tracker part is what core's turn change looks for", () => {
  it("a fight without groups (plain turns): the next turn finds .combat-tracker and scrolls to the fighter now acting", async () => {
    const t = await fight("opposed", false);
    await t.combat.startCombat();
    await settle();
    expect((await draw(t)).scrolledTo).toBeNull();
    // Ada (Initiative 40) ends her turn: Bran acts.
    await t.alice.ui.combat.runAction("boutEndTurn", { combatantId: t.ca });
    await settle();
    expect(t.combat.turn).toBe(1);
    expect((await draw(t)).scrolledTo).toBe(t.cb);
  });

  it("renders asked at once are drawn one after the other (v13 ApplicationV2's semaphore): each turn-change check reads its own tracker", async () => {
    const t = await fight("opposed", false);
    await t.combat.startCombat();
    await settle();
    await draw(t);
    // The draw after the turn change asks for another render while its own after-render step is still running (as
    // the system's own renders on a burst of updates do), and that second render's tracker part is slow. Drawn at once, the second would have
    // emptied the parts the first one's turn-change check reads, and that check throws when `.combat-tracker` is missing.
    const tracker = t.gm.ui.combat;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const onRender = tracker._onRender.bind(tracker);
    const partContext = tracker._preparePartContext.bind(tracker);
    const errors: unknown[] = [];
    let renders = 0;
    let trackerParts = 0;
    tracker._onRender = async (context: unknown, options: unknown) => {
      if (renders++ === 0) {
        tracker.render().catch((error: unknown) => errors.push(error));
        await wait(5);
      }
      return onRender(context, options).catch((error: unknown) => void errors.push(error));
    };
    tracker._preparePartContext = async (partId: string, context: unknown, options: unknown) => {
      if (partId === "tracker" && trackerParts++ === 1) await wait(20);
      return partContext(partId, context, options);
    };
    await t.alice.ui.combat.runAction("boutEndTurn", { combatantId: t.ca });
    await settle();
    await tracker.render({ force: true }).catch((error: unknown) => errors.push(error));
    await wait(30);
    await settle();
    expect(errors).toEqual([]);
    expect(renders).toBeGreaterThanOrEqual(2);
    expect(tracker.scrolledTo).toBe(t.cb);
  });

  it("a fight in bouts (steel, a combatant group): a new round finds .combat-tracker and the acting row inside the bout", async () => {
    const t = await fight("steel", true);
    await t.combat.startCombat();
    t.alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    t.bob.runtime.dialogs.responder = () => ({ throw: "white", posture: "neutral" });
    await t.gm.ui.combat.runAction("boutGroupAction", { groupId: t.groupId, actionId: "throw" });
    await settle();
    await draw(t);
    await t.gm.ui.combat.runAction("boutGroupAction", { groupId: t.groupId, actionId: "next" });
    await t.gm.ui.combat.runAction("boutNextStep");
    await settle();
    expect(t.combat.round).toBe(2);
    const tracker = await draw(t);
    expect([t.ca, t.cb]).toContain(tracker.scrolledTo);
    expect(tracker.renderedParts.tracker).toContain(`class="combatant active`);
  });

  it("a running fight left with no fighter and no group still renders through core's turn change (no row to scroll to)", async () => {
    const t = await fight("opposed", false);
    await t.combat.startCombat();
    await settle();
    await draw(t);
    for (const c of t.combat.combatants.contents) await c.delete();
    await settle();
    expect(t.combat.turn).toBeNull();
    const tracker = await draw(t);
    expect(tracker.renderedParts.tracker).not.toContain("tracker-group");
    expect(tracker.scrolledTo).toBeNull();
  });
});

describe("harness: core's CombatTracker#_onRender on a turn change", () => {
  it("throws as the browser does when the tracker part has no .combat-tracker, and only on a turn change", async () => {
    const t = await fight("opposed", false);
    await t.combat.startCombat();
    await settle();
    const tracker = await draw(t);
    const bare = '<div class="bout-tracker combat-tracker-body"><ol class="plain"><li class="combatant active" data-combatant-id="x"></li></ol></div>';
    tracker.renderedParts.tracker = bare;
    // The same turn: nothing is looked up.
    await expect(tracker._onRender({}, { parts: ["tracker"] })).resolves.toBeUndefined();
    await t.alice.ui.combat.runAction("boutEndTurn", { combatantId: t.ca });
    await settle();
    tracker.renderedParts.tracker = bare;
    await expect(tracker._onRender({}, { parts: ["tracker"] })).rejects.toThrow(TypeError);
  });
});
