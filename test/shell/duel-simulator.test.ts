// The GM's duel simulator in Foundry (issue 10, "The same simulator inside Foundry"):
// opened from the actor sheet, run on two world actors, drawn as a chart.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { duelRulesets } from "../../src/engine/duel";
import { Window } from "happy-dom";
import { settle } from "./support";

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

  it("plays the world's ruleset unless the GM picks another, and says so: the form names the world's ruleset", async () => {
    const { gm, a, b } = await setup("steel");
    const app = await a.sheet.runAction("duelSimulator");
    let html = app.renderedParts.form as string;
    expect(html).toMatch(/<option value="steel" selected>Steel \(the world&#x27;s\)<\/option>/);
    // In the rulesets' order, as everywhere else.
    expect([...html.matchAll(/<option value="(steel|phases|actionpoints|opposed|pulse)"/g)].map((m) => m[1])).toEqual(["steel", "phases", "actionpoints", "opposed", "pulse"].filter((id) => duelRulesets().includes(id as never)));
    expect(html).toContain("This world plays Steel: dice-pool bouts.");
    expect([...html.matchAll(/<select name="ruleset">([\s\S]*?)<\/select>/g)][0]![1]!.match(/<option /g)).toHaveLength(duelRulesets().length);
    // Picking another ruleset in the form redraws it for that ruleset (nothing runs): the form
    // mounted in a DOM with its listeners, as Foundry mounts a window's parts.
    const window = new Window();
    const root = window.document.createElement("form");
    root.innerHTML = html;
    window.document.body.appendChild(root);
    Object.defineProperty(app, "element", { value: root, configurable: true });
    await app._onRender({}, {});
    const select = root.querySelector('select[name="ruleset"]') as any;
    select.value = "opposed";
    select.dispatchEvent(new window.Event("change"));
    await settle();
    expect(app.renderedParts.form as string).toMatch(/<option value="opposed" selected>/);
    expect(app.renderedParts.form as string).not.toContain('class="duel-outcomes"');
    // The GM picks pulse: the ways of fighting are pulse's, and the run plays pulse, counted in pulses.
    await app.pickRuleset("pulse", { actorA: a.id, actorB: b.id, policyA: "balanced", n: 100, seed: 2 });
    html = app.renderedParts.form as string;
    expect(html).toMatch(/<option value="pulse" selected>/);
    const { pulseDuel, steelDuel } = await import("../../src/engine/duel");
    const policyOptions = [...html.matchAll(/<select name="policyA"[^>]*>([\s\S]*?)<\/select>/g)][0]![1]!;
    expect([...policyOptions.matchAll(/<option value="([^"]+)"/g)].map((m) => m[1])).toEqual(Object.keys(pulseDuel.policies));
    expect(Object.keys(steelDuel.policies)).toContain("balanced");
    // steel's "balanced" is not a pulse policy: pulse's default is chosen instead.
    expect(policyOptions).toContain(`<option value="${pulseDuel.defaultPolicy}" selected>`);
    app.run({ actorA: a.id, actorB: b.id, policyA: pulseDuel.defaultPolicy, policyB: pulseDuel.defaultPolicy, n: 100, seed: 2, ruleset: "pulse" });
    await app.render();
    html = app.renderedParts.form as string;
    expect(html).toContain("<dt>Mean pulses</dt>");
    expect(html).toContain("<dt>Longest duel (pulses)</dt>");
    expect(html.slice(html.indexOf("duel-result")).match(/.{0,40}\brounds?\b.{0,40}/g)).toEqual(null);
    // The world still plays steel.
    expect(gm.game.settings.get("bout", "ruleset")).toBe("steel");
  });

  it("a steel duel counts rounds; a pulse duel that reaches its limit says the pulse limit", async () => {
    const { duelChartContext } = await import("../../src/applications/duel/duel-context");
    const i18n = { localize: (k: string) => k, format: (k: string, d: Record<string, string>) => `${k}:${d.ending ?? ""}` };
    const summary: any = {
      n: 2, names: { a: "A", b: "B" }, policies: { a: "x", b: "y" }, wins: { a: 1, b: 0, draw: 1 }, winRateAInterval: { low: 0.1, high: 0.9 },
      meanRounds: 3, longest: 4, conditionOrder: [], conditions: { a: {}, b: {} }, weapons: { a: "", b: "" },
      endings: { a: { "BOUT.Duel.Ending.Killed": 1 }, b: {}, draw: { "BOUT.Duel.Ending.RoundCap": 1 } },
    };
    const steel = duelChartContext(summary, i18n, "steel");
    expect([steel.meanLabel, steel.longestLabel]).toEqual(["BOUT.Duel.MeanRounds", "BOUT.Duel.Longest"]);
    expect(steel.endings.map((e) => e.label)).toContain("BOUT.Duel.EndedDraw:BOUT.Duel.Ending.RoundCap");
    const pulse = duelChartContext(summary, i18n, "pulse");
    expect([pulse.meanLabel, pulse.longestLabel]).toEqual(["BOUT.Duel.MeanPulses", "BOUT.Duel.LongestPulses"]);
    expect(pulse.endings.map((e) => e.label)).toContain("BOUT.Duel.EndedDraw:BOUT.Duel.Ending.PulseCap");
  });
});
