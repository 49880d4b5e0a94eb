// The duel simulator as the check on the shipped content (issue 21, "Content right
// in every ruleset"): every pair of shipped fighters (the Adversaries and the
// ready-made party), in every ruleset, plays to a result in nearly all duels, and
// the summary names the weapon each side used and why each duel ended.
import { describe, expect, it } from "vitest";
import { actorViewFromSource, duelRulesets, endingOf, ENDINGS, simulateDuels, steelDuel, STEEL_POLICIES, type StoredActor } from "../../../src/engine/duel";
import { RULESET_IDS } from "../../../src/engine/rulesets/ruleset";
import { packSource, packSources } from "../../pack-sources";

const load = (pack: string) => packSources<StoredActor & { name: string }>(pack);
const fighters = [...load("npcs"), ...load("party")];
const actor = (slug: string) => packSource("npcs", slug);
const N = 40;
// "Nearly all": at most 2 of 40 duels may run to the round limit or end with both down.
const MAX_DRAWS = 2;

describe("every shipped pair in every ruleset plays to a result", () => {
  it("has an adapter for all five rulesets and ships seven adversaries (the knight's warhorse among them) and a party", () => {
    expect([...duelRulesets()].sort()).toEqual([...RULESET_IDS].sort());
    expect(load("npcs")).toHaveLength(7);
    expect(load("party").length).toBeGreaterThanOrEqual(3);
  });

  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: at most ${MAX_DRAWS} draws in ${N} duels for each of the ${(fighters.length * (fighters.length + 1)) / 2} pairs (seeded)`, () => {
      const stalled: string[] = [];
      for (let i = 0; i < fighters.length; i++)
        for (let j = i; j < fighters.length; j++) {
          const A = fighters[i]!;
          const B = fighters[j]!;
          const result = simulateDuels({ ruleset, a: { name: A.name, actor: actorViewFromSource(A, ruleset) }, b: { name: B.name, actor: actorViewFromSource(B, ruleset) }, n: N, seed: 1 + i * 31 + j });
          if (!result.ok) throw new Error(`${ruleset} ${A.name} vs ${B.name} refused`);
          const s = result.value;
          // Each side closes with a named weapon from its kit (every shipped fighter has one).
          expect(s.weapons.a, `${A.name} in ${ruleset}`).not.toBe("");
          expect(s.weapons.b, `${B.name} in ${ruleset}`).not.toBe("");
          const ended = (r: Record<string, number>) => Object.values(r).reduce((n, k) => n + k, 0);
          expect(ended(s.endings.a) + ended(s.endings.b) + ended(s.endings.draw)).toBe(N);
          if (s.wins.draw > MAX_DRAWS) stalled.push(`${A.name} vs ${B.name}: ${s.wins.draw} draws (${JSON.stringify(s.endings.draw)})`);
        }
      expect(stalled).toEqual([]);
    }, 60_000);
  }
});

describe("why wolf against archer stalled in steel, and what changed", () => {
  it("the archer holds the bow but closes with the sword he carries; the wolf bites with its Jaws", () => {
    const archer = steelDuel.fighter(actorViewFromSource(actor("archer"), "steel"), "Archer");
    const wolf = steelDuel.fighter(actorViewFromSource(actor("wolf"), "steel"), "Wolf");
    expect(archer.weaponName).toBe("Arming sword");
    expect(wolf.weaponName).toBe("Jaws");
  });
  it("every policy keeps dice back when it defends, so winning a defence leaves dice for the counter-attack", () => {
    // With the whole pool spent on every defence, the defender won initiative with nothing left
    // to strike with and the attacker took it back: neither the archer nor the wolf could finish.
    for (const [name, p] of Object.entries(STEEL_POLICIES)) expect(p.defenceShare, name).toBeLessThan(1);
  });
  it("wolf against archer: the wolf is hurt and sometimes killed (it never was), and fewer than 2% run to the round limit (93.8% did)", () => {
    const r = simulateDuels({ ruleset: "steel", a: { name: "Wolf", actor: actorViewFromSource(actor("wolf"), "steel") }, b: { name: "Archer", actor: actorViewFromSource(actor("archer"), "steel") }, n: 500, seed: 21 });
    if (!r.ok) throw new Error("refused");
    expect(r.value.wins.draw / 500).toBeLessThan(0.02);
    expect(r.value.conditions.a["BOUT.Duel.Condition.Unhurt"]! / 500).toBeLessThan(0.8);
    expect(r.value.wins.b / 500).toBeGreaterThan(0.1);
    expect(r.value.endings.draw[ENDINGS.roundCap] ?? 0).toBe(r.value.wins.draw - (r.value.endings.draw[ENDINGS.bothFell] ?? 0));
  });
});

describe("why a duel ended", () => {
  const C = "BOUT.Duel.Condition.";
  it("a win says how the loser ended; a draw says both fell or time ran out; an adapter's own word wins", () => {
    expect(endingOf({ winner: "a", rounds: 3, condition: { a: `${C}Wounded`, b: `${C}Dead` } })).toBe(ENDINGS.killed);
    expect(endingOf({ winner: "b", rounds: 3, condition: { a: `${C}Down`, b: `${C}Unhurt` } })).toBe(ENDINGS.down);
    expect(endingOf({ winner: "draw", rounds: 4, condition: { a: `${C}Down`, b: `${C}Dead` } })).toBe(ENDINGS.bothFell);
    expect(endingOf({ winner: "draw", rounds: 200, condition: { a: `${C}Wounded`, b: `${C}Unhurt` } })).toBe(ENDINGS.roundCap);
    expect(endingOf({ winner: "a", rounds: 1, condition: { a: `${C}Unhurt`, b: `${C}Down` }, ending: "BOUT.Duel.Ending.Custom" })).toBe("BOUT.Duel.Ending.Custom");
  });
  it("a steel duel cut off after one round ends by the round limit, and the summary says so", () => {
    const v = (slug: string) => actorViewFromSource(actor(slug), "steel");
    const r = simulateDuels({ ruleset: "steel", a: { name: "A", actor: v("mounted-knight") }, b: { name: "B", actor: v("mounted-knight") }, n: 50, seed: 2, maxRounds: 1 });
    if (!r.ok) throw new Error("refused");
    expect(r.value.endings.draw[ENDINGS.roundCap]).toBe(r.value.wins.draw);
    expect(r.value.wins.draw).toBeGreaterThan(0);
  });
});
