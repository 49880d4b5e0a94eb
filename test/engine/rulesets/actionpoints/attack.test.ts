// Seed 002_e3c6bc76ba013433.txt, sections IV-VII: attacks against no defence,
// passive and active defences, weapon weights, damage to Fatigue then Body,
// the open-ended critical die, and Combat Advantages. Exact dice throughout.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice, SeededDice } from "../../../../src/engine/dice";
import { applyDamage, attackOdds, classifyAttack, defenceSkill, defencesAvailable, parryEffect, readActionPool, resolveAdvantage, resolveAttack, strengthBonus, type AttackInput, type Defence } from "../../../../src/engine/rulesets/actionpoints";
import { exchange, value } from "./fixtures";

const input = exchange;

describe("seed 002 I: the Action Pool", () => {
  it("is 1d10 + BAP + the armour modifier", () => {
    expect(readActionPool(7, 12, -2)).toBe(17);
    expect(readActionPool(1, 0, -5)).toBe(0);
  });
});

describe("seed 002 IV.a: an undefended attack", () => {
  it("hits on a TSC roll; damage = base 6 + STR 6 + bonus 1 + crit die 4 = 17, less armour 3 = 14: Fatigue first", () => {
    const r = value(resolveAttack(input("none"), new FixedDice({ 100: [45], 10: [4] })));
    expect(r.result.outcome).toBe("hit");
    expect(r.result.damage).toMatchObject({ attackerDamage: 17, armourAbsorbs: 3, delivered: 14, toFatigue: 14, toBody: 0, fatigueNow: 6 });
  });
  it("misses on a failed roll", () => {
    expect(value(resolveAttack(input("none"), new FixedDice({ 100: [75] }))).result.outcome).toBe("missed");
  });
});

describe("seed 002 IV.b: passive defences", () => {
  it("a successful Shield Play takes half the defender's PSF (8) off the attack; 55 then fails against 52", () => {
    const c = classifyAttack(input("passiveShield"), 30, 55);
    expect([c.attack.target, c.outcome, c.advantage]).toEqual([52, "missed", false]);
  });
  it("a failed passive defence leaves a normal attack, and the shield does not absorb", () => {
    const r = value(resolveAttack(input("passiveShield"), new FixedDice({ 100: [70, 20], 10: [5] })));
    expect(r.result.damage).toMatchObject({ shieldAbsorbs: 0, attackerDamage: 18 });
  });
  it("VII.b.i.2: a passive critical failure gives the attacker +10%", () => {
    expect(classifyAttack(input("passiveParry"), 98, 65).attack.target).toBe(70);
  });
  it("VII.b.i.1: a passive critical success counts as an active success, with no Combat Advantage", () => {
    // 04 against 50 is a critical (a tenth or less); the shield then blocks a normal hit completely.
    const c = classifyAttack(input("passiveShield"), 4, 20);
    expect([c.activeSuccess, c.outcome, c.advantage]).toEqual([true, "avoided", false]);
  });
});

describe("seed 002 IV.c.i: Shield Block", () => {
  it("adds the shield's block bonus and takes off the attacker's PSF: 50 + 10 - 20 = 40", () => {
    expect(classifyAttack(input("activeShield"), 30, 30).defence?.target).toBe(40);
  });
  it("1. defence success, attack failure: unharmed and a Combat Advantage", () => {
    const c = classifyAttack(input("activeShield"), 30, 80);
    expect([c.outcome, c.advantage]).toEqual(["missed", true]);
  });
  it("2. both succeed: blocked completely", () => {
    expect(classifyAttack(input("activeShield"), 30, 40).outcome).toBe("avoided");
  });
  it("3. the attack is a critical, world setting 'critical': damage as if the block failed (the shield still absorbs), the critical's extras kept", () => {
    const r = value(resolveAttack({ ...input("activeShield"), critThroughBlock: "critical" }, new FixedDice({ 100: [30, 5, 40, 95], 10: [3, 2] })));
    // 6 + 6 + 1 + 3 = 16; shield 4, armour 3: 9; bonus die 2: 11 delivered.
    expect(r.result.outcome).toBe("hit");
    expect(r.result.damage).toMatchObject({ attackerDamage: 16, shieldAbsorbs: 4, armourAbsorbs: 3, bonus: 2, delivered: 11 });
  });
  it("a failed block still absorbs; a blow past the absorption may shatter the shield (10% per blow)", () => {
    const shield = { absorption: 4, blockBonus: 10, penetrations: 2 };
    const r = value(resolveAttack(input("activeShield", { d: { shield } }), new FixedDice({ 100: [90, 20, 25], 10: [5] })));
    expect(r.result.damage).toMatchObject({ shieldAbsorbs: 4, shieldPenetrated: true, shieldShattered: true }); // 25 <= 30
  });
});

describe("seed 002 IV.c.ii: Weapon Parry by weight", () => {
  it("same weight parries; one lighter lets the base through; two lighter, base and crit die; three lighter only on a critical parry", () => {
    expect([parryEffect(3, 3, false), parryEffect(4, 3, false), parryEffect(5, 3, false), parryEffect(6, 3, false), parryEffect(6, 3, true)]).toEqual([
      "full", "baseOnly", "baseAndCrit", "none", "full",
    ]);
  });
  it("one size lighter: only the weapon's base damage 6, less armour: 3", () => {
    const r = value(resolveAttack(input("activeParry", { d: { parryWeaponSize: 2 } }), new FixedDice({ 100: [20, 40], 10: [7] })));
    expect([r.result.outcome, r.result.damage?.attackerDamage, r.result.damage?.delivered]).toEqual(["partial", 6, 3]);
  });
});

describe("seed 002 IV.b and IV.c: which defences, and which skill each rolls", () => {
  it("shield defences need a shield, parries a weapon; Dodge and no defence are always open; shield defences roll Shield Play, parries the weapon's skill", () => {
    expect(defencesAvailable(false, false)).toEqual(["none", "dodge"]);
    expect(defencesAvailable(true, false)).toEqual(["none", "passiveShield", "activeShield", "dodge"]);
    expect(defencesAvailable(false, true)).toEqual(["none", "passiveParry", "activeParry", "dodge"]);
    expect((["none", "passiveShield", "passiveParry", "activeShield", "activeParry", "dodge"] as Defence[]).map(defenceSkill)).toEqual([null, "shieldPlay", "weapon", "shieldPlay", "weapon", "dodge"]);
  });
});

describe("seed 002 IV.c.iii: Dodge", () => {
  it("is hindered 10% in medium and 20% in heavy armour, and the attacker's PSF", () => {
    expect(classifyAttack(input("dodge", { d: { armour: { absorption: 5, weight: "heavy", failed: false } } }), 5, 50).defence?.target).toBe(10);
  });
  it("a success avoids the attack; a Combat Advantage only when it beats the attack's level (section VI)", () => {
    const dodgeVsMiss = classifyAttack(input("dodge"), 20, 90);
    const dodgeVsHit = classifyAttack(input("dodge"), 20, 40);
    expect([dodgeVsMiss.advantage, dodgeVsHit.outcome, dodgeVsHit.advantage]).toEqual([true, "avoided", false]);
  });
  it("VII.b.ii.2.c: a critical failure makes the defender roll to stay standing", () => {
    expect(classifyAttack(input("dodge"), 99, 40).defenderFumble).toBe("kneel");
  });
});

describe("seed 002 V: damage to Fatigue, then Body", () => {
  it("overflow goes to Body; unconscious at 0, dead at minus CON", () => {
    expect(applyDamage(25, 20, 15, 12, false)).toEqual({ toFatigue: 20, toBody: 5, fatigueNow: 0, bodyNow: 10, unconscious: false, dead: false });
    expect(applyDamage(30, 0, 15, 12, false)).toMatchObject({ bodyNow: -15, unconscious: true, dead: true });
  });
  it("V.d: a critical with an adjusted crit die of 10 goes to Body; the bonus d10 explodes on 10s", () => {
    const r = value(resolveAttack(input("none"), new FixedDice({ 100: [3, 60], 10: [10, 10, 4] })));
    // Crit die 10: 6 + 6 + 1 + 10 = 23 - 3 = 20; bonus 10 + 4 = 14; 34 to Body.
    expect(r.result.damage).toMatchObject({ critDie: 10, bonus: 14, delivered: 34, toFatigue: 0, toBody: 34 });
    expect(r.result.damage?.critical).toMatchObject({ roll: 60, location: "arm" });
  });
  it("STR/4 for light weapons, STR/2 for the rest", () => {
    expect([strengthBonus(13, true), strengthBonus(13, false)]).toEqual([3, 6]);
  });
});

describe("seed 002 VI: Combat Advantages", () => {
  it("a riposte after a critical parry is made at +10%", () => {
    const r = value(resolveAdvantage({ kind: "riposte", defence: "activeParry", defenceCritical: true, tsc: 50, fatigueNow: 10 }, new FixedDice({ 100: [58] })));
    expect([r.result.roll.target, r.result.success, r.result.fatigueNow]).toEqual([60, true, 7]);
  });
  it("a disarm is the attacker's STR check less the defender's PSF: failing it loses the weapon", () => {
    const r = value(resolveAdvantage({ kind: "disarm", defence: "activeParry", defenceCritical: false, tsc: 50, attackerStrTarget: 60, defenderPsf: 16, fatigueNow: 10 }, new FixedDice({ 100: [50] })));
    expect([r.result.roll.target, r.result.success]).toEqual([44, true]);
  });
  it("a. a shield bash after a critical block, and d. an attack after a critical dodge, roll at +10% (58 against 60); without the critical they need 50", () => {
    for (const [kind, defence] of [["shieldBash", "activeShield"], ["dodgeAttack", "dodge"]] as const) {
      const crit = value(resolveAdvantage({ kind, defence, defenceCritical: true, tsc: 50, fatigueNow: 10 }, new FixedDice({ 100: [58] })));
      const plain = value(resolveAdvantage({ kind, defence, defenceCritical: false, tsc: 50, fatigueNow: 10 }, new FixedDice({ 100: [58] })));
      expect([crit.result.roll.target, crit.result.success, plain.result.roll.target, plain.result.success]).toEqual([60, true, 50, false]);
    }
  });
  it("only the advantage the defence opens is allowed", () => {
    expect(resolveAdvantage({ kind: "shieldBash", defence: "dodge", defenceCritical: false, tsc: 50, fatigueNow: 10 }, new FixedDice({ 100: [1] })).ok).toBe(false);
  });
});

describe("seed 002 odds", () => {
  it("sum to one and agree with enumerating classifyAttack", () => {
    const i = input("activeParry", { d: { parryWeaponSize: 2 } });
    const odds = attackOdds(i);
    const total = Object.values(odds.outcomes).reduce((s, p) => s + p, 0);
    expect(total).toBeCloseTo(1, 12);
    let partial = 0;
    for (let d = 1; d <= 100; d++) for (let a = 1; a <= 100; a++) if (classifyAttack(i, d, a).outcome === "partial") partial++;
    expect(odds.outcomes.partial).toBeCloseTo(partial / 10_000, 12);
  });
});

describe("seed 002: untyped input is refused, never thrown", () => {
  it("with junk in any figure", () => {
    const junk = fc.oneof(fc.integer({ min: -5000, max: 5000 }), fc.double(), fc.string(), fc.constant(undefined), fc.constant(null));
    fc.assert(
      fc.property(fc.constantFrom("tsc", "psf", "baseDamage", "weaponSize"), fc.constantFrom("tsc", "fatigueNow", "bodyNow", "con"), junk, fc.boolean(), fc.integer(), (af, df, v, onAttacker, seed) => {
        const i = input("activeShield");
        const bad = onAttacker ? { ...i, attacker: { ...i.attacker, [af]: v } } : { ...i, defender: { ...i.defender, [df]: v } };
        const r = resolveAttack(bad as never, new SeededDice(seed));
        return r.ok || r.refusal.code.startsWith("actionpoints.");
      }),
    );
  });
});
