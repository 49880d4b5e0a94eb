// Issue 10, "Odds": whole distributions as bars (successes, MOS, Success Levels,
// result levels), exact and with no probability mass lost when tails are folded.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { histogram, indexed, TAIL } from "../../../src/engine/odds-view";
import { poolSuccessDistribution, percentileDistribution, DOUBLES_RULE } from "../../../src/engine/dice";
import { exchangeOdds, mosBars, successBars } from "../../../src/engine/rulesets/steel";
import { levelBars, levelOdds } from "../../../src/engine/rulesets/actionpoints/level-odds";

const total = (bars: readonly { probability: number }[]) => bars.reduce((s, b) => s + b.probability, 0);

describe("histogram bars", () => {
  it("2d10 at TN 6: 0, 1 and 2 successes at 25%, 50%, 25%", () => {
    expect(successBars(2, 6)).toEqual([
      { label: "0", probability: 0.25 },
      { label: "1", probability: 0.5 },
      { label: "2", probability: 0.25 },
    ]);
  });

  it("folds thin tails into ≤k and ≥k bars (40 dice at TN 6 stay readable)", () => {
    const bars = successBars(40, 6);
    expect(bars.length).toBeLessThan(30);
    expect(bars[0]!.label.startsWith("≤")).toBe(true);
    expect(bars.at(-1)!.label.startsWith("≥")).toBe(true);
    expect(total(bars)).toBeCloseTo(1, 12);
    // The folded ends still carry at least the cut-off mass; inner bars are the exact binomial terms.
    expect(bars[0]!.probability).toBeGreaterThanOrEqual(TAIL);
    const dist = poolSuccessDistribution(40, 6);
    expect(bars.find((b) => b.label === "20")!.probability).toBe(dist[20]);
  });

  it("keeps a single surviving bar's whole mass when both tails fold into it", () => {
    expect(histogram([[0, 0.0001], [1, 0.9998], [2, 0.0001]])).toEqual([{ label: "0–2", probability: 1 }]);
    expect(histogram([])).toEqual([]);
  });

  it("never loses or invents probability (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 2, max: 10 }), (dice, tn) => {
        const bars = histogram(indexed(poolSuccessDistribution(dice, tn)));
        expect(total(bars)).toBeCloseTo(1, 10);
        expect(bars.every((b) => b.probability > 0)).toBe(true);
      }),
    );
  });

  it("MOS bars are the landed blows only and sum to the chance to hit (1 die at TN 6 against none: MOS 1 at 50%)", () => {
    const odds = exchangeOdds(1, 6, 0, 6);
    expect(mosBars(odds)).toEqual([{ label: "1", probability: 0.5 }]);
    const contested = exchangeOdds(6, 6, 4, 7);
    expect(total(mosBars(contested))).toBeCloseTo(contested.hit, 12);
  });

  it("d100 Success Levels (seed 003, Tests): a target of 45 gives SL +4 on 01–09, SL 0 on 40–45 and on 46–49", () => {
    const bars = histogram(percentileDistribution(45, DOUBLES_RULE).sl);
    expect(bars.find((b) => b.label === "4")!.probability).toBeCloseTo(0.09, 12);
    expect(bars.find((b) => b.label === "0")!.probability).toBeCloseTo(0.1, 12);
    expect(total(bars)).toBeCloseTo(1, 12);
  });

  it("seed 002 result levels with the default rule: TSC 55 → critical 01–05, success 06–55, failure 56–95, critical failure 96–00", () => {
    expect(levelOdds(55)).toEqual({ criticalSuccess: 0.05, success: 0.5, failure: expect.closeTo(0.4, 12), criticalFailure: 0.05 });
    expect(levelBars(55).map((b) => b.label)).toEqual(["BOUT.Roll.LevelShort.criticalFailure", "BOUT.Roll.LevelShort.failure", "BOUT.Roll.LevelShort.success", "BOUT.Roll.LevelShort.criticalSuccess"]);
  });
});
