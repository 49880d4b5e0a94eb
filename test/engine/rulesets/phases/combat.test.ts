// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt): Soak and wound levels ("Optional
// Longbow and Crossbow Damage Rule": one level per 5 points over Soak, or per 2),
// called shots, the Missile Fire Table's ease factor, routing (no attack, no
// defence), the first-strike bonus; the melee and fatigue procedures are our
// defaults where the seed's pages stop (docs/rulesets/phases.md).
import { describe, expect, it } from "vitest";
import { FixedDice, rollStress } from "../../../../src/engine/dice";
import {
  rollAthletics,
  applyWounds,
  attackScore,
  damageScore,
  defenseScore,
  missileWoundStep,
  resolveFatigue,
  resolveMelee,
  resolveMissile,
  rollFatigue,
  rollMelee,
  rollMissile,
  soakScore,
  shotShieldDfn,
  targetDefends,
  woundLevels,
  woundState,
} from "../../../../src/engine/rulesets/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";
const stress = (...rolls: number[]) => rollStress(new FixedDice(rolls), rolls[0] === 10 ? 1 : 0);
const code = (o: { ok: boolean; refusal?: { code: string } }) => (o.ok ? "ok" : o.refusal?.code);
const value = <T,>(o: { ok: true; value: T } | { ok: false; refusal: { code: string } }): T => {
  if (!o.ok) throw new Error(o.refusal.code);
  return o.value;
};

describe(`${SEED}, "Optional Longbow and Crossbow Damage Rule": wound levels from Damage over Soak`, () => {
  it("one wound level for every five points over Soak", () => {
    expect([woundLevels(10, 10), woundLevels(14, 10), woundLevels(15, 10), woundLevels(24, 10), woundLevels(25, 10), woundLevels(3, 10)]).toEqual([0, 0, 1, 2, 3, 0]);
  });
  it("one for every two points for longbows and crossbows under the optional rule, and for called shots", () => {
    expect(woundLevels(15, 10, 2)).toBe(2);
    expect(missileWoundStep({ piercing: true, piercingRule: true })).toBe(2);
    expect(missileWoundStep({ piercing: true, piercingRule: false })).toBe(5);
    expect(missileWoundStep({ piercing: false, piercingRule: true })).toBe(5);
    expect(missileWoundStep({ calledShot: true, exposed: true })).toBe(2);
  });
  it(`"Optional Called Shots Rule": the 2-point step only for a called shot aimed at an exposed area; a called shot for another effect counts per 5`, () => {
    expect(missileWoundStep({ calledShot: true })).toBe(5);
    expect(missileWoundStep({ calledShot: true, exposed: false })).toBe(5);
    expect(missileWoundStep({ calledShot: false, exposed: true })).toBe(5);
    expect(missileWoundStep({ calledShot: true, exposed: true })).toBe(2);
  });
});

describe(`${SEED}: scores from the sheet`, () => {
  it("adds the actor's and the weapon's parts, shield Defense and armour protection", () => {
    expect(attackScore({ attack: 5 }, { attack: 2 })).toBe(7);
    expect(defenseScore({ defense: 4 }, { defense: 1 }, { defense: 3 })).toBe(8);
    expect(defenseScore({ defense: 4 }, null, null)).toBe(4);
    expect(damageScore({ damage: 2 }, { damage: 6 })).toBe(8);
    expect(soakScore({ soak: 3 }, [{ protection: 5 }, { protection: 1 }])).toBe(9);
  });
});

describe(`${SEED}: melee (our default procedure, with the seed's first strike and routing)`, () => {
  const base = { attack: 8, defense: 6, damage: 7, soak: 5 };
  it("hits when the Attack Total beats the Defense Total; Damage Total = margin + Damage; wounds from the excess over Soak", () => {
    const r = value(resolveMelee(base, stress(9), stress(4)));
    expect(r.result).toMatchObject({ attackTotal: 17, defenseTotal: 10, hit: true, margin: 7, damageTotal: 14, wounds: 1 });
  });
  it("a tie goes to the defender", () => {
    expect(value(resolveMelee(base, stress(4), stress(6))).result.hit).toBe(false);
  });
  it("adds the first-strike bonus won in the engagement contest (the seed's +5)", () => {
    const r = value(resolveMelee({ ...base, firstStrike: 5 }, stress(2), stress(7)));
    expect(r.result).toMatchObject({ attackTotal: 15, defenseTotal: 13, hit: true });
    expect(r.events.map((e) => e.type)).toContain("firstStrike");
  });
  it("a routing target cannot defend: no defence roll, the attack is against 0", () => {
    const dice = new FixedDice([3]);
    const r = value(rollMelee({ ...base, defense: null }, dice));
    expect(r.result).toMatchObject({ attackTotal: 11, defenseTotal: null, hit: true, damageTotal: 18, wounds: 2 });
    expect(dice.remaining()).toBe(0);
  });
  it("a botched attack misses; a botched defence counts 0", () => {
    expect(value(resolveMelee(base, stress(10, 10), stress(3))).result).toMatchObject({ hit: false, attackBotched: true });
    expect(value(resolveMelee(base, stress(2), stress(10, 10))).result).toMatchObject({ defenseTotal: 0, hit: true, defenseBotched: true });
  });
  it("wound and fatigue penalties count against each side", () => {
    const r = value(resolveMelee({ ...base, attackerPenalty: -3, defenderPenalty: -1 }, stress(5), stress(5)));
    expect([r.result.attackTotal, r.result.defenseTotal]).toEqual([10, 10]);
  });
  it("refuses non-numbers and a missing defence roll", () => {
    expect(code(resolveMelee({ ...base, attack: Number.NaN }, stress(5), stress(5)))).toBe("phases.notNumber");
    expect(code(resolveMelee(base, stress(5), null))).toBe("phases.notNumber");
  });
});

describe(`${SEED}, "2. First Missiles": a shot against the ease factor`, () => {
  const shot = { attack: 5, damage: 6, soak: 4, range: "middle" as const };
  it("hits when the total meets the ease factor; damage from the amount over it", () => {
    const r = value(resolveMissile(shot, stress(3)));
    expect(r.result).toMatchObject({ attackTotal: 8, ease: 6, hit: true, damageTotal: 8, wounds: 0 });
    expect(value(resolveMissile(shot, stress(1, 8))).result).toMatchObject({ attackTotal: 21, damageTotal: 21, wounds: 3 });
    expect(value(resolveMissile({ ...shot, range: "far" }, stress(6))).result.hit).toBe(false);
  });
  it("a longbow under the optional rule wounds per 2 points over Soak", () => {
    const r = value(resolveMissile({ ...shot, piercing: true, piercingRule: true }, stress(1, 8)));
    expect(r.result).toMatchObject({ woundStep: 2, wounds: 8 });
  });
  it("no shot at Touch or Reach range", () => {
    expect(code(rollMissile({ ...shot, range: "reach" }, new FixedDice([5])))).toBe("phases.noFiring");
  });
  it("a botched shot misses", () => {
    expect(value(resolveMissile({ ...shot, attack: 30 }, stress(10, 10))).result).toMatchObject({ hit: false, botched: true });
  });
});

describe(`${SEED}: wound levels and the Fatigue phase (our default tracks and check)`, () => {
  it("takes wound levels off what is left and reads the penalty", () => {
    const r = value(applyWounds(5, 2));
    expect([r.result.left, r.result.penalty, r.result.out]).toEqual([3, -3, false]);
    expect(value(applyWounds(2, 1)).result).toMatchObject({ left: 1, out: true, ended: false });
    const dead = value(applyWounds(1, 4));
    expect([dead.result.left, dead.result.ended, dead.events.map((e) => e.type)]).toEqual([0, true, ["woundLevel", "dead"]]);
    expect(woundState(5).penalty).toBe(0);
    expect(code(applyWounds(5, -1))).toBe("phases.outOfRange");
  });
  it("a fatigue check: stress die + Stamina + penalties against 6; failing costs a level, a botch one more per botch", () => {
    expect(value(resolveFatigue({ stamina: 1, fatigueLeft: 5 }, stress(5))).result).toMatchObject({ total: 6, passed: true, lost: 0 });
    expect(value(resolveFatigue({ stamina: 1, penalty: -1, fatigueLeft: 5 }, stress(5))).result).toMatchObject({ passed: false, lost: 1 });
    const botched = value(rollFatigue({ stamina: 5, fatigueLeft: 2 }, new FixedDice([10, 10])));
    expect(botched.result).toMatchObject({ lost: 2, after: { left: 0, out: true } });
  });
});

// "1. Movement" (seed 001_e84cf39f805b9fd9.txt): the storyguide may ask a sprinter
// for an Athletics roll; our ease factor is 6.
describe("the sprinter's Athletics roll", () => {
  const roll = (faces: number[], input: { athletics: number; penalty?: number } = { athletics: 3, penalty: -1 }) => {
    const r = rollAthletics(input, new FixedDice(faces));
    if (!r.ok) throw new Error("refused");
    return r.value.result;
  };
  it("die 4 + Athletics 3 - 1 for wounds = 6 meets 6 and keeps footing; a die of 3 falls", () => {
    expect(roll([4])).toEqual({ total: 6, ease: 6, passed: true, botched: false });
    expect(roll([3]).passed).toBe(false);
  });
  it("a first 0 with a botch always falls, whatever the Athletics; a fractional Athletics is refused", () => {
    expect(roll([10, 10], { athletics: 20 })).toMatchObject({ passed: false, botched: true });
    expect(rollAthletics({ athletics: 1.5 }, new FixedDice([4])).ok).toBe(false);
  });
});

describe("seed 001 Initiative Modifiers Table (first footnote) and Missile Fire Table (third footnote)", () => {
  it("a routing target defends against nothing; otherwise it defends unless it chose no defence", () => {
    expect([targetDefends("defend", false), targetDefends("dodge", false), targetDefends("none", false), targetDefends("defend", true), targetDefends("shield", true)]).toEqual([true, true, false, false, false]);
  });
  it("a shield's Dfn 2 counts once against a shot, twice when its bearer actively defends with it, once when dodging", () => {
    expect([shotShieldDfn(2, "none", false), shotShieldDfn(2, "shield", true), shotShieldDfn(2, "dodge", true), shotShieldDfn(2, "shield", false)]).toEqual([2, 4, 2, 2]);
  });
});
