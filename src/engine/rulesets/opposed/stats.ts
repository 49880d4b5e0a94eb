/**
 * The statistics of the `opposed` ruleset (seed 003): characteristics on a
 * percentile scale, Wounds, Advantage, Resolve, Move and Size for actors;
 * damage, reach and qualities for weapons; Armour Points by hit location.
 */
import type { StatValues } from "../stats";

// Prefix ends in a dot: full keys are checked by the opposed tests.
const S = "BOUT.Opposed.Stat.";

export const CHARACTERISTICS = ["ws", "bs", "s", "t", "i", "ag", "dex", "int", "wp", "fel"] as const;
export type Characteristic = (typeof CHARACTERISTICS)[number];

export const SIZES = ["tiny", "little", "small", "average", "large", "enormous", "monstrous"] as const;
export type Size = (typeof SIZES)[number];

export const LOCATIONS = ["head", "leftArm", "rightArm", "body", "leftLeg", "rightLeg"] as const;
export type Location = (typeof LOCATIONS)[number];

export const REACHES = ["personal", "veryShort", "short", "average", "long", "veryLong", "massive"] as const;
export type Reach = (typeof REACHES)[number];

const characteristic = (key: Characteristic) =>
  ({ kind: "integer", label: `${S}${key}`, hint: `${S}${key}Hint`, initial: 30, min: 0, max: 100 }) as const;

const ap = (key: Location) => ({ kind: "integer", label: `${S}Location.${key}`, initial: 0, min: 0, max: 20 }) as const;

export const actorStats = {
  ws: characteristic("ws"),
  bs: characteristic("bs"),
  s: characteristic("s"),
  t: characteristic("t"),
  i: characteristic("i"),
  ag: characteristic("ag"),
  dex: characteristic("dex"),
  int: characteristic("int"),
  wp: characteristic("wp"),
  fel: characteristic("fel"),
  wounds: { kind: "integer", label: `${S}Wounds`, hint: `${S}WoundsHint`, initial: 12, min: 1, max: 200 },
  woundsNow: { kind: "integer", label: `${S}WoundsNow`, hint: `${S}WoundsNowHint`, initial: 12, min: 0, max: 200 },
  advantage: { kind: "integer", label: `${S}Advantage`, hint: `${S}AdvantageHint`, initial: 0, min: 0, max: 20 },
  resolve: { kind: "integer", label: `${S}Resolve`, hint: `${S}ResolveHint`, initial: 1, min: 0, max: 10 },
  move: { kind: "integer", label: `${S}Move`, hint: `${S}MoveHint`, initial: 4, min: 0, max: 10 },
  size: { kind: "choice", label: `${S}Size`, initial: "average", choices: SIZES, choiceLabels: `${S}SizeChoice` },
  criticalWounds: { kind: "integer", label: `${S}CriticalWounds`, hint: `${S}CriticalWoundsHint`, initial: 0, min: 0, max: 20 },
  /** Broken Conditions held: they stack ("Flee": +1 per SL below 0). */
  broken: { kind: "integer", label: `${S}Broken`, hint: `${S}BrokenHint`, initial: 0, min: 0, max: 20 },
  /** Skill advances the seed's tests name, added to their characteristic. */
  meleeAdvances: { kind: "integer", label: `${S}MeleeAdvances`, hint: `${S}AdvancesHint`, initial: 0, min: 0, max: 60 },
  rangedAdvances: { kind: "integer", label: `${S}RangedAdvances`, hint: `${S}AdvancesHint`, initial: 0, min: 0, max: 60 },
  dodgeAdvances: { kind: "integer", label: `${S}DodgeAdvances`, hint: `${S}AdvancesHint`, initial: 0, min: 0, max: 60 },
} as const;

export const weaponStats = {
  kind: { kind: "choice", label: `${S}WeaponKind`, initial: "melee", choices: ["melee", "ranged"], choiceLabels: `${S}WeaponKindChoice` },
  damage: { kind: "integer", label: `${S}Damage`, hint: `${S}DamageHint`, initial: 4, min: 0, max: 30 },
  /** Melee and thrown weapons add the Strength Bonus ("+SB"). */
  addStrengthBonus: { kind: "boolean", label: `${S}AddStrengthBonus`, hint: `${S}AddStrengthBonusHint`, initial: true },
  reach: { kind: "choice", label: `${S}Reach`, hint: `${S}ReachHint`, initial: "average", choices: REACHES, choiceLabels: `${S}ReachChoice` },
  /** Range in yards for ranged weapons (0 in melee). */
  range: { kind: "integer", label: `${S}Range`, hint: `${S}RangeHint`, initial: 0, min: 0, max: 1000 },
  pistol: { kind: "boolean", label: `${S}Pistol`, hint: `${S}PistolHint`, initial: false },
  blackpowder: { kind: "boolean", label: `${S}Blackpowder`, hint: `${S}BlackpowderHint`, initial: false },
} as const;

export const armorStats = {
  head: ap("head"),
  leftArm: ap("leftArm"),
  rightArm: ap("rightArm"),
  body: ap("body"),
  leftLeg: ap("leftLeg"),
  rightLeg: ap("rightLeg"),
} as const;

export const shieldStats = {
  /** Armour Points the shield adds to the arm that carries it. */
  ap: { kind: "integer", label: `${S}ShieldAp`, hint: `${S}ShieldApHint`, initial: 1, min: 0, max: 10 },
  /** Large enough to oppose missiles with a melee skill ("Ranged Combat"). */
  large: { kind: "boolean", label: `${S}ShieldLarge`, hint: `${S}ShieldLargeHint`, initial: false },
} as const;

export const skillStats = {
  characteristic: { kind: "choice", label: `${S}SkillCharacteristic`, initial: "ag", choices: CHARACTERISTICS, choiceLabels: `${S}CharacteristicChoice` },
  advances: { kind: "integer", label: `${S}Advances`, hint: `${S}AdvancesHint`, initial: 0, min: 0, max: 60 },
} as const;

export const opposedStats = {
  actor: actorStats,
  weapon: weaponStats,
  armor: armorStats,
  shield: shieldStats,
  maneuver: {},
  skill: skillStats,
} as const;

export type OpposedStats = typeof opposedStats;
export type OpposedActor = StatValues<typeof actorStats>;
export type OpposedWeapon = StatValues<typeof weaponStats>;
export type OpposedArmor = StatValues<typeof armorStats>;
export type OpposedShield = StatValues<typeof shieldStats>;
export type OpposedSkill = StatValues<typeof skillStats>;
