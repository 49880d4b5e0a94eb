/**
 * The skills seed 003's moves and surprise test by name ("Move": Flee's Cool
 * Test, Run's, Leap's and Fall's Athletics Test, Climb's Climb Test;
 * "Surprise!": Stealth against Perception), each with the characteristic a
 * fighter without that skill on its sheet tests instead (our reading: the
 * seed names the skills, not what stands in for them). The shell finds the
 * skill item by name; this file says which name and which characteristic.
 */
import { skillItemTarget } from "./derived";
import type { Characteristic, OpposedActor, OpposedSkill } from "./stats";
import { DEFAULT_DIFFICULTY } from "./tables";
import type { TestInput } from "./tests";

/** Each named skill's characteristic when the fighter has no such skill item. */
export const NAMED_SKILLS = { cool: "wp", athletics: "ag", climb: "s", stealth: "ag", perception: "i" } as const satisfies Record<string, Characteristic>;
export type NamedSkill = keyof typeof NAMED_SKILLS;

/**
 * The test of a named skill before its move sets the difficulty (the moves say
 * Average or Challenging themselves): the skill item of that name (case and
 * spaces aside), else the bare characteristic.
 */
export function namedSkillTest(actor: OpposedActor, skills: readonly { readonly name: string; readonly stats: Pick<OpposedSkill, "characteristic" | "advances"> }[], name: NamedSkill): TestInput {
  const skill = skills.find((s) => s.name.trim().toLowerCase() === name);
  return { target: skillItemTarget(actor, skill?.stats, NAMED_SKILLS[name]), difficulty: DEFAULT_DIFFICULTY, modifier: 0 };
}
