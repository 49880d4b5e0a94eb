/**
 * The one doorway through which engine rules get randomness. Rules never roll on
 * their own: they ask a `Dice` source, which is seeded in tests and backed by
 * Foundry's `Roll` in the shell (through the tape in ./tape.ts).
 */

export interface Dice {
  /** `count` results, each an integer in 1..faces. */
  roll(faces: number, count: number): number[];
  /**
   * One die, the draw `roll(faces, 1)` would make, without building a list; it checks
   * `faces` as `roll` does. Optional: the seeded source has it, so the duel loops roll
   * without allocating (issue 35).
   */
  die?(faces: number): number;
}

/**
 * Upper bound on faces: the seeded source draws 32-bit words, so a die larger than
 * 2^32 could not be sampled without bias. No game here comes near it.
 */
export const MAX_FACES = 2 ** 32;

/**
 * Upper bound on dice per roll. The seeds' largest pools are a few dozen dice; the
 * cap only stops a corrupted number from allocating millions of results.
 */
export const MAX_DICE = 10_000;

/** Throws a RangeError unless `faces` is an integer from 2 to MAX_FACES. */
export function checkFaces(faces: number): void {
  if (!Number.isInteger(faces) || faces < 2 || faces > MAX_FACES) {
    throw new RangeError(`dice: faces must be an integer from 2 to ${MAX_FACES}, got ${String(faces)}`);
  }
}

/** Throws a RangeError unless `count` is an integer from 0 to MAX_DICE. */
export function checkCount(count: number): void {
  if (!Number.isInteger(count) || count < 0 || count > MAX_DICE) {
    throw new RangeError(`dice: count must be an integer from 0 to ${MAX_DICE}, got ${String(count)}`);
  }
}

/** Both checks every `Dice.roll` implementation makes before it hands out results. */
export function checkRollArgs(faces: number, count: number): void {
  checkFaces(faces);
  checkCount(count);
}

/** Throws a RangeError unless `value` could be the result of one die with `faces` sides. */
export function checkResult(faces: number, value: number): void {
  if (!Number.isInteger(value) || value < 1 || value > faces) {
    throw new RangeError(`dice: a d${faces} result must be an integer from 1 to ${faces}, got ${String(value)}`);
  }
}

/**
 * Rolls through a source and checks what comes back. The source may be code we do
 * not control (the shell's Roll adapter), so a short list or a 0 on a d10 is caught
 * here, at the boundary, instead of turning into a wrong total three rules later.
 * A count of 0 never reaches the source.
 */
export function rollChecked(dice: Dice, faces: number, count: number): number[] {
  checkRollArgs(faces, count);
  if (count === 0) return [];
  const results = dice.roll(faces, count);
  if (!Array.isArray(results) || results.length !== count) {
    const got = Array.isArray(results) ? `${results.length} results` : String(results);
    throw new RangeError(`dice: asked for ${count}d${faces}, the source returned ${got}`);
  }
  for (let i = 0; i < count; i++) {
    const value = results[i] as number;
    // The common case is tested inline; checkResult only builds the error message.
    if (!(value >= 1 && value <= faces && Number.isInteger(value))) checkResult(faces, value);
  }
  return results;
}

/** One die (through the source's `die` when it has one: the same draw, no list built; checked alike). */
export function rollOne(dice: Dice, faces: number): number {
  if (dice.die !== undefined) {
    const value = dice.die(faces);
    if (!(value >= 1 && value <= faces && Number.isInteger(value))) checkResult(faces, value);
    return value;
  }
  const [value] = rollChecked(dice, faces, 1);
  // rollChecked guarantees exactly one result; this satisfies the index check.
  if (value === undefined) throw new RangeError(`dice: no result for 1d${faces}`);
  return value;
}
