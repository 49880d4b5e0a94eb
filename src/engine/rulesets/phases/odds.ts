/**
 * Exact odds for the dialogs, from the stress die's distribution
 * (src/engine/dice/odds.ts). Reaching a total is exact with no truncation
 * (stressReachProbability); comparing two stress dice walks both distributions,
 * whose unlisted tails (runs of 1s longer than anyone will ever roll) are
 * reported as `truncated`, below 1e-15 by default.
 */
import { stressDistribution, stressReachProbability } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { checkMissile, meleeAttackBonus, meleeDefenseBonus, missileWoundStep, woundLevels, WOUND_STEP, type MeleeInput, type MissileInput } from "./combat";
import { checkFigures } from "./refusals";
import { missileEase } from "./tables";

/** P(stress die + bonus >= target with no botch), and P(botch). */
export function reachOdds(bonus: number, target: number, botchDice = 1): { reach: number; botch: number } {
  return stressReachProbability(bonus, target, botchDice);
}

interface Side {
  readonly values: readonly (readonly [number, number])[];
  /** Mass of the botches (a failure for an attacker, 0 for a defender). */
  readonly botch: number;
  readonly truncated: number;
}

function side(bonus: number, botchDice: number, epsilon: number): Side {
  const { probabilities, truncated } = stressDistribution(epsilon);
  const clean = 0.9 ** botchDice;
  const values: [number, number][] = [];
  for (const [total, p] of probabilities) values.push([total + bonus, total === 0 ? p * clean : p]);
  return { values, botch: 0.1 * (1 - clean), truncated };
}

export interface ContestOdds {
  /** P(the first side's total is higher). */
  readonly first: number;
  readonly tie: number;
  readonly second: number;
  /** Probability mass left out (both tails together). */
  readonly truncated: number;
}

/**
 * Two stress-die totals compared, as two Initiative Totals are (no botch dice:
 * the seed names none on Initiative). `first` and `second` are the bonuses.
 */
export function initiativeContestOdds(first: number, second: number, epsilon = 1e-15): ContestOdds {
  const a = side(first, 0, epsilon);
  const b = side(second, 0, epsilon);
  let win = 0;
  let tie = 0;
  let lose = 0;
  for (const [x, p] of a.values) for (const [y, q] of b.values) {
    if (x > y) win += p * q;
    else if (x === y) tie += p * q;
    else lose += p * q;
  }
  return { first: win, tie, second: lose, truncated: a.truncated + b.truncated };
}

export interface MeleeOdds {
  readonly hit: number;
  /** P(the hit causes w wound levels), w >= 0, over all outcomes (misses are not listed). */
  readonly wounds: ReadonlyMap<number, number>;
  readonly attackBotch: number;
  readonly truncated: number;
}

/** Odds of a melee attack under our default procedure (./combat.ts). */
export function meleeOdds(input: MeleeInput, botchDice = 1, epsilon = 1e-15): MeleeOdds {
  const a = side(meleeAttackBonus(input), botchDice, epsilon);
  const defends = input.defense !== null;
  const d: Side = defends ? side(meleeDefenseBonus(input), botchDice, epsilon) : { values: [[0, 1]], botch: 0, truncated: 0 };
  const defenceValues: (readonly [number, number])[] = d.botch ? [...d.values, [0, d.botch]] : [...d.values];
  const wounds = new Map<number, number>();
  let hit = 0;
  for (const [x, p] of a.values) for (const [y, q] of defenceValues) {
    if (x <= y) continue;
    hit += p * q;
    const w = woundLevels(x - y + input.damage, input.soak, input.woundStep ?? WOUND_STEP);
    wounds.set(w, (wounds.get(w) ?? 0) + p * q);
  }
  return { hit, wounds: new Map([...wounds].sort((m, n) => m[0] - n[0])), attackBotch: a.botch, truncated: a.truncated + d.truncated };
}

export interface MissileOdds {
  readonly ease: number;
  /** P(stress die + Attack meets the ease factor, no botch). */
  readonly hit: number;
  /** P(the hit costs at least one wound level). */
  readonly wound: number;
  readonly botch: number;
}

/**
 * Odds of a shot (./combat.ts, resolveMissile): a hit needs the ease factor; a
 * wound level needs the Damage Total (amount over + Damage) a full step over
 * Soak, i.e. a total of ease + Soak + step − Damage. Both are exact.
 */
export function missileOdds(input: MissileInput, botchDice = 1): Outcome<MissileOdds> {
  const checked = checkMissile(input);
  if (!checked.ok) return checked;
  const ease = missileEase(input);
  if (!ease.ok) return ease;
  const b = checkFigures({ botchDice }, 0, 20);
  if (!b.ok) return b;
  const bonus = input.attack + (input.attackerPenalty ?? 0);
  const e = ease.value.ease;
  const hit = reachOdds(bonus, e, botchDice);
  const wound = reachOdds(bonus, e + Math.max(0, input.soak + missileWoundStep(input) - input.damage), botchDice).reach;
  return ok({ ease: e, hit: hit.reach, wound, botch: hit.botch });
}
