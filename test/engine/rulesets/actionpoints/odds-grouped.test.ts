// Seed 002_e3c6bc76ba013433.txt, sections IV-VI (passive and active defences, Combat
// Advantages): the exact odds an attack dialog shows. Issue 23: attackOdds now
// classifies one defence roll per result level, weighted by how many of the 100
// rolls reach it; here it must give exactly the fractions that classifying all
// 10,000 pairs of rolls gives, for every defence, critical rule and figures.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AP_CRITICAL_RULES, attackOdds, classifyAttack, DEFENCES, type AttackInput, type AttackOutcome } from "../../../../src/engine/rulesets/actionpoints";

/** Every pair of rolls classified, counted in whole numbers, divided once. */
function bruteForce(input: AttackInput) {
  const counts: Record<AttackOutcome, number> = { missed: 0, avoided: 0, partial: 0, hit: 0 };
  let advantage = 0;
  let criticalHit = 0;
  const defenceRolls = input.defender.defence === "none" ? [null] : Array.from({ length: 100 }, (_, i) => i + 1);
  for (const dr of defenceRolls)
    for (let ar = 1; ar <= 100; ar++) {
      const c = classifyAttack(input, dr, ar);
      counts[c.outcome]++;
      if (c.advantage) advantage++;
      if ((c.outcome === "hit" || c.outcome === "partial") && c.criticalCounts) criticalHit++;
    }
  const n = defenceRolls.length * 100;
  return {
    outcomes: { missed: counts.missed / n, avoided: counts.avoided / n, partial: counts.partial / n, hit: counts.hit / n },
    advantage: advantage / n,
    criticalHit: criticalHit / n,
  };
}

const inputs = fc.record({
  defence: fc.constantFrom(...DEFENCES),
  rule: fc.constantFrom(...Object.values(AP_CRITICAL_RULES)),
  tsc: fc.integer({ min: -10, max: 130 }),
  psf: fc.integer({ min: 0, max: 40 }),
  modifier: fc.integer({ min: -30, max: 30 }),
  defenceTsc: fc.integer({ min: -10, max: 130 }),
  defencePsf: fc.integer({ min: 0, max: 40 }),
  weaponSize: fc.integer({ min: 1, max: 6 }),
  parryWeaponSize: fc.integer({ min: 1, max: 6 }),
  blockBonus: fc.integer({ min: 0, max: 20 }),
  kneeling: fc.boolean(),
  weight: fc.constantFrom("light" as const, "medium" as const, "heavy" as const),
  critThroughBlock: fc.constantFrom("normal" as const, "critical" as const),
});

type Figures = typeof inputs extends fc.Arbitrary<infer T> ? T : never;

function attack(f: Figures): AttackInput {
  const shielded = f.defence === "passiveShield" || f.defence === "activeShield";
  return {
    attacker: { id: "a", tsc: f.tsc, psf: f.psf, modifier: f.modifier, baseDamage: 6, strengthBonus: 6, attackerBonus: 1, weaponSize: f.weaponSize },
    defender: {
      id: "d",
      defence: f.defence,
      tsc: f.defenceTsc,
      psf: f.defencePsf,
      shield: shielded ? { absorption: 4, blockBonus: f.blockBonus, penetrations: 0 } : null,
      armour: { absorption: 3, weight: f.weight, failed: false },
      parryWeaponSize: f.parryWeaponSize,
      kneeling: f.kneeling,
      fatigueNow: 20,
      bodyNow: 12,
      con: 12,
    },
    rule: f.rule,
    critThroughBlock: f.critThroughBlock,
  };
}

describe("seed 002 odds: grouped by the defence's result level, exactly the 10,000-pair odds", () => {
  it("an active parry at TSC 60 against 50 (the benchmark's attack)", () => {
    const i: AttackInput = {
      attacker: { id: "a", tsc: 60, psf: 20, baseDamage: 6, strengthBonus: 6, attackerBonus: 1, weaponSize: 4 },
      defender: { id: "d", defence: "activeParry", tsc: 50, psf: 16, shield: null, armour: { absorption: 3, weight: "light", failed: false }, parryWeaponSize: 3, kneeling: false, fatigueNow: 1000, bodyNow: 1000, con: 12 },
    };
    const odds = attackOdds(i);
    expect(odds).toEqual(bruteForce(i));
    // Not a degenerate case: the blow may land, miss or be partly parried (a lighter parrying weapon).
    expect(odds.outcomes.hit).toBeGreaterThan(0);
    expect(odds.outcomes.missed).toBeGreaterThan(0);
    expect(odds.outcomes.partial).toBeGreaterThan(0);
    expect(odds.advantage).toBeGreaterThan(0);
  });

  it("every defence, critical rule and set of figures", () => {
    fc.assert(fc.property(inputs, (f) => void expect(attackOdds(attack(f))).toEqual(bruteForce(attack(f)))), { numRuns: 150 });
  });
});
