// Whole phases duels (issue 10 "Duel simulator"; seed 001_e84cf39f805b9fd9.txt,
// "Combat Sequence" and the Initiative Total; melee, damage and the wound track
// are our defaults, docs/rulesets/phases.md).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actorViewFromSource, PHASES_POLICIES, phasesDuel, simulateDuels } from "../../../src/engine/duel";
import { SeededDice } from "../../../src/engine/dice";
import { packSource } from "../../pack-sources";

const npc = (slug: string) => packSource("npcs", slug);
const view = (slug: string) => actorViewFromSource(npc(slug), "phases");

describe("phases duels", () => {
  it("builds a fighter from the sheet's scores: Initiative, Attack, Defense and Damage with the ready melee weapon", () => {
    const source = npc("duellist");
    const f = phasesDuel.fighter(view("duellist"), "Duellist");
    const rapier = source.items.find((i: any) => i.name === "Rapier").system.phases;
    expect(f.initiative).toBe(source.system.phases.initiative + rapier.initiative);
    expect(f.attack).toBe(source.system.phases.attack + rapier.attack);
    expect(f.woundsLeft).toBe(5);
  });

  it("ends every duel with the loser incapacitated or dead, within the round limit", () => {
    const a = phasesDuel.fighter(view("duellist"), "A");
    const b = phasesDuel.fighter(view("bandit"), "B");
    const policies = Object.keys(PHASES_POLICIES);
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...policies), fc.constantFrom(...policies), (seed, pa, pb) => {
        const out = phasesDuel.duel(a, b, PHASES_POLICIES[pa]!, PHASES_POLICIES[pb]!, new SeededDice(seed), 60);
        expect(out.rounds).toBeGreaterThanOrEqual(1);
        expect(out.rounds).toBeLessThanOrEqual(60);
        const fallen = (c: string) => c.endsWith("Down") || c.endsWith("Dead");
        if (out.winner === "a") expect(fallen(out.condition.b)).toBe(true);
        if (out.winner === "b") expect(fallen(out.condition.a)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("the same seed plays the same duels; letting blows land loses more often than defending", () => {
    const base = { ruleset: "phases" as const, a: { name: "A", actor: view("bandit") }, n: 3000, seed: 4 };
    const fair = simulateDuels({ ...base, b: { name: "B", actor: view("bandit") } });
    expect(fair).toEqual(simulateDuels({ ...base, b: { name: "B", actor: view("bandit") } }));
    const reckless = simulateDuels({ ...base, a: { ...base.a, policy: "reckless" }, b: { name: "B", actor: view("bandit"), policy: "stand-and-fight" } });
    expect(reckless.ok && reckless.value.winRateAInterval.high).toBeLessThan(0.5);
  });
});
