// Seed 004_2f46e4f6196f6037.txt, [16.5] Attack Types, [17.3] Dropping/Breaking Weapons, [17.4] Parry and Riposte,
// [18] Damage, [19] Stun: one attack resolved end to end with exact dice.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { attackBaseChance, knockoutMinutes, resolveAttack, restrainBaseChance, specialAttackAllowed, type AttackInput } from "../../../../src/engine/rulesets/pulse";

const sword = { use: "melee" as const, canTrip: false, canKnockout: true, closeRated: false };
const staff = { use: "pole" as const, canTrip: true, canKnockout: true, closeRated: false };

const attack = (over: Partial<AttackInput> = {}): AttackInput => ({
  attack: "normal",
  baseChance: 55,
  modMD: 15,
  ranked: true,
  rank: 2,
  defense: 20,
  charging: false,
  withdrawingOffensively: false,
  modifiers: [],
  context: { weapon: sword, targetHumanOrSmaller: true, unarmedRank: 0, shieldCanRush: false, inMelee: true, grappling: false },
  attacker: { modMD: 15, weaponRank: 2 },
  defender: { endurance: 15, enduranceNow: 15, fatigueNow: 18, monster: false, modAG: 14, modMD: 12, evading: false, parryRank: null, protection: 4 },
  dieModifier: 4,
  damageModifiers: [],
  ...over,
});

describe("seed 004 [17]-[19] a plain strike", () => {
  // SC 55 + 15 + 8 = 78, less Defense 20 = 58.
  it("a hit of 40 against 58 does D+4 less armour to Fatigue", () => {
    const out = resolveAttack(attack(), new FixedDice({ 100: [40], 10: [5] }));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const r = out.value.result;
    expect(r.strike.modSC).toBe(58);
    expect(r.damage).toMatchObject({ roll: 5, check: 9, effective: 5, pool: "fatigue", fatigueNow: 13, stun: false });
    expect(out.value.events.map((e) => e.type)).toEqual(["StrikeHit", "DamageFatigue"]);
  });
  it("a roll of 8 (under 15% of 58 = 8.7) goes to Endurance through armour, and 9 stuns (> 15/3) with a dropped-weapon check", () => {
    const out = resolveAttack(attack(), new FixedDice({ 100: [8, 50], 10: [5] }));
    if (!out.ok) throw new Error("refused");
    const r = out.value.result;
    expect(r.damage).toMatchObject({ effective: 9, pool: "endurance", enduranceNow: 6, stun: true, state: "fine" });
    expect(r.stunDropCheck).toEqual({ roll: 50, target: 36, success: false });
    expect(out.value.events.map((e) => e.type)).toEqual(["StrikeHit", "ThroughArmour", "DamageEndurance", "Stunned", "StunDroppedWeapon"]);
  });
  it("a roll of 2 (under 5% of 58 = 2.9) is grievous", () => {
    const out = resolveAttack(attack(), new FixedDice({ 100: [2, 10], 10: [1] }));
    if (!out.ok) throw new Error("refused");
    expect(out.value.result.strike.grievous).toBe(true);
    expect(out.value.events.map((e) => e.type)).toContain("Grievous");
  });
  it("[17.3] 99: a d100 of 45 or less (3 x modMD 15) saves the weapon, 46 breaks it", () => {
    const saved = resolveAttack(attack(), new FixedDice({ 100: [99, 45] }));
    const broken = resolveAttack(attack(), new FixedDice({ 100: [99, 46] }));
    expect(saved.ok && saved.value.result.weaponCheck).toEqual({ roll: 45, target: 45, success: true });
    expect(broken.ok && broken.value.events.map((e) => e.type)).toEqual(["StrikeMiss", "WeaponMayBreak", "WeaponBroken"]);
  });
  it("[18.5] a strength damage bonus of +2 adds 12 to the breakage chance: the save on a 99 falls to 45 - 12 = 33 (our reading); a 100 is not touched", () => {
    const harder = attack({ attacker: { modMD: 15, weaponRank: 2, breakageAdded: 12 } });
    const broken = resolveAttack(harder, new FixedDice({ 100: [99, 34] }));
    expect(broken.ok && broken.value.result.weaponCheck).toEqual({ roll: 34, target: 33, success: false });
    const dropped = resolveAttack(harder, new FixedDice({ 100: [100, 45] }));
    expect(dropped.ok && dropped.value.result.weaponCheck).toEqual({ roll: 45, target: 45, success: true });
  });
  it("[17.4] evading defender, roll 90 > 58 + 30: parry D10 7 + 3 - 2 = 8, disarm and free attack", () => {
    const out = resolveAttack(attack({ defender: { ...attack().defender, evading: true, parryRank: 3 } }), new FixedDice({ 100: [90], 10: [7] }));
    expect(out.ok && out.value.result.parry).toMatchObject({ total: 8, outcome: "riposte", freeAttack: true, attackerDisarmed: true });
  });
  it("[17.4] roll 88 (not more than 30 over) opens no parry", () => {
    const out = resolveAttack(attack({ defender: { ...attack().defender, evading: true, parryRank: 3 } }), new FixedDice({ 100: [88] }));
    expect(out.ok && out.value.result.parry).toBe(null);
  });
});

describe("seed 004 [16.5] attack types", () => {
  it("Trip with a staff: base 40 + 15 + 8 - 20 = 43; D10 damage; the target falls unless d100 <= 3 x modAG", () => {
    const out = resolveAttack(attack({ attack: "trip", dieModifier: 6, context: { ...attack().context, weapon: staff } }), new FixedDice({ 100: [30, 43], 10: [6] }));
    if (!out.ok) throw new Error("refused");
    const r = out.value.result;
    expect(r.strike.modSC).toBe(43);
    expect(r.damage).toMatchObject({ check: 6, effective: 2 });
    expect(r.fall).toEqual({ roll: 43, target: 42, success: false });
  });
  it("Trip is refused for a sword, and for a target larger than a man", () => {
    expect(resolveAttack(attack({ attack: "trip" }), new FixedDice([])).ok).toBe(false);
    const big = resolveAttack(attack({ attack: "trip", context: { ...attack().context, weapon: staff, targetHumanOrSmaller: false } }), new FixedDice([]));
    expect(!big.ok && big.refusal.code).toBe("pulse.targetTooLarge");
  });
  it("[21] bare-handed trips need Unarmed Combat rank 3", () => {
    const hands = { use: "unarmed" as const, canTrip: false, canKnockout: true, closeRated: true };
    const ctx = { kind: "trip" as const, weapon: hands, targetHumanOrSmaller: true, shieldCanRush: false, inMelee: true, grappling: false };
    expect(specialAttackAllowed({ ...ctx, unarmedRank: 2 }).ok).toBe(false);
    expect(specialAttackAllowed({ ...ctx, unarmedRank: 3 }).ok).toBe(true);
  });
  it("Knockout: -15, no damage, out for D10 + 5 minutes", () => {
    const out = resolveAttack(attack({ attack: "knockout" }), new FixedDice({ 100: [20], 10: [4] }));
    if (!out.ok) throw new Error("refused");
    expect(out.value.result.strike.modSC).toBe(43);
    expect(out.value.result.damage).toBe(null);
    expect(out.value.result.knockoutMinutes).toBe(9);
    expect(knockoutMinutes(10)).toBe(15);
  });
  it("Knockout with the minutes kept for the GM's secret roll: no d10 is drawn and the event names no time", () => {
    const out = resolveAttack(attack({ attack: "knockout", secretKnockout: true }), new FixedDice({ 100: [20] }));
    if (!out.ok) throw new Error("refused");
    expect(out.value.result.knockoutMinutes).toBeNull();
    expect(out.value.events.at(-1)).toMatchObject({ type: "KnockedOutSecret", data: {} });
  });
  it("Knockout is barred for missile weapons and lances", () => {
    const bow = { use: "missile" as const, canTrip: false, canKnockout: true, closeRated: false };
    const lance = { use: "pole" as const, canTrip: false, canKnockout: false, closeRated: false };
    expect(resolveAttack(attack({ attack: "knockout", context: { ...attack().context, weapon: bow } }), new FixedDice([])).ok).toBe(false);
    expect(resolveAttack(attack({ attack: "knockout", context: { ...attack().context, weapon: lance } }), new FixedDice([])).ok).toBe(false);
  });
  it("Disarm: -20, exactly 1 Endurance damage, the target drops an item", () => {
    const out = resolveAttack(attack({ attack: "disarm" }), new FixedDice({ 100: [30] }));
    if (!out.ok) throw new Error("refused");
    expect(out.value.result.strike.modSC).toBe(38);
    expect(out.value.result.damage).toMatchObject({ effective: 1, pool: "endurance", enduranceNow: 14 });
    expect(out.value.result.disarmed).toBe(true);
  });
  it("Shield Rush: base 40, +20 charging, unranked, D-2, fall check", () => {
    const ctx = { ...attack().context, weapon: null, shieldCanRush: true };
    const out = resolveAttack(attack({ attack: "shieldRush", charging: true, context: ctx }), new FixedDice({ 100: [40, 10], 10: [9] }));
    if (!out.ok) throw new Error("refused");
    expect(out.value.result.strike.modSC).toBe(40);
    expect(out.value.result.damage).toMatchObject({ check: 7, effective: 3 });
    expect(out.value.result.fall!.success).toBe(true);
    expect(resolveAttack(attack({ attack: "shieldRush", context: { ...ctx, shieldCanRush: false } }), new FixedDice([])).ok).toBe(false);
  });
  it("[16.5] a Restrain's base chance stands in for the weapon's 55: PS 18 + modAG 14 against 12 + 10 is 30; any other kind keeps the weapon's 55", () => {
    const wrestlers = { attackers: [{ ps: 18, modAG: 14 }], target: { ps: 12, modAG: 10 } };
    expect([attackBaseChance("restrain", 55, wrestlers), attackBaseChance("normal", 55, wrestlers), attackBaseChance("knockout", 55, wrestlers)]).toEqual([30, 55, 55]);
  });
  it("Entangle: only nets, whips, bolas; weapon base; D-4", () => {
    const net = { use: "entangling" as const, canTrip: false, canKnockout: false, closeRated: false };
    const out = resolveAttack(attack({ attack: "entangle", context: { ...attack().context, weapon: net } }), new FixedDice({ 100: [10, 90], 10: [10] }));
    if (!out.ok) throw new Error("refused");
    expect(out.value.result.damage!.check).toBe(6);
    expect(out.value.result.fall!.success).toBe(false);
    expect(resolveAttack(attack({ attack: "entangle" }), new FixedDice([])).ok).toBe(false);
  });
  it("Restrain: ((PS + modAG) - (PS + modAG)) x 3, helpers combine; no damage; only while grappling", () => {
    expect(restrainBaseChance([{ ps: 18, modAG: 14 }], { ps: 12, modAG: 10 })).toBe(30);
    expect(restrainBaseChance([{ ps: 18, modAG: 14 }, { ps: 10, modAG: 10 }], { ps: 20, modAG: 15 })).toBe(51);
    const ctx = { ...attack().context, grappling: true };
    const out = resolveAttack(attack({ attack: "restrain", baseChance: 30, defense: 0, context: ctx }), new FixedDice({ 100: [30] }));
    if (!out.ok) throw new Error("refused");
    expect(out.value.result.strike.modSC).toBe(30);
    expect(out.value.result.restrained).toBe(true);
    expect(out.value.result.damage).toBe(null);
    expect(resolveAttack(attack({ attack: "restrain" }), new FixedDice([])).ok).toBe(false);
  });
});
