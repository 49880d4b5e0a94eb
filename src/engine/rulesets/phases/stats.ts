/**
 * The statistics of the `phases` ruleset (seed 001_e84cf39f805b9fd9.txt): the
 * actor's Quickness, Encumbrance, Athletics, Ride and Size (the Movement Table,
 * the Missile Fire Table), its Attack, Defense and Soak, wound and fatigue
 * levels; each weapon's Initiative, Attack, Defense, Damage and engagement
 * range; a shield's Defense value; armour's protection.
 *
 * The seed's combat pages name Attack, Defense, Soak and wound levels without
 * their full procedure; where a figure is ours it says so in its hint and in
 * docs/rulesets/phases.md.
 */
import type { StatValues } from "../stats";

// Prefix ends in a dot: full keys are checked by the phases tests.
const S = "BOUT.Phases.Stat.";

/** The engagement ranges of the seed, nearest first ("1. Movement", "Missile Fire Table"). */
export const RANGES = ["touch", "reach", "close", "near", "middle", "far"] as const;
export type RangeClass = (typeof RANGES)[number];

const int = (key: string, initial: number, min: number, max: number, hint = true) =>
  ({ kind: "integer", label: `${S}${key}`, ...(hint ? { hint: `${S}${key}Hint` } : {}), initial, min, max }) as const;

const range = (key: string, initial: RangeClass) =>
  ({ kind: "choice", label: `${S}${key}`, hint: `${S}${key}Hint`, initial, choices: RANGES, choiceLabels: "BOUT.Phases.Range" }) as const;

/** Wound levels a body holds before death, and fatigue levels before collapse (our default tracks, ./tables.ts). */
export const WOUND_TRACK_LENGTH = 5;
export const FATIGUE_TRACK_LENGTH = 5;

export const actorStats = {
  qik: int("Qik", 0, -10, 10),
  /** A penalty: 0 or less, added as the seed's tables add it. */
  enc: int("Enc", 0, -20, 0),
  athletics: int("Athletics", 0, 0, 20),
  ride: int("Ride", 0, 0, 20),
  size: int("Size", 0, -10, 10),
  stamina: int("Stamina", 0, -10, 10),
  /** The actor's part of the Initiative score; each weapon adds its own. */
  initiative: int("Initiative", 0, -20, 30),
  attack: int("Attack", 0, -20, 40),
  defense: int("Defense", 0, -20, 40),
  /** The actor's part of Damage (strength and the like); each weapon adds its own. */
  damage: int("DamageBonus", 0, -20, 30),
  soak: int("Soak", 0, -20, 40),
  /** Wound levels left (5: unhurt, 0: dead). */
  woundsLeft: int("WoundsLeft", WOUND_TRACK_LENGTH, 0, WOUND_TRACK_LENGTH),
  /** Fatigue levels left (5: fresh, 0: unconscious). */
  fatigueLeft: int("FatigueLeft", FATIGUE_TRACK_LENGTH, 0, FATIGUE_TRACK_LENGTH),
} as const;

export const weaponStats = {
  initiative: int("WeaponInitiative", 0, -30, 30),
  attack: int("WeaponAttack", 0, -20, 20),
  defense: int("WeaponDefense", 0, -20, 20),
  damage: int("WeaponDamage", 0, 0, 40),
  /** The farthest engagement range the weapon fights at. */
  range: range("Range", "reach"),
  /** The nearest (our addition: the seed only shows a weapon unable to reach out). */
  minRange: range("MinRange", "touch"),
  missile: { kind: "boolean", label: `${S}Missile`, hint: `${S}MissileHint`, initial: false },
  /** Longbows and crossbows: the seed's optional rule of one wound level per 2 points. */
  piercing: { kind: "boolean", label: `${S}Piercing`, hint: `${S}PiercingHint`, initial: false },
} as const;

export const shieldStats = {
  /** The shield's own Dfn value (added again against missiles, "Missile Fire Table"). */
  defense: int("ShieldDefense", 1, 0, 20),
} as const;

export const armorStats = {
  /** Added to Soak (our default: the seed names Soak, not how armour feeds it). */
  protection: int("Protection", 0, 0, 30),
} as const;

export const phasesStats = {
  actor: actorStats,
  weapon: weaponStats,
  armor: armorStats,
  shield: shieldStats,
  maneuver: {},
  skill: {},
} as const;

export type PhasesStats = typeof phasesStats;
export type PhasesActor = StatValues<typeof actorStats>;
export type PhasesWeapon = StatValues<typeof weaponStats>;
export type PhasesArmor = StatValues<typeof armorStats>;
export type PhasesShield = StatValues<typeof shieldStats>;

export const rangeIndex = (r: RangeClass): number => RANGES.indexOf(r);
export const isRange = (r: unknown): r is RangeClass => typeof r === "string" && (RANGES as readonly string[]).includes(r);
