// Seed 001 (shared/seeds/001_e84cf39f805b9fd9.txt), "1. Movement" and
// "Engagement Example": clashing declarations settled from the highest
// Initiative Total down, engagement contests, first strike, escapes, reach.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reaches, resolveEngagements, tiedIds, type EngagementIntent } from "../../../../src/engine/rulesets/phases";

const SEED = "seed 001_e84cf39f805b9fd9.txt";
const sword = { min: "touch", max: "reach" } as const;
const spear = { min: "touch", max: "close" } as const;
const dagger = { min: "touch", max: "touch" } as const;

const intent = (over: Partial<EngagementIntent> & { id: string; total: number }): EngagementIntent => ({
  fighting: true,
  routing: false,
  opponents: [],
  range: null,
  weapon: null,
  ...over,
});

describe(`${SEED}, "Engagement Example": Alberto, Bors, Frederico and Inigo`, () => {
  // Totals from the example: Bors 18, Inigo 13, Frederico 11, Alberto 10.
  const intents = [
    intent({ id: "alberto", total: 10, opponents: ["frederico"], range: "reach", weapon: sword }),
    intent({ id: "bors", total: 18, opponents: ["inigo"], range: "close", weapon: spear }),
    intent({ id: "frederico", total: 11, fighting: false, routing: true }),
    intent({ id: "inigo", total: 13, opponents: ["bors"], range: "touch", weapon: dagger }),
  ];
  const outcome = resolveEngagements(intents);

  it("settles declarations from the highest total down: Bors, Inigo, Frederico, Alberto", () => {
    expect(outcome.order).toEqual(["bors", "inigo", "frederico", "alberto"]);
  });
  it("Bors and Inigo want different ranges: a contest, won by Bors, at Close, with a +5 (18 − 13) first strike", () => {
    expect(outcome.engagements).toEqual([{ a: "bors", b: "inigo", range: "close", contest: true, firstStrike: { combatantId: "bors", bonus: 5 }, attackers: ["bors"] }]);
  });
  it("Inigo's dagger cannot reach Close range: he cannot attack Bors", () => {
    expect(outcome.cannotAttack).toEqual(["inigo"]);
  });
  it("routing Frederico, with the higher total, gets away before Alberto engages him; Alberto is left unengaged", () => {
    expect(outcome.escapes).toEqual([{ combatantId: "frederico", from: "alberto" }]);
    expect(outcome.engagements.some((e) => e.a === "alberto" || e.b === "alberto")).toBe(false);
  });
});

describe(`${SEED}, "1. Movement": other clashes`, () => {
  it("a pursuer with the higher total catches a routing character, who then neither attacks nor defends", () => {
    const o = resolveEngagements([
      intent({ id: "hunter", total: 15, opponents: ["runner"], range: "reach", weapon: sword }),
      intent({ id: "runner", total: 9, fighting: false, routing: true }),
    ]);
    expect(o.engagements).toEqual([{ a: "hunter", b: "runner", range: "reach", contest: false, firstStrike: null, attackers: ["hunter"] }]);
    expect(o.escapes).toEqual([]);
  });
  it("an evading (unwilling) opponent with the higher total avoids the engagement", () => {
    const o = resolveEngagements([
      intent({ id: "a", total: 7, opponents: ["b"], range: "reach", weapon: sword }),
      intent({ id: "b", total: 12, fighting: false, evading: true }),
    ]);
    expect(o.escapes).toEqual([{ combatantId: "b", from: "a" }]);
  });
  it("an opponent who is not avoiding the fight is engaged at the engager's range whatever the totals, without a contest", () => {
    const o = resolveEngagements([
      intent({ id: "a", total: 7, opponents: ["b"], range: "reach", weapon: sword }),
      intent({ id: "b", total: 12, opponents: ["c"], range: "touch", weapon: sword }),
      intent({ id: "c", total: 3, fighting: false }),
    ]);
    expect(o.engagements).toEqual([
      { a: "b", b: "c", range: "touch", contest: false, firstStrike: null, attackers: ["b"] },
      { a: "a", b: "b", range: "reach", contest: false, firstStrike: null, attackers: ["a", "b"] },
    ]);
  });
  it("two who seek each other at the same range fight there with no contest and no first strike", () => {
    const o = resolveEngagements([
      intent({ id: "a", total: 14, opponents: ["b"], range: "reach", weapon: sword }),
      intent({ id: "b", total: 8, opponents: ["a"], range: "reach", weapon: sword }),
    ]);
    expect(o.engagements).toEqual([{ a: "a", b: "b", range: "reach", contest: false, firstStrike: null, attackers: ["a", "b"] }]);
  });
  it("ties go to the higher Initiative score, then the id (our default), and are reported", () => {
    const list = [
      intent({ id: "b", total: 10, score: 1, opponents: ["a"], range: "touch", weapon: dagger }),
      intent({ id: "a", total: 10, score: 3, opponents: ["b"], range: "close", weapon: spear }),
    ];
    const o = resolveEngagements(list);
    expect(o.order).toEqual(["a", "b"]);
    expect(o.engagements[0]).toMatchObject({ a: "a", range: "close", firstStrike: { combatantId: "a", bonus: 0 } });
    expect(tiedIds(list)).toEqual([]);
    expect(tiedIds([{ id: "x", total: 4 }, { id: "y", total: 4 }, { id: "z", total: 5 }])).toEqual(["x", "y"]);
    // Counted by total and score (issue 35): the same answer as comparing every pair.
    fc.assert(
      fc.property(fc.array(fc.record({ id: fc.constantFrom("a", "b", "c", "d", "e", "f"), total: fc.integer({ min: 0, max: 3 }), score: fc.option(fc.integer({ min: -1, max: 1 }), { nil: undefined }) }), { maxLength: 12 }), (list) => {
        const pairwise = list.filter((c) => list.some((o) => o.id !== c.id && o.total === c.total && (o.score ?? 0) === (c.score ?? 0))).map((c) => c.id);
        expect(tiedIds(list)).toEqual(pairwise);
      }),
    );
  });
  it("a weapon attacks only between its nearest and farthest ranges", () => {
    expect([reaches(spear, "touch"), reaches(spear, "close"), reaches(spear, "near"), reaches({ min: "reach", max: "close" }, "touch"), reaches(null, "touch")]).toEqual([true, true, false, false, false]);
  });
});
