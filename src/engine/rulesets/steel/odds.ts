/**
 * Exact odds for every steel roll a dialog offers, computed from the binomial
 * pools in dice/odds.ts (never sampled).
 */
import { contestMarginDistribution, contestOdds, poolBotchProbability, poolSuccessDistribution } from "../../dice";
import { histogram, indexed, type OddsBar } from "../../odds-view";
import { MAX_WOUND_LEVEL } from "./wounds";

export interface ExchangeOdds {
  /** The attack lands (margin ≥ 1). */
  readonly hit: number;
  /** The attacker keeps initiative (margin ≥ 0). */
  readonly attackerKeeps: number;
  /** P(margin = m) for every possible m. */
  readonly margins: ReadonlyMap<number, number>;
  readonly attackerFumble: number;
  readonly defenderFumble: number;
}

/** Odds of an exchange; with no defence pass 0 defence dice. */
export function exchangeOdds(attackDice: number, atn: number, defenceDice: number, dtn: number): ExchangeOdds {
  const margins = contestMarginDistribution(attackDice, atn, defenceDice, dtn);
  let hit = 0;
  let keeps = 0;
  for (const [m, p] of margins) {
    if (m > 0) hit += p;
    if (m >= 0) keeps += p;
  }
  return { hit, attackerKeeps: keeps, margins, attackerFumble: poolBotchProbability(attackDice, atn), defenderFumble: poolBotchProbability(defenceDice, dtn) };
}

/**
 * P(wound level = k) for k = 0..5 given the exchange's dice and the damage sum
 * (damage − toughness − armour). Level 0 includes misses.
 */
export function woundLevelOdds(attackDice: number, atn: number, defenceDice: number, dtn: number, damageLessSoak: number): number[] {
  const out = new Array<number>(MAX_WOUND_LEVEL + 1).fill(0);
  for (const [m, p] of contestMarginDistribution(attackDice, atn, defenceDice, dtn)) {
    const level = m > 0 ? Math.max(0, Math.min(MAX_WOUND_LEVEL, m + damageLessSoak)) : 0;
    out[level] = (out[level] ?? 0) + p;
  }
  return out;
}

/** A plain pool that needs one success (terrain, knockdown, knockout, Blood Loss, hesitation, Ride). */
export interface SingleSuccessOdds {
  readonly success: number;
  readonly failure: number;
  readonly botch: number;
}

export function oneSuccessOdds(dice: number, tn: number): SingleSuccessOdds {
  const dist = poolSuccessDistribution(dice, tn);
  const none = dist[0] ?? 1;
  const botch = poolBotchProbability(dice, tn);
  return { success: 1 - none, failure: none - botch, botch };
}

/** P(the actor keeps the benefit of an opposed terrain roll): at least one success and no fewer than the opponent. A rider opposing rolls at his own Ride TN (`opponentTn`). */
export function opposedTerrainOdds(actorDice: number, opponentDice: number, tn: number, opponentTn = tn): number {
  const a = poolSuccessDistribution(actorDice, tn);
  const o = poolSuccessDistribution(opponentDice, opponentTn);
  let p = 0;
  for (let i = 1; i < a.length; i++) {
    let cum = 0;
    for (let j = 0; j <= Math.min(i, o.length - 1); j++) cum += o[j] ?? 0;
    p += (a[i] ?? 0) * cum;
  }
  return p;
}

/**
 * Press odds: P(press margin = m) where m is the attacker's press total minus the
 * defender's, with the exchange's margin added to its winner's successes.
 */
export function pressOdds(attackDice: number, atn: number, defenceDice: number, dtn: number, attackPress: number, defencePress: number, attackPressTn = 3, defencePressTn = 4): Map<number, number> {
  const exchange = contestMarginDistribution(attackDice, atn, defenceDice, dtn);
  const presses = contestMarginDistribution(attackPress, attackPressTn, defencePress, defencePressTn);
  const out = new Map<number, number>();
  for (const [m, p] of exchange) for (const [q, r] of presses) out.set(m + q, (out.get(m + q) ?? 0) + p * r);
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}

/** Every success count a pool can roll, as bars (issue 10: "the distribution of successes"). */
export function successBars(dice: number, tn: number): OddsBar[] {
  return histogram(indexed(poolSuccessDistribution(dice, tn)));
}

/** P(MOS = m) for every m ≥ 1: the landed blows of an exchange, bar by bar (they sum to the chance to hit). */
export function mosBars(odds: ExchangeOdds): OddsBar[] {
  return histogram([...odds.margins].filter(([m]) => m > 0));
}

/** P(the buyer rolls more successes than the holder, both at one TN): the buy-initiative contest. */
export function buyInitiativeOdds(buyerDice: number, holderDice: number, tn: number): number {
  const b = poolSuccessDistribution(buyerDice, tn);
  const h = poolSuccessDistribution(holderDice, tn);
  let p = 0;
  let below = 0;
  for (let k = 0; k < b.length; k++) {
    p += (b[k] ?? 0) * below;
    below += h[k] ?? 0;
  }
  return p;
}

/** Two riders passing (ridersPass): P(the first rolls more successes), P(the second does), P(a tie): a contest with ties left standing. */
export function ridersPassOdds(aDice: number, aTn: number, bDice: number, bTn: number): { readonly a: number; readonly b: number; readonly tie: number } {
  const o = contestOdds(aDice, aTn, bDice, bTn, "none");
  return { a: o.first, b: o.second, tie: o.tie };
}
