// Seed 004_2f46e4f6196f6037.txt: [18] Grievous Injury, [18.4] Magical Attack Damage, [18.5] bonuses, [20] PS minimum,
// [21] unarmed damage; and the shell's replay path (resolveWithSupply) resolving an attack exactly once.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice, SeededDice, resolveWithSupply } from "../../../../src/engine/dice";
import { applyGrievous, resolveAttack, resolveMagicAttack, resolveMagicDamage, sumTerms, weaponDamageTerms, type AttackInput } from "../../../../src/engine/rulesets/pulse";

describe("seed 004 [20]/[21]/[18.5] damage terms for a wielder", () => {
  it("PS 12 with a minimum of 15: -3", () => {
    expect(weaponDamageTerms({ use: "melee", minPS: 15, rank: 0 }, { ps: 12 })).toEqual([{ key: "BOUT.Pulse.Term.PSShortfall", value: -3 }]);
  });
  it("bare hands at PS 21: +2; with the rank bonus at rank 8: +2 more", () => {
    expect(sumTerms(weaponDamageTerms({ use: "unarmed", minPS: 0, rank: 8 }, { ps: 21 }))).toBe(2);
    expect(sumTerms(weaponDamageTerms({ use: "unarmed", minPS: 0, rank: 8 }, { ps: 21 }, "rank"))).toBe(4);
  });
  it("strength bonus: PS 25 over minimum 14 gives +2", () => {
    expect(sumTerms(weaponDamageTerms({ use: "melee", minPS: 14, rank: 0 }, { ps: 25 }, "strength"))).toBe(2);
  });
});

describe("seed 004 [18.4] magic ignores armour; resisted breath is halved", () => {
  const target = { endurance: 15, enduranceNow: 15, fatigueNow: 12, monster: false };
  it("D+3 rolling 8 is 11 Fatigue; resisted, 5", () => {
    const full = resolveMagicDamage({ dieModifier: 3, modifiers: [], resisted: false, target }, new FixedDice({ 10: [8] }));
    const half = resolveMagicDamage({ dieModifier: 3, modifiers: [], resisted: true, target }, new FixedDice({ 10: [8] }));
    expect(full.ok && full.value.result.effective).toBe(11);
    expect(half.ok && half.value.result.effective).toBe(5);
  });
});

describe("seed 004 [18] grievous injury: armour -2 or a broken shield, at the defender's choice", () => {
  it("records the hit on the armour, or breaks the shield", () => {
    const armor = { protection: 4, agPenalty: 1, mdPenalty: 0, tmrPenalty: 0, grievousDamage: 0 };
    expect(applyGrievous({ kind: "armor", armor })).toEqual({ kind: "armor", armor: { ...armor, grievousDamage: 1 } });
    expect(applyGrievous({ kind: "shield", shield: { defense: 5, canRush: true, broken: false } })).toEqual({ kind: "shield", shield: { defense: 5, canRush: true, broken: true } });
  });
});

describe("the shell's replay: an attack resolved through resolveWithSupply equals the same dice rolled directly", () => {
  const input: AttackInput = {
    attack: "normal",
    baseChance: 50,
    modMD: 14,
    ranked: true,
    rank: 2,
    defense: 15,
    charging: false,
    withdrawingOffensively: false,
    modifiers: [],
    context: { weapon: { use: "melee", canTrip: false, canKnockout: true, closeRated: false }, targetHumanOrSmaller: true, unarmedRank: 0, shieldCanRush: false, inMelee: true, grappling: false },
    attacker: { modMD: 14, weaponRank: 2 },
    defender: { endurance: 12, enduranceNow: 12, fatigueNow: 3, monster: false, modAG: 12, modMD: 12, evading: true, parryRank: 1, protection: 2 },
    dieModifier: 5,
    damageModifiers: [],
  };
  it("property: same result, and the tape holds exactly the dice used", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer(), async (seed) => {
        const supply = new SeededDice(seed);
        const { value, tape } = await resolveWithSupply((dice) => resolveAttack(input, dice), (faces, count) => supply.roll(faces, count));
        const replay = resolveAttack(input, new FixedDice(tape.consumed()));
        expect(replay).toEqual(value);
        expect(Object.keys(tape.unused())).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

describe("seed 004 [18.4] magic and breath damage through the table's card", () => {
  const target = { endurance: 30, enduranceNow: 30, fatigueNow: 20, monster: false, modMD: 12 };
  it("a spell of D+2: D10 7 + 2 = 9 through any armour, from Fatigue; no resistance roll", () => {
    const out = resolveMagicAttack({ kind: "spell", dieModifier: 2, modifiers: [], resistChance: 0, target }, new FixedDice({ 10: [7] }));
    if (!out.ok) throw new Error("refused");
    expect([out.value.result.resist, out.value.result.damage.effective, out.value.result.damage.fatigueNow]).toEqual([null, 9, 11]);
  });
  it("a breath of D+5 resisted (30 against 40): 10 + 5 = 15 halved to 7; unresisted (41) all 15, more than a third of 30: a stun", () => {
    const resisted = resolveMagicAttack({ kind: "breath", dieModifier: 5, modifiers: [], resistChance: 40, target }, new FixedDice({ 100: [30], 10: [10] }));
    if (!resisted.ok) throw new Error("refused");
    expect([resisted.value.result.resist?.success, resisted.value.result.damage.effective]).toEqual([true, 7]);
    expect(resisted.value.events[0]).toMatchObject({ type: "ResistPassed", data: { roll: 30, target: 40 } });
    // 15 of 30 starting Endurance is more than a third: a stun, and the dropped-weapon check (3 x modMD 12 = 36).
    const full = resolveMagicAttack({ kind: "breath", dieModifier: 5, modifiers: [], resistChance: 40, target }, new FixedDice({ 100: [41, 50], 10: [10] }));
    if (!full.ok) throw new Error("refused");
    expect([full.value.result.damage.effective, full.value.result.damage.stun, full.value.result.stunDropCheck?.success]).toEqual([15, true, false]);
  });
  it("a resistance chance that is not a whole percentage is refused", () => {
    expect(resolveMagicAttack({ kind: "breath", dieModifier: 0, modifiers: [], resistChance: 140, target }, new FixedDice([])).ok).toBe(false);
  });
});
