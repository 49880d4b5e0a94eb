// Seed 004_2f46e4f6196f6037.txt [16.1] Ranged Attacks: a strike check for every
// figure on the line of fire, nearest first; the first hit takes the missile;
// one that hits nobody flies on to 1.5 times its range and falls.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { resolveShot, type AttackInput } from "../../../../src/engine/rulesets/pulse";

const bow = { use: "missile" as const, canTrip: false, canKnockout: false, closeRated: false };
// SC 50 + 10 + 4 = 64, less each figure's Defense.
const shotAt = (defense: number): AttackInput => ({
  attack: "normal",
  baseChance: 50,
  modMD: 10,
  ranked: true,
  rank: 1,
  defense,
  charging: false,
  withdrawingOffensively: false,
  modifiers: [],
  context: { weapon: bow, targetHumanOrSmaller: true, unarmedRank: 0, shieldCanRush: false, inMelee: false, grappling: false },
  attacker: { modMD: 10, weaponRank: 1 },
  defender: { endurance: 15, enduranceNow: 15, fatigueNow: 18, monster: false, modAG: 14, modMD: 12, evading: false, parryRank: null, protection: 2 },
  dieModifier: 2,
  damageModifiers: [],
});
const line = (range: number | null = 20) => ({
  inTheWay: [
    { id: "ally", input: shotAt(20) },
    { id: "goat", input: shotAt(4) },
  ],
  target: { id: "orc", input: shotAt(14) },
  range,
});
const run = (dice: FixedDice, range?: number | null) => {
  const out = resolveShot(line(range), dice);
  if (!out.ok) throw new Error(out.refusal.code);
  return out.value;
};

describe("seed 004 [16.1] the line of fire", () => {
  it("the nearest figure in the way is checked first: 30 against 44 hits the ally, who takes D+2 less armour; nobody else is rolled for", () => {
    const out = run(new FixedDice({ 100: [30], 10: [4] }));
    expect([out.result.struck, out.result.against, out.result.fallsAt]).toEqual(["ally", "ally", null]);
    // D 4 + 2 = 6, less armour 2: 4 off Fatigue 18.
    expect(out.result.attack.damage).toMatchObject({ effective: 4, fatigueNow: 14 });
    expect(out.events.map((e) => e.type)).toEqual(["InTheWay", "StrikeHit", "DamageFatigue"]);
  });
  it("missing the ally (50 > 44) and the goat (70 > 60), the missile goes on to the orc: 45 against 50 hits", () => {
    const out = run(new FixedDice({ 100: [50, 70, 45], 10: [3] }));
    expect([out.result.struck, out.result.against]).toEqual(["orc", "orc"]);
    expect(out.events.map((e) => e.type)).toEqual(["InTheWay", "StrikeMiss", "InTheWay", "StrikeMiss", "StrikeHit", "DamageFatigue"]);
  });
  it("a missile that hits nobody falls at 1.5 times its range (20: 30 hexes out)", () => {
    const out = run(new FixedDice({ 100: [50, 70, 80] }));
    expect([out.result.struck, out.result.fallsAt]).toEqual([null, 30]);
    expect(out.events.at(-1)).toMatchObject({ type: "MissileFalls", data: { hexes: 30 } });
  });
  it("a blow in melee (no range) that misses falls nowhere", () => {
    const out = resolveShot({ inTheWay: [], target: { id: "orc", input: shotAt(14) }, range: null }, new FixedDice({ 100: [80] }));
    expect(out.ok && out.value.result.fallsAt).toBe(null);
    expect(out.ok && out.value.events.map((e) => e.type)).toEqual(["StrikeMiss"]);
  });
});
