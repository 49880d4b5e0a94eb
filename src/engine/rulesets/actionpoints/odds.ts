/**
 * Exact odds of an attack against a chosen defence: every pair of defence and
 * attack rolls classified by the same function the resolution uses (the defence
 * rolls grouped by the result level they reach, which is all it reads of them).
 */
import { classifyAttack, defenceTarget, type AttackInput, type AttackOutcome } from "./attack";
import { DEFAULT_FRACTION_RULE } from "../../dice";
import { readRoll } from "./levels";

export interface AttackOdds {
  readonly outcomes: Readonly<Record<AttackOutcome, number>>;
  /** P(the defender may take a Combat Advantage). */
  readonly advantage: number;
  /** P(a critical success that lands). */
  readonly criticalHit: number;
}

/**
 * The classification reads a defence roll only through its result level, so the
 * 100 defence rolls fall into at most four groups: one representative roll per
 * level, weighted by how many rolls reach it, gives the same odds as all 10,000
 * pairs. Counts stay whole numbers until the one division at the end.
 */
export function attackOdds(input: AttackInput): AttackOdds {
  const counts: Record<AttackOutcome, number> = { missed: 0, avoided: 0, partial: 0, hit: 0 };
  let advantage = 0;
  let criticalHit = 0;
  const groups = defenceGroups(input);
  let total = 0;
  for (const [dr, times] of groups) {
    total += times * 100;
    for (let ar = 1; ar <= 100; ar++) {
      const c = classifyAttack(input, dr, ar);
      counts[c.outcome] += times;
      if (c.advantage) advantage += times;
      if ((c.outcome === "hit" || c.outcome === "partial") && c.criticalCounts) criticalHit += times;
    }
  }
  const outcomes: Record<AttackOutcome, number> = { missed: counts.missed / total, avoided: counts.avoided / total, partial: counts.partial / total, hit: counts.hit / total };
  return { outcomes, advantage: advantage / total, criticalHit: criticalHit / total };
}

/** Each defence result level's first roll and how many of the 100 rolls reach it; no defence: one null roll. */
function defenceGroups(input: AttackInput): [roll: number | null, times: number][] {
  if (input.defender.defence === "none") return [[null, 1]];
  const target = defenceTarget(input);
  const rule = input.rule ?? DEFAULT_FRACTION_RULE;
  const byLevel = new Map<string, [number, number]>();
  for (let dr = 1; dr <= 100; dr++) {
    const level = readRoll(dr, target, rule).level;
    const group = byLevel.get(level);
    if (group) group[1]++;
    else byLevel.set(level, [dr, 1]);
  }
  return [...byLevel.values()];
}
