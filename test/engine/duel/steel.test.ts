// Whole steel duels (issue 10 "Duel simulator"; seed 000 "Exchange of Blows",
// "Shock and Pain", "Blood Loss"): outcomes agree with the fighters' ends.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actorViewFromSource, simulateDuels, STEEL_POLICIES, steelDuel } from "../../../src/engine/duel";
import { SeededDice } from "../../../src/engine/dice";
import { packSource } from "../../pack-sources";

const npc = (slug: string) => packSource("npcs", slug);
const view = (slug: string) => actorViewFromSource(npc(slug), "steel");

describe("steel duels", () => {
  it("ends every duel with the loser down or dead, within the round limit", () => {
    const a = steelDuel.fighter(view("duellist"), "A");
    const b = steelDuel.fighter(view("bandit"), "B");
    const policies = Object.keys(STEEL_POLICIES);
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...policies), fc.constantFrom(...policies), (seed, pa, pb) => {
        const out = steelDuel.duel(a, b, STEEL_POLICIES[pa]!, STEEL_POLICIES[pb]!, new SeededDice(seed), 60);
        expect(out.rounds).toBeGreaterThanOrEqual(1);
        expect(out.rounds).toBeLessThanOrEqual(60);
        const fallen = (c: string) => c.endsWith("Down") || c.endsWith("Dead");
        if (out.winner === "a") expect(fallen(out.condition.b)).toBe(true);
        if (out.winner === "b") expect(fallen(out.condition.a)).toBe(true);
        if (out.winner !== "draw") expect(fallen(out.winner === "a" ? out.condition.a : out.condition.b)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it("favours the trained duellist over a town guard, and a mirror match is even", () => {
    const mismatch = simulateDuels({ ruleset: "steel", a: { name: "Duellist", actor: view("duellist") }, b: { name: "Guard", actor: view("town-guard") }, n: 2000, seed: 5 });
    expect(mismatch.ok && mismatch.value.winRateAInterval.low).toBeGreaterThan(0.6);
    const mirror = simulateDuels({ ruleset: "steel", a: { name: "A", actor: view("bandit") }, b: { name: "B", actor: view("bandit") }, n: 4000, seed: 9 });
    if (!mirror.ok) throw new Error("refused");
    const decided = mirror.value.wins.a + mirror.value.wins.b;
    expect(Math.abs(mirror.value.wins.a - mirror.value.wins.b) / decided).toBeLessThan(0.08);
  });
});
