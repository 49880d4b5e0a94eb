// Seed 003_094b90e5b0802384.txt, "Criticals and Fumbles", "Oops!" and "Misfire": what each Oops! band
// does once applied, a misfire's hit on the primary arm, and a critical rolled on the (editable) table.
import { describe, expect, it } from "vitest";
import { FixedDice } from "../../../../src/engine/dice";
import { DEFAULT_CRITICAL_TABLE, fumbleEffects as effectsOn, HIT_LOCATIONS, OOPS_TABLE, readOops, rollCritical, type FumbleContext, type FumbleOutcome } from "../../../../src/engine/rulesets/opposed";

const armour = { head: 0, leftArm: 1, rightArm: 2, body: 2, leftLeg: 0, rightLeg: 0 };
const ctx = (others: FumbleContext["others"] = []): FumbleContext => ({ id: "ada", toughnessBonus: 3, armour, woundsNow: 10, weaponDamage: 7, others });
const oops = (roll: number): FumbleOutcome => ({ misfire: null, oops: readOops(roll, OOPS_TABLE), events: [] });
// Our Hit Locations table, as a fight without a world plays.
const fumbleEffects = (o: FumbleOutcome, c: FumbleContext, d: FixedDice) => effectsOn(o, c, d, HIT_LOCATIONS);
const dice = () => new FixedDice([]);

describe("Oops! bands applied (seed 003, Oops! table)", () => {
  it("01–20: one Wound lost, past Toughness Bonus and armour", () => {
    expect(fumbleEffects(oops(1), ctx(), dice()).wounds).toEqual([{ id: "ada", result: { suffered: 1, woundsNow: 9, critical: false } }]);
    expect(fumbleEffects(oops(20), ctx(), dice()).wounds[0]!.result.suffered).toBe(1);
  });
  it("21–40: the weapon loses 1 Damage and its wielder acts last next round", () => {
    expect(fumbleEffects(oops(21), ctx(), dice())).toMatchObject({ weaponDamageLost: 1, turnEffect: "weaponJars" });
    expect(fumbleEffects(oops(40), ctx(), dice()).turnEffect).toBe("weaponJars");
  });
  it("41–60: −10 to next round's Action; 61–70: the next Move lost; 71–80: the next Action lost", () => {
    expect([41, 60, 61, 70, 71, 80].map((r) => fumbleEffects(oops(r), ctx(), dice()).turnEffect)).toEqual(["outOfPosition", "outOfPosition", "loseMove", "loseMove", "loseAction", "loseAction"]);
  });
  it("81–90: a minor Torn Muscle, counted as a Critical Wound", () => {
    expect(fumbleEffects(oops(81), ctx(), dice()).criticalWounds).toBe(1);
    expect(fumbleEffects(oops(90), ctx(), dice()).criticalWounds).toBe(1);
  });
  it("91–00: someone else in the fight, picked at random, is hit with the units die as SL; alone, Stunned", () => {
    const bran = { id: "bran", toughnessBonus: 3, armour, woundsNow: 12 };
    const cai = { id: "cai", toughnessBonus: 2, armour, woundsNow: 8 };
    // Roll 93: units 3, reversed 39 → right arm (25–44). The second of two others is picked.
    const hit = fumbleEffects(oops(93), ctx([bran, cai]), new FixedDice([2]));
    expect(hit.wounds).toEqual([{ id: "cai", result: { suffered: 6, woundsNow: 2, critical: false } }]);
    expect(hit.events[0]).toMatchObject({ type: "oopsHits", data: { on: "cai", location: "rightArm", damage: 10, suffered: 6 } });
    const alone = fumbleEffects(oops(100), ctx(), dice());
    expect(alone).toMatchObject({ stunned: true, wounds: [] });
  });
  it("a misfire: full Damage plus the units die to the primary arm, and the weapon is ruined", () => {
    // 7 Damage + SL 8 = 15, less Toughness Bonus 3 and 2 on the right arm: 10 Wounds of 10, not past the last.
    const r = fumbleEffects({ misfire: { sl: 8 }, oops: null, events: [] }, ctx(), dice());
    expect(r).toMatchObject({ weaponRuined: true, wounds: [{ id: "ada", result: { suffered: 10, woundsNow: 0, critical: false } }] });
  });
  it("a critical rolls d100 on the critical table for the location struck", () => {
    const r = rollCritical("bran", "head", new FixedDice([55]), DEFAULT_CRITICAL_TABLE);
    expect(r.result).toEqual({ on: "bran", location: "head", roll: 55, entry: "BOUT.Opposed.Critical.head.Serious" });
  });
});
