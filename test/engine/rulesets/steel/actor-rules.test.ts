// Seed 000_4377b2da58f3a52b.txt: skill checks ("Surprise & Hesitation" Sneak v Notice, "Mounted modifiers" AG/Ride,
// "Multiple Opponents" Tactics), weapon figures for swings/thrusts/bashes ("Melee Combat": thrusts v swings and bashes),
// and the round's pool from an actor ("Exchange of Blows" light, "Higher Footing", "Mounted modifiers" leg armour).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { initialValues } from "../../../../src/engine/rulesets/stats";
import { attackProfile, contestedSkill, missileProfile, poolForRound, skillCheck, skillInput, steelStats } from "../../../../src/engine/rulesets/steel";

const armory = JSON.parse(readFileSync(resolve(import.meta.dirname, "../../../../tools/armory/steel.json"), "utf8"));
const weapon = (slug: string) => armory.weapons[slug].stats;
const item = (slug: string, stats: unknown, equipped = true) => ({ id: slug, name: slug, equipped, stats });

describe("seed 000 skill checks", () => {
  it("attribute dice against the skill TN; one success passes", () => {
    const actor = { ...initialValues(steelStats.actor), agility: 5 };
    const ride = armory.skills.ride.stats;
    expect(skillInput(actor, ride)).toEqual({ dice: 5, tn: 7 });
    const r = skillCheck({ dice: 2, tn: 7, tnModifier: 3 }, new FixedDice([9, 10]));
    expect(r.ok && r.value.result).toMatchObject({ success: true });
    expect(r.ok && r.value.result.roll.successes).toBe(1);
  });
  it("contested: Sneak against Notice, ties to the first unless told", () => {
    const r = contestedSkill({ dice: 2, tn: 7 }, { dice: 2, tn: 7 }, new FixedDice([8, 2, 9, 3]));
    expect(r.ok && r.value.result).toMatchObject({ winner: "first", margin: 0 });
    const n = contestedSkill({ dice: 2, tn: 7 }, { dice: 2, tn: 7 }, new FixedDice([8, 2, 9, 3]), "none");
    expect(n.ok && n.value.result.winner).toBe("tie");
  });
});

describe("seed 000 weapon figures for an attack", () => {
  it("swing and thrust use their ATN, damage (with Strength) and type; a bash is blunt", () => {
    expect(attackProfile(weapon("arming-sword"), "swing", 5)).toEqual({ ok: true, value: { atn: 6, damage: 6, damageType: "cut" } });
    expect(attackProfile(weapon("arming-sword"), "thrust", 5)).toEqual({ ok: true, value: { atn: 7, damage: 5, damageType: "puncture" } });
    expect(attackProfile(weapon("arming-sword"), "bash", 5)).toEqual({ ok: true, value: { atn: 6, damage: 5, damageType: "blunt" } });
    expect(attackProfile(weapon("flail"), "thrust", 5).ok).toBe(false);
    expect(attackProfile(weapon("pike"), "swing", 5).ok).toBe(false);
  });
  it("bows set their own damage; thrown weapons add Strength", () => {
    expect(missileProfile(weapon("longbow"), 5)).toEqual({ ok: true, value: { atn: 6, damage: 8, damageType: "puncture" } });
    expect(missileProfile(weapon("javelin"), 5)).toEqual({ ok: true, value: { atn: 6, damage: 6, damageType: "puncture" } });
    expect(missileProfile(weapon("longsword"), 5).ok).toBe(false);
  });
});

describe("seed 000 the pool an actor refreshes to", () => {
  const knight = armory.npcs["mounted-knight"];
  const view = (over = {}) => ({
    stats: { ...knight.stats, ...over },
    weapons: [],
    armor: [item("plate-harness", armory.armor["plate-harness"].stats), item("great-helm", armory.armor["great-helm"].stats), item("greaves", { av: 4, cpPenalty: 1, covers: { head: false, neck: false, arms: false, torso: false, legs: true } }), item("spare", armory.armor["mail-shirt"].stats, false)],
    shields: [item("heater-shield", armory.shields["heater-shield"].stats)],
    maneuvers: [],
    skills: [],
  });
  it("Reflex 4 + Proficiency 9 = 13, less plate 3, helm 1, greaves 1, shield 1 = 7; the stored spare does not count", () => {
    expect(poolForRound(view() as never).pool).toBe(7);
  });
  it("on horseback the greaves' penalty is cancelled and the height bonus adds 2; darkness halves", () => {
    expect(poolForRound(view() as never, { mounted: true, higherFooting: true }).pool).toBe(10);
    // 7 in darkness keeps half, rounded down: 3.
    expect(poolForRound(view() as never, { light: "darkness" }).pool).toBe(3);
  });
});
