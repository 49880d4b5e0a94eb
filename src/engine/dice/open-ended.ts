/**
 * Open-ended and shifted single dice: seed 002's exploding critical die and
 * seed 004's "D-n" damage.
 */
import { checkFaces, checkResult, rollOne, type Dice } from "./dice";

export interface ExplodingRoll {
  readonly rolls: readonly number[];
  readonly total: number;
}

/** Reads a finished exploding chain: maximum faces, then one roll below the maximum. */
export function evaluateExploding(rolls: readonly number[], faces = 10): ExplodingRoll {
  checkFaces(faces);
  if (rolls.length === 0) throw new RangeError("exploding: a roll needs at least one die");
  for (const die of rolls) checkResult(faces, die);
  if (rolls.findIndex((die) => die !== faces) !== rolls.length - 1) {
    throw new RangeError(`exploding: rolls [${rolls.join(", ")}] are not one chain (${faces}s, then one roll below ${faces})`);
  }
  let total = 0;
  for (const die of rolls) total += die;
  return { rolls: [...rolls], total };
}

/**
 * Seed 002, V.d: the critical damage die is rolled again and added for as long as
 * it shows its maximum. No cap: the supply of dice is what ends a freak run.
 */
export function rollExploding(source: Dice, faces = 10): ExplodingRoll {
  checkFaces(faces);
  const rolls = [rollOne(source, faces)];
  while (rolls[rolls.length - 1] === faces) rolls.push(rollOne(source, faces));
  return evaluateExploding(rolls, faces);
}

export interface DMinusRoll {
  readonly roll: number;
  readonly total: number;
}

function checkInteger(name: string, value: number): void {
  if (!Number.isInteger(value)) throw new RangeError(`d-minus: ${name} must be an integer, got ${String(value)}`);
}

/** Reads a d10 as "D-n": the roll minus n, never below `min` (a negative n is "D+n"). */
export function dMinus(roll: number, n: number, min = 1): DMinusRoll {
  checkResult(10, roll);
  checkInteger("n", n);
  checkInteger("min", min);
  return { roll, total: Math.max(min, roll - n) };
}

/**
 * Seed 004's "D-n" (e.g. unarmed D-4, a shield rush D-2). [18] and [20]: damage
 * modified below 1 counts as 1, hence min = 1.
 */
export function rollDMinus(source: Dice, n: number, min = 1): DMinusRoll {
  checkInteger("n", n);
  checkInteger("min", min);
  return dMinus(rollOne(source, 10), n, min);
}
