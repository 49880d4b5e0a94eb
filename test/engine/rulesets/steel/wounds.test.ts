// Seed 000_4377b2da58f3a52b.txt: wound severity paragraph, "Damage Types", "Shock and Pain", "Blood Loss (BL)",
// "Knockdown & Knockout"; hit-location and wound tables are our editable defaults.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice, SeededDice } from "../../../../src/engine/dice";
import {
  applyWound,
  BODY_PARTS,
  bloodLossRoll,
  DAMAGE_TYPES,
  DEFAULT_MISSILE_CHART,
  DEFAULT_WOUND_TABLE,
  DEFAULT_ZONES,
  halvedPoolLoss,
  healthPoolLoss,
  woundedPool,
  knockoutTn,
  lookupWound,
  roundPool,
  woundLevel,
  type Casualty,
  type WoundEntry,
} from "../../../../src/engine/rulesets/steel";

const w = (over: Partial<WoundEntry> = {}): WoundEntry => ({ shock: 0, pain: 0, bloodLoss: 0, knockdown: false, knockout: false, fatal: false, ...over });
const victim = (over: Partial<Casualty> = {}): Casualty => ({ cpLeft: 5, pain: 0, bloodLoss: 0, woundedRegions: [], knockdown: 4, knockout: 4, headArmour: 0, ...over });

describe("seed 000 'Shock and Pain'", () => {
  it("the seed's example: 7 Shock with 5 CP left loses the whole pool now and 2 dice at the next round", () => {
    const r = applyWound(victim({ knockdown: 0 }), { wound: w({ shock: 7, pain: 1 }), region: "torso", margin: 1, blunt: false }, new FixedDice([]));
    expect(r.ok && r.value.result).toMatchObject({ cpLeft: 0, shockCarry: 2, pain: 1 });
    expect(roundPool({ base: 9, shockCarry: 2 }).pool).toBe(7);
  });
  it("Shock strikes the Missile Pool too", () => {
    const r = applyWound(victim({ knockdown: 0, missilePool: 6 }), { wound: w({ shock: 4 }), region: "arms", margin: 1, blunt: false }, new FixedDice([]));
    expect(r.ok && r.value.result).toMatchObject({ cpLeft: 1, missilePool: 2 });
  });
  it("no carry when the wound's Pain is greater than the overflow", () => {
    const r = applyWound(victim({ knockdown: 0 }), { wound: w({ shock: 7, pain: 3 }), region: "torso", margin: 1, blunt: false }, new FixedDice([]));
    expect(r.ok && r.value.result).toMatchObject({ cpLeft: 0, shockCarry: 0, pain: 3 });
  });
  it("\"unless the Pain penalty is greater\": Pain equal to the overflow does not stop the carry, and next round's pool is 2 less", () => {
    // 7 Shock with 5 CP left overflows by 2; the wound's Pain is 2, not greater.
    const r = applyWound(victim({ knockdown: 0 }), { wound: w({ shock: 7, pain: 2 }), region: "torso", margin: 1, blunt: false }, new FixedDice([]));
    expect(r.ok && r.value.result).toMatchObject({ cpLeft: 0, shockCarry: 2, pain: 2 });
    expect(roundPool({ base: 9, pain: 2, shockCarry: r.ok ? r.value.result.shockCarry : 0 }).pool).toBe(5);
  });
  it("Will resists Pain (never Shock) and the rest comes off the pool", () => {
    expect(roundPool({ base: 10, pain: 3 }).pool).toBe(7);
  });
});

describe("seed 000 'Blood Loss (BL)'", () => {
  it("the first wound sets the TN; a second wound to the same part does not raise it; a new part does", () => {
    const first = applyWound(victim(), { wound: w({ bloodLoss: 5 }), region: "arms", margin: 1, blunt: false }, new FixedDice([]));
    expect(first.ok && first.value.result).toMatchObject({ bloodLoss: 5, woundedRegions: ["arms"] });
    const again = applyWound(victim({ bloodLoss: 5, woundedRegions: ["arms"] }), { wound: w({ bloodLoss: 7 }), region: "arms", margin: 1, blunt: false }, new FixedDice([]));
    expect(again.ok && again.value.result.bloodLoss).toBe(5);
    const leg = applyWound(victim({ bloodLoss: 5, woundedRegions: ["arms"] }), { wound: w({ bloodLoss: 4 }), region: "legs", margin: 1, blunt: false }, new FixedDice([]));
    expect(leg.ok && leg.value.result).toMatchObject({ bloodLoss: 9, woundedRegions: ["arms", "legs"] });
  });
  it("round start: Toughness dice against the BL TN, a failure costs 1 Health; Health 1 halves the pools; 0 is coma", () => {
    const fail = bloodLossRoll({ toughness: 3, bloodLoss: 8, healthNow: 2 }, new FixedDice([7, 3, 2]));
    expect(fail.ok && fail.value.result).toMatchObject({ healthNow: 1, bled: true, halved: true, dying: false });
    expect(roundPool({ base: 9, healthNow: 1 }).pool).toBe(4);
    const hold = bloodLossRoll({ toughness: 3, bloodLoss: 8, healthNow: 2 }, new FixedDice([8, 3, 2]));
    expect(hold.ok && hold.value.result).toMatchObject({ healthNow: 2, bled: false });
    const coma = bloodLossRoll({ toughness: 1, bloodLoss: 8, healthNow: 1 }, new FixedDice([2]));
    expect(coma.ok && coma.value.result).toMatchObject({ healthNow: 0, dying: true });
    expect(bloodLossRoll({ toughness: 3, bloodLoss: 0, healthNow: 4 }, new FixedDice([])).ok).toBe(true);
  });
});

describe("seed 000 'Blood Loss (BL)': \"When Health reaches 1, all the character's dice pools are halved\"", () => {
  it("a pool of 9 loses 5 and keeps 4 (rounded down); 8 loses 4; an empty pool loses nothing", () => {
    expect([halvedPoolLoss(9), halvedPoolLoss(8), halvedPoolLoss(1), halvedPoolLoss(0), halvedPoolLoss(-2)]).toEqual([5, 4, 1, 0, 0]);
  });
  it("the one halving for every pool: the Combat Pool of 9 at Health 1 is 4, a Missile Pool of 7 (Pain 0) is 3; at Health 2 nothing is taken", () => {
    expect([healthPoolLoss(9, 1), healthPoolLoss(9, 0), healthPoolLoss(9, 2), healthPoolLoss(9, undefined)]).toEqual([5, 5, 0, 0]);
    expect(roundPool({ base: 9, healthNow: 1 }).pool).toBe(4);
    expect([woundedPool(7, 0, 1), woundedPool(7, 0, 2)]).toEqual([3, 7]);
  });
});

describe("seed 000 'Knockdown & Knockout'", () => {
  it("a blow taking the pool below 0: Knockdown roll at TN 2× margin, 3× for blunt", () => {
    const cut = applyWound(victim({ cpLeft: 2 }), { wound: w({ shock: 4 }), region: "torso", margin: 3, blunt: false }, new FixedDice([6, 5, 4, 9]));
    expect(cut.ok && cut.value.result.knockdownRoll).toMatchObject({ tn: 6, down: false });
    const blunt = applyWound(victim({ cpLeft: 2 }), { wound: w({ shock: 4 }), region: "torso", margin: 3, blunt: true }, new FixedDice([6, 5, 4, 8]));
    expect(blunt.ok && blunt.value.result.knockdownRoll).toMatchObject({ tn: 9, down: true });
  });
  it("a head or leg wound that calls for it: TN = Shock", () => {
    const r = applyWound(victim({ cpLeft: 9 }), { wound: w({ shock: 5, knockdown: true }), region: "legs", margin: 1, blunt: false }, new FixedDice([5, 1, 1, 1]));
    expect(r.ok && r.value.result.knockdownRoll).toMatchObject({ tn: 5, down: false });
  });
  it("Knockout TN 7 bare-headed, 10 − armour with a helm (never above 7); failure 1d10 s, fumble 1d10×10 min", () => {
    expect(knockoutTn(0)).toBe(7);
    expect(knockoutTn(5)).toBe(5);
    expect(knockoutTn(2)).toBe(7);
    const out = applyWound(victim({ cpLeft: 9 }), { wound: w({ knockout: true }), region: "head", margin: 1, blunt: true }, new FixedDice([3, 4, 2, 5, 6]));
    expect(out.ok && out.value.result.knockoutRoll).toMatchObject({ tn: 7, out: true, seconds: 6, minutes: 0 });
    const fumble = applyWound(victim({ cpLeft: 9 }), { wound: w({ knockout: true }), region: "head", margin: 1, blunt: true }, new FixedDice([1, 1, 2, 5, 4]));
    expect(fumble.ok && fumble.value.result.knockoutRoll).toMatchObject({ out: true, seconds: 0, minutes: 40 });
  });
});

describe("seed 000 wound levels and the default tables", () => {
  it("level = margin + damage − Toughness − armour, floored at 0 and capped at 5", () => {
    expect(woundLevel({ margin: 2, damage: 6, toughness: 4, armour: 1 })).toBe(3);
    expect(woundLevel({ margin: 1, damage: 3, toughness: 5, armour: 2 })).toBe(0);
    expect(woundLevel({ margin: 6, damage: 9, toughness: 3, armour: 0 })).toBe(5);
  });
  it("the tables cover every damage type, part and level, with no negative figures; severity never falls as the level rises", () => {
    for (const t of DAMAGE_TYPES)
      for (const p of BODY_PARTS) {
        const row = DEFAULT_WOUND_TABLE[t][p];
        expect(row).toHaveLength(5);
        for (let i = 0; i < 5; i++) {
          expect(row[i]!.shock).toBeGreaterThanOrEqual(0);
          if (i > 0) expect(row[i]!.shock).toBeGreaterThanOrEqual(row[i - 1]!.shock);
          if (i > 0) expect(row[i]!.pain).toBeGreaterThanOrEqual(row[i - 1]!.pain);
        }
      }
    expect(lookupWound("cut", "neck", 0)).toBeNull();
    expect(lookupWound("cut", "neck", 5)?.fatal).toBe(true);
    expect(lookupWound("blunt", "head", 1)?.knockout).toBe(true);
  });
  it("every zone names six parts; the 2d6 missile chart has 11 entries", () => {
    expect(DEFAULT_ZONES.map((z) => z.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    for (const z of DEFAULT_ZONES) expect(z.parts).toHaveLength(6);
    expect(DEFAULT_MISSILE_CHART).toHaveLength(11);
  });
  it("pools never go negative and Pain only grows (fast-check)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 6 }), fc.integer(), (cp, shock, pain, margin, seed) => {
        const r = applyWound(victim({ cpLeft: cp, pain: 2 }), { wound: w({ shock, pain, knockout: true }), region: "head", margin, blunt: false }, new SeededDice(seed));
        return r.ok && r.value.result.cpLeft >= 0 && r.value.result.shockCarry >= 0 && r.value.result.pain >= 2 && r.value.result.cpLeft <= cp;
      }),
    );
  });
});
