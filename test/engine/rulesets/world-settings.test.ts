// The world settings that hold a rule's number or switch (issue 32 shell audit): their defaults and limits are
// the engine's, each the seed's word or our stated reading (src/engine/rulesets/world-settings.ts).
import { describe, expect, it } from "vitest";
import { DEFAULT_PULSE_MOVE_LIMITS, numberSettingOf, PULSE_MOVE_LIMITS, pulseMoveLimitsOf, ROUND_SECONDS, RULE_SWITCHES, ruleSwitchOf, STEEL_BUY_INITIATIVE_TN, STEEL_MAX_ATTACKERS, steelCrowdCapOf } from "../../../src/engine/rulesets/world-settings";
import { maxAttackers } from "../../../src/engine/rulesets/steel/multiple-opponents";
import { roundSeconds } from "../../../src/engine/time/round-length";
import { DEFAULT_DEFENSE_OPTIONS, defenseTotal } from "../../../src/engine/rulesets/pulse/strike";

describe("the defaults of the world settings that hold rules", () => {
  it("seed 001 'Combat Rounds' (5 to 20 seconds, no one length): a phased round lasts 6 s unless the GM says otherwise; steel's bout keeps the seed's 2 s", () => {
    expect(ROUND_SECONDS).toEqual({ initial: 6, min: 0, max: 60 });
    expect(roundSeconds("phases", ROUND_SECONDS.initial)).toBe(6);
    expect(roundSeconds("bouts", ROUND_SECONDS.initial)).toBe(2);
  });

  it("seed 000 'Exchange of Blows' (buying initiative, no figures): our contest's TN 6, one a d10 can make (2 to 10)", () => {
    expect(STEEL_BUY_INITIATIVE_TN).toEqual({ initial: 6, min: 2, max: 10 });
  });

  it("seed 000 'Multiple Opponents' (the GM's discretion): 0 keeps the rules' cap", () => {
    expect(STEEL_MAX_ATTACKERS).toEqual({ initial: 0, min: 0, max: 12 });
  });

  it("seed 001's two optional rules and seed 004 [17.5]'s optional shield facing start off; postures (000 'Posture'), Effective Space (001 '1. Movement') and our modAG in Defense start on", () => {
    expect(RULE_SWITCHES).toEqual({ steelPostures: true, phasesPiercingRule: false, phasesCalledShots: false, phasesEffectiveSpace: true, pulseShieldFacing: false, pulseAgilityInDefense: true });
  });

  it("seed 004 [17.5]: the Defense switches start as the engine's Defense defaults; modAG 12 and a shield of 10 from the right rear (side 2) make Defense 22 either way", () => {
    expect({ shieldFacingRule: RULE_SWITCHES.pulseShieldFacing, agilityInDefense: RULE_SWITCHES.pulseAgilityInDefense }).toEqual(DEFAULT_DEFENSE_OPTIONS);
    const d = { modAG: 12, shield: 10, from: 2, shieldHand: "left", stunned: false, incapacitated: false, withdrawingDefensively: false } as const;
    expect(defenseTotal(d)).toBe(22);
    expect(defenseTotal(d, { shieldFacingRule: RULE_SWITCHES.pulseShieldFacing, agilityInDefense: RULE_SWITCHES.pulseAgilityInDefense })).toBe(22);
  });

  it("seed 004 [13]-[15]: the players' moves are checked in a running pulse, by default", () => {
    expect(PULSE_MOVE_LIMITS).toEqual(["players", "everyone", "off"]);
    expect(DEFAULT_PULSE_MOVE_LIMITS).toBe("players");
  });
});

// Issue 32 leftovers: the table's readers typed their own fallback (`?? 0`, `!== false`, `?? "players"`); a stored
// value that cannot be read is the engine's default, through these readers only.
describe("what a stored setting reads as (the engine's default where it cannot be read)", () => {
  it("seed 000 'Posture' and seed 001 '1. Movement' are on, seed 001's optional rules off, when nothing is stored; the GM's choice wins", () => {
    expect(ruleSwitchOf("steelPostures", undefined)).toBe(true);
    expect(ruleSwitchOf("phasesEffectiveSpace", "yes")).toBe(true);
    expect(ruleSwitchOf("phasesCalledShots", undefined)).toBe(false);
    expect(ruleSwitchOf("phasesPiercingRule", null)).toBe(false);
    expect(ruleSwitchOf("steelPostures", false)).toBe(false);
    expect(ruleSwitchOf("phasesCalledShots", true)).toBe(true);
  });

  it("seed 000 'Multiple Opponents': nothing stored, or 0, keeps the rules' 3 (4 small foes); the GM's 2 caps at 2, and 99 at the setting's 12", () => {
    expect(steelCrowdCapOf(undefined)).toBeUndefined();
    expect(steelCrowdCapOf(0)).toBeUndefined();
    expect(maxAttackers(false, steelCrowdCapOf(undefined))).toBe(3);
    expect(maxAttackers(true, steelCrowdCapOf(0))).toBe(4);
    expect(maxAttackers(true, steelCrowdCapOf(2))).toBe(2);
    expect(steelCrowdCapOf(99)).toBe(12);
    expect(steelCrowdCapOf(-3)).toBeUndefined();
  });

  it("a number setting: the GM's whole number within its limits, else its default (buying initiative at TN 6, a round of 6 s)", () => {
    expect(numberSettingOf(STEEL_BUY_INITIATIVE_TN, undefined)).toBe(6);
    expect(numberSettingOf(STEEL_BUY_INITIATIVE_TN, "seven")).toBe(6);
    expect(numberSettingOf(STEEL_BUY_INITIATIVE_TN, 8)).toBe(8);
    expect(numberSettingOf(STEEL_BUY_INITIATIVE_TN, "9")).toBe(9);
    expect(numberSettingOf(STEEL_BUY_INITIATIVE_TN, 1)).toBe(2);
    expect(numberSettingOf(STEEL_BUY_INITIATIVE_TN, 7.6)).toBe(7);
    expect(numberSettingOf(ROUND_SECONDS, null)).toBe(6);
    expect(numberSettingOf(ROUND_SECONDS, 0)).toBe(0);
  });

  it("seed 004 [13]-[15]: whose moves a pulse checks is the GM's choice, else the players'", () => {
    expect(pulseMoveLimitsOf(undefined)).toBe("players");
    expect(pulseMoveLimitsOf("nobody")).toBe("players");
    expect(pulseMoveLimitsOf("everyone")).toBe("everyone");
    expect(pulseMoveLimitsOf("off")).toBe("off");
  });
});
