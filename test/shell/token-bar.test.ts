// The token bar as core uses it (issue 29, "The tracker and the token bar as core
// uses them"). Core's TokenDocument#getBarAttribute lets the Token HUD edit a bar
// only when the actor's schema has a NumberField at `<attribute>.value`; the HUD
// then calls Actor#modifyTokenAttribute (harness: runtime.ts getBarAttribute,
// token-hud.ts). The bar's attribute is `vitality`, a schema field that stores
// nothing: it shows the active ruleset's track and an edit lands on that track's
// own statistic, so what the bar shows is what the rules read.
import { describe, expect, it } from "vitest";
import { RULESETS } from "../../src/engine/rulesets/registry";
import { RULESET_IDS } from "../../src/engine/rulesets/ruleset";
import { settle, tableOfThree } from "./support";

/** Each ruleset's statistics for one fighter, with its track below full so an edit both ways shows. */
const FIGURES = {
  steel: { health: 6, healthNow: 5 },
  phases: { woundsLeft: 5 },
  actionpoints: { body: 15, bodyNow: 10 },
  opposed: { wounds: 12, woundsNow: 9 },
  pulse: { endurance: 15, enduranceNow: 11 },
} as const;

async function table(ruleset: (typeof RULESET_IDS)[number]) {
  const t = await tableOfThree(ruleset);
  const hero = await t.Actor.create({ name: "Ada", type: "character", ownership: t.own("Alice"), system: FIGURES });
  const wolf = await t.Actor.create({ name: "Wolf", type: "npc", system: FIGURES });
  const scene = await t.gm.CONFIG.Scene.documentClass.create({ name: "Glade" });
  const [heroToken, wolfToken] = await scene.createEmbeddedDocuments("Token", [
    { actorId: hero.id, name: "Ada", actorLink: true, x: 0, y: 0 },
    { actorId: wolf.id, name: "Wolf", x: 200, y: 0 },
  ]);
  await settle();
  const path = RULESETS[ruleset].vitality({ stats: FIGURES[ruleset] as never, weapons: [], armor: [], shields: [], maneuvers: [], skills: [] }, {}).path!;
  const figureOf = (actor: any) => actor.system[ruleset][path.split(".").at(-1)!];
  return { ...t, hero, wolf, scene, heroToken, wolfToken, path, figureOf };
}

describe("the token bar: core's getBarAttribute and Token HUD on our actors", () => {
  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: the bar is the track's own figure, editable, and a HUD edit writes that figure once (a linked character and an unlinked token)`, async () => {
      const t = await table(ruleset);
      const { TokenHUD } = t.gm.context.foundry.applications.hud;
      for (const token of [t.heroToken, t.wolfToken]) {
        const actor = token.actor;
        const before = t.figureOf(actor);
        const bar = token.getBarAttribute("bar1");
        expect(bar).toEqual({ type: "bar", attribute: "vitality", value: before, max: actor.system.vitality.max, editable: true });
        const others = RULESET_IDS.filter((r) => r !== ruleset).map((r) => JSON.stringify(actor.system[r]));
        const mark = t.world.server.writes.length;
        expect(await new TokenHUD(token).submitBar("bar1", "-2")).toBe(true);
        await settle();
        expect(t.world.writesSince(mark)).toHaveLength(1);
        expect(t.figureOf(token.actor)).toBe(before - 2);
        // What the bar shows now is the figure the rules read, and no other ruleset's figures moved.
        expect(token.getBarAttribute("bar1").value).toBe(before - 2);
        expect(RULESET_IDS.filter((r) => r !== ruleset).map((r) => JSON.stringify(token.actor.system[r]))).toEqual(others);
        expect(token.actor.toObject().system.vitality).toBeUndefined();
      }
      // The unlinked token's edit stayed on its own synthetic actor.
      expect(t.figureOf(t.gm.game.actors.get(t.wolf.id))).toBe(FIGURES[ruleset][t.path as never]);
    });
  }

  it("steel: the HUD's edit reaches the Combat Pool a fight reads (healthNow feeds the pool, seed 000 'Combat Pool')", async () => {
    const t = await table("steel");
    const { TokenHUD } = t.gm.context.foundry.applications.hud;
    const view = (stats: Record<string, unknown>) => ({ stats: { ...t.hero.system.steel, ...stats }, weapons: [], armor: [], shields: [], maneuvers: [], skills: [] }) as never;
    expect(t.hero.system.derived.combatPool.value).toBe(RULESETS.steel.derive(view({})).combatPool!.value);
    await new TokenHUD(t.heroToken).submitBar("bar1", "=1");
    await settle();
    expect(t.hero.system.steel.healthNow).toBe(1);
    expect(t.hero.system.derived.combatPool.value).toBe(RULESETS.steel.derive(view({ healthNow: 1 })).combatPool!.value);
  });

  it("a typed value, a percentage and an edit past the ends are kept on the track (opposed Wounds: 0 to the maximum)", async () => {
    const t = await table("opposed");
    const hud = new (t.gm.context.foundry.applications.hud.TokenHUD)(t.heroToken);
    await hud.submitBar("bar1", "=4");
    expect(t.hero.system.opposed.woundsNow).toBe(4);
    await hud.submitBar("bar1", "50%");
    expect(t.hero.system.opposed.woundsNow).toBe(6);
    await hud.submitBar("bar1", "+40");
    expect(t.hero.system.opposed.woundsNow).toBe(12);
    await hud.submitBar("bar1", "-40");
    expect(t.hero.system.opposed.woundsNow).toBe(0);
  });

  it("any update naming the bar's field (core's Actor#modifyTokenAttribute writes system.vitality.value) writes the active ruleset's figure and nothing else", async () => {
    const t = await table("pulse");
    const mark = t.world.server.writes.length;
    await t.hero.update({ "system.vitality.value": 7 });
    expect(t.hero.system.pulse.enduranceNow).toBe(7);
    for (const r of RULESET_IDS.filter((r) => r !== "pulse")) expect(t.hero.system[r], r).toEqual(t.gm.game.actors.get(t.hero.id).system[r]);
    expect(t.hero.system.steel.healthNow).toBe(FIGURES.steel.healthNow);
    expect(t.hero.toObject().system.vitality).toBeUndefined();
    expect(t.world.writesSince(mark)).toHaveLength(1);
  });

  it("harness: a derived bar with no schema field is shown but not editable, and the HUD sends nothing (v13 getBarAttribute)", async () => {
    const t = await table("steel");
    const hero = t.heroToken;
    // `derived.combatPool` is prepared data with no field behind it.
    expect(hero.getBarAttribute("bar1", { alternative: "derived.combatPool.value" })).toMatchObject({ type: "value", editable: false });
    await hero.update({ bar1: { attribute: "derived.combatPool.value" } });
    const mark = t.world.server.writes.length;
    expect(await new (t.gm.context.foundry.applications.hud.TokenHUD)(hero).submitBar("bar1", "-1")).toBe(false);
    expect(t.world.writesSince(mark)).toEqual([]);
    // A stored statistic is editable as a plain value.
    expect(hero.getBarAttribute("bar1", { alternative: "steel.healthNow" })).toMatchObject({ type: "value", value: FIGURES.steel.healthNow, editable: true });
  });
});

describe("a bar edit is a decision: the active GM writes it, in the fighter's queue (issue 30, every write from the active GM)", () => {
  it("Alice types -2 on her bar while the GM types -3 on it, with latency: both land (the GM works each out from the figure as it is then)", async () => {
    const t = await table("opposed");
    t.world.server.latency = 15;
    const before = t.hero.system.opposed.woundsNow;
    const aliceToken = t.alice.game.scenes.get(t.scene.id).tokens.get(t.heroToken.id);
    const { TokenHUD } = t.gm.context.foundry.applications.hud;
    const AliceHUD = t.alice.context.foundry.applications.hud.TokenHUD;
    const mark = t.world.server.writes.length;
    await Promise.all([new AliceHUD(aliceToken).submitBar("bar1", "-2"), new TokenHUD(t.heroToken).submitBar("bar1", "-3")]);
    await t.world.settled();
    expect(t.hero.system.opposed.woundsNow).toBe(before - 5);
    const writes = t.world.writesSince(mark);
    expect(writes).toHaveLength(2);
    expect(writes.every((w: { userId: string }) => w.userId === t.world.userId("GM"))).toBe(true);
  });

  it("a player asking for a bar she does not own (the wolf's token) is refused, and nothing is written", async () => {
    const t = await table("opposed");
    const mark = t.world.server.writes.length;
    // Her own client's pass, as a hostile client would send it: ownership is what refuses.
    const outcome = await t.alice.evaluate<any>("globalThis.__boutTest").askGM("editBar", { actor: t.wolfToken.actor.uuid, value: 0, isDelta: false });
    await settle();
    expect(outcome).toMatchObject({ ok: false, refusal: { code: "bar.notYours" } });
    expect(t.world.writesSince(mark)).toEqual([]);
    expect(t.wolfToken.actor.system.opposed.woundsNow).toBe(FIGURES.opposed.woundsNow);
  });

  it("her own bar with a value that is not a number (a hostile payload) is refused with a notice, and nothing is written", async () => {
    const t = await table("opposed");
    const mark = t.world.server.writes.length;
    for (const value of ["-2", null, { $delta: -2 }, "__proto__"]) {
      const outcome = await t.alice.evaluate<any>("globalThis.__boutTest").askGM("editBar", { actor: t.hero.uuid, value, isDelta: true });
      expect(outcome, JSON.stringify(value)).toMatchObject({ ok: false, refusal: { code: "bar.badValue" } });
    }
    // From her own HUD a number that is not finite never leaves her client.
    await t.alice.game.actors.get(t.hero.id).modifyTokenAttribute("vitality", Number.NaN, false, true);
    await settle();
    expect(t.world.writesSince(mark)).toEqual([]);
    expect(t.hero.system.opposed.woundsNow).toBe(FIGURES.opposed.woundsNow);
    expect(String(t.alice.notices.at(-1)?.message)).toContain("Type a number");
  });
});
