// The duel simulator's bookkeeping (issue 10, "Duel simulator"), with a toy
// ruleset adapter whose odds are known exactly.
import { afterAll, describe, expect, it } from "vitest";
import { duelAdapter, registerDuelAdapter, simulateDuels, wilsonInterval, type DuelAdapter } from "../../../src/engine/duel";
import { actorViewFromSource } from "../../../src/engine/duel/actor-source";
import type { ActorView } from "../../../src/engine/rulesets/ruleset";

// Each round both sides roll a d10; "reckless" hits on 6+, "careful" on 8+; a hit
// ends the duel, simultaneous hits are a draw.
const toy: DuelAdapter<{ name: string; weaponName: string }, { hitOn: number }> = {
  ruleset: "pulse",
  policies: { reckless: { hitOn: 6 }, careful: { hitOn: 8 } },
  defaultPolicy: "reckless",
  conditions: ["BOUT.Toy.Standing", "BOUT.Toy.Down"],
  fighter: (_actor, name) => ({ name, weaponName: "" }),
  duel(_a, _b, pa, pb, dice, maxRounds) {
    for (let round = 1; round <= maxRounds; round++) {
      const [ra, rb] = dice.roll(10, 2) as [number, number];
      const hitA = ra >= pa.hitOn;
      const hitB = rb >= pb.hitOn;
      if (hitA || hitB) {
        const winner = hitA && hitB ? "draw" : hitA ? "a" : "b";
        return { winner, rounds: round, condition: { a: hitB ? "BOUT.Toy.Down" : "BOUT.Toy.Standing", b: hitA ? "BOUT.Toy.Down" : "BOUT.Toy.Standing" } };
      }
    }
    return { winner: "draw", rounds: maxRounds, condition: { a: "BOUT.Toy.Standing", b: "BOUT.Toy.Standing" } };
  },
};
// The toy stands in for pulse's adapter in this file only: the engine project shares one
// module cache per worker (isolate: false), so the real one comes back after it.
const pulse = duelAdapter("pulse")!;
registerDuelAdapter(toy);
afterAll(() => registerDuelAdapter(pulse));

const nobody: ActorView = { stats: {}, weapons: [], armor: [], shields: [], maneuvers: [], skills: [] };
const request = (n: number, seed = 7, pa = "reckless", pb = "careful") => ({
  ruleset: "pulse" as const,
  a: { name: "A", actor: nobody, policy: pa },
  b: { name: "B", actor: nobody, policy: pb },
  n,
  seed,
});

describe("duel simulator", () => {
  it("computes the 95% Wilson interval (50 of 100: 40.4% to 59.6%)", () => {
    const { low, high } = wilsonInterval(50, 100);
    expect(low).toBeCloseTo(0.4038, 4);
    expect(high).toBeCloseTo(0.5962, 4);
    expect(wilsonInterval(0, 10).low).toBe(0);
  });

  it("agrees with the exact odds: reckless vs careful wins 0.5*0.7/(1-0.5*0.7) = 53.8% of duels", () => {
    const result = simulateDuels(request(20_000));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const s = result.value;
    expect(s.wins.a + s.wins.b + s.wins.draw).toBe(20_000);
    const exact = (0.5 * 0.7) / (1 - 0.5 * 0.7);
    expect(s.winRateAInterval.low).toBeLessThan(exact);
    expect(s.winRateAInterval.high).toBeGreaterThan(exact);
    expect(s.meanRounds).toBeCloseTo(1 / (1 - 0.5 * 0.7), 1);
    expect(s.conditions.a["BOUT.Toy.Down"]! + s.conditions.a["BOUT.Toy.Standing"]!).toBe(20_000);
  });

  it("is reproducible from its seed and differs across seeds", () => {
    const one = simulateDuels(request(500, 3));
    const two = simulateDuels(request(500, 3));
    const three = simulateDuels(request(500, 4));
    expect(one).toEqual(two);
    expect(one).not.toEqual(three);
  });

  it("reports progress and ends at the total", () => {
    const seen: number[] = [];
    simulateDuels(request(250), { onProgress: (done) => seen.push(done), progressEvery: 100 });
    expect(seen).toEqual([100, 200, 250]);
  });

  it("refuses bad requests with a reason instead of running", () => {
    const codes = [
      simulateDuels(request(0)),
      simulateDuels(request(1.5)),
      simulateDuels({ ...request(10), seed: Number.NaN }),
      simulateDuels(request(10, 1, "berserk")),
      simulateDuels(request(10, 1, "constructor")),
      simulateDuels(request(10, 1, "__proto__")),
      simulateDuels({ ...request(10), ruleset: "nonsense" as never }),
      simulateDuels({ ...request(10), maxRounds: 0 }),
      simulateDuels({ ...request(10), maxRounds: 2.5 }),
    ].map((r) => (r.ok ? "ok" : r.refusal.code));
    expect(codes).toEqual(["duel.badCount", "duel.badCount", "duel.badSeed", "duel.unknownPolicy", "duel.unknownPolicy", "duel.unknownPolicy", "duel.noAdapter", "duel.badRounds", "duel.badRounds"]);
    const policy = simulateDuels(request(10, 1, "berserk"));
    // The refusal names the policies there are.
    expect(!policy.ok && policy.refusal.data).toEqual({ policy: "berserk", policies: "reckless, careful" });
  });
});

describe("actors from stored JSON", () => {
  it("fills what a source leaves out with initial values and sorts items by kind", () => {
    const view = actorViewFromSource(
      { name: "X", system: {}, items: [{ _id: "w1", name: "Sword", type: "weapon", system: { equipped: false } }, { _id: "s1", name: "Shield", type: "shield", system: {} }] },
      "steel",
    );
    expect(view.weapons.map((w) => [w.id, w.name, w.equipped])).toEqual([["w1", "Sword", false]]);
    expect(view.shields.map((s) => s.equipped)).toEqual([true]);
    expect(view.armor).toEqual([]);
  });
});
