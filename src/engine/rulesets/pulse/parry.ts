/**
 * [17.4] Parry and riposte: when an evading defender's attacker misses by more
 * than 30, the defender rolls D10 + own weapon rank - attacker's weapon rank.
 */
import { markLookup, rollOne, type Dice } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { pulseEvent, type PulseEvent } from "./events";
import { checkWholeFields } from "./refusals";

export type ParryOutcome = "parry" | "disarm" | "riposte";

/** 3 or less: parried, Pass next pulse; 4-7: attacker disarmed; 8 or more: disarmed and a free attack. */
export function parryOutcome(total: number): ParryOutcome {
  return total <= 3 ? "parry" : total <= 7 ? "disarm" : "riposte";
}

export interface ParryResult {
  readonly roll: number;
  readonly total: number;
  readonly outcome: ParryOutcome;
  /** The defender must take a Pass action next pulse. */
  readonly defenderPassesNext: boolean;
  readonly attackerDisarmed: boolean;
  readonly freeAttack: boolean;
}

/** [17.4] the parry's total: the D10 plus the defender's rank less the attacker's. */
export const parryTotal = (roll: number, defenderRank: number, attackerRank: number): number => roll + defenderRank - attackerRank;

export function readParry(roll: number, defenderRank: number, attackerRank: number): ParryResult {
  const total = parryTotal(roll, defenderRank, attackerRank);
  const outcome = parryOutcome(total);
  return {
    roll,
    total,
    outcome,
    defenderPassesNext: outcome === "parry",
    attackerDisarmed: outcome !== "parry",
    freeAttack: outcome === "riposte",
  };
}

/** Rolls the parry's D10 and reads it; the die is marked with the outcome it picked (for the card). */
export function rollParry(dice: Dice, defenderRank: number, attackerRank: number): ParryResult {
  const result = readParry(rollOne(dice, 10), defenderRank, attackerRank);
  markLookup(dice, 10, [result.roll], `BOUT.Card.Die.Row.${result.outcome}`);
  return result;
}

export function resolveParry(
  input: { readonly defenderRank: number; readonly attackerRank: number },
  dice: Dice,
): Outcome<{ result: ParryResult; events: PulseEvent[] }> {
  const bad = checkWholeFields({ defenderRank: [input.defenderRank, 0, 10], attackerRank: [input.attackerRank, 0, 10] });
  if (bad && !bad.ok) return bad;
  const result = rollParry(dice, input.defenderRank, input.attackerRank);
  const type = result.outcome === "parry" ? "Parried" : result.outcome === "disarm" ? "ParryDisarm" : "Riposte";
  return ok({ result, events: [pulseEvent(type, { roll: result.roll, total: result.total })] });
}

/** Exact odds of each parry outcome for a rank difference (defender - attacker). */
export function parryOdds(defenderRank: number, attackerRank: number): Record<ParryOutcome, number> {
  const counts: Record<ParryOutcome, number> = { parry: 0, disarm: 0, riposte: 0 };
  for (let roll = 1; roll <= 10; roll++) counts[readParry(roll, defenderRank, attackerRank).outcome]++;
  return { parry: counts.parry / 10, disarm: counts.disarm / 10, riposte: counts.riposte / 10 };
}
