// The duel simulator plays the fighting styles the table plays (issue 33, "One
// engine of styles"): moving the policies into src/engine/styles/ changed no
// result. Every ruleset's every pair of styles, for two shipped pairings, 200
// seeded duels each: the wins of each side, the draws and the mean length
// (x1000) as they were before the move (duel-pins.json, written from the
// simulator before it; a style whose rule changes changes its pins, and says so).
// Re-pinned on 2026-11-28: opposed, for issue 32's rule that a roll over the
// target fails at SL -0 (a rule of the ruleset, not of a style: wolf v bandit
// moved by one or two duels of 200).
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { actorViewFromSource, duelAdapter, simulateDuels } from "../../../src/engine/duel";
import { RULESET_IDS } from "../../../src/engine/rulesets/ruleset";
import { packSource } from "../../pack-sources";

const PINS = JSON.parse(readFileSync(new URL("./duel-pins.json", import.meta.url), "utf8")) as Record<string, [number, number, number, number]>;
const PAIRS = [["duellist", "town-guard"], ["wolf", "bandit"]] as const;

describe("the simulator's results for every pair of styles are unchanged", () => {
  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: every pair of styles, duellist v town guard and wolf v bandit, as pinned`, () => {
      const adapter = duelAdapter(ruleset)!;
      const got: Record<string, number[]> = {};
      const want: Record<string, number[]> = {};
      for (const pa of Object.keys(adapter.policies))
        for (const pb of Object.keys(adapter.policies))
          for (const [x, y] of PAIRS) {
            const key = `${ruleset} ${x}(${pa}) v ${y}(${pb})`;
            const r = simulateDuels({ ruleset, a: { name: x, actor: actorViewFromSource(packSource("npcs", x), ruleset), policy: pa }, b: { name: y, actor: actorViewFromSource(packSource("npcs", y), ruleset), policy: pb }, n: 200, seed: 7 });
            if (!r.ok) throw new Error(`${key} refused`);
            got[key] = [r.value.wins.a, r.value.wins.b, r.value.wins.draw, Math.round(r.value.meanRounds * 1000)];
            want[key] = PINS[key]!;
          }
      expect(got).toEqual(want);
    }, 60_000);
  }
});
