// tools/armory/pulse.json: the figures this ruleset gives the shared compendia. Every stats object must hold exactly
// the keys of its block (src/engine/rulesets/pulse/stats.ts) with values inside the limits; seed 004's [21] gives
// the unarmed D-4, [16.5] the weapons that may trip.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { StatBlock } from "../../../../src/engine/rulesets/stats";
import { pulseStats } from "../../../../src/engine/rulesets/pulse";

const armory = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../../tools/armory/pulse.json"), "utf8"));

function problems(block: StatBlock, values: Record<string, unknown>, where: string): string[] {
  const out: string[] = [];
  const keys = Object.keys(block).sort();
  if (JSON.stringify(Object.keys(values).sort()) !== JSON.stringify(keys)) out.push(`${where}: keys ${Object.keys(values).sort()} != ${keys}`);
  for (const [key, stat] of Object.entries(block)) {
    const v = values[key];
    switch (stat.kind) {
      case "integer":
      case "number":
        if (typeof v !== "number" || (stat.kind === "integer" && !Number.isInteger(v))) out.push(`${where}.${key}: not a number`);
        else if ((stat.min !== undefined && v < stat.min) || (stat.max !== undefined && v > stat.max)) out.push(`${where}.${key}: ${v} out of limits`);
        break;
      case "boolean":
        if (typeof v !== "boolean") out.push(`${where}.${key}: not a boolean`);
        break;
      case "text":
        if (typeof v !== "string") out.push(`${where}.${key}: not text`);
        break;
      case "choice":
        if (!stat.choices.includes(v as string)) out.push(`${where}.${key}: ${String(v)} not a choice`);
        break;
      case "group":
        out.push(...problems(stat.fields, (v ?? {}) as Record<string, unknown>, `${where}.${key}`));
        break;
    }
  }
  return out;
}

const REQUIRED = {
  weapons: "unarmed jaws hooves dagger rondel-dagger arming-sword longsword greatsword rapier sabre falchion hand-axe war-axe dane-axe mace war-hammer morning-star flail quarterstaff club short-spear long-spear pike halberd poleaxe glaive lance javelin throwing-axe sling short-bow longbow composite-bow light-crossbow heavy-crossbow",
  armor: "padded-jack leather-jerkin mail-shirt mail-hauberk brigandine coat-of-plates plate-harness open-helm great-helm",
  shields: "buckler round-shield heater-shield kite-shield pavise",
  npcs: "town-guard duellist archer mounted-knight warhorse wolf bandit",
  party: "aldric maren tomas isolde",
};

describe("tools/armory/pulse.json", () => {
  it("has every required slug", () => {
    for (const [section, slugs] of Object.entries(REQUIRED)) {
      expect(Object.keys(armory[section]).sort(), section).toEqual(slugs.split(" ").sort());
    }
    expect(armory.maneuvers).toEqual({});
    // Pulse rolls no skill items: the skills pack carries no pulse figures.
    expect(armory.skills).toEqual({});
  });
  it("every stats object matches its block exactly and within limits; sources are seed or default", () => {
    const blocks: Record<string, StatBlock> = { weapons: pulseStats.weapon, armor: pulseStats.armor, shields: pulseStats.shield, npcs: pulseStats.actor, party: pulseStats.actor };
    const all: string[] = [];
    for (const [section, block] of Object.entries(blocks)) {
      for (const [slug, entry] of Object.entries<any>(armory[section])) {
        all.push(...problems(block, entry.stats, `${section}.${slug}`));
        if (entry.source !== "seed" && entry.source !== "default") all.push(`${section}.${slug}: source ${entry.source}`);
      }
    }
    expect(all).toEqual([]);
  });
  it("NPCs and the party start unhurt and list no kit of their own (the catalog's kit serves every ruleset)", () => {
    for (const [slug, npc] of Object.entries<any>({ ...armory.npcs, ...armory.party })) {
      // An NPC may name the fighting style it plays by at the table (issue 33); nothing else beside its figures.
      expect(Object.keys(npc).filter((k) => k !== "style").sort(), slug).toEqual(["source", "stats"]);
      if ("style" in npc) expect(typeof npc.style, slug).toBe("string");
      expect(npc.stats.enduranceNow).toBe(npc.stats.endurance);
    }
  });
  it("seed 004 [21] unarmed D-4; [16.5] only staves, spears, halberds, poleaxes and glaives trip; lances and pikes cannot knock out", () => {
    expect(armory.weapons.unarmed.stats).toMatchObject({ use: "unarmed", damage: -4 });
    const trippers = Object.entries<any>(armory.weapons).filter(([, w]) => w.stats.canTrip).map(([k]) => k).sort();
    expect(trippers).toEqual(["glaive", "halberd", "long-spear", "poleaxe", "quarterstaff", "short-spear"]);
    expect(armory.weapons.lance.stats.canKnockout).toBe(false);
    expect(armory.weapons.pike.stats.canKnockout).toBe(false);
  });
});
