// The GM's duel simulator in Foundry (issue 10, "The same simulator inside Foundry"):
// opened from the actor sheet, run on two world actors, drawn as a chart.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { duelRulesets } from "../../src/engine/duel";

async function setup(ruleset?: string) {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  let gm = await world.connect("GM");
  if (ruleset) {
    await gm.game.settings.set("bout", "ruleset", ruleset);
    gm = await world.connect("GM");
  }
  const Actor = gm.CONFIG.Actor.documentClass;
  const a = await Actor.create({ name: "Ada", type: "character" });
  const b = await Actor.create({ name: "Bryn", type: "npc" });
  await a.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true } }]);
  await b.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true } }]);
  return { world, gm, a, b };
}

describe("duel simulator in Foundry", () => {
  it("opens from the actor sheet for the GM, with the actor as the first fighter", async () => {
    const { a } = await setup();
    const app = await a.sheet.runAction("duelSimulator");
    expect(app.constructor.name).toBe("DuelSimulator");
    const html = app.renderedParts.form as string;
    if (duelRulesets().includes("steel")) expect(html).toMatch(new RegExp(`<option value="${a.id}" selected>Ada</option>`));
    else expect(html).toContain("cannot simulate duels yet");
  });

  it("runs every ruleset that has an adapter and draws the outcome chart", async () => {
    const rulesets = duelRulesets();
    expect(rulesets).toContain("steel");
    for (const ruleset of rulesets) {
      const { a, b } = await setup(ruleset);
      const app = await a.sheet.runAction("duelSimulator");
      app.run({ actorA: a.id, actorB: b.id, policyA: undefined, policyB: undefined, n: 200, seed: 3 });
      await app.render();
      const html = app.renderedParts.form as string;
      expect(html, ruleset).toContain('class="duel-outcomes"');
      // Each side's weapon and why the duels ended (issue 21).
      expect(html, ruleset).toMatch(/<dt>Ada fights with<\/dt><dd>[^<]+<\/dd>/);
      expect(html, ruleset).toMatch(/<table class="duel-endings">[\s\S]*<th scope="row">(Ada won|[^<]+ won|Draw): [^<]+<\/th><td>[^<]+<\/td>/);
      const widths = [...html.matchAll(/class="duel-outcome duel-[a-z]+" style="width: ([\d.]+)%"/g)].map((m) => Number(m[1]));
      expect(widths.reduce((x, y) => x + y, 0)).toBeCloseTo(100, 0);
    }
  });

  it("refuses a bad number of duels with a message and no chart", async () => {
    const { gm, a, b } = await setup();
    const app = await a.sheet.runAction("duelSimulator");
    app.run({ actorA: a.id, actorB: b.id, n: -5, seed: 1 });
    await app.render();
    expect(app.renderedParts.form).not.toContain('class="duel-outcomes"');
    if (duelRulesets().includes("steel")) expect(gm.notices.at(-1)?.message).toMatch(/whole number from 1/);
  });
});
