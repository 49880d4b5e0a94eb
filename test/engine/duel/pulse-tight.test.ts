// The benchmark's tight loop (bench/pulse-tight.ts) plays the engine's pulse duels
// exactly: same winner, same number of pulses, same conditions, and the seeded
// source left at the same place after every duel (so it drew the same dice) —
// otherwise issue 35's ratio of the two would compare different work. Seed 004
// [12.3] order by IV, [17] the Strike Check and [17.4] parry, [17.3] the weapon at
// 99/100, [18] damage through armour or not, [19] stun, recovery, unconsciousness, death.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tightFighter, tightOutcome, tightPulseDuel, tightPulseDuels } from "../../../bench/pulse-tight";
import { SeededDice } from "../../../src/engine/dice";
import { actorViewFromSource, PULSE_POLICIES, pulseDuel, simulateDuels } from "../../../src/engine/duel";
import type { ActorView } from "../../../src/engine/rulesets/ruleset";
import { packSources } from "../../pack-sources";

const WINNERS = ["a", "b", "draw"] as const;
const CONDITIONS = pulseDuel.conditions;
const npcs = packSources("npcs").map((s) => ({ name: s.name as string, view: actorViewFromSource(s, "pulse") }));
const policies = Object.keys(PULSE_POLICIES);

/** Plays one duel both ways from the same seed and checks the outcomes and the dice left. */
function agree(va: ActorView, vb: ActorView, pa: string, pb: string, seed: number, maxRounds: number): void {
  const fa = pulseDuel.fighter(va, "A");
  const fb = pulseDuel.fighter(vb, "B");
  const engineDice = new SeededDice(seed);
  const tightDice = new SeededDice(seed);
  for (let i = 0; i < 3; i++) {
    const out = pulseDuel.duel(fa, fb, PULSE_POLICIES[pa]!, PULSE_POLICIES[pb]!, engineDice, maxRounds);
    tightPulseDuel(tightFighter(fa, PULSE_POLICIES[pa]!), tightFighter(fb, PULSE_POLICIES[pb]!), tightDice, maxRounds);
    expect({ winner: WINNERS[tightOutcome[0]!], rounds: tightOutcome[1], a: CONDITIONS[tightOutcome[2]!], b: CONDITIONS[tightOutcome[3]!] }).toEqual({
      winner: out.winner,
      rounds: out.rounds,
      a: out.condition.a,
      b: out.condition.b,
    });
    expect(tightDice.nextUint32()).toBe(engineDice.nextUint32());
  }
}

/** A made-up fighter within the sheet's limits (pulseStats), with or without armour, shield and weapon. */
const fighterView = fc
  .record({
    ag: fc.integer({ min: 1, max: 40 }), ps: fc.integer({ min: 1, max: 40 }), md: fc.integer({ min: 1, max: 40 }), pc: fc.integer({ min: 1, max: 40 }), wp: fc.integer({ min: 1, max: 40 }),
    endurance: fc.integer({ min: 1, max: 40 }), fatigue: fc.integer({ min: 0, max: 40 }), hurt: fc.integer({ min: 0, max: 10 }), monster: fc.boolean(),
    protection: fc.option(fc.integer({ min: 0, max: 8 })), shield: fc.option(fc.integer({ min: 0, max: 15 })),
    weapon: fc.option(fc.record({ baseChance: fc.integer({ min: 0, max: 100 }), damage: fc.integer({ min: -9, max: 8 }), ranked: fc.boolean(), rank: fc.integer({ min: 0, max: 10 }), minPS: fc.integer({ min: 0, max: 25 }), minMD: fc.integer({ min: 0, max: 25 }) })),
  })
  .map((r): ActorView => ({
    stats: { ag: r.ag, ps: r.ps, md: r.md, pc: r.pc, wp: r.wp, endurance: r.endurance, enduranceNow: Math.max(1, r.endurance - r.hurt), fatigue: r.fatigue, fatigueNow: Math.max(0, r.fatigue - r.hurt), monster: r.monster, stuckPenalty: 0 } as never,
    weapons: r.weapon ? [{ name: "Blade", stats: { use: "melee", weaponClass: "B", closeRated: false, twoHanded: false, range: 0, ...r.weapon } as never }] : [],
    armor: r.protection === null ? [] : [{ name: "Mail", equipped: true, stats: { protection: r.protection, agPenalty: 1, mdPenalty: 1, tmrPenalty: 0, grievousDamage: 0 } as never }],
    shields: r.shield === null ? [] : [{ name: "Shield", equipped: true, stats: { defense: r.shield, canRush: true, broken: false } as never }],
    maneuvers: [],
    skills: [],
  }) as unknown as ActorView);

describe("the tight loop of bench/pulse-tight.ts plays the engine's pulse duels", () => {
  it("every pair of shipped NPCs, both policies each, many seeds", () => {
    let duels = 0;
    for (const a of npcs) {
      for (const b of npcs) {
        for (const pa of policies) for (const pb of policies) for (let seed = 1; seed <= 8; seed++) {
          agree(a.view, b.view, pa, pb, seed * 7919 + duels, 200);
          duels++;
        }
      }
    }
    expect(duels).toBe(npcs.length * npcs.length * policies.length * policies.length * 8);
  });

  it("made-up fighters, any seed, short and long pulse limits (draws by time included)", () => {
    fc.assert(
      fc.property(fighterView, fighterView, fc.constantFrom(...policies), fc.constantFrom(...policies), fc.integer(), fc.constantFrom(1, 3, 10, 200), (va, vb, pa, pb, seed, maxRounds) => {
        agree(va, vb, pa, pb, seed, maxRounds);
      }),
      { numRuns: 400 },
    );
  });

  it("its summary of 2,000 duels is the simulator's", () => {
    const [a, b] = [npcs.find((n) => n.name === "Duellist") ?? npcs[0]!, npcs.find((n) => n.name === "Town Guard") ?? npcs[1]!];
    const engine = simulateDuels({ ruleset: "pulse", a: { name: "A", actor: a.view }, b: { name: "B", actor: b.view }, n: 2000, seed: 1 });
    if (!engine.ok) throw new Error("the simulator refused");
    const s = engine.value;
    const out = new Float64Array(13);
    const policy = PULSE_POLICIES[pulseDuel.defaultPolicy]!;
    tightPulseDuels(tightFighter(pulseDuel.fighter(a.view, "A"), policy), tightFighter(pulseDuel.fighter(b.view, "B"), policy), new SeededDice(1), 2000, 200, out);
    expect([out[0], out[1], out[2]]).toEqual([s.wins.a, s.wins.b, s.wins.draw]);
    expect(out[3]! / 2000).toBe(s.meanRounds);
    expect(out[4]).toBe(s.longest);
    expect([...out.slice(5, 9)]).toEqual(CONDITIONS.map((c) => s.conditions.a[c]));
    expect([...out.slice(9, 13)]).toEqual(CONDITIONS.map((c) => s.conditions.b[c]));
    expect(s.wins.a + s.wins.b).toBeGreaterThan(1900);
  });
});
