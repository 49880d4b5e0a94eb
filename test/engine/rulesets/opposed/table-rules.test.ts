// Seed 003_094b90e5b0802384.txt: the decisions the table makes around a card
// ("Oops!" 41–60, "Prepare", "Attacking" step 4, "Move", "Surprised"), exact figures.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { DEFAULT_OPPOSED_TABLES as tables, HIT_LOCATIONS, OOPS_TABLE, attackModifier, brokenAfter, calledShotDifficulty, landsOn, surpriseBeganFor, surpriseEndedFor, moveCost, preparedDefenceBonus, readOops, resolveMeleeAttack, surpriseEndsOnAttack, woundConditions, woundsSuffered } from "../../../../src/engine/rulesets/opposed";

describe("seed 003 'Oops!' 41-60: 'Next round, your Action suffers a penalty of -10'", () => {
  it("an Oops! roll of 50 is out of position; the penalty the turn order holds (-10) lowers the attack's modifier: 0 becomes -10, a shot at a Large target +20 becomes +10", () => {
    expect(readOops(50, OOPS_TABLE).effect).toBe("outOfPosition");
    expect(attackModifier({ modifier: 0, actionPenalty: -10, ranged: false, sizeModifier: 20 })).toBe(-10);
    expect(attackModifier({ modifier: 0, actionPenalty: -10, ranged: true, sizeModifier: 20 })).toBe(10);
    expect(attackModifier({ modifier: 5, actionPenalty: 0, ranged: false, sizeModifier: 0 })).toBe(5);
  });
  it("a melee attack at WS 45 with the penalty tests against 35: a roll of 40 misses", () => {
    const armour = { head: 0, leftArm: 0, rightArm: 0, body: 0, leftLeg: 0, rightLeg: 0 };
    const r = resolveMeleeAttack(
      {
        attacker: { id: "a", test: { target: 45, modifier: attackModifier({ modifier: 0, actionPenalty: -10, ranged: false, sizeModifier: 0 }) }, damage: 7, advantage: 0 },
        defender: { id: "d", test: null, surprised: false, toughnessBonus: 3, armour, woundsNow: 10, advantage: 0 },
        tables,
      },
      new FixedDice({ 100: [40] }),
    );
    if (!r.ok) throw new Error("refused");
    expect(r.value.result.attacker.target).toBe(35);
    expect(r.value.result.winner).toBe("defender");
  });
});

describe("seed 003 'Prepare': '+20 to defensive tests using the skill'", () => {
  it("gives +20 to the prepared skill against any attack, nothing to another skill or no defence", () => {
    expect(preparedDefenceBonus("dodge", "dodge")).toBe(20);
    expect(preparedDefenceBonus("melee", "melee")).toBe(20);
    expect(preparedDefenceBonus("dodge", "melee")).toBe(0);
    expect(preparedDefenceBonus(null, "dodge")).toBe(0);
    expect(preparedDefenceBonus("dodge", null)).toBe(0);
  });
});

describe("seed 003 'Attacking' step 4: more Wounds lost than remain is a Critical Wound and the Prone Condition", () => {
  it("5 Wounds on 2 left: a Critical Wound and Prone; 5 on 12: neither", () => {
    expect(woundConditions(woundsSuffered({ damage: 8, toughnessBonus: 3, armourPoints: 0, woundsNow: 2 }))).toEqual({ criticalWounds: 1, prone: true });
    expect(woundConditions(woundsSuffered({ damage: 8, toughnessBonus: 3, armourPoints: 0, woundsNow: 12 }))).toEqual({ criticalWounds: 0, prone: false });
  });
});

describe("seed 003 'Move': what each move costs of the turn", () => {
  it("Run is the Action ('You can use your Action to sprint'); Disengage II (Dodge) the Action, Disengage I (Advantage) the Move; Charge and Flee the Move; Climb the Action; Fall nothing", () => {
    expect(moveCost("run")).toBe("action");
    expect(moveCost("disengage", false)).toBe("action");
    expect(moveCost("disengage", true)).toBe("move");
    expect(moveCost("charge")).toBe("move");
    expect(moveCost("flee")).toBe("move");
    expect(moveCost("leap")).toBe("move");
    expect(moveCost("climb")).toBe("action");
    expect(moveCost("fall")).toBe("none");
  });
});

describe("seed 003 'Surprise!' (Surprised): 'after the first attempt to attack you, you lose the Surprised Condition'", () => {
  it("ends on the first attack; nothing to end when not surprised", () => {
    expect(surpriseEndsOnAttack(true)).toBe(true);
    expect(surpriseEndsOnAttack(false)).toBe(false);
  });
});

describe("seed 003 'Move' (Flee): 'gain a Broken Condition, and a further +1 Broken condition per SL below 0'", () => {
  it("the conditions stack: 1 held and 5 gained is 6; none held and none gained shows no condition", () => {
    expect(brokenAfter(1, 5)).toEqual({ broken: 6, status: true });
    expect(brokenAfter(0, 0)).toEqual({ broken: 0, status: false });
  });
});

describe("seed 003 'Combat Difficulty' (Hard -30): 'A called shot to a specific Hit Location. If you succeed you hit that location.'", () => {
  it("a called shot is at least Hard: Challenging becomes Hard, Very Hard stays", () => {
    expect(calledShotDifficulty("challenging", "head")).toBe("hard");
    expect(calledShotDifficulty("veryHard", "head")).toBe("veryHard");
    expect(calledShotDifficulty("challenging", null)).toBe("challenging");
  });
  it("a hit lands where it was called: 21 reversed is 12 (left arm), called head lands on the head", () => {
    expect(landsOn(21, "head", HIT_LOCATIONS)).toEqual({ reversed: 12, location: "head" });
    expect(landsOn(21, null, HIT_LOCATIONS)).toEqual({ reversed: 12, location: "leftArm" });
  });
  it("a melee attack called at the head: WS 75 at Hard (45) rolls 21 unopposed, SL +2, and hits the head", () => {
    const armour = { head: 0, leftArm: 0, rightArm: 0, body: 0, leftLeg: 0, rightLeg: 0 };
    const r = resolveMeleeAttack(
      {
        attacker: { id: "a", test: { target: 75, difficulty: calledShotDifficulty("challenging", "head") }, damage: 7, advantage: 0, calledShot: "head" },
        defender: { id: "d", test: null, surprised: false, toughnessBonus: 3, armour, woundsNow: 10, advantage: 0 },
        tables,
      },
      new FixedDice({ 100: [21] }),
    );
    if (!r.ok) throw new Error("refused");
    expect(r.value.result.attacker.target).toBe(45);
    expect(r.value.result.hit).toMatchObject({ location: "head", reversed: 12 });
  });
});

describe("seed 003 'Surprise!' (Surprised): 'At the end of each Round ... you lose the Surprised Condition'", () => {
  it("names the fighters whose Surprised the turn order just ended, and nobody on a fight's first state", () => {
    const before = { combatants: [{ id: "a", surprised: true }, { id: "b", surprised: true }, { id: "c", surprised: false }] } as never;
    const after = { combatants: [{ id: "a", surprised: false }, { id: "b", surprised: true }, { id: "c", surprised: false }] } as never;
    expect(surpriseEndedFor(before, after)).toEqual(["a"]);
    expect(surpriseEndedFor(null, after)).toEqual([]);
  });

  it("names the fighters the turn order just made Surprised (the GM's ruling), and nobody on a fight's first state", () => {
    const before = { combatants: [{ id: "a", surprised: false }, { id: "b", surprised: true }, { id: "c", surprised: false }] } as never;
    const after = { combatants: [{ id: "a", surprised: true }, { id: "b", surprised: true }, { id: "c", surprised: false }, { id: "d", surprised: true }] } as never;
    expect(surpriseBeganFor(before, after)).toEqual(["a"]);
    expect(surpriseBeganFor(null, after)).toEqual([]);
    expect(surpriseEndedFor(after, before)).toEqual(["a"]);
  });
});
