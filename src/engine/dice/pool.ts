/**
 * Dice pools against a target number (seed 000): roll N dice, each die showing the
 * TN or more is a success, and two pools are compared by their successes.
 */
import { checkCount, checkFaces, checkResult, MAX_DICE, type Dice } from "./dice";
import { keepsMarks, reportMarks, type MarkedFace } from "./marks";

export interface PoolRoll {
  readonly dice: readonly number[];
  readonly tn: number;
  readonly successes: number;
  /** Dice showing 1, counted whatever the TN (a 1 can succeed at TN 1 or less). */
  readonly ones: number;
  /** Seed 000's fumble: no successes and at least two dice showing 1. */
  readonly botch: boolean;
}

/** Throws a RangeError unless the TN is an integer; any integer is allowed (TN 11 on a d10 just cannot succeed). */
export function checkTn(tn: number): void {
  if (!Number.isInteger(tn)) throw new RangeError(`pool: TN must be an integer, got ${String(tn)}`);
}

function tally(dice: readonly number[], tn: number): PoolRoll {
  let successes = 0;
  let ones = 0;
  for (const die of dice) {
    if (die >= tn) successes++;
    if (die === 1) ones++;
  }
  return { dice, tn, successes, ones, botch: successes === 0 && ones >= 2 };
}

/** Reads results already rolled. The dice are copied, so the caller may reuse its array. */
export function evaluatePool(dice: readonly number[], tn: number): PoolRoll {
  checkTn(tn);
  for (const die of dice) {
    if (!Number.isInteger(die) || die < 1) throw new RangeError(`pool: a die must be a positive integer, got ${String(die)}`);
  }
  return tally([...dice], tn);
}

/**
 * Rolls `count` d`faces` against `tn`. A count of 0 rolls nothing and scores nothing.
 * Each result is checked and counted in the same pass: simulations roll millions of pools.
 */
export function rollPool(source: Dice, count: number, tn: number, faces = 10): PoolRoll {
  // The usual call (a few d10 at a whole TN) passes these tests inline; the checks only name what is wrong.
  if (!(count >= 0 && count <= MAX_DICE && Number.isInteger(count))) checkCount(count);
  if (!Number.isInteger(tn)) checkTn(tn);
  if (faces !== 10) checkFaces(faces);
  if (count === 0) return { dice: [], tn, successes: 0, ones: 0, botch: false };
  const dice = source.roll(faces, count);
  if (!Array.isArray(dice) || dice.length !== count) {
    const got = Array.isArray(dice) ? `${dice.length} results` : String(dice);
    throw new RangeError(`dice: asked for ${count}d${faces}, the source returned ${got}`);
  }
  let successes = 0;
  let ones = 0;
  for (let i = 0; i < count; i++) {
    const die = dice[i] as number;
    if (!(die >= 1 && die <= faces && Number.isInteger(die))) checkResult(faces, die);
    if (die >= tn) successes++;
    if (die === 1) ones++;
  }
  const roll = { dice, tn, successes, ones, botch: successes === 0 && ones >= 2 };
  if (keepsMarks(source)) reportMarks(source, faces, poolFaces(roll));
  return roll;
}

/**
 * Each die of a pool with its mark (seed 000: a die showing the TN or more is a
 * success); on a botch the 1s that made it are marked too.
 */
export function poolFaces(roll: PoolRoll): MarkedFace[] {
  return roll.dice.map((value) => ({ value, success: value >= roll.tn, ...(roll.botch && value === 1 ? { note: "botch" as const } : {}) }));
}

/** Who keeps a tied contest: the first pool, the second, or nobody. */
export type TieRule = "first" | "second" | "none";

export interface ContestResult {
  readonly winner: "first" | "second" | "tie";
  /** The winner's successes minus the loser's (seed 000's Margin of Success); 0 on a tie. */
  readonly margin: number;
}

/**
 * Compares two pools. Seed 000, "Exchange of Blows": ties go to the attacker, so
 * with the attacker as `first` that is the "first" rule; an opposed Terrain Roll
 * ("more or an equal number of successes") is the same rule with the actor first.
 */
export function contestPools(first: PoolRoll, second: PoolRoll, tie: TieRule): ContestResult {
  if (tie !== "first" && tie !== "second" && tie !== "none") {
    throw new RangeError(`pool: tie rule must be "first", "second" or "none", got ${String(tie)}`);
  }
  const difference = first.successes - second.successes;
  if (difference > 0) return { winner: "first", margin: difference };
  if (difference < 0) return { winner: "second", margin: -difference };
  return { winner: tie === "none" ? "tie" : tie, margin: 0 };
}
