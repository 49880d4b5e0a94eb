// Seed 004_2f46e4f6196f6037.txt, [17] Strike Check, [18]-[19] damage and stun: exact odds, checked against
// resolving every face of the dice with FixedDice (an independent path through the rules).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { attackOdds, checkOdds, damageOdds, infectionHealOdds, resolveAttack, resolveStrike, strikeOdds, type AttackInput, type DamageInput } from "../../../../src/engine/rulesets/pulse";

describe("seed 004 [17]/[18] strike odds", () => {
  it("modSC 60: hit 60%, through armour 9%, grievous 3%, parry opens on 91-100 when evading, risk 2%", () => {
    const o = strikeOdds([{ key: "x", value: 60 }], true);
    expect(o).toEqual({ modSC: 60, hit: 0.6, throughArmour: 0.09, grievous: 0.03, parryOpen: 0.1, weaponRisk: 0.02 });
  });
  it("property: the odds equal the count of faces resolveStrike grades alike", () => {
    fc.assert(
      fc.property(fc.integer({ min: -20, max: 130 }), fc.boolean(), (sc, evading) => {
        const o = strikeOdds([{ key: "x", value: sc }], evading);
        let hit = 0;
        let parry = 0;
        let grievous = 0;
        for (let roll = 1; roll <= 100; roll++) {
          const out = resolveStrike(
            { attack: "normal", baseChance: sc, modMD: 0, ranked: false, rank: 0, defense: 0, charging: false, withdrawingOffensively: false, modifiers: [], evading },
            new FixedDice({ 100: [roll] }),
          );
          if (!out.ok) throw new Error("refused");
          if (out.value.result.hit) hit++;
          if (out.value.result.parryOpen) parry++;
          if (out.value.result.grievous) grievous++;
        }
        expect(o.hit).toBe(hit / 100);
        expect(o.parryOpen).toBe(parry / 100);
        expect(o.grievous).toBe(grievous / 100);
        expect(o.hit).toBe(Math.min(100, Math.max(0, sc)) / 100);
      }),
      { numRuns: 60 },
    );
  });
});

describe("seed 004 [18]-[19] damage odds", () => {
  const input: DamageInput = { dieModifier: 2, modifiers: [], protection: 3, ignoreArmour: false, toEndurance: false, halved: false, target: { endurance: 15, enduranceNow: 15, fatigueNow: 0, monster: false } };
  it("D+2 less 3: effective 0..9 each 10%, stun (>5) 40%", () => {
    const o = damageOdds(input);
    expect([...o.effective.keys()]).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(o.stun).toBe(0.4);
    // Endurance 15 - 9 = 6: nobody falls.
    expect(o.unconscious).toBe(0);
  });
  it("probabilities add up to 1", () => {
    const o = damageOdds({ ...input, dieModifier: -4 });
    expect([...o.effective.values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // D-4 reads 1 on rolls 1-5 and 2, 3 on 6, 7; armour 3 stops all of those.
    expect(o.effective.get(0)).toBe(0.7);
  });
});

describe("whole-attack odds agree with resolving every strike and damage face", () => {
  it("hit, stun and down chances", () => {
    const strike = [{ key: "x", value: 45 }];
    const target = { endurance: 12, enduranceNow: 7, fatigueNow: 0, monster: false };
    const damage = { dieModifier: 3, modifiers: [], protection: 4, halved: false, target };
    const o = attackOdds(strike, damage);
    let hit = 0;
    let stun = 0;
    let down = 0;
    const base: AttackInput = {
      attack: "normal",
      baseChance: 45,
      modMD: 0,
      ranked: false,
      rank: 0,
      defense: 0,
      charging: false,
      withdrawingOffensively: false,
      modifiers: [],
      context: { weapon: { use: "melee", canTrip: false, canKnockout: true, closeRated: false }, targetHumanOrSmaller: true, unarmedRank: 0, shieldCanRush: false, inMelee: true, grappling: false },
      attacker: { modMD: 10, weaponRank: 0 },
      defender: { ...target, modAG: 10, modMD: 10, evading: false, parryRank: null, protection: 4 },
      dieModifier: 3,
      damageModifiers: [],
    };
    for (let roll = 1; roll <= 100; roll++) {
      for (let d = 1; d <= 10; d++) {
        const out = resolveAttack(base, new FixedDice({ 100: [roll, 1], 10: [d] }));
        if (!out.ok) throw new Error("refused");
        const r = out.value.result;
        if (r.strike.hit) hit++;
        if (r.damage?.stun) stun++;
        if (r.damage && r.damage.state !== "fine") down++;
      }
    }
    expect(o).toEqual({ hit: hit / 1000, stun: stun / 1000, down: down / 1000 });
    expect(o.hit).toBe(0.45);
  });
  it("check odds and infection healing odds", () => {
    expect(checkOdds(42)).toBe(0.42);
    expect(checkOdds(130)).toBe(1);
    expect(checkOdds(-5)).toBe(0);
    expect(infectionHealOdds(16)).toBe(0.15);
  });
});
