// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt): the stress die + Initiative,
// the Initiative Modifiers Table, the Movement Table, the Missile Fire Table, the
// Missile Rate Table and the optional damage rules.
import { describe, expect, it } from "vitest";
import { FixedDice, rollStress } from "../../../../src/engine/dice";
import {
  afterMissileRound,
  canFireFirst,
  canFireSecond,
  initiativeBonus,
  initiativeScore,
  initiativeTotal,
  LOADED,
  missileEase,
  missileRate,
  paces,
  rollInitiative,
  rollStressTotal,
  sumParts,
  type MissileReadiness,
} from "../../../../src/engine/rulesets/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";
const code = (o: { ok: boolean; refusal?: { code: string } }) => (o.ok ? "ok" : o.refusal?.code);

describe(`${SEED}, "1. Movement": a stress die + the Initiative score of the declared weapon`, () => {
  it("adds the stress die to the Initiative score (the actor's part plus the weapon's)", () => {
    expect(initiativeScore({ initiative: 2 }, { initiative: -1 })).toBe(1);
    expect(initiativeScore({ initiative: 2 }, null)).toBe(2);
    const plain = rollInitiative({ score: 3 }, new FixedDice([7]));
    expect(plain.ok && plain.value.result.total).toBe(10);
  });
  it("uses the project's stress die: a 1 rerolls and doubles (1, 6 gives 12)", () => {
    const r = rollInitiative({ score: 2 }, new FixedDice([1, 6]));
    expect(r.ok && [r.value.result.die, r.value.result.total]).toEqual([12, 14]);
  });
  it("a first-roll 0 counts 0 and, with no botch dice asked for Initiative, rolls none", () => {
    const dice = new FixedDice([10]);
    const r = rollInitiative({ score: 4 }, dice);
    expect(r.ok && [r.value.result.total, r.value.result.botched]).toEqual([4, false]);
    expect(dice.remaining()).toBe(0);
  });
  it("a stress total with a bonus keeps the die and the bonus apart", () => {
    const r = rollStressTotal(5, new FixedDice([1, 1, 3]));
    expect(r.ok && [r.value.roll.total, r.value.total]).toEqual([12, 17]);
    expect(code(rollStressTotal(1.5, new FixedDice([3])))).toBe("phases.notNumber");
  });
});

describe(`${SEED}, "Initiative Modifiers Table"`, () => {
  const total = (die: number, input: Parameters<typeof initiativeTotal>[1]) => {
    const r = initiativeTotal(die, input);
    if (!r.ok) throw new Error(r.refusal.code);
    return r.value.total;
  };
  it("horseback adds Ride and the high ground's +3", () => {
    expect(total(5, { score: 1, horseback: true, ride: 4 })).toBe(5 + 1 + 4 + 3);
  });
  it("holding high ground gives +3, and a rider does not count it twice (our reading)", () => {
    expect(total(5, { score: 0, highGround: true })).toBe(8);
    expect(total(5, { score: 0, horseback: true, ride: 2, highGround: true })).toBe(10);
  });
  it("routing gives +6", () => {
    expect(total(5, { score: 0, routing: true })).toBe(11);
  });
  it("charging gives +3 only with room for a running start, and stacks with horseback", () => {
    expect(total(5, { score: 0, charging: true, runUpRoom: true })).toBe(8);
    expect(total(5, { score: 0, charging: true, runUpRoom: false })).toBe(5);
    expect(total(5, { score: 0, horseback: true, ride: 3, charging: true, runUpRoom: true })).toBe(5 + 3 + 3 + 3);
  });
  it("the storyguide may add any further modifier", () => {
    expect(total(5, { score: 2, gmModifier: -4 })).toBe(3);
    expect(initiativeBonus({ score: 2, routing: true, gmModifier: 1 })).toBe(9);
  });
  it("refuses a charging rout, non-numbers and a negative die", () => {
    expect(code(initiativeTotal(5, { score: 0, routing: true, charging: true }))).toBe("phases.badChoice");
    expect(code(initiativeTotal(5, { score: "3" as never }))).toBe("phases.notNumber");
    expect(code(initiativeTotal(-1, { score: 0 }))).toBe("phases.outOfRange");
    expect(code(initiativeTotal(5, { score: 0, horseback: "yes" as never }))).toBe("phases.badChoice");
  });
});

describe(`${SEED}, "Movement Table"`, () => {
  const f = { qik: 2, enc: -3, athletics: 4, ride: 5, woundPenalty: -1, fatiguePenalty: -3 };
  it("walking 9 + Qik", () => expect(paces("walk", f)).toBe(11));
  it("hustling 15 + Qik + Enc", () => expect(paces("hustle", f)).toBe(14));
  it("sprinting 30 + Qik + Athletics + Enc − Wound − Fatigue", () => expect(paces("sprint", f)).toBe(30 + 2 + 4 - 3 - 1 - 3));
  it("a safe gallop 50 + Ride", () => expect(paces("gallop", f)).toBe(55));
  it("never below 0, and 0 standing still", () => {
    expect(paces("walk", { ...f, qik: -10 })).toBe(0);
    expect(paces("stand", f)).toBe(0);
  });
});

describe(`${SEED}, "Missile Fire Table"`, () => {
  const ease = (shot: Parameters<typeof missileEase>[0]) => {
    const r = missileEase(shot);
    if (!r.ok) throw new Error(r.refusal.code);
    return r.value.ease;
  };
  it("no firing possible at Touch or Reach", () => {
    expect(code(missileEase({ range: "touch" }))).toBe("phases.noFiring");
    expect(code(missileEase({ range: "reach" }))).toBe("phases.noFiring");
  });
  it("range: Close or Near +3, Middle 0, Far +6 (on our default base of 6)", () => {
    expect([ease({ range: "close" }), ease({ range: "near" }), ease({ range: "middle" }), ease({ range: "far" })]).toEqual([9, 9, 6, 12]);
    expect(ease({ range: "middle", baseEase: 9 })).toBe(9);
  });
  it("obscured +3; unmoving or walking 0, hustling +3, sprinting +6", () => {
    expect(ease({ range: "middle", obscured: true })).toBe(9);
    expect([ease({ range: "middle", motion: "still" }), ease({ range: "middle", motion: "walk" }), ease({ range: "middle", motion: "hustle" }), ease({ range: "middle", motion: "sprint" })]).toEqual([6, 6, 9, 12]);
  });
  it("size 0 adds nothing, small adds |Size|, large takes Size off", () => {
    expect([ease({ range: "middle", size: 0 }), ease({ range: "middle", size: -2 }), ease({ range: "middle", size: 3 })]).toEqual([6, 8, 3]);
  });
  it("a defending target adds its Defense; aiming −3; a shield adds its own Dfn value (twice with an active defence that uses it)", () => {
    expect(ease({ range: "middle", defending: 5 })).toBe(11);
    expect(ease({ range: "middle", aimed: true })).toBe(3);
    expect(ease({ range: "middle", shield: 2 })).toBe(8);
    expect(ease({ range: "far", defending: 4 + 2, shield: 2, aimed: true, gmModifier: 1 })).toBe(6 + 6 + 6 + 2 - 3 + 1);
  });
  it("lists every part it added", () => {
    const r = missileEase({ range: "far", obscured: true, motion: "hustle", size: -1 });
    expect(r.ok && sumParts(r.value.parts)).toBe(6 + 6 + 3 + 3 + 1);
  });
  it("refuses unknown ranges and motions", () => {
    expect(code(missileEase({ range: "miles" as never }))).toBe("phases.badChoice");
    expect(code(missileEase({ range: "far", motion: "flying" as never }))).toBe("phases.badChoice");
    expect(code(missileEase({ range: "far", size: 0.5 }))).toBe("phases.notNumber");
  });
});

describe(`${SEED}, "Missile Rate Table"`, () => {
  it("reads the rows by Initiative: -20 or less, -19..-10, -9..0, +1..+10, +11 or more", () => {
    const row = (i: number) => [missileRate(i).first, missileRate(i).second];
    expect([row(-25), row(-20)]).toEqual([[3, 0], [3, 0]]);
    expect([row(-19), row(-10)]).toEqual([[2, 0], [2, 0]]);
    expect([row(-9), row(0)]).toEqual([[1, 0], [1, 0]]);
    expect([row(1), row(10)]).toEqual([[1, 2], [1, 2]]);
    expect([row(11), row(30)]).toEqual([[1, 1], [1, 1]]);
  });

  /** Plays rounds; each entry: "fire" (shoots when able, else reloads), "prep", or "other". */
  function play(initiative: number, rounds: ("fire" | "prep" | "other")[]): string[] {
    const rate = missileRate(initiative);
    let r: MissileReadiness = LOADED;
    return rounds.map((plan) => {
      const first = plan === "fire" && canFireFirst(rate, r);
      const second = plan === "fire" && canFireSecond(rate, r);
      r = afterMissileRound(r, { counted: plan !== "other", firedFirst: first, firedSecond: second });
      return `${first ? "1" : "-"}${second ? "2" : "-"}`;
    });
  }

  it("every third round at -20 or less, first phase only", () => {
    expect(play(-22, ["fire", "fire", "fire", "fire", "fire", "fire", "fire"])).toEqual(["1-", "--", "--", "1-", "--", "--", "1-"]);
  });
  it("every other round at -19..-10", () => {
    expect(play(-15, ["fire", "fire", "fire", "fire"])).toEqual(["1-", "--", "1-", "--"]);
  });
  it("the seed's example: at -12, firing, then running a round, cannot fire in the third round; a round not spent preparing does not count", () => {
    expect(play(-12, ["fire", "other", "fire", "fire"])).toEqual(["1-", "--", "--", "1-"]);
  });
  it("every round, first phase only, at -9..0", () => {
    expect(play(-3, ["fire", "fire", "fire"])).toEqual(["1-", "1-", "1-"]);
  });
  it("+1..+10: every round in the first phase and every other round in the second", () => {
    expect(play(6, ["fire", "fire", "fire", "fire"])).toEqual(["12", "1-", "12", "1-"]);
  });
  it("+11 or more: both phases every round", () => {
    expect(play(12, ["fire", "fire", "fire"])).toEqual(["12", "12", "12"]);
  });
  it("a shooter comes to the fight loaded, and a round of reloading readies the slow weapon", () => {
    expect(play(-15, ["prep", "fire"])).toEqual(["--", "1-"]);
    expect(play(-22, ["fire", "prep", "other", "prep", "fire"])).toEqual(["1-", "--", "--", "--", "1-"]);
  });
});

describe(`${SEED}: the stress die as the project reads it`, () => {
  it("keeps its chain and botch dice", () => {
    expect(rollStress(new FixedDice([10, 10]), 1)).toMatchObject({ total: 0, botched: true });
  });
});
