// Seed 000_4377b2da58f3a52b.txt: "Terrain Rolls", "Opposed Terrain Rolls", "Difficult Fighting Conditions",
// "Higher Footing", with the seed's worked examples (Alan on the bench; Alan and Ferro on the deck).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FixedDice, SeededDice } from "../../../../src/engine/dice";
import {
  BENCH_STAKES,
  DECK_STAKES,
  opposedTerrainRoll,
  PACES,
  roundPool,
  TERRAIN_TABLE,
  terrainConsequence,
  terrainRoll,
  terrainTn,
} from "../../../../src/engine/rulesets/steel";

describe("seed 000 'Terrain Rolls': Alan on the bench", () => {
  it("TN 4, 2 dice, one success is enough; the higher footing then adds 2 dice at each round's start", () => {
    const r = terrainRoll({ cpLeft: 9, dice: 2, tn: 4 }, new FixedDice([5, 2]));
    expect(r.ok && r.value.result).toMatchObject({ success: true, botch: false });
    expect(roundPool({ base: 9, higherFooting: true }).pool).toBe(11);
  });

  it("a failure costs half the dice spent on his next action; a botch puts him on his back, half his pool", () => {
    const fail = terrainRoll({ cpLeft: 9, dice: 2, tn: 4 }, new FixedDice([3, 2]));
    expect(fail.ok && terrainConsequence(fail.value.result, BENCH_STAKES, 9, 2)).toEqual({ consequence: "halfDiceNextAction", diceLost: 1, statuses: [] });
    const botch = terrainRoll({ cpLeft: 9, dice: 2, tn: 4 }, new FixedDice([1, 1]));
    // "if he Botches the roll, he slips and falls on his back (losing ½ his total CP for being on the ground)".
    expect(botch.ok && terrainConsequence(botch.value.result, BENCH_STAKES, 9, 2)).toEqual({ consequence: "fallsOnBack", diceLost: 4, statuses: [{ id: "prone", seconds: 2 }] });
  });

  it("'Opposed Terrain Rolls': the rival spends 3 CP and scores 2 successes to Alan's 1, so the leap is matched", () => {
    const r = opposedTerrainRoll({ cpLeft: 9, dice: 2, tn: 4 }, { cpLeft: 8, dice: 3 }, new FixedDice([5, 2, 6, 4, 1]));
    expect(r.ok && r.value.result.actor.successes).toBe(1);
    expect(r.ok && r.value.result.opponent.successes).toBe(2);
    expect(r.ok && r.value.result.actorSucceeds).toBe(false);
  });

  it("ties go to the acting character", () => {
    const r = opposedTerrainRoll({ cpLeft: 9, dice: 2, tn: 4 }, { cpLeft: 8, dice: 2 }, new FixedDice([5, 2, 6, 1]));
    expect(r.ok && r.value.result.actorSucceeds).toBe(true);
  });
});

describe("seed 000 'Difficult Fighting Conditions': Alan and Ferro on the deck", () => {
  it("Alan: slippery + hurried/attacking = TN 8; Ferro: slippery + normal/defending = TN 6", () => {
    expect(terrainTn("icy", "hurried")).toEqual({ ok: true, value: 8 });
    expect(terrainTn("icy", "normal")).toEqual({ ok: true, value: 6 });
  });
  it("failing overbalances (half the pool lost); a botch knocks him down: on the ground, half his pool, until the next round", () => {
    const alan = terrainRoll({ cpLeft: 10, dice: 2, tn: 8 }, new FixedDice([7, 5]));
    expect(alan.ok && terrainConsequence(alan.value.result, DECK_STAKES, 10, 2)).toEqual({ consequence: "halfPool", diceLost: 5, statuses: [] });
    const ferro = terrainRoll({ cpLeft: 9, dice: 3, tn: 6 }, new FixedDice([1, 1, 4]));
    expect(ferro.ok && terrainConsequence(ferro.value.result, DECK_STAKES, 9, 3)).toEqual({ consequence: "knockedDown", diceLost: 4, statuses: [{ id: "knockedDown", seconds: 2 }] });
    const made = terrainRoll({ cpLeft: 9, dice: 3, tn: 6 }, new FixedDice([6, 1, 4]));
    expect(made.ok && terrainConsequence(made.value.result, DECK_STAKES, 9, 3).consequence).toBe("none");
  });
});

describe("seed 000 terrain table", () => {
  it("holds the seed's figures, dashes as null (refused)", () => {
    expect(TERRAIN_TABLE.find((r) => r.slug === "narrow")?.tn).toEqual({ standing: 1, cautious: 2, normal: 3, hurried: 5, sprinting: 7 });
    expect(TERRAIN_TABLE.find((r) => r.slug === "tight")?.tn.sprinting).toBe(6);
    expect(terrainTn("pressing", "hurried")).toEqual({ ok: true, value: 3 });
    expect(terrainTn("pressing", "standing").ok).toBe(false);
    expect(terrainTn("lava", "normal").ok).toBe(false);
  });
  it("refuses spending more dice than the pool, negatives and fractions", () => {
    for (const [dice, code] of [
      [5, "steel.tooMany"],
      [-1, "steel.negative"],
      [1.5, "steel.notNumber"],
    ] as const) {
      const r = terrainRoll({ cpLeft: 4, dice, tn: 4 }, new FixedDice([]));
      expect(r.ok ? "ok" : r.refusal.code).toBe(code);
    }
  });
  it("success exactly when a die meets the TN (fast-check)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 11 }), fc.integer(), (dice, tn, seed) => {
        const r = terrainRoll({ cpLeft: 10, dice, tn }, new SeededDice(seed));
        return r.ok && r.value.result.success === r.value.result.roll.dice.some((d) => d >= tn) && PACES.length === 5;
      }),
    );
  });
});
