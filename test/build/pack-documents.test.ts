// Every compendium document is valid for the system's data models (issue 3,
// "Compendia": sources validate, ids unique, names and types labelled).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULESETS } from "../../src/engine/rulesets/registry";
import { RULESET_IDS } from "../../src/engine/rulesets/ruleset";
import type { StatBlock } from "../../src/engine/rulesets/stats";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist, readJson, repo } from "./dist";

const manifest = readJson(dist("system.json"));
const lang = readJson(repo("lang/en.json"));
const documentPacks = (manifest.packs as { name: string; type: string }[]).filter((p) => p.type === "Item" || p.type === "Actor");

function sources(pack: string): any[] {
  return readdirSync(repo(`packs/_source/${pack}`))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(repo(`packs/_source/${pack}/${f}`), "utf8")));
}

/** Keys a stored block has that its ruleset does not declare (typos would be dropped silently). */
function unknownKeys(block: StatBlock, values: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(values ?? {}).flatMap(([key, value]) => {
    const stat = block[key];
    if (!stat) return [`${prefix}${key}`];
    return stat.kind === "group" ? unknownKeys(stat.fields, value as Record<string, unknown>, `${prefix}${key}.`) : [];
  });
}

const KIND = { weapon: "weapon", armor: "armor", shield: "shield", maneuver: "maneuver", skill: "skill", character: "actor", npc: "actor" } as const;

describe("compendium documents", async () => {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM");

  it("ships the armory the issue asks for: 30+ weapons, armour with shields, and the sample adversaries", () => {
    expect(sources("weapons").length).toBeGreaterThanOrEqual(30);
    const armor = sources("armor");
    expect(armor.some((d) => d.type === "armor") && armor.some((d) => d.type === "shield")).toBe(true);
    expect(sources("npcs").map((d) => d.name)).toEqual(expect.arrayContaining(["Town guard", "Duellist", "Archer", "Mounted knight", "Wolf"]));
  });

  it("every shipped NPC carries the skill each of its weapons names, and Dodge, so action-point attacks and defences work (seed 002, IV)", () => {
    for (const npc of sources("npcs")) {
      const skills = new Set(npc.items.filter((i: any) => i.type === "skill").map((i: any) => i.name.toLowerCase()));
      const named = npc.items.filter((i: any) => i.type === "weapon").map((i: any) => String(i.system.actionpoints?.skill ?? "").toLowerCase());
      expect([...named.filter((n: string) => !skills.has(n)), ...(skills.has("dodge") ? [] : ["dodge"])], npc.name).toEqual([]);
    }
  });

  for (const pack of documentPacks) {
    it(`${pack.name}: every document validates against the data models and names only declared figures`, () => {
      const ids = new Set<string>();
      for (const source of sources(pack.name)) {
        const cls = gm.CONFIG[pack.type].documentClass;
        let loaded: any;
        expect(() => (loaded = new cls(structuredClone(source), {})), source.name).not.toThrow();
        // Foundry would quietly clamp or coerce a bad figure: require that nothing needed it.
        for (const id of RULESET_IDS) {
          const kept = loaded.toObject().system[id];
          for (const [key, value] of Object.entries(source.system[id] ?? {})) expect(kept[key], `${source.name} ${id}.${key}`).toEqual(value);
        }
        expect(lang.TYPES[pack.type][source.type], source.type).toBeTypeOf("string");
        const docs = [source, ...(source.items ?? [])];
        for (const doc of docs) {
          expect(ids.has(doc._id), `duplicate id ${doc._id}`).toBe(false);
          ids.add(doc._id);
          const kind = KIND[doc.type as keyof typeof KIND];
          for (const id of RULESET_IDS) expect(unknownKeys(RULESETS[id].stats[kind], doc.system[id] ?? {}), `${doc.name} ${id}`).toEqual([]);
        }
        for (const item of source.items ?? []) expect(item._key).toBe(`!actors.items!${source._id}.${item._id}`);
      }
    });
  }
});
