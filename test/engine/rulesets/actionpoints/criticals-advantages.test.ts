// Seed 002_e3c6bc76ba013433.txt, sections V.d, VI and VII: what criticals leave
// behind (Agility rolls, dropped weapons and shields, a fall to one knee, the
// critical location's extra effect), the Combat Advantages taken as blows, the
// world's critical rule and the tables the seed names without printing.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice, SeededDice } from "../../../../src/engine/dice";
import {
  advantageOptions,
  apCriticalRule,
  classifyAttack,
  DEFAULT_AP_TABLES,
  readApTables,
  readRoll,
  resolveAdvantageAttack,
  resolveAttack,
  type AttackInput,
  type Defence,
} from "../../../../src/engine/rulesets/actionpoints";
import { exchange, value } from "./fixtures";

const input = exchange;
const agility = { attacker: 60, defender: 55 };

describe("seed 002 VII.a.ii: the attacker's critical failure", () => {
  it("an Agility roll (75 against 60, failed) or the weapon is dropped; the successful block opens a Combat Advantage (a shield bash)", () => {
    // Block 30 against 40 succeeds; the attack's 98 is a critical failure.
    const r = value(resolveAttack(input("activeShield", { agility }), new FixedDice({ 100: [30, 98, 75] })));
    expect(r.result.mishaps).toEqual({ attackerDrops: true, defenderDrops: null, defenderKneels: false });
    expect(advantageOptions(r.result, "activeShield")).toEqual(["shieldBash"]);
    expect(r.events.map((e) => e.type)).toContain("agilityRoll");
  });
  it("a passed Agility roll (40) keeps the weapon", () => {
    const r = value(resolveAttack(input("activeShield", { agility }), new FixedDice({ 100: [30, 98, 40] })));
    expect(r.result.mishaps.attackerDrops).toBe(false);
  });
  it("against a successful passive defence it opens a plain bonus attack", () => {
    const c = classifyAttack(input("passiveParry"), 30, 97);
    expect([c.advantage, advantageOptions(c, "passiveParry")]).toEqual([true, ["bonusAttack"]]);
  });
  it("without Agility targets the card only says a roll is due, and no die is rolled for it", () => {
    const r = value(resolveAttack(input("activeShield"), new FixedDice({ 100: [30, 98] })));
    expect(r.result.mishaps.attackerDrops).toBe(false);
    expect(r.events.map((e) => e.type)).toContain("dropCheck");
  });
});

describe("seed 002 VII.b.ii: the defender's critical failure on an active defence", () => {
  it("c. after a Dodge: Agility 80 against 55 fails, the defender falls to one knee and the blow lands", () => {
    // Dodge 50 - 20 PSF = 30; 99 is a critical failure. Attack 40 hits; crit die 4: 17 - 3 = 14 to Fatigue.
    const r = value(resolveAttack(input("dodge", { agility }), new FixedDice({ 100: [99, 40, 80], 10: [4] })));
    expect(r.result.mishaps).toEqual({ attackerDrops: false, defenderDrops: null, defenderKneels: true });
    expect(r.result.damage).toMatchObject({ delivered: 14, fatigueNow: 6 });
  });
  it("a. with a shield: a failed Agility roll drops the shield", () => {
    // Block target 40; 97 fumbles. Attack 70 misses (60).
    const r = value(resolveAttack(input("activeShield", { agility }), new FixedDice({ 100: [97, 70, 56] })));
    expect(r.result.mishaps.defenderDrops).toBe("shield");
  });
  it("b. with a weapon: a passed roll (12) keeps it", () => {
    const r = value(resolveAttack(input("activeParry", { agility }), new FixedDice({ 100: [96, 70, 12] })));
    expect(r.result.mishaps.defenderDrops).toBe(null);
  });
  it("kneeling, the defender is hit at +10%: the attack needs 70 or less", () => {
    expect(classifyAttack(input("none", { d: { kneeling: true } }), null, 70).attack.level).toBe("success");
  });
});

describe("seed 002 V.d: the critical location and its extra effect (our default Table 7.17)", () => {
  it("a critical to the head (d100 5) takes 3 Body on top of the damage", () => {
    // 05 against 60 is a critical. Crit die 4: 6 + 6 + 1 + 4 = 17 - 3 = 14; bonus die 3: 17 to Fatigue; then 3 Body.
    const r = value(resolveAttack(input("none"), new FixedDice({ 100: [5, 5], 10: [4, 3] })));
    expect(r.result.damage).toMatchObject({ delivered: 17, toFatigue: 17, extraBody: 3, toBody: 3, bodyNow: 12 });
    expect(r.result.damage?.critical?.location).toBe("head");
    expect(r.events.map((e) => e.type)).toEqual(expect.arrayContaining(["criticalLocation", "criticalEffect", "armourFails"]));
  });
  it("a critical to the arm (60) makes the defender drop its weapon; to the leg (90) it kneels", () => {
    const arm = value(resolveAttack(input("none"), new FixedDice({ 100: [5, 60], 10: [4, 3] })));
    const leg = value(resolveAttack(input("none"), new FixedDice({ 100: [5, 90], 10: [4, 3] })));
    expect([arm.result.mishaps.defenderDrops, leg.result.mishaps.defenderKneels]).toEqual(["weapon", true]);
  });
  it("the world's own tables are used when given: every roll to the leg, and a leg blow that costs 5 Body", () => {
    const tables = value(readApTables({ criticalLocations: [{ from: 1, to: 100, value: "leg" }], criticalEffects: { ...DEFAULT_AP_TABLES.criticalEffects, leg: { text: "Hamstrung", extraBody: 5, kneel: false, drop: "none" } } }));
    const r = value(resolveAttack({ ...input("none"), criticalTables: { locations: tables.criticalLocations, effects: tables.criticalEffects } }, new FixedDice({ 100: [5, 7], 10: [4, 3] })));
    expect([r.result.damage?.critical?.location, r.result.damage?.critical?.effect.text, r.result.damage?.bodyNow, r.result.mishaps.defenderKneels]).toEqual(["leg", "Hamstrung", 10, false]);
  });
  it("the extra Body can kill: at 2 Body and CON 1 a head critical leaves -1, dead", () => {
    const r = value(resolveAttack(input("none", { d: { fatigueNow: 30, bodyNow: 2, con: 1 } }), new FixedDice({ 100: [5, 5], 10: [4, 3] })));
    expect([r.result.damage?.bodyNow, r.result.damage?.dead]).toEqual([-1, true]);
  });
});

describe("seed 002 VI: Combat Advantages as blows", () => {
  const riposte = (defenceCritical: boolean, fatigueNow = 10) =>
    resolveAdvantageAttack(
      {
        kind: "riposte", defence: "activeParry", defenceCritical, fatigueNow,
        attack: {
          attacker: { id: "d", tsc: 50, psf: 16, baseDamage: 5, strengthBonus: 5, attackerBonus: 0, weaponSize: 3 },
          defender: { id: "a", defence: "activeShield", tsc: 60, psf: 20, shield: null, armour: { absorption: 2, weight: "light", failed: false }, parryWeaponSize: 3, kneeling: false, fatigueNow: 12, bodyNow: 14, con: 12 },
        },
      },
      new FixedDice({ 100: [55], 10: [3] }),
    );
  it("c. a riposte after a critical parry rolls at +10% (55 against 60), costs 3 Fatigue, and cannot be defended", () => {
    const r = value(riposte(true));
    // 5 + 5 + 0 + 3 = 13, less 2 armour: 11 off the first attacker's 12 Fatigue.
    expect([r.result.fatigueCost, r.result.fatigueNow, r.result.attack.attack.target, r.result.attack.defence, r.result.attack.damage?.fatigueNow]).toEqual([3, 7, 60, null, 1]);
  });
  it("without the critical parry the same 55 misses (50)", () => {
    expect(value(riposte(false)).result.attack.outcome).toBe("missed");
  });
  it("a taker without the Fatigue to pay is refused and nothing is rolled", () => {
    const r = riposte(true, 2);
    expect(r.ok ? "ok" : r.refusal.code).toBe("actionpoints.outOfRange");
  });
  it("only the advantage the defence opened: no shield bash after a dodge, no disarm as a blow", () => {
    const base = { defenceCritical: false, fatigueNow: 10, attack: input("none") };
    const bash = resolveAdvantageAttack({ ...base, kind: "shieldBash", defence: "dodge" }, new FixedDice({ 100: [1] }));
    const disarm = resolveAdvantageAttack({ ...base, kind: "disarm", defence: "activeParry" }, new FixedDice({ 100: [1] }));
    expect([bash.ok ? "ok" : bash.refusal.code, disarm.ok ? "ok" : disarm.refusal.code]).toEqual(["actionpoints.notAllowed", "actionpoints.badChoice"]);
  });
  it("VII.a.ii: the bonus attack after a critical failure gets no +10% even after a critical defence", () => {
    const r = value(resolveAdvantageAttack({ kind: "bonusAttack", defence: "passiveParry", defenceCritical: true, fatigueNow: 10, attack: input("none") }, new FixedDice({ 100: [61] })));
    expect([r.result.attack.attack.target, r.result.attack.outcome, r.result.fatigueNow]).toEqual([60, "missed", 8]);
  });
  it("Fatigue never goes below zero, whatever the dice and the costs", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 20 }), fc.integer(), (fatigueNow, cost, seed) => {
        const costs = { ...DEFAULT_AP_TABLES.advantageFatigue, riposte: cost };
        const r = resolveAdvantageAttack({ kind: "riposte", defence: "activeParry", defenceCritical: false, fatigueNow, attack: input("none"), fatigueCosts: costs }, new SeededDice(seed));
        if (!r.ok) return fatigueNow < cost;
        return r.value.result.fatigueNow >= 0 && (r.value.result.attack.damage?.fatigueNow ?? 0) >= 0;
      }),
    );
  });
});

describe("seed 002: what counts as a critical is the world's setting", () => {
  it("tenth (default): 06 against 60 is critical, 07 is not; 96 fails critically", () => {
    const rule = apCriticalRule(undefined);
    expect([readRoll(6, 60, rule).level, readRoll(7, 60, rule).level, readRoll(96, 60, rule).level]).toEqual(["criticalSuccess", "success", "criticalFailure"]);
  });
  it("fifth: 12 against 60 is critical; doubles: 33 succeeds critically and 77 fails critically; none: never", () => {
    expect(readRoll(12, 60, apCriticalRule("fifth")).level).toBe("criticalSuccess");
    expect([readRoll(33, 60, apCriticalRule("doubles")).level, readRoll(77, 60, apCriticalRule("doubles")).level]).toEqual(["criticalSuccess", "criticalFailure"]);
    expect([readRoll(1, 60, apCriticalRule("none")).level, readRoll(100, 60, apCriticalRule("none")).level]).toEqual(["success", "failure"]);
  });
  it("an unknown setting reads as the default", () => {
    expect(apCriticalRule("nonsense")).toBe(apCriticalRule("tenth"));
  });
});

describe("seed 002: the tables it names without printing, as editable data", () => {
  it("nothing stored means ours, with standing up at the seed's 4 AP", () => {
    const t = value(readApTables(""));
    expect(t.actionCosts.find((c) => c.id === "stand")).toMatchObject({ ap: 4, kind: "movement" });
  });
  it("a table left out stays ours; one given is taken whole", () => {
    const t = value(readApTables({ defenceFatigue: { activeShield: 2, activeParry: 2, dodge: 3 } }));
    expect([t.defenceFatigue.dodge, t.advantageFatigue.riposte]).toEqual([3, 3]);
  });
  it("refuses a gap in the location bands, a negative cost, an unknown action kind, a duplicate action and a non-object", () => {
    const code = (raw: unknown) => {
      const r = readApTables(raw);
      return r.ok ? "ok" : r.refusal.code;
    };
    expect([
      code({ criticalLocations: [{ from: 1, to: 50, value: "head" }, { from: 52, to: 100, value: "leg" }] }),
      code({ defenceFatigue: { activeShield: -1, activeParry: 1, dodge: 2 } }),
      code({ actionCosts: [{ id: "fly", label: "Fly", ap: 3, kind: "flying" }] }),
      code({ actionCosts: [{ id: "x", label: "X", ap: 3, kind: "movement" }, { id: "x", label: "Y", ap: 2, kind: "movement" }] }),
      code([1, 2]),
    ]).toEqual(["actionpoints.tables.band", "actionpoints.tables.cost", "actionpoints.tables.row", "actionpoints.tables.row", "actionpoints.tables.shape"]);
  });
});
