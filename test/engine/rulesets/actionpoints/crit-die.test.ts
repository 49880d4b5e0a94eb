// Seed 002 (shared/seeds/002_e3c6bc76ba013433.txt), V.a.iv: "Crit Die Damage
// (per adjusted roll)": the adjustment is the GM's (ours: within ±10); on a
// player's attack the GM may rule it on the answer too, and the two add up.
import { describe, expect, it } from "vitest";
import { combinedCritDieAdjustment } from "../../../../src/engine/rulesets/actionpoints";

const SEED = "seed 002_e3c6bc76ba013433.txt";

describe(`${SEED}, V.a.iv: the crit die "per adjusted roll", ruled twice on one blow`, () => {
  it("the GM's +3 on the attack and +2 on the answer make +5; +8 and +4 go past ±10 and are refused", () => {
    expect(combinedCritDieAdjustment(3, 2)).toEqual({ ok: true, value: { total: 5, onAnswer: 2 } });
    expect(combinedCritDieAdjustment(0, undefined)).toEqual({ ok: true, value: { total: 0, onAnswer: 0 } });
    expect(combinedCritDieAdjustment(8, 4).ok).toBe(false);
    expect(combinedCritDieAdjustment(2, 1.5).ok).toBe(false);
  });
});
