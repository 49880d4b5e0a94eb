// The compendium sources are made by tools/armory/generate.mjs from the catalog
// and the five figure tables (issue 21, "Content right in every ruleset"): the
// committed sources must be exactly what the tables make, and every fighter
// shipped is equipped as its concept says, with figures for every ruleset.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repo } from "./dist";

const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"] as const;
// The rulesets whose rules roll skill items (steel's skill tests, actionpoints' skill
// levels, opposed's characteristic + advances); phases and pulse have no skill block.
const SKILL_RULESETS = ["steel", "actionpoints", "opposed"] as const;
const catalog = JSON.parse(readFileSync(repo("tools/armory/catalog.json"), "utf8"));

const sources = (pack: string) =>
  readdirSync(repo(`packs/_source/${pack}`))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(repo(`packs/_source/${pack}/${f}`), "utf8")));
const filled = (o: unknown) => Object.keys((o ?? {}) as object).length > 0;

describe("armory: packs/_source against tools/armory", () => {
  it("the committed sources are what `npm run armory` makes (the generator's --check finds no difference)", () => {
    const out = execFileSync(process.execPath, [repo("tools/armory/generate.mjs"), "--check"], { cwd: repo(), encoding: "utf8" });
    expect(out).toContain("matches");
  });

  for (const pack of ["npcs", "party"]) {
    it(`${pack}: one weapon in hand and the rest carried, one body armour and one helm at most, one shield at most`, () => {
      const actors = sources(pack);
      expect(actors.length).toBeGreaterThan(0);
      for (const a of actors) {
        const items = a.items as { type: string; name: string; system: Record<string, any> }[];
        const weapons = items.filter((i) => i.type === "weapon");
        expect(weapons.filter((w) => w.system.equipped).length, a.name).toBe(1);
        const slug = (i: { name: string }) => Object.keys(catalog.armor).find((k) => catalog.armor[k].name === i.name);
        const worn = items.filter((i) => i.type === "armor" && i.system.equipped);
        expect(worn.filter((i) => catalog.armor[slug(i)!].slot === "body").length, a.name).toBeLessThanOrEqual(1);
        expect(worn.filter((i) => catalog.armor[slug(i)!].slot === "head").length, a.name).toBeLessThanOrEqual(1);
        expect(items.filter((i) => i.type === "shield").length, a.name).toBeLessThanOrEqual(1);
        const inHand = weapons.find((w) => w.system.equipped)!;
        if (items.some((i) => i.type === "shield")) expect(inHand.system.pulse.twoHanded, `${a.name}: a shield with a two-handed weapon`).toBe(false);
      }
    });

    it(`${pack}: the actor and every weapon, armour and shield carry figures for all five rulesets; skills for ${SKILL_RULESETS.join(", ")}`, () => {
      const missing: string[] = [];
      for (const a of sources(pack)) {
        for (const r of RULESETS) if (!filled(a.system[r])) missing.push(`${a.name}: ${r}`);
        for (const i of a.items) {
          const need = i.type === "skill" ? SKILL_RULESETS : RULESETS;
          for (const r of need) if (!filled(i.system[r])) missing.push(`${a.name} ${i.name}: ${r}`);
        }
      }
      expect(missing).toEqual([]);
    });
  }

  it("npcs: the mounted knight rides in every ruleset: steel's Horse field names the Warhorse shipped beside him, and pulse seats him", () => {
    const npcs = sources("npcs");
    const knight = npcs.find((a) => a.name === "Mounted knight");
    expect(knight.system.pulse.mounted).toBe(true);
    expect(knight.system.steel.mount).toBe("Warhorse");
    expect(knight.system.steel.mountMove).toBeGreaterThan(0);
    // The Horse field finds a world actor by name once both are imported: exactly one shipped actor carries it.
    const horses = npcs.filter((a) => a.name === knight.system.steel.mount);
    expect(horses).toHaveLength(1);
    const horse = horses[0];
    expect(horse.type).toBe("npc");
    expect(horse.system.steel.mount).toBe("");
    expect(horse.system.pulse.monster).toBe(true);
    expect(horse.items.find((i: { type: string; system: { equipped?: boolean } }) => i.type === "weapon" && i.system.equipped)?.name).toBe("Hooves");
  });

  it("skills pack: every skill carries figures for every ruleset that rolls skills (no bare Agility 0 Dodge in opposed)", () => {
    const missing: string[] = [];
    for (const s of sources("skills")) for (const r of SKILL_RULESETS) if (!filled(s.system[r])) missing.push(`${s.name}: ${r}`);
    expect(missing).toEqual([]);
    const dodge = sources("skills").find((s) => s.name === "Dodge");
    expect(dodge.system.opposed).toEqual({ characteristic: "ag", advances: 0 });
    const guard = sources("npcs").find((a) => a.name === "Town guard");
    const guardDodge = guard.items.find((i: { name: string; type: string }) => i.type === "skill" && i.name === "Dodge");
    // The guard's own Dodge carries his opposed dodge advances.
    expect(guardDodge.system.opposed).toEqual({ characteristic: "ag", advances: guard.system.opposed.dodgeAdvances });
    expect(guardDodge.system.opposed.advances).toBeGreaterThan(0);
  });
});
