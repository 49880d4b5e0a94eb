/**
 * The statistics of the `actionpoints` ruleset (seed 002): Base Action Points,
 * STR, AGI, CON, Fatigue and Body Points for actors; skills with TSC% and PSF%;
 * weapon base damage, class and weight size; shield and armour absorption.
 */
import type { StatValues } from "../stats";

// Prefix ends in a dot: full keys are checked by the actionpoints tests.
const S = "BOUT.ActionPoints.Stat.";

const attribute = (key: string) => ({ kind: "integer", label: `${S}${key}`, hint: `${S}${key}Hint`, initial: 12, min: 1, max: 40 }) as const;

export const WEIGHT_CLASSES = ["none", "light", "medium", "heavy"] as const;
export type WeightClass = (typeof WEIGHT_CLASSES)[number];

export const SKILL_KINDS = ["weapon", "shieldPlay", "dodge", "other"] as const;
export type SkillKind = (typeof SKILL_KINDS)[number];

export const actorStats = {
  bap: { kind: "integer", label: `${S}Bap`, hint: `${S}BapHint`, initial: 10, min: 0, max: 40 },
  str: attribute("Str"),
  agi: attribute("Agi"),
  con: attribute("Con"),
  fatigue: { kind: "integer", label: `${S}Fatigue`, hint: `${S}FatigueHint`, initial: 20, min: 0, max: 200 },
  fatigueNow: { kind: "integer", label: `${S}FatigueNow`, hint: `${S}FatigueNowHint`, initial: 20, min: 0, max: 200 },
  body: { kind: "integer", label: `${S}Body`, hint: `${S}BodyHint`, initial: 15, min: 1, max: 200 },
  /** Body Points go below zero: death comes at minus the Constitution. */
  bodyNow: { kind: "integer", label: `${S}BodyNow`, hint: `${S}BodyNowHint`, initial: 15, min: -200, max: 200 },
  // Seed 002 VII.b.ii.2.c: on one knee, the token's Kneeling condition.
  kneeling: { kind: "boolean", label: `${S}Kneeling`, hint: `${S}KneelingHint`, initial: false, status: "kneeling" },
} as const;

export const skillStats = {
  kind: { kind: "choice", label: `${S}SkillKind`, initial: "weapon", choices: SKILL_KINDS, choiceLabels: `${S}SkillKindChoice` },
  tsc: { kind: "integer", label: `${S}Tsc`, hint: `${S}TscHint`, initial: 40, min: 0, max: 200 },
  psf: { kind: "integer", label: `${S}Psf`, hint: `${S}PsfHint`, initial: 10, min: 0, max: 100 },
  /** From the skill-level table the seed names (7.15); our default is 0. */
  attackerBonus: { kind: "integer", label: `${S}AttackerBonus`, hint: `${S}AttackerBonusHint`, initial: 0, min: 0, max: 20 },
} as const;

export const weaponStats = {
  baseDamage: { kind: "integer", label: `${S}BaseDamage`, hint: `${S}BaseDamageHint`, initial: 5, min: 0, max: 40 },
  light: { kind: "boolean", label: `${S}Light`, hint: `${S}LightHint`, initial: false },
  /** Weight size for parries: 1 lightest .. 6 heaviest. */
  size: { kind: "integer", label: `${S}Size`, hint: `${S}SizeHint`, initial: 3, min: 1, max: 6 },
  /** The name of the skill item used with it. */
  skill: { kind: "text", label: `${S}Skill`, hint: `${S}SkillHint`, initial: "" },
  /** AP for one attack with it (our default). */
  attackCost: { kind: "integer", label: `${S}AttackCost`, hint: `${S}AttackCostHint`, initial: 6, min: 1, max: 24 },
} as const;

export const shieldStats = {
  absorption: { kind: "integer", label: `${S}ShieldAbsorption`, hint: `${S}ShieldAbsorptionHint`, initial: 4, min: 0, max: 30 },
  /** The active-block bonus from the shield table the seed names (7.29). */
  blockBonus: { kind: "integer", label: `${S}BlockBonus`, hint: `${S}BlockBonusHint`, initial: 10, min: 0, max: 50 },
  /** Blows that have gone through it: each adds 10% to the chance it shatters. */
  penetrations: { kind: "integer", label: `${S}Penetrations`, hint: `${S}PenetrationsHint`, initial: 0, min: 0, max: 10 },
} as const;

export const armorStats = {
  absorption: { kind: "integer", label: `${S}ArmourAbsorption`, hint: `${S}ArmourAbsorptionHint`, initial: 3, min: 0, max: 30 },
  weight: { kind: "choice", label: `${S}Weight`, hint: `${S}WeightHint`, initial: "light", choices: WEIGHT_CLASSES, choiceLabels: `${S}WeightChoice` },
  /** Action Pool modifier from the armour table the seed names (7.1). */
  apModifier: { kind: "integer", label: `${S}ApModifier`, hint: `${S}ApModifierHint`, initial: 0, min: -10, max: 5 },
  /** Failed under a critical: absorbs 2 less until an armourer fixes it. */
  failed: { kind: "boolean", label: `${S}Failed`, hint: `${S}FailedHint`, initial: false },
  /** V.d: the locations a critical failed it at (2 less there until an armourer fixes it); clear the box to repair. */
  failedAt: { kind: "text", label: `${S}FailedAt`, hint: `${S}FailedAtHint`, initial: "" },
} as const;

export const actionPointsStats = { actor: actorStats, weapon: weaponStats, armor: armorStats, shield: shieldStats, maneuver: {}, skill: skillStats } as const;

export type ActionPointsStats = typeof actionPointsStats;
export type ApActor = StatValues<typeof actorStats>;
export type ApWeapon = StatValues<typeof weaponStats>;
export type ApShield = StatValues<typeof shieldStats>;
export type ApArmor = StatValues<typeof armorStats>;
export type ApSkill = StatValues<typeof skillStats>;
