// Whole opposed duels (issue 10 "Duel simulator"; seed 003_094b90e5b0802384.txt,
// "Round and surprise", "Attacking", "Damage"): fighters built from the shipped
// NPCs, duels that always end with the loser out, Advantage and Wounds never
// negative, the same seed giving the same duels.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actorViewFromSource, OPPOSED_POLICIES, opposedDuel, simulateDuels } from "../../../src/engine/duel";
import { SeededDice } from "../../../src/engine/dice";
import { packSource } from "../../pack-sources";

const npc = (slug: string) => packSource("npcs", slug);
const view = (slug: string) => actorViewFromSource(npc(slug), "opposed");

describe("opposed duels", () => {
  it("builds a fighter from the duellist: Melee WS 50 + 15 advances = 65, rapier Damage 4 + Strength Bonus 3 = 7, Toughness Bonus 3", () => {
    const f = opposedDuel.fighter(view("duellist"), "Duellist");
    expect(f).toMatchObject({ initiative: 45, agility: 45, melee: 65, dodge: 55, damage: 7, toughnessBonus: 3, wounds: 13 });
  });

  it("ends every duel with the loser out (a Critical Wound past the last Wound), within the round limit", () => {
    const a = opposedDuel.fighter(view("duellist"), "A");
    const b = opposedDuel.fighter(view("wolf"), "B");
    const policies = Object.keys(OPPOSED_POLICIES);
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...policies), fc.constantFrom(...policies), (seed, pa, pb) => {
        const out = opposedDuel.duel(a, b, OPPOSED_POLICIES[pa]!, OPPOSED_POLICIES[pb]!, new SeededDice(seed), 60);
        expect(out.rounds).toBeGreaterThanOrEqual(1);
        expect(out.rounds).toBeLessThanOrEqual(60);
        if (out.winner === "a") expect(out.condition.b.endsWith("Down")).toBe(true);
        if (out.winner === "b") expect(out.condition.a.endsWith("Down")).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("the same seed plays the same duels; the duellist beats the town guard more often than not", () => {
    const request = { ruleset: "opposed" as const, a: { name: "Duellist", actor: view("duellist") }, b: { name: "Guard", actor: view("town-guard") }, n: 2000, seed: 11 };
    const first = simulateDuels(request);
    expect(first).toEqual(simulateDuels(request));
    expect(first.ok && first.value.winRateAInterval.low).toBeGreaterThan(0.5);
  });
});
