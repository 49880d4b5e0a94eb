// Seed 002 (shared/seeds/002_e3c6bc76ba013433.txt): II (an action's Action
// Points; Table 7.2, the cost of an attack, is named but not printed, so ours),
// V.a.ii ("Strength Bonus (STR/4 for Light Weapons; STR/2 for all other)") and
// VI.a ("Shield Bash – ... the defender may roll against his TSC% in Shield Play
// to deliver a blow"; its damage is ours).
import { describe, expect, it } from "vitest";
import { attackCostOf, isMissileSkill, parryWeaponOf, shieldBashBlow } from "../../../../src/engine/rulesets/actionpoints";

const SEED = "seed 002_e3c6bc76ba013433.txt";

describe(`${SEED}, II: what one attack with a weapon costs`, () => {
  it("the weapon's own 8 AP; a weapon that says nothing costs our 6; never less than 1", () => {
    expect(attackCostOf({ attackCost: 8 })).toBe(8);
    expect(attackCostOf({})).toBe(6);
    expect(attackCostOf(null)).toBe(6);
    expect(attackCostOf({ attackCost: 0 })).toBe(1);
    expect(attackCostOf({ attackCost: "x" })).toBe(6);
  });
});

describe(`${SEED}, IV: a missile weapon makes no melee blow`, () => {
  it("bow, Sling and crossbow shoot; sword does not", () => {
    expect([isMissileSkill("bow"), isMissileSkill("Sling"), isMissileSkill("crossbow"), isMissileSkill("Sword"), isMissileSkill(undefined)]).toEqual([true, true, true, false, false]);
  });
});

describe(`${SEED}, VI.a: the shield bash's blow`, () => {
  it("Bran (STR 14, Shield Play 45/10) bashes for the world's 3 with STR/4 = 3, no attacker's bonus, weight 1", () => {
    expect(shieldBashBlow({ id: "bran", tsc: 45, psf: 10, str: 14 }, 3)).toEqual({ id: "bran", tsc: 45, psf: 10, baseDamage: 3, strengthBonus: 3, attackerBonus: 0, weaponSize: 1 });
  });
});

describe(`${SEED}, IV.b.ii, IV.c.ii: "the weapon wielded" for a parry`, () => {
  it("a longbow in hand parries nothing; the arming sword beside it does; a sheathed sword does not", () => {
    const bow = { id: "bow", equipped: true, stats: { skill: "Bow" } };
    const sword = { id: "sword", equipped: true, stats: { skill: "Sword" } };
    expect(parryWeaponOf([bow])).toBeNull();
    expect(parryWeaponOf([bow, sword])?.id).toBe("sword");
    expect(parryWeaponOf([bow, { ...sword, equipped: false }])).toBeNull();
  });
});
