// The world settings that hold a rule's number or switch (issue 32 shell audit): their defaults and limits are
// the engine's, each the seed's word or our stated reading (src/engine/rulesets/world-settings.ts).
import { describe, expect, it } from "vitest";
import { DEFAULT_PULSE_MOVE_LIMITS, PULSE_MOVE_LIMITS, ROUND_SECONDS, RULE_SWITCHES, STEEL_BUY_INITIATIVE_TN, STEEL_MAX_ATTACKERS } from "../../../src/engine/rulesets/world-settings";
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
