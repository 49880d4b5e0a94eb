// Seed 004_2f46e4f6196f6037.txt, [18] Damage, [18.4] magic, [18.5] Damage Bonuses, [19] Effects of Damage, [20] Weapons.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import {
  applyEffectiveDamage,
  incapacitated,
  stunTakesHold,
  damageBonus,
  mdShortfallPenalty,
  psShortfallPenalty,
  readDamage,
  resolveDamage,
  stuns,
  vitalState,
  type DamageInput,
} from "../../../../src/engine/rulesets/pulse";

const target = { endurance: 18, enduranceNow: 18, fatigueNow: 20, monster: false };
const input: DamageInput = { dieModifier: 4, modifiers: [], protection: 3, ignoreArmour: false, toEndurance: false, halved: false, target };

describe("seed 004 [18] damage goes to Fatigue first, armour first", () => {
  it("D+4 rolling 6 is 10, less protection 3 is 7 Fatigue", () => {
    const r = readDamage(6, input);
    expect(r).toMatchObject({ check: 10, effective: 7, pool: "fatigue", fatigueNow: 13, enduranceNow: 18 });
  });
  it("a check modified below 1 counts as 1 ([18], [20]): D-4 rolling 2 is 1", () => {
    expect(readDamage(2, { ...input, dieModifier: -4, protection: 0 }).check).toBe(1);
  });
  it("once Fatigue is 0 Endurance takes it; one attack never reduces both", () => {
    const r = readDamage(10, { ...input, target: { ...target, fatigueNow: 2 } });
    expect(r).toMatchObject({ effective: 11, pool: "fatigue", fatigueNow: 0, enduranceNow: 18 });
    const s = readDamage(10, { ...input, target: { ...target, fatigueNow: 0 } });
    expect(s).toMatchObject({ effective: 11, pool: "endurance", fatigueNow: 0, enduranceNow: 7 });
  });
  it("a strike at or under 15% goes to Endurance through armour", () => {
    const r = readDamage(6, { ...input, ignoreArmour: true, toEndurance: true });
    expect(r).toMatchObject({ effective: 10, pool: "endurance", enduranceNow: 8, fatigueNow: 20 });
  });
  it("[18.4] a resisted breath weapon is halved, rounded down", () => {
    expect(readDamage(9, { ...input, dieModifier: 0, ignoreArmour: true, halved: true }).effective).toBe(4);
  });
});

describe("seed 004 [19] Effects of Damage", () => {
  it("Endurance 0 is dead, 3 or less unconscious, 4 fine", () => {
    expect(vitalState(0, target)).toBe("dead");
    expect(vitalState(3, target)).toBe("unconscious");
    expect(vitalState(4, target)).toBe("fine");
  });
  it("monsters with starting EN 5 or less stay conscious; with 6 they do not", () => {
    expect(vitalState(2, { endurance: 5, monster: true })).toBe("fine");
    expect(vitalState(2, { endurance: 6, monster: true })).toBe("unconscious");
    expect(vitalState(2, { endurance: 5, monster: false })).toBe("unconscious");
  });
  it("stun when one attack does more than a third of starting EN: 18 -> 7 stuns, 6 does not", () => {
    expect(stuns(7, 18)).toBe(true);
    expect(stuns(6, 18)).toBe(false);
    expect(stuns(6, 17)).toBe(true);
  });
  it("stun counts Fatigue damage too", () => {
    expect(applyEffectiveDamage(7, target, false)).toMatchObject({ pool: "fatigue", stun: true, state: "fine" });
  });
  it("property: pools never go negative and only one pool ever drops", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: -9, max: 20 }),
        fc.integer({ min: 0, max: 15 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        (roll, mod, protection, en, enNow, ftNow, through) => {
          const t = { endurance: en, enduranceNow: Math.min(en, enNow), fatigueNow: ftNow, monster: false };
          const r = readDamage(roll, { ...input, dieModifier: mod, protection, ignoreArmour: through, toEndurance: through, target: t });
          expect(r.check).toBeGreaterThanOrEqual(1);
          expect(r.fatigueNow).toBeGreaterThanOrEqual(0);
          expect(r.enduranceNow).toBeGreaterThanOrEqual(0);
          expect(r.fatigueNow < t.fatigueNow && r.enduranceNow < t.enduranceNow).toBe(false);
        },
      ),
    );
  });
  it("resolveDamage rolls one D10 and emits events", () => {
    const out = resolveDamage({ ...input, target: { ...target, fatigueNow: 0, enduranceNow: 9 } }, new FixedDice({ 10: [9] }));
    expect(out.ok && out.value.result).toMatchObject({ effective: 10, enduranceNow: 0, state: "dead", stun: true });
    expect(out.ok && out.value.events.map((e) => e.type)).toEqual(["DamageEndurance", "Stunned", "Dead"]);
  });
  it("refuses negative protection", () => {
    const out = resolveDamage({ ...input, protection: -1 }, new FixedDice({ 10: [9] }));
    expect(!out.ok && out.refusal.code).toBe("pulse.outOfRange");
  });
});

describe("seed 004 [20] weapons below the wielder's minimums", () => {
  it("-1 damage per PS point short, -5% base chance per MD point short", () => {
    expect(psShortfallPenalty(12, 15)).toBe(3);
    expect(psShortfallPenalty(16, 15)).toBe(0);
    expect(mdShortfallPenalty(10, 13)).toBe(15);
    expect(mdShortfallPenalty(14, 13)).toBe(0);
  });
});

describe("seed 004 [18.5] optional damage bonuses", () => {
  it("strength: +1 per 5 PS over the minimum, 6% breakage each; none for missiles", () => {
    expect(damageBonus("strength", { ps: 24, minPS: 13, rank: 0, missileOrThrown: false })).toEqual({ bonus: 2, breakageAdded: 12 });
    expect(damageBonus("strength", { ps: 24, minPS: 13, rank: 0, missileOrThrown: true })).toEqual({ bonus: 0, breakageAdded: 0 });
  });
  it("rank: +1 per 4 ranks, no breakage", () => {
    expect(damageBonus("rank", { ps: 10, minPS: 13, rank: 7, missileOrThrown: true })).toEqual({ bonus: 1, breakageAdded: 0 });
    expect(damageBonus("rank", { ps: 10, minPS: 13, rank: 8, missileOrThrown: false })).toEqual({ bonus: 2, breakageAdded: 0 });
  });
});

describe("seed 004 [17.5] and [19]: who is out of the fight", () => {
  it("[17.5] incapacitated: Endurance spent, or out of the fight by a condition; a figure at 2 Endurance not yet marked still defends", () => {
    expect([incapacitated(0, false), incapacitated(-3, false), incapacitated(2, true), incapacitated(2, false)]).toEqual([true, true, true, false]);
  });
  it("[19] a stun takes hold only on a figure the blow left alive", () => {
    expect([stunTakesHold({ stun: true, state: "fine" }), stunTakesHold({ stun: true, state: "unconscious" }), stunTakesHold({ stun: true, state: "dead" }), stunTakesHold({ stun: false, state: "fine" })]).toEqual([true, true, false, false]);
  });
});
