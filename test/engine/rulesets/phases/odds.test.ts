// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "1. Movement": "a stress die +
// Initiative score". Exact odds of reaching a total and of one stress total
// beating another, checked against brute-force enumeration of the dice.
import { describe, expect, it } from "vitest";
import { evaluateStress } from "../../../../src/engine/dice";
import { initiativeContestOdds, meleeOdds, reachOdds, woundLevels } from "../../../../src/engine/rulesets/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";

/** Every stress outcome with up to `depth` rerolls, weighted (10 = the face "0"); the rest is below 10^-depth. */
function outcomes(botchDice: number, depth = 7): { total: number; botched: boolean; p: number }[] {
  const out: { total: number; botched: boolean; p: number }[] = [];
  const walk = (rolls: number[], p: number) => {
    for (let face = 1; face <= 10; face++) {
      const chain = [...rolls, face];
      if (face === 1) {
        if (chain.length < depth) walk(chain, p / 10);
        continue;
      }
      if (chain[0] === 10) {
        // Every pattern of botch dice.
        for (let mask = 0; mask < 2 ** botchDice; mask++) {
          const zeros = [...Array(botchDice).keys()].filter((i) => mask & (1 << i)).length;
          const botchRolls = [...Array(botchDice).keys()].map((i) => (mask & (1 << i) ? 10 : 5));
          const r = evaluateStress(chain, botchRolls);
          out.push({ total: r.total, botched: r.botched, p: (p / 10) * 0.1 ** zeros * 0.9 ** (botchDice - zeros) });
        }
      } else out.push({ total: evaluateStress(chain, []).total, botched: false, p: p / 10 });
    }
  };
  walk([], 1);
  return out;
}

describe(`${SEED}: exact odds of a stress die + bonus reaching a total`, () => {
  it("matches enumeration of the dice for many bonuses and totals", () => {
    const all = outcomes(1);
    for (const bonus of [-3, 0, 4]) for (const target of [-2, 0, 3, 6, 9, 10, 12, 15, 21, 30, 45]) {
      const expected = all.filter((o) => !o.botched && o.total + bonus >= target).reduce((t, o) => t + o.p, 0);
      expect(reachOdds(bonus, target).reach).toBeCloseTo(expected, 6);
    }
    expect(reachOdds(0, 0).botch).toBeCloseTo(0.01, 12);
  });
  it("without botch dice a 0 on the die is just 0", () => {
    expect(reachOdds(5, 5, 0).reach).toBeCloseTo(1, 12);
    // 10 or more: 1 then 5-0 (0.06), 1, 1 then 3-0 (0.008), or three 1s and anything (0.001).
    expect(reachOdds(0, 10, 0).reach).toBeCloseTo(0.069, 12);
  });
});

describe(`${SEED}, "1. Movement": odds of one Initiative Total beating another`, () => {
  it("sum to 1 and match enumeration", () => {
    const o = initiativeContestOdds(3, 0);
    expect(o.first + o.tie + o.second + o.truncated).toBeCloseTo(1, 12);
    const all = outcomes(0, 5);
    let win = 0;
    for (const a of all) for (const b of all) if (a.total + 3 > b.total) win += a.p * b.p;
    expect(o.first).toBeCloseTo(win, 4);
  });
  it("are symmetric for equal scores", () => {
    const o = initiativeContestOdds(2, 2);
    expect(o.first).toBeCloseTo(o.second, 12);
  });
});

describe(`${SEED}: odds of a melee attack (our default procedure)`, () => {
  it("match enumeration of both stress dice, botches included", () => {
    const input = { attack: 6, defense: 4, damage: 5, soak: 6 };
    const odds = meleeOdds(input);
    const all = outcomes(1, 5);
    let hit = 0;
    const wounds = new Map<number, number>();
    for (const a of all) for (const d of all) {
      if (a.botched) continue;
      const at = a.total + 6;
      const dt = d.botched ? 0 : d.total + 4;
      if (at <= dt) continue;
      hit += a.p * d.p;
      const w = woundLevels(at - dt + 5, 6);
      wounds.set(w, (wounds.get(w) ?? 0) + a.p * d.p);
    }
    expect(odds.hit).toBeCloseTo(hit, 4);
    for (const [w, p] of wounds) expect(odds.wounds.get(w) ?? 0).toBeCloseTo(p, 4);
  });
  it("an undefended target is hit unless the attack botches or totals 0 or less", () => {
    expect(meleeOdds({ attack: 1, defense: null, damage: 0, soak: 0 }).hit).toBeCloseTo(1 - 0.01, 12);
  });
});
