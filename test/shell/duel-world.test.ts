// The in-Foundry duel simulator plays the world's game (issue 21, "The same
// simulator inside Foundry"): the opposed tie rule the GM set and the RollTables
// the GM chose are the ones its duels read, exactly as the attack cards read
// them; a chosen table that is gone refuses the simulation with the cards'
// warning and runs nothing. Seed 003 "Opposed Tests": the seed leaves equal SL
// open; the world's rule decides it.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { actorViewFromSource, simulateDuels, type DuelWorld } from "../../src/engine/duel";
import { DEFAULT_OPPOSED_TABLES } from "../../src/engine/rulesets/opposed";
import { DEFAULT_PHASES_TRACKS, readPhasesTracks } from "../../src/engine/rulesets/phases";

const N = 400;
const SEED = 7;

/** A GM's world in `ruleset` with Ada and Bran, each with `weapon` in hand: the sheet's simulator run, and the same duels played by the engine itself. */
async function duelists(ruleset: "opposed" | "phases", ada: object, bran: object, weapon: object) {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  let gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  gm = await world.connect("GM");
  const Actor = gm.CONFIG.Actor.documentClass;
  const a = await Actor.create({ name: "Ada", type: "character", system: { [ruleset]: ada } });
  const b = await Actor.create({ name: "Bran", type: "character", system: { [ruleset]: bran } });
  for (const actor of [a, b]) await actor.createEmbeddedDocuments("Item", [weapon]);
  const app = await a.sheet.runAction("duelSimulator");
  const run = async () => {
    app.run({ actorA: a.id, actorB: b.id, n: N, seed: SEED });
    await app.render();
    return app.renderedParts.form as string;
  };
  const engine = (w: DuelWorld) => {
    const r = simulateDuels({ ruleset, a: { name: "Ada", actor: actorViewFromSource(a.toObject(), ruleset) }, b: { name: "Bran", actor: actorViewFromSource(b.toObject(), ruleset) }, n: N, seed: SEED, world: w });
    if (!r.ok) throw new Error(r.refusal.message);
    return r.value;
  };
  return { gm, run, engine };
}

// Ada's Melee target is the higher: under our rule she wins every tie, attacking or defending.
const setup = () =>
  duelists(
    "opposed",
    { ws: 45, s: 35, t: 30, i: 40, ag: 35, wounds: 10, woundsNow: 10 },
    { ws: 40, s: 35, t: 30, i: 30, ag: 30, wounds: 10, woundsNow: 10 },
    { name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } },
  );

/** The chart's outcome bar widths (Ada, draw, Bran) and the mean rounds, as the dialog draws them. */
function drawn(html: string) {
  const widths = [...html.matchAll(/class="duel-outcome duel-([a-z]+)" style="width: ([\d.]+)%"/g)].map((m) => [m[1], Number(m[2])]);
  const mean = /Mean rounds<\/dt><dd>([\d.]+)<\/dd>|<dd>(\d+\.\d\d)<\/dd>/.exec(html);
  return { widths: Object.fromEntries(widths), mean: mean?.[1] ?? mean?.[2] };
}
const expected = (s: ReturnType<Awaited<ReturnType<typeof setup>>["engine"]>) => ({
  widths: { a: Math.round((1000 * s.wins.a) / s.n) / 10, draw: Math.round((1000 * s.wins.draw) / s.n) / 10, b: Math.round((1000 * s.wins.b) / s.n) / 10 },
  mean: s.meanRounds.toFixed(2),
});

describe("the duel simulator reads the world's opposed tie rule and tables (seed 003 'Opposed Tests', 'Attacking')", () => {
  it("with ties going to the defender, Ada (who won every tie under ours) wins fewer seeded duels, exactly as the engine plays that rule", async () => {
    const { gm, run, engine } = await setup();
    const ours = engine({ opposed: { tables: DEFAULT_OPPOSED_TABLES, tie: "higherTarget" } });
    const defender = engine({ opposed: { tables: DEFAULT_OPPOSED_TABLES, tie: "defender" } });
    // The change has an effect to see: her hits on tied SL are now Bran's parries.
    expect(defender.wins.a).toBeLessThan(ours.wins.a);

    expect(drawn(await run())).toEqual(expected(ours));
    await gm.game.settings.set("bout", "opposedTie", "defender");
    expect(drawn(await run())).toEqual(expected(defender));
  });

  it("a chosen Hit Locations table that is gone refuses the simulation with the cards' warning, and no chart is drawn", async () => {
    const { gm, run } = await setup();
    await gm.game.settings.set("bout", "rollTables", { "opposed.hitLocations": "RollTable.gone0000000000" });
    const before = gm.notices.length;
    const html = await run();
    expect(html).not.toContain('class="duel-outcomes"');
    expect(gm.notices.slice(before).map((n: { message: string }) => n.message)).toEqual([expect.stringMatching(/^The roll table chosen for Opposed: hit locations is not in this world\./)]);
    expect(html).toMatch(/class="duel-refusal" role="alert">The roll table chosen for Opposed: hit locations is not in this world\./);
  });
});

// Seed 001 counts wound penalties without listing the levels: the world's track
// (setting phasesTracks) is the one the cards read, and so the simulator's.
describe("the duel simulator reads the world's phases wound track (seed 001 'Wounds')", () => {
  it("with a light wound already out of the fight, the seeded duels are shorter, exactly as the engine plays that track", async () => {
    const { gm, run, engine } = await duelists("phases", { attack: 3 }, { defense: 2, soak: 2 }, { name: "Sword", type: "weapon", system: { equipped: true, phases: { attack: 3, damage: 6 } } });
    const harsh = DEFAULT_PHASES_TRACKS.wound.map((l, i) => ({ penalty: l.penalty, out: i >= 1 }));
    const read = readPhasesTracks({ wound: harsh });
    if (!read.ok) throw new Error("track");
    const ours = engine({ phases: { tracks: DEFAULT_PHASES_TRACKS } });
    const theirs = engine({ phases: { tracks: read.value } });
    expect(theirs.meanRounds).toBeLessThan(ours.meanRounds);

    expect(drawn(await run())).toEqual(expected(ours));
    await gm.game.settings.set("bout", "phasesTracks", JSON.stringify({ wound: harsh }));
    expect(drawn(await run())).toEqual(expected(theirs));
  });
});
