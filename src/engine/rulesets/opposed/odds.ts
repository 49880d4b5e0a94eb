/**
 * Exact odds for the dialogs: every d100 face (and every pair of faces for an
 * opposed test) counted once. No sampling.
 */
import { DOUBLES_RULE, percentileDistribution, percentileTest, reverseD100, type PercentileDistribution } from "../../dice";
import { woundsSuffered } from "./damage";
import type { Location } from "./stats";
import { lookup, type Band } from "./tables";
import { compareOpposed, DEFAULT_OPPOSED_TIE, finalTarget, type OpposedTie, type TestInput } from "./tests";

/** Chance to pass, the SL distribution, and the chances of a critical and a fumble. */
export function testOdds(input: TestInput): PercentileDistribution {
  return percentileDistribution(finalTarget(input), DOUBLES_RULE);
}

export interface OpposedOdds {
  /** P(the attacker wins). */
  readonly win: number;
  /** P(win with an opposed SL of s), for the damage the hit would do. */
  readonly sl: ReadonlyMap<number, number>;
  readonly attackerCritical: number;
  readonly defenderCritical: number;
  readonly attackerFumble: number;
}

/** An opposed test over all 10,000 pairs of rolls (null defence: an unopposed test). */
export function opposedOdds(attacker: TestInput, defender: TestInput | null, tie: OpposedTie = DEFAULT_OPPOSED_TIE): OpposedOdds {
  const at = finalTarget(attacker);
  const attackTests = Array.from({ length: 100 }, (_, i) => percentileTest(i + 1, at, DOUBLES_RULE));
  const sl = new Map<number, number>();
  let win = 0;
  let attackerCritical = 0;
  let attackerFumble = 0;
  let defenderCritical = 0;
  for (const t of attackTests) {
    if (t.critical) attackerCritical++;
    if (t.fumble) attackerFumble++;
  }
  if (!defender) {
    for (const t of attackTests) if (t.success) {
      win++;
      sl.set(t.sl, (sl.get(t.sl) ?? 0) + 1);
    }
    return { win: win / 100, sl: new Map([...sl].map(([k, v]) => [k, v / 100])), attackerCritical: attackerCritical / 100, defenderCritical: 0, attackerFumble: attackerFumble / 100 };
  }
  const dtgt = finalTarget(defender);
  const defenceTests = Array.from({ length: 100 }, (_, i) => percentileTest(i + 1, dtgt, DOUBLES_RULE));
  for (const d of defenceTests) if (d.critical) defenderCritical++;
  for (const a of attackTests) {
    for (const d of defenceTests) {
      const o = compareOpposed(a, d, tie);
      if (o.winner === "attacker") {
        win++;
        sl.set(o.sl, (sl.get(o.sl) ?? 0) + 1);
      }
    }
  }
  const keys = [...sl.keys()].sort((x, y) => x - y);
  return {
    win: win / 10_000,
    sl: new Map(keys.map((k) => [k, (sl.get(k) as number) / 10_000])),
    attackerCritical: attackerCritical / 100,
    defenderCritical: defenderCritical / 100,
    attackerFumble: attackerFumble / 100,
  };
}

/** P(a hit lands on each location): the reversed roll of a winning attack. */
export function locationOdds(attacker: TestInput, defender: TestInput | null, table: readonly Band<Location>[], tie: OpposedTie = DEFAULT_OPPOSED_TIE): ReadonlyMap<Location, number> {
  const at = finalTarget(attacker);
  const dt = defender ? finalTarget(defender) : null;
  const counts = new Map<Location, number>();
  const defenceTests = dt === null ? null : Array.from({ length: 100 }, (_, i) => percentileTest(i + 1, dt, DOUBLES_RULE));
  for (let roll = 1; roll <= 100; roll++) {
    const a = percentileTest(roll, at, DOUBLES_RULE);
    const wins = defenceTests ? defenceTests.filter((d) => compareOpposed(a, d, tie).winner === "attacker").length : a.success ? 100 : 0;
    if (!wins) continue;
    const location = lookup(table, reverseD100(roll));
    counts.set(location, (counts.get(location) ?? 0) + wins);
  }
  return new Map([...counts].map(([k, v]) => [k, v / 10_000]));
}

/** P(the Wounds suffered are w) for a hit with this opposed SL distribution, at one location's armour. */
export function woundOdds(odds: OpposedOdds, weaponDamage: number, toughnessBonus: number, armourPoints: number): ReadonlyMap<number, number> {
  const out = new Map<number, number>();
  for (const [sl, p] of odds.sl) {
    const suffered = woundsSuffered({ damage: Math.max(0, weaponDamage + sl), toughnessBonus, armourPoints, woundsNow: Number.MAX_SAFE_INTEGER }).suffered;
    out.set(suffered, (out.get(suffered) ?? 0) + p);
  }
  return new Map([...out].sort((a, b) => a[0] - b[0]));
}
