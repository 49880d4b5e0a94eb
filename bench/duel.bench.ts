// Duel simulation speed (issue 10, "Benchmarks": 10,000 steel duels in under 1 s).
import { readFileSync } from "node:fs";
import { bench, describe } from "vitest";
import { actorViewFromSource, simulateDuels } from "../src/engine/duel";

const npc = (slug: string) => JSON.parse(readFileSync(`packs/_source/npcs/${slug}.json`, "utf8"));
const a = actorViewFromSource(npc("duellist"), "steel");
const b = actorViewFromSource(npc("town-guard"), "steel");

describe("duel simulator", () => {
  bench("10,000 steel duels, duellist vs town guard", () => {
    simulateDuels({ ruleset: "steel", a: { name: "A", actor: a }, b: { name: "B", actor: b }, n: 10_000, seed: 1 });
  }, { iterations: 5 });
});
