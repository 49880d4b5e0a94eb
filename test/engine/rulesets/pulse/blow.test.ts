// Issue 35: the duel loops resolve a blow with strikeBlow (src/engine/rulesets/pulse/blow.ts),
// which builds nothing, where they called resolveAttack. Each figure-only function it uses is
// held here against the term-building one it stands beside, and strikeBlow against
// resolveAttack itself: the same refusal or the same dice, drawn in the same order, and the
// same strike, weapon save, parry, damage and stun check. Seed 004_2f46e4f6196f6037.txt
// [16.5] attack types, [17.1] the Strike Check, [17.3] the weapon at 99/100, [17.4] the
// parry, [17.5] Defense, [18] damage, [19] stun.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice, rollOne, SeededDice, type Dice } from "../../../../src/engine/dice";
import {
  ATTACK_KINDS,
  blowResult,
  checkBlow,
  DEFAULT_SPECIAL_ATTACKS,
  defenseTerms,
  defenseTotal,
  modifiedStrikeChance,
  readDamage,
  resolveAttack,
  strikeBlow,
  strikeTerms,
  sumTerms,
  vitalState,
  type AttackInput,
  type BlowResult,
  type DefenseInput,
  type Term,
} from "../../../../src/engine/rulesets/pulse";

const RUNS = { numRuns: 1000 };
const term = (min: number, max: number) => fc.record({ key: fc.constant("BOUT.Test"), value: fc.integer({ min, max }) });
/** Mostly a good figure, now and then one out of range or not a number (then both must refuse alike). */
const figure = (min: number, max: number) =>
  fc.oneof({ arbitrary: fc.integer({ min, max }), weight: 30 }, { arbitrary: fc.constantFrom<unknown>(min - 1, max + 1, 2.5, Number.NaN, "7", null), weight: 1 }) as fc.Arbitrary<number>;

const attackInput: fc.Arbitrary<AttackInput> = fc.record({
  attack: fc.oneof({ arbitrary: fc.constant("normal" as const), weight: 6 }, { arbitrary: fc.constantFrom(...ATTACK_KINDS), weight: 1 }),
  baseChance: figure(0, 100),
  modMD: figure(1, 30),
  ranked: fc.boolean(),
  rank: figure(0, 10),
  defense: figure(0, 60),
  charging: fc.boolean(),
  withdrawingOffensively: fc.boolean(),
  modifiers: fc.array(term(-30, 30), { maxLength: 2 }),
  context: fc.record({
    weapon: fc.option(fc.record({ use: fc.constantFrom("melee", "pole", "missile", "thrown", "entangling", "unarmed"), canTrip: fc.boolean(), canKnockout: fc.boolean(), closeRated: fc.boolean() }), { nil: null }),
    targetHumanOrSmaller: fc.boolean(),
    unarmedRank: fc.integer({ min: 0, max: 5 }),
    shieldCanRush: fc.boolean(),
    inMelee: fc.boolean(),
    grappling: fc.boolean(),
  }),
  attacker: fc.record({ modMD: fc.integer({ min: 1, max: 30 }), weaponRank: figure(0, 10), breakageAdded: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }) }, { requiredKeys: ["modMD", "weaponRank"] }),
  defender: fc.record({
    endurance: figure(1, 30),
    enduranceNow: figure(0, 30),
    fatigueNow: figure(0, 30),
    monster: fc.boolean(),
    modAG: figure(1, 30),
    modMD: figure(1, 30),
    evading: fc.boolean(),
    parryRank: fc.option(figure(0, 10), { nil: null }),
    protection: figure(0, 10),
  }),
  dieModifier: figure(-9, 10),
  damageModifiers: fc.array(term(-5, 5), { maxLength: 2 }),
  poison: fc.option(fc.record({ handlingTarget: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }) }), { nil: undefined, freq: 8 }),
  secretKnockout: fc.boolean(),
});

/** What resolveAttack's result says of the figures a BlowResult holds (the reference, written out here). */
function expected(input: AttackInput, dice: Dice): Omit<BlowResult, "refused"> & { refused: string | null } {
  const out = resolveAttack(input, dice);
  if (!out.ok) return { refused: out.refusal.code } as never;
  const r = out.value.result;
  const d = r.damage;
  return {
    refused: null,
    roll: r.strike.roll,
    modSC: r.strike.modSC,
    hit: r.strike.hit,
    weaponSaved: r.weaponCheck?.success ?? null,
    parry: r.parry?.outcome ?? null,
    damaged: d !== null,
    effective: d?.effective ?? 0,
    stunDropSaved: r.stunDropCheck?.success ?? null,
    pool: d?.pool ?? "fatigue",
    fatigueNow: d?.fatigueNow ?? input.defender.fatigueNow,
    enduranceNow: d?.enduranceNow ?? input.defender.enduranceNow,
    stun: d?.stun ?? false,
    state: d?.state ?? vitalState(input.defender.enduranceNow, input.defender),
  };
}

function got(b: BlowResult): ReturnType<typeof expected> {
  if (b.refused) return { refused: b.refused.code } as never;
  return { ...b, refused: null };
}

describe("strikeBlow works out what resolveAttack does, building nothing (issue 35)", () => {
  it("random attacks and seeds: the same refusal or the same results, and the same dice drawn", () => {
    const seen = { refused: 0, hit: 0, weapon: 0, parry: 0, stunDrop: 0, special: 0 };
    const out = blowResult();
    fc.assert(
      fc.property(attackInput, fc.integer(), (input, seed) => {
        const mine = new SeededDice(seed);
        const theirs = new SeededDice(seed);
        const want = expected(input, theirs);
        const b = strikeBlow(input, mine, out);
        expect(b).toBe(out);
        expect(got(b)).toEqual(want);
        const next = mine.nextUint32();
        expect(theirs.nextUint32()).toBe(next);
        // Checked beforehand (the duel checks its blows once): the same, when checkBlow passes it.
        if (input.attack === "normal" && !input.poison && checkBlow(input) === null) {
          const checked = new SeededDice(seed);
          expect(got(strikeBlow(input, checked, blowResult(), DEFAULT_SPECIAL_ATTACKS, true))).toEqual(want);
          expect(checked.nextUint32()).toBe(next);
        }
        if (want.refused) seen.refused++;
        else {
          if (want.hit) seen.hit++;
          if (want.weaponSaved !== null) seen.weapon++;
          if (want.parry) seen.parry++;
          if (want.stunDropSaved !== null) seen.stunDrop++;
          if (input.attack !== "normal") seen.special++;
        }
      }),
      RUNS,
    );
    // The property reached every branch (else it proves less than it says).
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  });

  it("scripted dice at the edges (grievous and through-armour rolls, 99 and 100 with a harder save): the same results and dice", () => {
    const edge = fc.oneof(fc.integer({ min: 1, max: 6 }), fc.constantFrom(99, 100), fc.integer({ min: 1, max: 100 }));
    let risky = 0;
    fc.assert(
      fc.property(attackInput, edge, fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 4, maxLength: 4 }), fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 3, maxLength: 3 }), (input: AttackInput, first, d100s, d10s) => {
        const script = { 100: [first, ...d100s], 10: d10s };
        // Half the blows with a weapon that breaks likelier ([18.5]), so 99's harder save is met often.
        if (first === 99 && d10s[0]! > 5) input = { ...input, attacker: { ...input.attacker, breakageAdded: 10 * d10s[1]! } };
        const theirs = new FixedDice(script);
        const mine = new FixedDice(script);
        expect(got(strikeBlow(input, mine, blowResult()))).toEqual(expected(input, theirs));
        expect(mine.remaining()).toBe(theirs.remaining());
        if (first >= 99 && input.attacker.breakageAdded) risky++;
      }),
      RUNS,
    );
    expect(risky).toBeGreaterThan(0);
  });

  it("exact dice: 99 puts the weapon at risk, the miss opens a parry for an evading defender [17.3] [17.4]", () => {
    const input: AttackInput = {
      attack: "normal", baseChance: 40, modMD: 10, ranked: true, rank: 2, defense: 20, charging: false, withdrawingOffensively: false, modifiers: [],
      context: { weapon: { use: "melee", canTrip: false, canKnockout: true, closeRated: false }, targetHumanOrSmaller: true, unarmedRank: 0, shieldCanRush: false, inMelee: true, grappling: false },
      attacker: { modMD: 10, weaponRank: 2 },
      defender: { endurance: 15, enduranceNow: 15, fatigueNow: 18, monster: false, modAG: 14, modMD: 12, evading: true, parryRank: 3, protection: 4 },
      dieModifier: 2, damageModifiers: [],
    };
    // SC 40 + 10 + 8 - 20 = 38; 99 misses by 61: the save (3 x 10 = 30) at 31 fails, the parry 5 + 3 - 2 = 6 disarms.
    const dice = new FixedDice({ 100: [99, 31], 10: [5] });
    const b = strikeBlow(input, dice, blowResult());
    expect(b).toMatchObject({ refused: null, roll: 99, modSC: 38, hit: false, weaponSaved: false, parry: "disarm", damaged: false, enduranceNow: 15, fatigueNow: 18, state: "fine" });
    expect(dice.remaining()).toBe(0);
  });
});

describe("the figure-only sums agree with the terms they stand beside", () => {
  it("defenseTotal is the sum of defenseTerms [17.5]", () => {
    const defense: fc.Arbitrary<DefenseInput> = fc.record({
      modAG: fc.integer({ min: 0, max: 40 }), shield: fc.integer({ min: 0, max: 40 }), from: fc.constantFrom(0, 1, 2, 3, 4, 5),
      shieldHand: fc.constantFrom("left", "right"), stunned: fc.boolean(), incapacitated: fc.boolean(), withdrawingDefensively: fc.boolean(),
    });
    fc.assert(
      fc.property(defense, fc.boolean(), fc.boolean(), (d, shieldFacingRule, agilityInDefense) => {
        const options = { shieldFacingRule, agilityInDefense };
        expect(defenseTotal(d, options)).toBe(sumTerms(defenseTerms(d, options)));
      }),
      RUNS,
    );
  });

  it("modifiedStrikeChance is the sum of strikeTerms, for every attack kind [16.5] [17.1]", () => {
    fc.assert(
      fc.property(attackInput.filter((i) => [i.baseChance, i.modMD, i.rank, i.defense].every(Number.isInteger)), (input) => {
        expect(modifiedStrikeChance(input, DEFAULT_SPECIAL_ATTACKS)).toBe(sumTerms(strikeTerms(input, DEFAULT_SPECIAL_ATTACKS)));
      }),
      RUNS,
    );
  });

  it("readDamage's check and effective damage are the terms' sum, at least 1, less armour unless through it, halved when resisted [18] [18.4]", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }), fc.integer({ min: -9, max: 20 }), fc.array(term(-10, 10), { maxLength: 3 }), fc.integer({ min: 0, max: 12 }), fc.boolean(), fc.boolean(),
        (roll, dieModifier, modifiers: Term[], protection, ignoreArmour, halved) => {
          const r = readDamage(roll, { dieModifier, modifiers, protection, ignoreArmour, toEndurance: false, halved, target: { endurance: 15, enduranceNow: 15, fatigueNow: 20, monster: false } });
          const check = Math.max(1, sumTerms(r.terms));
          const through = ignoreArmour ? check : Math.max(0, check - protection);
          expect(r.check).toBe(check);
          expect(r.effective).toBe(halved ? Math.floor(through / 2) : through);
        },
      ),
      RUNS,
    );
  });

  it("rollOne through the seeded source's die draws what its roll draws", () => {
    fc.assert(
      fc.property(fc.integer(), fc.array(fc.constantFrom(2, 6, 10, 100, 1000), { minLength: 1, maxLength: 30 }), (seed, faces) => {
        const fast = new SeededDice(seed);
        const listed = new SeededDice(seed);
        const byRoll: Dice = { roll: (f, n) => listed.roll(f, n) };
        for (const f of faces) expect(rollOne(fast, f)).toBe(rollOne(byRoll, f));
        expect(fast.nextUint32()).toBe(listed.nextUint32());
      }),
      RUNS,
    );
  });
});
