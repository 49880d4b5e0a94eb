// Whole pulse duels (issue 10 "Duel simulator"; seed 004_2f46e4f6196f6037.txt
// [12.3] order by IV, [17] the Strike Check, [18] damage, [19] stun and its
// recovery, unconsciousness and death).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actorViewFromSource, PULSE_POLICIES, pulseDuel, simulateDuels } from "../../../src/engine/duel";
import { SeededDice } from "../../../src/engine/dice";
import type { ActorView } from "../../../src/engine/rulesets/ruleset";
import { packSource } from "../../pack-sources";

const npc = (slug: string) => packSource("npcs", slug);
const view = (slug: string) => actorViewFromSource(npc(slug), "pulse");

describe("pulse duels", () => {
  it("builds a fighter with IV = modAG + PC + rank and the melee weapon in hand [12.3]", () => {
    const source = npc("duellist");
    const f = pulseDuel.fighter(view("duellist"), "Duellist");
    expect(f.weapon.use).not.toBe("missile");
    expect(f.iv).toBe(f.modAG + source.system.pulse.pc + f.weapon.rank);
  });

  it("a wolf with no weapon fights with bare hands: D-4 [21]", () => {
    const bare = pulseDuel.fighter({ stats: { ag: 15, ps: 15, md: 15, pc: 10, wp: 10, endurance: 15, enduranceNow: 15, fatigue: 20, fatigueNow: 20, monster: false, stuckPenalty: 0 } as never, weapons: [], armor: [], shields: [], maneuvers: [], skills: [] }, "Brawler");
    expect(bare.weapon).toMatchObject({ use: "unarmed", damage: -4 });
  });

  it("ends every duel with the loser unconscious or dead, within the pulse limit", () => {
    const a = pulseDuel.fighter(view("duellist"), "A");
    const b = pulseDuel.fighter(view("bandit"), "B");
    const policies = Object.keys(PULSE_POLICIES);
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...policies), fc.constantFrom(...policies), (seed, pa, pb) => {
        const out = pulseDuel.duel(a, b, PULSE_POLICIES[pa]!, PULSE_POLICIES[pb]!, new SeededDice(seed), 80);
        expect(out.rounds).toBeGreaterThanOrEqual(1);
        expect(out.rounds).toBeLessThanOrEqual(80);
        const fallen = (c: string) => c.endsWith("Down") || c.endsWith("Dead");
        if (out.winner === "a") expect(fallen(out.condition.b)).toBe(true);
        if (out.winner === "b") expect(fallen(out.condition.a)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("the same seed plays the same duels", () => {
    const request = { ruleset: "pulse" as const, a: { name: "Duellist", actor: view("duellist") }, b: { name: "Guard", actor: view("town-guard") }, n: 1000, seed: 2 };
    const first = simulateDuels(request);
    expect(first.ok).toBe(true);
    expect(first).toEqual(simulateDuels(request));
  });
});

describe("pulse duels: figures the rules refuse (issue 35: the duel checks its blows once, else blow by blow)", () => {
  // Seed 004 [17.4]: a weapon rank is 0 to 10; rank 12 is refused wherever the rules read it, and a refused blow rolls no die.
  const wild = (): ActorView => {
    const v = view("duellist");
    return { ...v, weapons: v.weapons.map((w) => ({ ...w, stats: { ...w.stats, rank: 12 } })) } as ActorView;
  };

  it("the fighter with rank 12 never strikes; evading, he is never struck while he can parry, and the duel runs out of time", () => {
    const a = pulseDuel.fighter(wild(), "A");
    const b = pulseDuel.fighter(view("town-guard"), "B");
    const evade = PULSE_POLICIES["evade-and-parry"]!;
    const out = pulseDuel.duel(a, b, evade, evade, new SeededDice(5), 30);
    expect(out).toEqual({ winner: "draw", rounds: 30, condition: { a: "BOUT.Duel.Condition.Unhurt", b: "BOUT.Duel.Condition.Unhurt" } });
  });

  it("standing fast (no parry to refuse), he is struck down while his own blows are refused", () => {
    const a = pulseDuel.fighter(wild(), "A");
    const b = pulseDuel.fighter(view("town-guard"), "B");
    const dice = new SeededDice(5);
    const out = pulseDuel.duel(a, b, PULSE_POLICIES["stand-fast"]!, PULSE_POLICIES["evade-and-parry"]!, dice, 200);
    // Pinned from the duel as it was before issue 35's change (resolveAttack per blow), with the dice it left.
    expect(out).toEqual({ winner: "b", rounds: 25, condition: { a: "BOUT.Duel.Condition.Dead", b: "BOUT.Duel.Condition.Unhurt" } });
    expect(dice.nextUint32()).toBe(3878152459);
  });
});
