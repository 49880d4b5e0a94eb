// Every exact distribution in src/engine/dice/odds.ts against a million rolls of
// the real rolling functions with a seeded source. A bin passes within 5 standard
// errors and the whole histogram passes a chi-square test at the 1e-6 level; the
// seeds are fixed, so the outcome is the same on every run.
import { describe, expect, it } from "vitest";
import {
  contestMarginDistribution,
  DEFAULT_FRACTION_RULE,
  explodingDistribution,
  percentileDistribution,
  poolBotchProbability,
  poolSuccessDistribution,
  rollExploding,
  rollPercentile,
  rollPool,
  rollStress,
  SeededDice,
  stressDistribution,
  stressReachProbability,
  type PercentileCriticalRule,
} from "../../../src/engine/dice";

const N = 1_000_000;

interface Verdict {
  /** Outcomes seen that the model says cannot happen. */
  readonly impossible: number[];
  /** The largest |observed - expected| in standard errors over all bins. */
  readonly worstZ: number;
  readonly chi2: number;
  readonly critical: number;
}

// Upper 1e-6 quantile of chi-square with `df` degrees of freedom (Wilson-Hilferty).
function chiSquareCritical(df: number): number {
  const z = 4.753;
  const h = 2 / (9 * df);
  return df * (1 - h + z * Math.sqrt(h)) ** 3;
}

function judge(model: ReadonlyMap<number, number>, counts: ReadonlyMap<number, number>, n: number): Verdict {
  const impossible = [...counts.keys()].filter((k) => !((model.get(k) ?? 0) > 0));
  let worstZ = 0;
  let chi2 = 0;
  let bins = 0;
  let restExpected = 0;
  let restObserved = 0;
  for (const [k, p] of model) {
    const expected = n * p;
    const observed = counts.get(k) ?? 0;
    const se = Math.sqrt(n * p * (1 - p));
    worstZ = Math.max(worstZ, se === 0 ? (observed === expected ? 0 : Infinity) : Math.abs(observed - expected) / se);
    // Sparse bins are pooled so the chi-square approximation holds.
    if (expected >= 5) {
      chi2 += (observed - expected) ** 2 / expected;
      bins++;
    } else {
      restExpected += expected;
      restObserved += observed;
    }
  }
  if (restExpected >= 5) {
    chi2 += (restObserved - restExpected) ** 2 / restExpected;
    bins++;
  }
  return { impossible, worstZ, chi2, critical: chiSquareCritical(Math.max(1, bins - 1)) };
}

function expectAgreement(model: ReadonlyMap<number, number>, counts: ReadonlyMap<number, number>, n = N): void {
  const verdict = judge(model, counts, n);
  expect(verdict.impossible).toEqual([]);
  expect(verdict.worstZ).toBeLessThan(5);
  expect(verdict.chi2).toBeLessThan(verdict.critical);
}

/** A proportion within 5 standard errors of its exact probability. */
function expectProportion(hits: number, p: number, n = N): void {
  expect(Math.abs(hits - n * p)).toBeLessThan(5 * Math.sqrt(n * p * (1 - p)) + 1e-9);
}

function histogram(n: number, sample: () => number): Map<number, number> {
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const k = sample();
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

const asMap = (dist: readonly number[]) => new Map(dist.map((p, k) => [k, p] as const));

/** Successes and botches of 10^6 seeded pools, kept so two tests can share one run. */
const poolSamples = new Map<string, { counts: Map<number, number>; botches: number }>();
function samplePools(count: number, tn: number) {
  const key = `${count}-${tn}`;
  let sample = poolSamples.get(key);
  if (!sample) {
    const dice = new SeededDice(`pool-${key}`);
    let botches = 0;
    const counts = histogram(N, () => {
      const roll = rollPool(dice, count, tn);
      if (roll.botch) botches++;
      return roll.successes;
    });
    sample = { counts, botches };
    poolSamples.set(key, sample);
  }
  return sample;
}

describe("pool distributions against 10^6 seeded rolls (seed 000)", () => {
  it.each([
    [40, 6],
    [10, 8],
    [5, 3],
    [20, 10],
  ])("%i dice at TN %i", (count, tn) => {
    const { counts, botches } = samplePools(count, tn);
    expectAgreement(asMap(poolSuccessDistribution(count, tn)), counts);
    expectProportion(botches, poolBotchProbability(count, tn));
  });

  it("botch rate of 3 dice at TN 6 is 13 in 1000", () => {
    const dice = new SeededDice("botch-3-6");
    let botches = 0;
    for (let i = 0; i < N; i++) if (rollPool(dice, 3, 6).botch) botches++;
    expectProportion(botches, 0.013);
  });

  it("the check has power: 40 dice at TN 6 are told apart from a die 1% likelier to succeed", () => {
    const { counts } = samplePools(40, 6);
    const skewed = new Map<number, number>();
    const p = 0.505;
    let term = (1 - p) ** 40;
    for (let k = 0; k <= 40; k++) {
      skewed.set(k, term);
      term *= ((40 - k) / (k + 1)) * (p / (1 - p));
    }
    const verdict = judge(skewed, counts, N);
    expect(verdict.chi2).toBeGreaterThan(verdict.critical);
    expect(verdict.worstZ).toBeGreaterThan(5);
  });
});

describe("contest distribution against 10^6 seeded contests (seed 000)", () => {
  it("8 dice at TN 6 against 6 dice at TN 7", () => {
    const dice = new SeededDice("contest-8-6");
    const counts = histogram(N, () => rollPool(dice, 8, 6).successes - rollPool(dice, 6, 7).successes);
    expectAgreement(contestMarginDistribution(8, 6, 6, 7), counts);
  });
});

describe("percentile distribution against 10^6 seeded tests", () => {
  it.each([
    ["seed 003 doubles", { kind: "doubles" } as PercentileCriticalRule],
    ["the fraction rule for seed 002", DEFAULT_FRACTION_RULE],
  ])("target 45, %s", (name, rule) => {
    const dice = new SeededDice(`percentile-${name}`);
    let success = 0;
    let critical = 0;
    let fumble = 0;
    const counts = histogram(N, () => {
      const t = rollPercentile(dice, 45, rule);
      if (t.success) success++;
      if (t.critical) critical++;
      if (t.fumble) fumble++;
      return t.sl;
    });
    const exact = percentileDistribution(45, rule);
    expectAgreement(exact.sl, counts);
    expectProportion(success, exact.success);
    expectProportion(critical, exact.critical);
    expectProportion(fumble, exact.fumble);
  });
});

describe("stress die against 10^6 seeded rolls (seed 001)", () => {
  it("totals", () => {
    const dice = new SeededDice("stress");
    const counts = histogram(N, () => rollStress(dice).total);
    expectAgreement(stressDistribution().probabilities, counts);
  });

  it.each([
    [0, 0, 1],
    [3, 10, 1],
    [0, 6, 3],
    [5, 30, 2],
  ])("reach and botch with bonus %i, ease %i, %i botch dice", (bonus, ease, botchDice) => {
    const dice = new SeededDice(`reach-${bonus}-${ease}-${botchDice}`);
    let reach = 0;
    let botch = 0;
    for (let i = 0; i < N; i++) {
      const r = rollStress(dice, botchDice);
      if (r.botched) botch++;
      else if (r.total + bonus >= ease) reach++;
    }
    const exact = stressReachProbability(bonus, ease, botchDice);
    expectProportion(reach, exact.reach);
    expectProportion(botch, exact.botch);
  });
});

describe("exploding d10 against 10^6 seeded rolls (seed 002 V.d)", () => {
  it("totals", () => {
    const dice = new SeededDice("exploding");
    const counts = histogram(N, () => rollExploding(dice).total);
    expectAgreement(explodingDistribution().probabilities, counts);
  });
});
