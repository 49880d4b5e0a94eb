/**
 * The statistics of the `steel` ruleset (seed 000): what an actor, a weapon, an
 * armour, a shield, a maneuver and a skill carry. The shell builds schemas and
 * sheet fields from these descriptions, so every stored number is declared here.
 */
import type { StatValues } from "../stats";

// Prefix ends in a dot: full keys are checked by the steel tests.
const S = "BOUT.Steel.Stat.";

const attr = (key: string, initial = 4) =>
  ({ kind: "integer", label: `${S}${key}`, hint: `${S}${key}Hint`, initial, min: 1, max: 12 }) as const;

export const DAMAGE_TYPES = ["cut", "puncture", "blunt", "generic"] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

export const actorStats = {
  strength: attr("Strength"),
  agility: attr("Agility"),
  toughness: attr("Toughness"),
  endurance: attr("Endurance"),
  health: attr("Health"),
  willpower: attr("Willpower"),
  wit: attr("Wit"),
  mentalAptitude: attr("MentalAptitude"),
  social: attr("Social"),
  perception: attr("Perception"),
  proficiency: { kind: "integer", label: `${S}Proficiency`, hint: `${S}ProficiencyHint`, initial: 4, min: 0, max: 20 },
  missileProficiency: { kind: "integer", label: `${S}MissileProficiency`, hint: `${S}MissileProficiencyHint`, initial: 0, min: 0, max: 20 },
  /** Health left after blood loss; the token bar edits this. */
  healthNow: { kind: "integer", label: `${S}HealthNow`, hint: `${S}HealthNowHint`, initial: 4, min: 0, max: 12 },
  /** Lasting pain from wounds not yet healed (before Will resists it). */
  pain: { kind: "integer", label: `${S}Pain`, hint: `${S}PainHint`, initial: 0, min: 0, max: 60 },
  /** The accumulated Blood Loss target number; 0 while unwounded. */
  bloodLoss: { kind: "integer", label: `${S}BloodLoss`, hint: `${S}BloodLossHint`, initial: 0, min: 0, max: 40 },
  /** Parts of the body already wounded: Blood Loss rises only for a new one. */
  wounded: {
    kind: "group",
    label: `${S}Wounded`,
    fields: {
      head: { kind: "boolean", label: `${S}Region.head`, initial: false },
      neck: { kind: "boolean", label: `${S}Region.neck`, initial: false },
      arms: { kind: "boolean", label: `${S}Region.arms`, initial: false },
      torso: { kind: "boolean", label: `${S}Region.torso`, initial: false },
      legs: { kind: "boolean", label: `${S}Region.legs`, initial: false },
    },
  },
  fatigue: { kind: "integer", label: `${S}Fatigue`, hint: `${S}FatigueHint`, initial: 0, min: 0, max: 40 },
  seesInDark: { kind: "boolean", label: `${S}SeesInDark`, hint: `${S}SeesInDarkHint`, initial: false },
  /** Smaller foes (dogs, wolves) can crowd four onto one target instead of three. */
  small: { kind: "boolean", label: `${S}Small`, hint: `${S}SmallHint`, initial: false },
  /** For a mount: the barding's CP penalty (applied to evasions made from its back). */
  barding: { kind: "integer", label: `${S}Barding`, hint: `${S}BardingHint`, initial: 0, min: 0, max: 10 },
  /** For a rider: the horse's Move, before fatigue ("Mounted Combat"). */
  mountMove: { kind: "integer", label: `${S}MountMove`, hint: `${S}MountMoveHint`, initial: 0, min: 0, max: 40 },
  /** For a rider: the horse's actor (its name, id or uuid), where blows aimed at the horse land. */
  mount: { kind: "text", label: `${S}Mount`, hint: `${S}MountHint`, initial: "" },
} as const;

export const weaponStats = {
  reach: { kind: "integer", label: `${S}Reach`, hint: `${S}ReachHint`, initial: 2, min: 0, max: 5 },
  atnSwing: { kind: "integer", label: `${S}AtnSwing`, hint: `${S}AtnSwingHint`, initial: 7, min: 2, max: 12 },
  atnThrust: { kind: "integer", label: `${S}AtnThrust`, hint: `${S}AtnThrustHint`, initial: 7, min: 2, max: 12 },
  dtn: { kind: "integer", label: `${S}Dtn`, hint: `${S}DtnHint`, initial: 7, min: 2, max: 12 },
  swingDamage: { kind: "integer", label: `${S}SwingDamage`, hint: `${S}SwingDamageHint`, initial: 0, min: -5, max: 10 },
  swingType: { kind: "choice", label: `${S}SwingType`, initial: "cut", choices: ["cut", "blunt", "none"], choiceLabels: `${S}DamageType` },
  thrustDamage: { kind: "integer", label: `${S}ThrustDamage`, hint: `${S}ThrustDamageHint`, initial: 0, min: -5, max: 10 },
  thrustType: { kind: "choice", label: `${S}ThrustType`, initial: "puncture", choices: ["puncture", "blunt", "cut", "none"], choiceLabels: `${S}DamageType` },
  /** False for bows and crossbows: the string, not the arm, sets the damage. */
  addStrength: { kind: "boolean", label: `${S}AddStrength`, hint: `${S}AddStrengthHint`, initial: true },
  missile: { kind: "boolean", label: `${S}Missile`, hint: `${S}MissileHint`, initial: false },
  preparation: { kind: "integer", label: `${S}Preparation`, hint: `${S}PreparationHint`, initial: 0, min: 0, max: 10 },
  quickenCost: { kind: "integer", label: `${S}QuickenCost`, hint: `${S}QuickenCostHint`, initial: 0, min: 0, max: 10 },
  quickenTn: { kind: "integer", label: `${S}QuickenTn`, hint: `${S}QuickenTnHint`, initial: 0, min: 0, max: 12 },
  missileAtn: { kind: "integer", label: `${S}MissileAtn`, hint: `${S}MissileAtnHint`, initial: 0, min: 0, max: 12 },
} as const;

export const armorStats = {
  av: { kind: "integer", label: `${S}Av`, hint: `${S}AvHint`, initial: 1, min: 0, max: 10 },
  cpPenalty: { kind: "integer", label: `${S}CpPenalty`, hint: `${S}CpPenaltyHint`, initial: 0, min: 0, max: 10 },
  covers: {
    kind: "group",
    label: `${S}Covers`,
    fields: {
      head: { kind: "boolean", label: `${S}Region.head`, initial: false },
      neck: { kind: "boolean", label: `${S}Region.neck`, initial: false },
      arms: { kind: "boolean", label: `${S}Region.arms`, initial: false },
      torso: { kind: "boolean", label: `${S}Region.torso`, initial: true },
      legs: { kind: "boolean", label: `${S}Region.legs`, initial: false },
    },
  },
} as const;

export const shieldStats = {
  dtn: { kind: "integer", label: `${S}ShieldDtn`, hint: `${S}ShieldDtnHint`, initial: 6, min: 2, max: 12 },
  missileDtn: { kind: "integer", label: `${S}ShieldMissileDtn`, hint: `${S}ShieldMissileDtnHint`, initial: 6, min: 2, max: 12 },
  cpPenalty: { kind: "integer", label: `${S}CpPenalty`, hint: `${S}CpPenaltyHint`, initial: 0, min: 0, max: 10 },
} as const;

export const MANEUVER_FAMILIES = ["strike", "block", "parry", "fullEvasion", "partialEvasion", "duckAndWeave", "counter", "other"] as const;
export type ManeuverFamily = (typeof MANEUVER_FAMILIES)[number];

export const maneuverStats = {
  kind: { kind: "choice", label: `${S}ManeuverKind`, initial: "attack", choices: ["attack", "defence"], choiceLabels: `${S}ManeuverKindChoice` },
  family: { kind: "choice", label: `${S}Family`, hint: `${S}FamilyHint`, initial: "strike", choices: MANEUVER_FAMILIES, choiceLabels: `${S}FamilyChoice` },
  form: { kind: "choice", label: `${S}Form`, hint: `${S}FormHint`, initial: "swing", choices: ["swing", "thrust", "bash", "none"], choiceLabels: `${S}FormChoice` },
  activationCost: { kind: "integer", label: `${S}ActivationCost`, hint: `${S}ActivationCostHint`, initial: 0, min: 0, max: 10 },
  tnModifier: { kind: "integer", label: `${S}TnModifier`, hint: `${S}TnModifierHint`, initial: 0, min: -5, max: 5 },
  /** A fixed TN (the evasions' 4/7/9) in place of the weapon's; 0 = use the weapon's. */
  fixedTn: { kind: "integer", label: `${S}FixedTn`, hint: `${S}FixedTnHint`, initial: 0, min: 0, max: 12 },
} as const;

export const skillStats = {
  attribute: {
    kind: "choice",
    label: `${S}SkillAttribute`,
    initial: "agility",
    choices: ["strength", "agility", "toughness", "endurance", "health", "willpower", "wit", "mentalAptitude", "social", "perception"],
    choiceLabels: `${S}AttributeChoice`,
  },
  /** The skill's target number: lower is better. */
  tn: { kind: "integer", label: `${S}SkillTn`, hint: `${S}SkillTnHint`, initial: 8, min: 2, max: 12 },
} as const;

export const steelStats = {
  actor: actorStats,
  weapon: weaponStats,
  armor: armorStats,
  shield: shieldStats,
  maneuver: maneuverStats,
  skill: skillStats,
} as const;

export type SteelStats = typeof steelStats;
export type SteelActor = StatValues<typeof actorStats>;
export type SteelWeapon = StatValues<typeof weaponStats>;
export type SteelArmor = StatValues<typeof armorStats>;
export type SteelShield = StatValues<typeof shieldStats>;
export type SteelManeuver = StatValues<typeof maneuverStats>;
export type SteelSkill = StatValues<typeof skillStats>;
export type Region = keyof SteelArmor["covers"];
