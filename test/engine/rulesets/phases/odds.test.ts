// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "1. Movement": "a stress die +
// Initiative score". Exact odds of reaching a total and of one stress total
// beating another, checked against brute-force enumeration of the dice.
import { describe, expect, it } from "vitest";
import { evaluateStress } from "../../../../src/engine/dice";
import { initiativeContestOdds, meleeOdds, missileOdds, reachOdds, resolveMissile, woundLevels, type MissileInput } from "../../../../src/engine/rulesets/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";

/** Every stress outcome with up to `depth` rerolls, weighted (10 = the face "0"); the rest is below 10^-depth. */
function outcomes(botchDice: number, depth = 7): { total: number; botched: boolean; p: number; roll: ReturnType<typeof evaluateStress> }[] {
  const out: { total: number; botched: boolean; p: number; roll: ReturnType<typeof evaluateStress> }[] = [];
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
          out.push({ total: r.total, botched: r.botched, p: (p / 10) * 0.1 ** zeros * 0.9 ** (botchDice - zeros), roll: r });
        }
      } else {
        const r = evaluateStress(chain, []);
        out.push({ total: r.total, botched: false, p: p / 10, roll: r });
      }
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

describe(`${SEED}, "2. First Missiles" and the Missile Fire Table: odds of a shot`, () => {
  const all = outcomes(1);
  /** The chances the engine's own resolution gives over every stress outcome. */
  const enumerate = (input: MissileInput) => {
    let hit = 0;
    let wound = 0;
    for (const o of all) {
      const r = resolveMissile(input, o.roll);
      if (!r.ok) throw new Error(r.refusal.code);
      if (r.value.result.hit) hit += o.p;
      if (r.value.result.wounds > 0) wound += o.p;
    }
    return { hit, wound };
  };

  it("match the resolution of every stress outcome, at each wound step (5, and 2 under the optional longbow and crossbow rule)", () => {
    const shots: MissileInput[] = [
      // Middle range, still, Size 0: ease 6. Attack 5, Damage 6 against Soak 2.
      { range: "middle", attack: 5, damage: 6, soak: 2 },
      // Far (+6), hustling (+3), dodging with Defense 3, a shield of Dfn 2: ease 20.
      { range: "far", motion: "hustle", defending: 3, shield: 2, attack: 4, attackerPenalty: -1, damage: 3, soak: 9 },
      // A longbow under the optional rule; a called shot at an exposed spot with its Size modifier.
      { range: "near", aimed: true, attack: 2, damage: 4, soak: 7, piercing: true, piercingRule: true },
      { range: "close", size: -2, attack: 3, damage: 2, soak: 5, calledShot: true, exposed: true, gmModifier: 3 },
      { range: "close", size: -2, attack: 3, damage: 2, soak: 5, calledShot: true, gmModifier: 3 },
    ];
    for (const shot of shots) {
      const odds = missileOdds(shot);
      if (!odds.ok) throw new Error(odds.refusal.code);
      const expected = enumerate(shot);
      expect(odds.value.hit).toBeCloseTo(expected.hit, 6);
      expect(odds.value.wound).toBeCloseTo(expected.wound, 6);
      expect(odds.value.botch).toBeCloseTo(0.01, 12);
    }
  });

  it("give the ease factor, and refuse a shot at Touch or Reach (\"No firing possible\")", () => {
    const odds = missileOdds({ range: "far", obscured: true, attack: 0, damage: 0, soak: 0 });
    expect(odds.ok && odds.value.ease).toBe(6 + 6 + 3);
    expect(missileOdds({ range: "reach", attack: 0, damage: 0, soak: 0 }).ok).toBe(false);
  });
});
