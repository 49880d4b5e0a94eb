// Exact odds for seed 000_4377b2da58f3a52b.txt rolls ("Exchange of Blows", "Terrain Rolls", "Pressing Opponents",
// wound levels): checked against full enumeration of every d10 result for small pools.
import { describe, expect, it } from "vitest";
import { evaluatePool, FixedDice } from "../../../../src/engine/dice";
import { buyInitiativeOdds, exchangeOdds, oneSuccessOdds, opposedTerrainOdds, pressOdds, ridersPass, ridersPassOdds, woundLevelOdds } from "../../../../src/engine/rulesets/steel";

/** Every sequence of n d10 results. */
function* all(n: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of all(n - 1)) for (let d = 1; d <= 10; d++) yield [...rest, d];
}

function enumerate(counts: number[], f: (rolls: number[][]) => void): number {
  let total = 0;
  const n = counts.reduce((a, b) => a + b, 0);
  for (const seq of all(n)) {
    const rolls: number[][] = [];
    let i = 0;
    for (const c of counts) {
      rolls.push(seq.slice(i, i + c));
      i += c;
    }
    f(rolls);
    total++;
  }
  return total;
}

describe("seed 000 exchange odds match enumeration", () => {
  it("2 attack dice at TN 6 against 2 defence dice at TN 7: hit, keep, fumbles, margins", () => {
    let hit = 0;
    let keep = 0;
    let aF = 0;
    const margins = new Map<number, number>();
    const total = enumerate([2, 2], ([a, d]) => {
      const ar = evaluatePool(a!, 6);
      const dr = evaluatePool(d!, 7);
      const m = ar.successes - dr.successes;
      if (m > 0) hit++;
      if (m >= 0) keep++;
      if (ar.botch) aF++;
      margins.set(m, (margins.get(m) ?? 0) + 1);
    });
    const o = exchangeOdds(2, 6, 2, 7);
    expect(o.hit).toBeCloseTo(hit / total, 12);
    expect(o.attackerKeeps).toBeCloseTo(keep / total, 12);
    expect(o.attackerFumble).toBeCloseTo(aF / total, 12);
    for (const [m, c] of margins) expect(o.margins.get(m)).toBeCloseTo(c / total, 12);
  });

  it("wound levels with damage less soak +1: level = margin + 1 capped at 5, misses at 0", () => {
    const counts = new Array(6).fill(0);
    const total = enumerate([3, 1], ([a, d]) => {
      const m = evaluatePool(a!, 6).successes - evaluatePool(d!, 6).successes;
      counts[m > 0 ? Math.min(5, m + 1) : 0]++;
    });
    const o = woundLevelOdds(3, 6, 1, 6, 1);
    o.forEach((p, i) => expect(p).toBeCloseTo(counts[i] / total, 12));
    expect(o.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12);
  });

  it("one-success rolls (terrain, knockdown, Blood Loss, hesitation): success, failure and botch", () => {
    let s = 0;
    let b = 0;
    const total = enumerate([3], ([r]) => {
      const p = evaluatePool(r!, 8);
      if (p.successes > 0) s++;
      if (p.botch) b++;
    });
    const o = oneSuccessOdds(3, 8);
    expect(o.success).toBeCloseTo(s / total, 12);
    expect(o.botch).toBeCloseTo(b / total, 12);
    expect(o.success + o.failure + o.botch).toBeCloseTo(1, 12);
  });

  it("opposed terrain: the actor needs a success and at least the opponent's count", () => {
    let win = 0;
    const total = enumerate([2, 2], ([a, o]) => {
      const x = evaluatePool(a!, 4).successes;
      if (x > 0 && x >= evaluatePool(o!, 4).successes) win++;
    });
    expect(opposedTerrainOdds(2, 2, 4)).toBeCloseTo(win / total, 12);
  });

  it("press margin: exchange margin plus press successes (TN 3 attacking, 4 defending)", () => {
    const counts = new Map<number, number>();
    const total = enumerate([1, 1, 2, 1], ([a, d, ap, dp]) => {
      const m = evaluatePool(a!, 6).successes - evaluatePool(d!, 6).successes + evaluatePool(ap!, 3).successes - evaluatePool(dp!, 4).successes;
      counts.set(m, (counts.get(m) ?? 0) + 1);
    });
    const o = pressOdds(1, 6, 1, 6, 2, 1);
    for (const [m, c] of counts) expect(o.get(m)).toBeCloseTo(c / total, 12);
  });
});

describe("seed 000 'Ride-By Attacking' (last paragraph): the odds of two riders passing are those of ridersPass itself", () => {
  it("Agility 2 at Ride TN 6 against Agility 2 at TN 7: every d10 face played through ridersPass, counted to the same wins and ties", () => {
    const counts = { a: 0, b: 0, tie: 0 };
    const total = enumerate([2, 2], ([a, b]) => {
      const r = ridersPass({ id: "a", agility: 2, rideTn: 6, choice: 1 }, { id: "b", agility: 2, rideTn: 7, choice: 1 }, new FixedDice([...a!, ...b!]));
      if (!r.ok) throw new Error("refused");
      counts[r.value.result.winner ?? "tie"]++;
    });
    const o = ridersPassOdds(2, 6, 2, 7);
    expect([o.a, o.b, o.tie].map((p) => Math.round(p * total))).toEqual([counts.a, counts.b, counts.tie]);
    expect(o.a + o.b + o.tie).toBeCloseTo(1, 12);
  });
});

describe("buying initiative: exact odds of our contest (seed 000 names it without figures)", () => {
  it("1 die against none at TN 6 buys half the time; 1 against 1 a quarter; ties stay with the holder", () => {
    expect(buyInitiativeOdds(1, 0, 6)).toBe(0.5);
    expect(buyInitiativeOdds(1, 1, 6)).toBe(0.25);
    expect(buyInitiativeOdds(0, 3, 6)).toBe(0);
  });
});

describe("seed 000 'Multiple Opponents': exact chance that the lone fighter picks the match-up", () => {
  it("1 die against 1 die at TN 6: 75%; a botch takes the choice away (2 dice: 1/100 botch)", async () => {
    const { loneDecidesOdds } = await import("../../../../src/engine/rulesets/steel");
    expect(loneDecidesOdds({ dice: 1, tn: 6 }, [{ dice: 1, tn: 6 }])).toBe(0.75);
    expect(loneDecidesOdds({ dice: 1, tn: 6 }, [{ dice: 0, tn: 6 }])).toBe(1);
    // 2 dice against nobody: every roll but the double 1.
    expect(loneDecidesOdds({ dice: 2, tn: 6 }, [{ dice: 0, tn: 5 }])).toBeCloseTo(0.99, 12);
  });
});
