// Duel simulation speed (issue 10, "Benchmarks": 10,000 steel duels in under 1 s),
// with the bundled engine (./built.ts); one figure through vitest's module loader
// for comparison, to show what the loader costs.
import { readFileSync } from "node:fs";
import { bench, describe } from "vitest";
import { engine } from "./built";
import * as source from "../src/engine/duel";

const { actorViewFromSource, simulateDuels } = engine.duel;

const npc = (slug: string) => JSON.parse(readFileSync(`packs/_source/npcs/${slug}.json`, "utf8"));
const a = actorViewFromSource(npc("duellist"), "steel");
const b = actorViewFromSource(npc("town-guard"), "steel");
const apA = actorViewFromSource(npc("duellist"), "actionpoints");
const apB = actorViewFromSource(npc("town-guard"), "actionpoints");
const opA = actorViewFromSource(npc("duellist"), "opposed");
const opB = actorViewFromSource(npc("town-guard"), "opposed");
const views = (r: "phases" | "pulse") => [actorViewFromSource(npc("duellist"), r), actorViewFromSource(npc("town-guard"), r)] as const;

describe("duel simulator", () => {
  bench("10,000 steel duels, duellist vs town guard", () => {
    simulateDuels({ ruleset: "steel", a: { name: "A", actor: a }, b: { name: "B", actor: b }, n: 10_000, seed: 1 });
  }, { iterations: 5 });
  bench("10,000 action-point duels, duellist vs town guard", () => {
    simulateDuels({ ruleset: "actionpoints", a: { name: "A", actor: apA }, b: { name: "B", actor: apB }, n: 10_000, seed: 1 });
  }, { iterations: 5 });
  bench("10,000 opposed duels, duellist vs town guard", () => {
    simulateDuels({ ruleset: "opposed", a: { name: "A", actor: opA }, b: { name: "B", actor: opB }, n: 10_000, seed: 1 });
  }, { iterations: 5 });
  for (const ruleset of ["phases", "pulse"] as const) {
    const [a, b] = views(ruleset);
    bench(`10,000 ${ruleset} duels, duellist vs town guard`, () => {
      simulateDuels({ ruleset, a: { name: "A", actor: a }, b: { name: "B", actor: b }, n: 10_000, seed: 1 });
    }, { iterations: 5 });
  }
});

describe("duel simulator, source modules through vitest's loader (for comparison only)", () => {
  const [a, b] = [source.actorViewFromSource(npc("duellist"), "pulse"), source.actorViewFromSource(npc("town-guard"), "pulse")];
  bench("10,000 pulse duels, duellist vs town guard, unbundled", () => {
    source.simulateDuels({ ruleset: "pulse", a: { name: "A", actor: a }, b: { name: "B", actor: b }, n: 10_000, seed: 1 });
  }, { iterations: 5 });
});
