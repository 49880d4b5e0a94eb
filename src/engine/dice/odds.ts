/**
 * Exact probabilities of the dice in this folder, computed rather than sampled,
 * for the odds that dialogs show before anyone rolls. Maps list their outcomes in
 * ascending order and leave out outcomes that cannot happen.
 */
import { checkCount, checkFaces } from "./dice";
import { checkTn, type TieRule } from "./pool";
import {
  checkCriticalRule,
  DOUBLES_RULE,
  percentileTest,
  type PercentileCriticalRule,
} from "./percentile";

/** Faces of one die that meet the TN: all of them at TN 1 or less, none above `faces`. */
function successFaces(tn: number, faces: number): number {
  return Math.min(faces, Math.max(0, faces - tn + 1));
}

/** The chance that one d`faces` meets `tn`. */
export function dieSuccessChance(tn: number, faces = 10): number {
  checkTn(tn);
  checkFaces(faces);
  return successFaces(tn, faces) / faces;
}

/**
 * P(exactly k successes) for k = 0..count: the binomial, built one die at a time.
 * The running convolution only multiplies and adds positive numbers, so every bin
 * keeps its relative precision, and it cannot underflow the way q^n does for
 * large pools. 40 dice are 820 multiply-adds.
 */
export function poolSuccessDistribution(count: number, tn: number, faces = 10): number[] {
  checkCount(count);
  checkTn(tn);
  checkFaces(faces);
  const good = successFaces(tn, faces);
  const p = good / faces;
  const q = (faces - good) / faces;
  // Grown by push so V8 keeps it a packed array of doubles (no holes to check).
  const dist: number[] = [1];
  for (let n = 1; n <= count; n++) {
    dist.push(0);
    for (let k = n; k >= 1; k--) dist[k] = (dist[k] as number) * q + (dist[k - 1] as number) * p;
    dist[0] = (dist[0] as number) * q;
  }
  return dist;
}

/**
 * P(botch) for a pool: no die meets the TN and two or more show 1 (seed 000). Kept
 * as a sum of positive terms (three running states: no 1 yet, one 1, two or more)
 * instead of P(all fail) - P(no 1s) - P(one 1), which cancels badly.
 */
export function poolBotchProbability(count: number, tn: number, faces = 10): number {
  checkCount(count);
  checkTn(tn);
  checkFaces(faces);
  const good = successFaces(tn, faces);
  // At TN 1 or less even a 1 succeeds, so no pool can fail.
  if (good === faces) return 0;
  const one = 1 / faces;
  const otherFail = (faces - good - 1) / faces;
  let noOnes = 1;
  let oneOne = 0;
  let twoOrMore = 0;
  for (let n = 0; n < count; n++) {
    twoOrMore = twoOrMore * (one + otherFail) + oneOne * one;
    oneOne = oneOne * otherFail + noOnes * one;
    noOnes *= otherFail;
  }
  return twoOrMore;
}

/** P(first successes - second successes = m), for every m that can happen. */
export function contestMarginDistribution(
  firstCount: number,
  firstTn: number,
  secondCount: number,
  secondTn: number,
  faces = 10,
): Map<number, number> {
  const a = poolSuccessDistribution(firstCount, firstTn, faces);
  const b = poolSuccessDistribution(secondCount, secondTn, faces);
  const margins = new Map<number, number>();
  for (let m = -secondCount; m <= firstCount; m++) {
    let p = 0;
    const lo = Math.max(0, m);
    const hi = Math.min(firstCount, secondCount + m);
    for (let i = lo; i <= hi; i++) p += (a[i] as number) * (b[i - m] as number);
    if (p > 0) margins.set(m, p);
  }
  return margins;
}

export interface ContestOdds {
  readonly first: number;
  readonly second: number;
  readonly tie: number;
}

/** Who wins a contest of two pools, with ties settled by `tie` as in contestPools. */
export function contestOdds(
  firstCount: number,
  firstTn: number,
  secondCount: number,
  secondTn: number,
  tie: TieRule,
  faces = 10,
): ContestOdds {
  if (tie !== "first" && tie !== "second" && tie !== "none") {
    throw new RangeError(`odds: tie rule must be "first", "second" or "none", got ${String(tie)}`);
  }
  let first = 0;
  let second = 0;
  let level = 0;
  for (const [m, p] of contestMarginDistribution(firstCount, firstTn, secondCount, secondTn, faces)) {
    if (m > 0) first += p;
    else if (m < 0) second += p;
    else level = p;
  }
  if (tie === "first") return { first: first + level, second, tie: 0 };
  if (tie === "second") return { first, second: second + level, tie: 0 };
  return { first, second, tie: level };
}

export interface PercentileDistribution {
  readonly success: number;
  readonly critical: number;
  readonly fumble: number;
  /** P(Success Level = s) over all 100 rolls, successes and failures alike. */
  readonly sl: Map<number, number>;
}

/** Every d100 roll weighed once: counts are exact integers, divided once at the end. */
export function percentileDistribution(
  target: number,
  rule: PercentileCriticalRule = DOUBLES_RULE,
): PercentileDistribution {
  checkCriticalRule(rule);
  let success = 0;
  let critical = 0;
  let fumble = 0;
  const sl = new Map<number, number>();
  for (let roll = 1; roll <= 100; roll++) {
    const test = percentileTest(roll, target, rule);
    if (test.success) success++;
    if (test.critical) critical++;
    if (test.fumble) fumble++;
    sl.set(test.sl, (sl.get(test.sl) ?? 0) + 1);
  }
  const levels = new Map<number, number>();
  for (const s of [...sl.keys()].sort((x, y) => x - y)) levels.set(s, (sl.get(s) as number) / 100);
  return { success: success / 100, critical: critical / 100, fumble: fumble / 100, sl: levels };
}

/**
 * An unbounded distribution cut short: `probabilities` holds every outcome whose
 * chain was expanded, `truncated` the mass of the chains that were not (all of it
 * lying above the largest listed total). The two together sum to 1.
 */
export interface TruncatedDistribution {
  readonly probabilities: Map<number, number>;
  readonly truncated: number;
}

function checkEpsilon(epsilon: number): void {
  if (!Number.isFinite(epsilon) || epsilon <= 0) {
    throw new RangeError(`odds: epsilon must be a positive number, got ${String(epsilon)}`);
  }
}

function sortedByKey(map: Map<number, number>): Map<number, number> {
  return new Map([...map].sort(([x], [y]) => x - y));
}

/**
 * The stress die's totals (see ./stress.ts). Total 0 is the first-roll 0, botched
 * or not. Each run of k 1s has mass 10^-k; runs are expanded until that falls
 * below `epsilon`.
 */
export function stressDistribution(epsilon = 1e-15): TruncatedDistribution {
  checkEpsilon(epsilon);
  const totals = new Map<number, number>();
  const add = (total: number, p: number) => totals.set(total, (totals.get(total) ?? 0) + p);
  add(0, 0.1);
  for (let face = 2; face <= 9; face++) add(face, 0.1);
  let chain = 0.1; // P(the first k rolls are all 1), here k = 1
  let multiplier = 2;
  while (chain >= epsilon) {
    const each = chain / 10;
    for (let value = 2; value <= 10; value++) add(value * multiplier, each);
    chain = each;
    multiplier *= 2;
  }
  return { probabilities: sortedByKey(totals), truncated: chain };
}

function checkInteger(name: string, value: number): void {
  if (!Number.isInteger(value)) throw new RangeError(`odds: ${name} must be an integer, got ${String(value)}`);
}

export interface StressReach {
  /** P(stress total + bonus >= ease, and no botch). */
  readonly reach: number;
  /** P(botch): a first-roll 0 and at least one "0" among the botch dice. */
  readonly botch: number;
}

/**
 * Seed 001's kind of check: stress die + bonus against an ease factor. Exact, with
 * no truncation: once a run of 1s is long enough that even its smallest ending
 * (a 2, doubled) reaches the ease, the whole remaining run counts at once.
 */
export function stressReachProbability(bonus: number, ease: number, botchDice = 1): StressReach {
  checkInteger("bonus", bonus);
  checkInteger("ease", ease);
  checkCount(botchDice);
  const need = ease - bonus;
  const clean = 0.9 ** botchDice;
  let reach = 0;
  if (need <= 0) reach += 0.1 * clean;
  for (let face = 2; face <= 9; face++) if (face >= need) reach += 0.1;
  let chain = 0.1;
  let multiplier = 2;
  while (2 * multiplier < need) {
    let hits = 0;
    for (let value = 2; value <= 10; value++) if (value * multiplier >= need) hits++;
    reach += (chain / 10) * hits;
    chain /= 10;
    multiplier *= 2;
  }
  reach += chain;
  return { reach, botch: 0.1 * (1 - clean) };
}

/** Totals of an exploding die (./open-ended.ts): k maxima then one lower face. */
export function explodingDistribution(faces = 10, epsilon = 1e-15): TruncatedDistribution {
  checkFaces(faces);
  // Every face is listed once per level; beyond a d1000 that is a list nobody reads.
  if (faces > 1000) throw new RangeError(`odds: exploding distributions stop at d1000, got d${faces}`);
  checkEpsilon(epsilon);
  const totals = new Map<number, number>();
  let chain = 1; // P(the first k rolls all show the maximum)
  for (let k = 0; chain >= epsilon; k++) {
    const each = chain / faces;
    for (let value = 1; value < faces; value++) totals.set(k * faces + value, each);
    chain = each;
  }
  return { probabilities: totals, truncated: chain };
}
