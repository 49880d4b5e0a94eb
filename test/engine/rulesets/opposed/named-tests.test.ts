// Seed 003_094b90e5b0802384.txt, "Move" (Flee: "a Challenging (+0) Cool Test"; Run, Leap, Fall: an
// Athletics Test; Climb: "an Average (+20) Climb Test") and "Surprise!" ("Opposed Stealth vs Perception
// Test"): which skill each names, and what a fighter without that skill tests instead (our reading).
import { describe, expect, it } from "vitest";
import { NAMED_SKILLS, namedSkillTest, opposedStats } from "../../../../src/engine/rulesets/opposed";
import { initialValues } from "../../../../src/engine/rulesets/stats";

const fighter = { ...initialValues(opposedStats.actor), ws: 31, s: 42, i: 37, ag: 35, wp: 28 };

describe("seed 003 'Move' and 'Surprise!': the named skills' tests", () => {
  it("without the skill item: Cool tests WP 28, Athletics Ag 35, Climb S 42, Stealth Ag 35, Perception I 37", () => {
    expect(NAMED_SKILLS).toEqual({ cool: "wp", athletics: "ag", climb: "s", stealth: "ag", perception: "i" });
    expect(namedSkillTest(fighter, [], "cool")).toEqual({ target: 28, difficulty: "challenging", modifier: 0 });
    expect(namedSkillTest(fighter, [], "athletics").target).toBe(35);
    expect(namedSkillTest(fighter, [], "climb").target).toBe(42);
    expect(namedSkillTest(fighter, [], "stealth").target).toBe(35);
    expect(namedSkillTest(fighter, [], "perception").target).toBe(37);
  });

  it("with a skill item named ' Athletics ' (Ag + 10 advances): 45; another skill's name does not count", () => {
    const skills = [
      { name: " Athletics ", stats: { characteristic: "ag" as const, advances: 10 } },
      { name: "Cool-headed", stats: { characteristic: "wp" as const, advances: 20 } },
    ];
    expect(namedSkillTest(fighter, skills, "athletics").target).toBe(45);
    expect(namedSkillTest(fighter, skills, "cool").target).toBe(28);
  });
});
