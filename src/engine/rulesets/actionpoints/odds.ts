/**
 * Exact odds of an attack against a chosen defence: every pair of defence and
 * attack rolls classified by the same function the resolution uses.
 */
import { classifyAttack, type AttackInput, type AttackOutcome } from "./attack";

export interface AttackOdds {
  readonly outcomes: Readonly<Record<AttackOutcome, number>>;
  /** P(the defender may take a Combat Advantage). */
  readonly advantage: number;
  /** P(a critical success that lands). */
  readonly criticalHit: number;
}

export function attackOdds(input: AttackInput): AttackOdds {
  const outcomes: Record<AttackOutcome, number> = { missed: 0, avoided: 0, partial: 0, hit: 0 };
  let advantage = 0;
  let criticalHit = 0;
  const defenceRolls = input.defender.defence === "none" ? [null] : Array.from({ length: 100 }, (_, i) => i + 1);
  const weight = 1 / (defenceRolls.length * 100);
  for (const dr of defenceRolls) {
    for (let ar = 1; ar <= 100; ar++) {
      const c = classifyAttack(input, dr, ar);
      outcomes[c.outcome] += weight;
      if (c.advantage) advantage += weight;
      if ((c.outcome === "hit" || c.outcome === "partial") && c.criticalCounts) criticalHit += weight;
    }
  }
  return { outcomes, advantage, criticalHit };
}
