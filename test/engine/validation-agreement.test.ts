// Issue 23 (engine): the duel loops' input checks now go figure by figure without
// building a record per call. Each check below is compared, on random input that
// mixes good figures, figures out of range and junk (non-integers, strings, null),
// with the record-building check it replaced (kept here as the reference), and
// must give the same answer: the same refusal (code, key and data) or a pass.
// The limits are the rules' own: seed 001 (phases melee), 002 (actionpoints
// attacks, section IV), 003 ("Attacking"), 004 ([17] Strike Check, [18] damage).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SeededDice } from "../../src/engine/dice";
import type { Outcome } from "../../src/engine/outcome";
import { isWholeNumber } from "../../src/engine/outcome";
import { apRefuse, checkAttack, CRIT_THROUGH_BLOCK, DEFENCES } from "../../src/engine/rulesets/actionpoints";
import { checkMelee as opposedCheckMelee, checkTest, DIFFICULTIES, opposedRefuse } from "../../src/engine/rulesets/opposed";
import { applyWounds, checkMelee as phasesCheckMelee, phasesRefuse, rollMelee, rollStressTotal } from "../../src/engine/rulesets/phases";
import { checkAttackFigures, pulseRefuse, validateDamage, validateStrike } from "../../src/engine/rulesets/pulse";

// ---- the replaced checks, as they were --------------------------------------

type Refuser = (which: "notNumber" | "outOfRange", data: Record<string, string | number>) => Outcome<never>;

function oldFigures(refuser: Refuser, values: Record<string, unknown>, min = -1000, max = 1000, optional: readonly string[] = []): Outcome<true> {
  for (const [field, v] of Object.entries(values)) {
    if (v === undefined && optional.includes(field)) continue;
    if (!isWholeNumber(v)) return refuser("notNumber", { field });
    if (v < min || v > max) return refuser("outOfRange", { field, value: v, min, max });
  }
  return { ok: true, value: true };
}

function oldWholeFields(fields: Record<string, readonly [unknown, number, number]>): Outcome<true> | null {
  for (const [name, [value, min, max]] of Object.entries(fields)) {
    if (!isWholeNumber(value)) return pulseRefuse("notANumber", { field: name });
    if (value < min || value > max) return pulseRefuse("outOfRange", { field: name, min, max });
  }
  return null;
}

const phasesR: Refuser = (w, d) => phasesRefuse(w, d);
const apR: Refuser = (w, d) => apRefuse(w, d);
const opposedR: Refuser = (w, d) => opposedRefuse(w, d);

// ---- random figures -----------------------------------------------------------

const junk = fc.constantFrom<unknown>(null, Number.NaN, Number.POSITIVE_INFINITY, -Infinity, 2.5, -0.5, "7", "", true, false, {}, []);
/** Mostly figures a sheet would send, sometimes out of any range, sometimes junk. */
const figure = fc.oneof(
  { arbitrary: fc.integer({ min: -3, max: 25 }), weight: 12 },
  { arbitrary: fc.integer({ min: -2000, max: 2000 }), weight: 2 },
  { arbitrary: junk, weight: 1 },
);
const maybe = fc.option(figure, { nil: undefined, freq: 3 });
const terms = fc.array(fc.record({ key: fc.constant("BOUT.Test"), value: figure }), { maxLength: 4 });

const RUNS = { numRuns: 400 };

describe("pulse (seed 004 [17], [18]): figure-by-figure checks agree with the record-building ones", () => {
  const strike = fc.record({ attack: fc.constant("normal"), baseChance: figure, modMD: figure, ranked: fc.boolean(), rank: figure, defense: figure, charging: fc.boolean(), withdrawingOffensively: fc.boolean(), modifiers: terms });
  const target = fc.record({ endurance: figure, enduranceNow: figure, fatigueNow: figure, monster: fc.boolean() });

  it("validateStrike", () => {
    fc.assert(
      fc.property(strike, (input: any) => {
        const modifierFields: Record<string, readonly [unknown, number, number]> = {};
        input.modifiers.forEach((m: any, i: number) => (modifierFields[`modifier${i}`] = [m.value, -500, 500]));
        const old = oldWholeFields({ baseChance: [input.baseChance, -500, 500], modMD: [input.modMD, 0, 100], rank: [input.rank, 0, 10], defense: [input.defense, 0, 500], ...modifierFields });
        expect(validateStrike(input)).toEqual(old);
      }),
      RUNS,
    );
  });

  const oldDamage = (input: any) => {
    const fields: Record<string, readonly [unknown, number, number]> = {
      dieModifier: [input.dieModifier, -20, 50],
      protection: [input.protection, 0, 100],
      endurance: [input.target.endurance, 1, 1000],
      enduranceNow: [input.target.enduranceNow, 0, 1000],
      fatigueNow: [input.target.fatigueNow, 0, 1000],
    };
    input.modifiers.forEach((m: any, i: number) => (fields[`modifier${i}`] = [m.value, -100, 100]));
    return oldWholeFields(fields);
  };

  it("validateDamage", () => {
    fc.assert(
      fc.property(fc.record({ dieModifier: figure, modifiers: terms, protection: figure, ignoreArmour: fc.boolean(), toEndurance: fc.boolean(), halved: fc.boolean(), target }), (input: any) => {
        expect(validateDamage(input)).toEqual(oldDamage(input));
      }),
      RUNS,
    );
  });

  it("resolveAttack's checks of the attacker, the defender and the damage", () => {
    const defender = fc.record({ endurance: figure, enduranceNow: figure, fatigueNow: figure, monster: fc.boolean(), modAG: figure, modMD: figure, evading: fc.boolean(), parryRank: fc.option(figure, { nil: null }), protection: figure });
    fc.assert(
      fc.property(fc.record({ attacker: fc.record({ modMD: figure, weaponRank: figure }), defender, dieModifier: figure, damageModifiers: terms }), (input: any) => {
        const d = input.defender;
        const old =
          oldWholeFields({
            parryRank: [d.parryRank ?? 0, 0, 10],
            weaponRank: [input.attacker.weaponRank, 0, 10],
            modAG: [d.modAG, 0, 100],
            modMD: [d.modMD, 0, 100],
            dieModifier: [input.dieModifier, -20, 50],
          }) ?? oldDamage({ dieModifier: input.dieModifier, modifiers: input.damageModifiers, protection: d.protection, target: d });
        expect(checkAttackFigures(input)).toEqual(old);
      }),
      RUNS,
    );
  });
});

describe("phases (seed 001, melee): figure-by-figure checks agree with the record-building ones", () => {
  const melee = fc.record(
    { attack: figure, firstStrike: maybe, defense: fc.option(figure, { nil: null }), damage: figure, soak: figure, attackerPenalty: maybe, defenderPenalty: maybe, attackModifier: maybe, defenseModifier: maybe, woundStep: maybe },
    { requiredKeys: ["attack", "defense", "damage", "soak"] },
  );
  const oldMelee = (input: any): Outcome<true> => {
    const f = oldFigures(
      phasesR,
      {
        attack: input?.attack, firstStrike: input?.firstStrike, damage: input?.damage, soak: input?.soak,
        attackerPenalty: input?.attackerPenalty, defenderPenalty: input?.defenderPenalty, attackModifier: input?.attackModifier, defenseModifier: input?.defenseModifier,
      },
      -200,
      200,
      ["firstStrike", "attackerPenalty", "defenderPenalty", "attackModifier", "defenseModifier"],
    );
    if (!f.ok) return f;
    if (input.defense !== null) {
      const d = oldFigures(phasesR, { defense: input.defense }, -200, 200);
      if (!d.ok) return d;
    }
    if (input.woundStep !== undefined) {
      const s = oldFigures(phasesR, { woundStep: input.woundStep }, 1, 100);
      if (!s.ok) return s;
    }
    return { ok: true, value: true };
  };

  it("checkMelee", () => {
    fc.assert(fc.property(melee, (input: any) => void expect(phasesCheckMelee(input)).toEqual(oldMelee(input))), RUNS);
  });

  it("rollMelee's botch dice, applyWounds and rollStressTotal refuse exactly as before, and pass exactly when they did", () => {
    const good = { attack: 5, defense: 3, damage: 4, soak: 2 };
    fc.assert(
      fc.property(figure, figure, figure, (a: any, b: any, c: any) => {
        const expectSame = (now: Outcome<unknown>, old: Outcome<true>) => (old.ok ? expect(now.ok).toBe(true) : expect(now).toEqual(old));
        expectSame(rollMelee(good as never, new SeededDice("agree"), a), oldFigures(phasesR, { botchDice: a }, 0, 20));
        expectSame(applyWounds(a, b), oldFigures(phasesR, { woundsLeft: a, levels: b }, 0, 1000));
        expectSame(rollStressTotal(c, new SeededDice("agree"), 1), oldFigures(phasesR, { bonus: c }, -1000, 1000));
      }),
      RUNS,
    );
  });
});

describe("actionpoints (seed 002, section IV): figure-by-figure checks agree with the record-building ones", () => {
  const attacker = fc.record({ id: fc.constant("a"), tsc: figure, psf: figure, modifier: maybe, baseDamage: figure, strengthBonus: figure, attackerBonus: figure, weaponSize: figure }, { requiredKeys: ["id", "tsc", "psf", "baseDamage", "strengthBonus", "attackerBonus", "weaponSize"] });
  const defender = fc.record({
    id: fc.constant("d"),
    defence: fc.constantFrom<unknown>(...DEFENCES, "parry", undefined),
    tsc: figure,
    psf: figure,
    shield: fc.option(fc.record({ absorption: maybe, blockBonus: maybe, penetrations: maybe }), { nil: null }),
    armour: fc.record({ absorption: figure, weight: fc.constant("light"), failed: fc.boolean() }),
    parryWeaponSize: figure,
    kneeling: fc.boolean(),
    fatigueNow: figure,
    bodyNow: figure,
    con: figure,
  });
  const input = fc.record(
    { attacker, defender, critDieModifier: maybe, agility: fc.option(fc.record({ attacker: maybe, defender: maybe }), { nil: undefined }), critThroughBlock: fc.constantFrom<unknown>(...CRIT_THROUGH_BLOCK, "always", undefined) },
    { requiredKeys: ["attacker", "defender"] },
  );
  const oldCheck = (input: any): Outcome<true> => {
    const a = input.attacker;
    const d = input.defender;
    if (!DEFENCES.includes(d.defence)) return apRefuse("badChoice", { field: "defence" });
    if ((d.defence === "passiveShield" || d.defence === "activeShield") && !d.shield) return apRefuse("notAllowed", { field: "shield" });
    if (input.critThroughBlock !== undefined && !CRIT_THROUGH_BLOCK.includes(input.critThroughBlock)) return apRefuse("badChoice", { field: "critThroughBlock" });
    return oldFigures(
      apR,
      {
        tsc: a.tsc, psf: a.psf, modifier: a.modifier, baseDamage: a.baseDamage, strengthBonus: a.strengthBonus, attackerBonus: a.attackerBonus, weaponSize: a.weaponSize,
        defenceTsc: d.tsc, defencePsf: d.psf, armour: d.armour.absorption, parryWeaponSize: d.parryWeaponSize, fatigueNow: d.fatigueNow, bodyNow: d.bodyNow, con: d.con,
        shieldAbsorption: d.shield?.absorption, blockBonus: d.shield?.blockBonus, penetrations: d.shield?.penetrations, critDieModifier: input.critDieModifier,
        attackerAgility: input.agility?.attacker, defenderAgility: input.agility?.defender,
      },
      -1000,
      1000,
      ["modifier", "shieldAbsorption", "blockBonus", "penetrations", "critDieModifier", "attackerAgility", "defenderAgility"],
    );
  };

  it("checkAttack", () => {
    fc.assert(fc.property(input, (i: any) => void expect(checkAttack(i)).toEqual(oldCheck(i))), RUNS);
  });
});

describe("opposed (seed 003, Attacking): figure-by-figure checks agree with the record-building ones", () => {
  const test = fc.record({ target: figure, difficulty: fc.constantFrom<unknown>(...Object.keys(DIFFICULTIES), "toString", "impossible", undefined), modifier: maybe }, { requiredKeys: ["target"] });
  const oldTest = (input: any, field: string): Outcome<true> => {
    const figures = oldFigures(opposedR, { [`${field}.target`]: input.target, [`${field}.modifier`]: input.modifier }, -200, 300, [`${field}.modifier`]);
    if (!figures.ok) return figures;
    if (input.difficulty !== undefined && !Object.prototype.hasOwnProperty.call(DIFFICULTIES, input.difficulty)) return opposedRefuse("badChoice", { field: `${field}.difficulty` });
    return { ok: true, value: true };
  };
  const armour = fc.record({ head: figure, leftArm: figure, rightArm: figure, body: figure, leftLeg: figure, rightLeg: figure });
  const melee = fc.record({
    attacker: fc.record({ id: fc.constant("a"), test, damage: figure, advantage: figure }),
    defender: fc.record({ id: fc.constant("d"), test: fc.option(test, { nil: null }), surprised: fc.boolean(), toughnessBonus: figure, armour, woundsNow: figure, advantage: figure }),
  });
  const oldMelee = (input: any): Outcome<true> => {
    const a = oldTest(input.attacker.test, "attacker");
    if (!a.ok) return a;
    if (input.defender.test) {
      if (input.defender.surprised) return opposedRefuse("cannotDefend", { who: input.defender.id });
      const d = oldTest(input.defender.test, "defender");
      if (!d.ok) return d;
    }
    const ar = input.defender.armour;
    return oldFigures(
      opposedR,
      {
        damage: input.attacker.damage, toughnessBonus: input.defender.toughnessBonus, woundsNow: input.defender.woundsNow,
        attackerAdvantage: input.attacker.advantage, defenderAdvantage: input.defender.advantage,
        head: ar.head, leftArm: ar.leftArm, rightArm: ar.rightArm, body: ar.body, leftLeg: ar.leftLeg, rightLeg: ar.rightLeg,
      },
      0,
      1000,
    );
  };

  it("checkTest", () => {
    fc.assert(fc.property(test, fc.constantFrom("attacker", "defender"), (t: any, field) => void expect(checkTest(t, field)).toEqual(oldTest(t, field))), RUNS);
  });
  it("checkMelee", () => {
    fc.assert(fc.property(melee, (i: any) => void expect(opposedCheckMelee(i)).toEqual(oldMelee(i))), RUNS);
  });
});
