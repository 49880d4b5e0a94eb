// Seed 003_094b90e5b0802384.txt ("Attacking", "Hit Locations", "Criticals and
// Fumbles", "Oops!", "Ranged Combat", "Combat Difficulty", "Size",
// "Movement"): exact dice, exact outcomes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice, SeededDice } from "../../../../src/engine/dice";
import {
  addsStrengthBonus,
  attackSkill,
  compareOpposed,
  DIFFICULTIES,
  finalTarget,
  hitLocation,
  DEFAULT_OPPOSED_TABLES,
  HIT_LOCATIONS,
  lookup,
  misfires,
  movement,
  OOPS_TABLE,
  rangedOppositions,
  rangedOppositionSkill,
  checkEngagedShot,
  readTest,
  resolveMeleeAttack,
  resolveRangedAttack,
  SIZE_MODIFIERS,
  weaponDamage,
  woundsSuffered,
  type MeleeAttackInput,
  type RangedAttackInput,
} from "../../../../src/engine/rulesets/opposed";

const noArmour = { head: 0, leftArm: 0, rightArm: 0, body: 0, leftLeg: 0, rightLeg: 0 };
const melee = (over: Partial<MeleeAttackInput["attacker"]> = {}, d: Partial<MeleeAttackInput["defender"]> = {}): MeleeAttackInput => ({
  attacker: { id: "a", test: { target: 45 }, damage: 7, advantage: 0, ...over },
  defender: { id: "d", test: { target: 40 }, surprised: false, toughnessBonus: 3, armour: { ...noArmour, rightArm: 2 }, woundsNow: 12, advantage: 0, ...d },
  tables: DEFAULT_OPPOSED_TABLES,
});

describe("seed 003 'Hit Locations': the reversed roll", () => {
  it("reads 34 as 43 (right arm), 07 as 70 (body), 10 as 01 (head), 00 as 00 (right leg), 98 as 89 (left leg), 42 as 24 (left arm)", () => {
    expect([34, 7, 10, 100, 98, 42].map((r) => hitLocation(r, HIT_LOCATIONS).location)).toEqual(["rightArm", "body", "head", "rightLeg", "leftLeg", "leftArm"]);
  });
  it("covers 1..100 exactly once", () => {
    for (let r = 1; r <= 100; r++) expect(HIT_LOCATIONS.filter((b) => r >= b.from && r <= b.to)).toHaveLength(1);
  });
});

describe("seed 003 'Attacking': Damage and Wounds", () => {
  it("adds SL to weapon Damage (+SB) and subtracts TB and AP, never below 1 Wound", () => {
    expect(weaponDamage(4, true, 3)).toBe(7);
    expect(woundsSuffered({ damage: 7 + 2, toughnessBonus: 3, armourPoints: 2, woundsNow: 12 })).toEqual({ suffered: 4, woundsNow: 8, critical: false });
    expect(woundsSuffered({ damage: 3, toughnessBonus: 3, armourPoints: 2, woundsNow: 12 }).suffered).toBe(1);
  });
  it("gives a Critical Wound when more Wounds are lost than remain", () => {
    expect(woundsSuffered({ damage: 10, toughnessBonus: 3, armourPoints: 0, woundsNow: 6 })).toEqual({ suffered: 7, woundsNow: 0, critical: true });
    expect(woundsSuffered({ damage: 9, toughnessBonus: 3, armourPoints: 0, woundsNow: 6 }).critical).toBe(false);
  });
});

describe("seed 003 'Attacking': the skill and the Strength Bonus of a weapon", () => {
  it("a melee weapon attacks with Melee and adds SB unless its item says not; a ranged one with Ranged and adds SB only when its item says so", () => {
    expect([attackSkill(false), attackSkill(true)]).toEqual(["melee", "ranged"]);
    expect([addsStrengthBonus(undefined, false), addsStrengthBonus(undefined, true), addsStrengthBonus(false, false), addsStrengthBonus(true, true)]).toEqual([true, false, false, true]);
    // A sword of Damage 4 in the hand of SB 3 deals 7 + SL; a bow of Damage 7 deals 7 + SL.
    expect([weaponDamage(4, addsStrengthBonus(undefined, false), 3), weaponDamage(7, addsStrengthBonus(undefined, true), 3)]).toEqual([7, 7]);
  });
});

describe("seed 003 'Attacking' 1: the Opposed Melee Test", () => {
  it("attacker 23 vs 45 (SL +2) beats defender 57 vs 40 (SL -1): SL 3, right arm (32), 7+3-3-2 = 5 Wounds, +1 Advantage", () => {
    const r = resolveMeleeAttack(melee(), new FixedDice({ 100: [23, 57] }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const res = r.value.result;
    expect([res.attacker.sl, res.defender!.sl, res.winner, res.sl]).toEqual([2, -1, "attacker", 3]);
    expect(res.hit).toMatchObject({ reversed: 32, location: "rightArm", damage: 10, wounds: { suffered: 5, woundsNow: 7, critical: false } });
    expect(res.advantage).toEqual({ attacker: 1, defender: 0 });
  });

  it("gives the defender +1 Advantage when the attack loses, and nothing lands", () => {
    const r = resolveMeleeAttack(melee(), new FixedDice({ 100: [60, 12] }));
    if (!r.ok) throw new Error("refused");
    expect(r.value.result.winner).toBe("defender");
    expect(r.value.result.hit).toBeNull();
    expect(r.value.result.advantage).toEqual({ attacker: 0, defender: 1 });
  });

  it("'Criticals': a successful double is a critical even for the defender who loses", () => {
    // Attacker 11 vs 45: SL +3, a critical. Defender 22 vs 40: SL +2, also a critical.
    const r = resolveMeleeAttack(melee(), new FixedDice({ 100: [11, 22] }));
    if (!r.ok) throw new Error("refused");
    expect(r.value.result.winner).toBe("attacker");
    expect(r.value.result.criticalsOn).toEqual(["d", "a"]);
  });

  it("'Fumbles': a failed double rolls on Oops! (65: lose the next Move)", () => {
    const r = resolveMeleeAttack(melee(), new FixedDice({ 100: [77, 30, 65] }));
    if (!r.ok) throw new Error("refused");
    expect(r.value.result.fumbles.attacker.oops).toEqual({ roll: 65, effect: "loseMove", sl: 5 });
  });

  it("'Misfire': a blackpowder weapon fumbling on an even double (88) misfires with the units die as SL; an odd double (77) does not", () => {
    const r = resolveMeleeAttack(melee({ blackpowder: true }), new FixedDice({ 100: [88, 30] }));
    if (!r.ok) throw new Error("refused");
    expect(r.value.result.fumbles.attacker.misfire).toEqual({ sl: 8 });
    expect(misfires(readTest(77, { target: 45 }), true)).toBe(false);
    expect(misfires(readTest(100, { target: 45 }), true)).toBe(true);
  });

  it("'Surprised': the target cannot oppose, the attacker gets +20, and surprise is lost after the attack", () => {
    expect(resolveMeleeAttack(melee({}, { surprised: true }), new FixedDice({ 100: [50] })).ok).toBe(false);
    const r = resolveMeleeAttack(melee({}, { surprised: true, test: null }), new FixedDice({ 100: [60] }));
    if (!r.ok) throw new Error("refused");
    // 60 against 45 + 20 = 65 succeeds: SL 0.
    expect([r.value.result.attacker.target, r.value.result.winner, r.value.result.surpriseLost]).toEqual([65, "attacker", true]);
  });

  it("settles an SL tie for the higher target by default, or as the GM chooses", () => {
    const a = readTest(41, { target: 45 });
    const d = readTest(52, { target: 55 });
    expect(compareOpposed(a, d)).toEqual({ winner: "defender", sl: 0 });
    expect(compareOpposed(a, d, "attacker").winner).toBe("attacker");
  });
});

describe("seed 003 'Ranged Combat'", () => {
  const ranged = (a: Partial<RangedAttackInput["attacker"]> = {}, d: Partial<RangedAttackInput["defender"]> = {}): RangedAttackInput => ({
    attacker: { id: "a", test: { target: 50 }, damage: 8, pistol: false, blackpowder: false, engaged: false, advantage: 1, ...a },
    defender: { id: "d", opposition: "none", test: null, toughnessBonus: 3, armour: noArmour, woundsNow: 10, pointBlank: false, largeShield: false, ...d },
    tables: DEFAULT_OPPOSED_TABLES,
  });
  it("hits on a success with +1 Advantage; a miss gives the target nothing", () => {
    const hit = resolveRangedAttack(ranged(), new FixedDice({ 100: [31] }));
    if (!hit.ok) throw new Error("refused");
    expect([hit.value.result.hit?.location, hit.value.result.advantage]).toEqual(["leftArm", 2]); // 31 reversed is 13
    const miss = resolveRangedAttack(ranged(), new FixedDice({ 100: [70] }));
    if (!miss.ok) throw new Error("refused");
    expect([miss.value.result.hit, miss.value.result.advantage]).toEqual([null, 1]);
  });
  it("refuses shooting while Engaged without the Pistol quality", () => {
    const r = resolveRangedAttack(ranged({ engaged: true }), new FixedDice({ 100: [31] }));
    expect(r.ok ? "ok" : r.refusal.code).toBe("opposed.engagedRanged");
    expect(resolveRangedAttack(ranged({ engaged: true, pistol: true }), new FixedDice({ 100: [31] })).ok).toBe(true);
  });
  it("allows opposition only at Point Blank (Dodge), with a large shield, or in melee when the shooter is Engaged", () => {
    const dodge = ranged({}, { opposition: "dodgePointBlank", test: { target: 40 } });
    expect(resolveRangedAttack(dodge, new FixedDice({ 100: [31, 20] })).ok).toBe(false);
    const r = resolveRangedAttack({ ...dodge, defender: { ...dodge.defender, pointBlank: true } }, new FixedDice({ 100: [31, 20] }));
    if (!r.ok) throw new Error("refused");
    // 31 vs 50: SL 2; 20 vs 40: SL 2; tie to the higher target (the shooter's 50).
    expect(r.value.result.hit).not.toBeNull();
  });
  it("the ways offered and the skill each uses: Dodge at Point Blank; a Melee skill behind a large shield or against an Engaged shooter; only a Pistol shoots while Engaged", () => {
    expect(rangedOppositions({ pointBlank: false, largeShield: false }, false)).toEqual([]);
    expect(rangedOppositions({ pointBlank: true, largeShield: true }, true)).toEqual(["dodgePointBlank", "largeShield", "meleeWhileEngaged"]);
    expect(rangedOppositions({ pointBlank: false, largeShield: true }, false)).toEqual(["largeShield"]);
    expect(["none", "dodgePointBlank", "largeShield", "meleeWhileEngaged"].map((o) => rangedOppositionSkill(o as never))).toEqual([null, "dodge", "melee", "melee"]);
    const refused = checkEngagedShot(true, false);
    expect([refused.ok ? "ok" : refused.refusal.code, checkEngagedShot(true, true).ok, checkEngagedShot(false, false).ok]).toEqual(["opposed.engagedRanged", true, true]);
  });
});

describe("seed 003 tables", () => {
  it("'Combat Difficulty' and 'Size' carry the seed's modifiers", () => {
    expect(DIFFICULTIES).toEqual({ veryEasy: 60, easy: 40, average: 20, challenging: 0, difficult: -10, hard: -30, veryHard: -50 });
    expect(SIZE_MODIFIERS).toEqual({ tiny: -30, little: -20, small: -10, average: 0, large: 20, enormous: 40, monstrous: 60 });
    expect(finalTarget({ target: 35, difficulty: "hard", modifier: 20 })).toBe(25);
  });
  it("'Movement Table': walk twice and run four times Move, 0 to 10", () => {
    expect([0, 1, 4, 10].map(movement)).toEqual([{ walk: 0, run: 0 }, { walk: 2, run: 4 }, { walk: 8, run: 16 }, { walk: 20, run: 40 }]);
  });
  it("'Oops!' bands: 01-20, 21-40, 41-60, 61-70, 71-80, 81-90, 91-00", () => {
    expect([1, 20, 21, 40, 41, 60, 61, 70, 71, 80, 81, 90, 91, 100].map((r) => lookup(OOPS_TABLE, r))).toEqual([
      "loseWound", "loseWound", "weaponJars", "weaponJars", "outOfPosition", "outOfPosition", "loseMove", "loseMove", "loseAction", "loseAction", "tornMuscle", "tornMuscle", "hitsAlly", "hitsAlly",
    ]);
  });
});

describe("seed 003: untyped input is refused, never thrown", () => {
  const junk = fc.oneof(fc.integer({ min: -5000, max: 5000 }), fc.double(), fc.string(), fc.constant(undefined), fc.constant(null));
  it("melee attacks with junk in any figure", () => {
    fc.assert(
      fc.property(fc.constantFrom("target", "modifier", "damage", "toughnessBonus", "woundsNow", "body"), junk, fc.integer(), (field, value, seed) => {
        const input = melee();
        const bad =
          field === "target" || field === "modifier"
            ? { ...input, attacker: { ...input.attacker, test: { ...input.attacker.test, [field]: value } } }
            : field === "damage"
              ? { ...input, attacker: { ...input.attacker, damage: value } }
              : field === "body"
                ? { ...input, defender: { ...input.defender, armour: { ...input.defender.armour, body: value } } }
                : { ...input, defender: { ...input.defender, [field]: value } };
        const r = resolveMeleeAttack(bad as never, new SeededDice(seed));
        return r.ok || r.refusal.code.startsWith("opposed.");
      }),
    );
  });
});
