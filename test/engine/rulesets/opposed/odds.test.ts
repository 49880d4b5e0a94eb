// Exact odds for seed 003 tests: counted over every roll and pair of rolls, and
// checked against direct enumeration with the rules' own functions.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { DEFAULT_OPPOSED_TABLES, HIT_LOCATIONS, compareOpposed, locationOdds, opposedOdds, readTest, resolveMeleeAttack, testOdds, woundOdds } from "../../../../src/engine/rulesets/opposed";

describe("seed 003 odds", () => {
  it("a plain test passes target% of the time, with doubles as criticals and fumbles", () => {
    const d = testOdds({ target: 45 });
    expect(d.success).toBeCloseTo(0.45, 12);
    expect(d.critical).toBeCloseTo(0.04, 12); // 11, 22, 33, 44
    expect(d.fumble).toBeCloseTo(0.06, 12); // 55 .. 99, 00
  });

  it("the opposed win chance equals enumerating every pair with compareOpposed", () => {
    const a = { target: 47 };
    const d = { target: 38, modifier: 20 };
    let wins = 0;
    for (let x = 1; x <= 100; x++) for (let y = 1; y <= 100; y++) if (compareOpposed(readTest(x, a), readTest(y, d)).winner === "attacker") wins++;
    const odds = opposedOdds(a, d);
    expect(odds.win).toBeCloseTo(wins / 10_000, 12);
    expect([...odds.sl.values()].reduce((s, p) => s + p, 0)).toBeCloseTo(odds.win, 12);
  });

  it("agrees with resolveMeleeAttack on which pairs of rolls hit", () => {
    const input = {
      attacker: { id: "a", test: { target: 50 }, damage: 6, advantage: 0 },
      defender: { id: "d", test: { target: 35 }, surprised: false, toughnessBonus: 3, armour: { head: 0, leftArm: 0, rightArm: 0, body: 0, leftLeg: 0, rightLeg: 0 }, woundsNow: 99, advantage: 0 },
      tables: DEFAULT_OPPOSED_TABLES,
    };
    let hits = 0;
    for (let x = 1; x <= 100; x++) {
      for (let y = 1; y <= 100; y++) {
        const r = resolveMeleeAttack(input, new FixedDice({ 100: [x, y, 50, 50] }));
        if (r.ok && r.value.result.hit) hits++;
      }
    }
    expect(opposedOdds(input.attacker.test, input.defender.test).win).toBeCloseTo(hits / 10_000, 12);
    const locations = locationOdds(input.attacker.test, input.defender.test, HIT_LOCATIONS);
    expect([...locations.values()].reduce((s, p) => s + p, 0)).toBeCloseTo(hits / 10_000, 12);
  });

  it("turns the SL distribution into Wounds (never fewer than 1 on a hit)", () => {
    const odds = opposedOdds({ target: 60 }, null);
    const wounds = woundOdds(odds, 4, 3, 2);
    expect(Math.min(...wounds.keys())).toBe(1);
    expect([...wounds.values()].reduce((s, p) => s + p, 0)).toBeCloseTo(0.6, 12);
  });
});
