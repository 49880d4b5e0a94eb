/**
 * The stress die of seed 001 ("a stress die + Initiative score"). The seed uses it
 * without defining it; the project defines it as follows, on a d10 whose tenth
 * face reads "0" (the 10 a Dice source returns):
 *
 * - First roll 2-9: that many.
 * - First roll 1: roll again and double. Another 1 doubles again (x4, x8, ...)
 *   and rolls again, as long as 1s keep coming.
 * - First roll 0: the total is 0, and botch dice are rolled: each "0" among them
 *   is one botch. With no botch dice there is no botch check at all.
 * - A 0 on a reroll (after a 1) is read as 10 before multiplying, so 1 then 0
 *   totals 20. Our choice: the doubling exists to reward, and a reroll 0 that
 *   scored nothing would turn the best first roll into the worst result.
 *
 * The doubling is not capped here; an endless run of 1s is stopped by whoever
 * supplies the dice (see maxSupplies in ./tape.ts).
 */
import { checkCount, checkResult, rollChecked, rollOne, type Dice } from "./dice";
import { keepsMarks, reportMarks, type MarkedFace } from "./marks";

/** The d10 result a Dice source returns for the face printed "0". */
export const ZERO_FACE = 10;

export interface StressRoll {
  /** Every d10 of the chain, as the source returned them (10 is the face "0"). */
  readonly rolls: readonly number[];
  readonly total: number;
  /** 1 without rerolls, 2^k after k 1s. */
  readonly multiplier: number;
  /** The first roll was a 0. */
  readonly zero: boolean;
  readonly botchRolls: readonly number[];
  /** Botch dice showing "0". */
  readonly botches: number;
  readonly botched: boolean;
}

/** Reads a finished chain of stress-die rolls and its botch dice. */
export function evaluateStress(rolls: readonly number[], botchRolls: readonly number[]): StressRoll {
  if (rolls.length === 0) throw new RangeError("stress: a stress roll needs at least one die");
  for (const die of rolls) checkResult(10, die);
  for (const die of botchRolls) checkResult(10, die);
  const first = rolls[0] as number;
  const zero = first === ZERO_FACE;
  // The chain ends at the first roll that is not a 1: any more dice belong elsewhere.
  const end = rolls.findIndex((die) => die !== 1);
  if (end !== rolls.length - 1) {
    throw new RangeError(
      `stress: rolls [${rolls.join(", ")}] are not one chain (1s, then a single roll that is not a 1)`,
    );
  }
  if (!zero && botchRolls.length > 0) {
    throw new RangeError("stress: botch dice are only rolled when the first roll is a 0");
  }
  const botches = botchRolls.filter((die) => die === ZERO_FACE).length;
  const last = rolls[end] as number;
  const multiplier = 2 ** end;
  const total = zero ? 0 : last * multiplier;
  return { rolls: [...rolls], total, multiplier, zero, botchRolls: [...botchRolls], botches, botched: botches > 0 };
}

/** Rolls a stress die; a first-roll 0 rolls `botchDice` botch dice. */
export function rollStress(source: Dice, botchDice = 1): StressRoll {
  checkCount(botchDice);
  const rolls = [rollOne(source, 10)];
  while (rolls[rolls.length - 1] === 1) rolls.push(rollOne(source, 10));
  const botchRolls = rolls[0] === ZERO_FACE ? rollChecked(source, 10, botchDice) : [];
  const roll = evaluateStress(rolls, botchRolls);
  if (keepsMarks(source)) {
    // Each link of the chain was its own draw of one die; the botch dice one draw.
    const { chain, botch } = stressFaces(roll);
    for (const face of chain) if (face.note || face.chain) reportMarks(source, 10, [face]);
    if (botch.length) reportMarks(source, 10, botch);
  }
  return roll;
}

/**
 * The stress die's faces with their marks: each 1 of the chain doubles the next
 * roll, the last link after 1s says how many times it counts and for what (the
 * chain read as one: 1, 1, 7 is 7 x4 = 28), a first "0" scores nothing and calls
 * the botch dice, and each botch die showing "0" is a botch (a failure).
 */
export function stressFaces(roll: StressRoll): { chain: MarkedFace[]; botch: MarkedFace[] } {
  const last = roll.rolls.length - 1;
  const chain = roll.rolls.map((value, i): MarkedFace => {
    if (i === 0 && roll.zero) return { value, success: false, note: "zero" };
    if (i < last) return { value, note: "doubles" };
    return roll.multiplier > 1 ? { value, chain: { times: roll.multiplier, total: roll.total } } : { value };
  });
  const botch = roll.botchRolls.map((value): MarkedFace => (value === ZERO_FACE ? { value, success: false, note: "botch" } : { value }));
  return { chain, botch };
}

/** The calm counterpart of the stress die: one d10, "0" counting 10, so 1..10, no doubling, no botch. */
export function rollSimple(source: Dice): number {
  return rollOne(source, 10);
}
