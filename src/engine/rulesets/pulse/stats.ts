/**
 * The figures of the `pulse` ruleset (seed 004_2f46e4f6196f6037.txt). The seed
 * names its characteristics by abbreviation (PS, MD, AG, EN, FT, WP, PC) and
 * uses weapon ranks, base chances, minimum PS/MD, armour protection and shield
 * Defense; everything a rule reads is declared here with its limits.
 */
import type { StatValues } from "../stats";

const A = "BOUT.Pulse.Stat.Actor.";
const W = "BOUT.Pulse.Stat.Weapon.";
const R = "BOUT.Pulse.Stat.Armor.";
const S = "BOUT.Pulse.Stat.Shield.";

const characteristic = (key: string, initial = 15) =>
  ({ kind: "integer", label: `${A}${key}`, hint: `${A}${key}Hint`, initial, min: 1, max: 40 }) as const;

export const WEAPON_CLASSES = ["A", "B", "C"] as const;
/** [18.5] the optional damage bonus a weapon uses, at most one: none, +1 per 5 PS over the minimum, or +1 per 4 ranks. */
export const DAMAGE_BONUS_SYSTEMS = ["none", "strength", "rank"] as const;
export type WeaponClass = (typeof WEAPON_CLASSES)[number];

/** How a weapon is used; decides which actions and special attacks it allows. */
export const WEAPON_USES = ["melee", "pole", "missile", "thrown", "entangling", "unarmed"] as const;
export type WeaponUse = (typeof WEAPON_USES)[number];

export const pulseStats = {
  actor: {
    ps: characteristic("PS"),
    md: characteristic("MD"),
    ag: characteristic("AG"),
    wp: characteristic("WP"),
    pc: characteristic("PC"),
    endurance: { kind: "integer", label: `${A}Endurance`, hint: `${A}EnduranceHint`, initial: 15, min: 1, max: 200 },
    enduranceNow: { kind: "integer", label: `${A}EnduranceNow`, initial: 15, min: 0, max: 200 },
    fatigue: { kind: "integer", label: `${A}Fatigue`, hint: `${A}FatigueHint`, initial: 20, min: 0, max: 200 },
    fatigueNow: { kind: "integer", label: `${A}FatigueNow`, initial: 20, min: 0, max: 200 },
    /** [14.1] Tactical Movement Rate before armour; the group's book gives it from AG. */
    tmr: { kind: "integer", label: `${A}TMR`, hint: `${A}TMRHint`, initial: 5, min: 1, max: 30 },
    militaryScientist: { kind: "integer", label: `${A}MilitaryScientist`, hint: `${A}MilitaryScientistHint`, initial: 0, min: 0, max: 10 },
    unarmedRank: { kind: "integer", label: `${A}UnarmedRank`, hint: `${A}UnarmedRankHint`, initial: 0, min: 0, max: 10 },
    horsemanship: { kind: "integer", label: `${A}Horsemanship`, hint: `${A}HorsemanshipHint`, initial: 0, min: 0, max: 10 },
    /** [23] in the saddle: the mounted limits apply to its blows and to blows at it. */
    mounted: { kind: "boolean", label: `${A}Mounted`, hint: `${A}MountedHint`, initial: false },
    assassin: { kind: "boolean", label: `${A}Assassin`, hint: `${A}AssassinHint`, initial: false },
    monster: { kind: "boolean", label: `${A}Monster`, hint: `${A}MonsterHint`, initial: false },
    /** [22] hexes the figure covers; 1 for men and beasts of man size. */
    hexes: { kind: "integer", label: `${A}Hexes`, hint: `${A}HexesHint`, initial: 1, min: 1, max: 20 },
    /** [20.4] modAG lost to stuck missiles and pole weapons, until pulled out. */
    stuckPenalty: { kind: "integer", label: `${A}StuckPenalty`, hint: `${A}StuckPenaltyHint`, initial: 0, min: 0, max: 40 },
    // [19] stunned: the token's Stunned condition, whoever set it.
    stunned: { kind: "boolean", label: `${A}Stunned`, initial: false, status: "stun" },
    infected: { kind: "boolean", label: `${A}Infected`, initial: false },
  },
  weapon: {
    weaponClass: { kind: "choice", label: `${W}Class`, hint: `${W}ClassHint`, initial: "B", choices: WEAPON_CLASSES, choiceLabels: `${W}ClassChoice` },
    use: { kind: "choice", label: `${W}Use`, initial: "melee", choices: WEAPON_USES, choiceLabels: `${W}UseChoice` },
    baseChance: { kind: "integer", label: `${W}BaseChance`, hint: `${W}BaseChanceHint`, initial: 50, min: 0, max: 100 },
    /** Damage is a D10 read as D+damage (negative for D-n). */
    damage: { kind: "integer", label: `${W}Damage`, hint: `${W}DamageHint`, initial: 0, min: -9, max: 20 },
    minPS: { kind: "integer", label: `${W}MinPS`, initial: 0, min: 0, max: 40 },
    minMD: { kind: "integer", label: `${W}MinMD`, initial: 0, min: 0, max: 40 },
    ranked: { kind: "boolean", label: `${W}Ranked`, hint: `${W}RankedHint`, initial: false },
    rank: { kind: "integer", label: `${W}Rank`, initial: 0, min: 0, max: 10 },
    twoHanded: { kind: "boolean", label: `${W}TwoHanded`, initial: false },
    closeRated: { kind: "boolean", label: `${W}CloseRated`, hint: `${W}CloseRatedHint`, initial: false },
    /** Range in hexes for missile and thrown weapons; 0 for weapons only used in melee. */
    range: { kind: "integer", label: `${W}Range`, initial: 0, min: 0, max: 500 },
    canTrip: { kind: "boolean", label: `${W}CanTrip`, hint: `${W}CanTripHint`, initial: false },
    /** [16.5] Knockout is barred for lances, pikes, darts, grenados and the like. */
    canKnockout: { kind: "boolean", label: `${W}CanKnockout`, initial: true },
    barbed: { kind: "boolean", label: `${W}Barbed`, initial: false },
    crossbow: { kind: "boolean", label: `${W}Crossbow`, initial: false },
    poisoned: { kind: "boolean", label: `${W}Poisoned`, initial: false },
    damageBonus: { kind: "choice", label: `${W}DamageBonus`, hint: `${W}DamageBonusHint`, initial: "none", choices: DAMAGE_BONUS_SYSTEMS, choiceLabels: `${W}DamageBonusChoice` },
    /** [17.3] broken on a failed 99 check: it cannot strike until repaired. */
    broken: { kind: "boolean", label: `${W}Broken`, hint: `${W}BrokenHint`, initial: false },
  },
  armor: {
    protection: { kind: "integer", label: `${R}Protection`, hint: `${R}ProtectionHint`, initial: 0, min: 0, max: 20 },
    agPenalty: { kind: "integer", label: `${R}AGPenalty`, initial: 0, min: 0, max: 20 },
    mdPenalty: { kind: "integer", label: `${R}MDPenalty`, initial: 0, min: 0, max: 20 },
    tmrPenalty: { kind: "integer", label: `${R}TMRPenalty`, initial: 0, min: 0, max: 10 },
    /** [18] each Grievous Injury taken on the armour lowers its protection by 2. */
    grievousDamage: { kind: "integer", label: `${R}GrievousDamage`, hint: `${R}GrievousDamageHint`, initial: 0, min: 0, max: 20 },
  },
  shield: {
    defense: { kind: "integer", label: `${S}Defense`, hint: `${S}DefenseHint`, initial: 5, min: 0, max: 40 },
    /** [16.5] Main gauches and tower shields cannot make a Shield Rush. */
    canRush: { kind: "boolean", label: `${S}CanRush`, initial: true },
    broken: { kind: "boolean", label: `${S}Broken`, initial: false },
  },
  maneuver: {},
  skill: {},
} as const;

export type PulseStats = typeof pulseStats;
export type PulseActorStats = StatValues<PulseStats["actor"]>;
export type PulseWeaponStats = StatValues<PulseStats["weapon"]>;
export type PulseArmorStats = StatValues<PulseStats["armor"]>;
export type PulseShieldStats = StatValues<PulseStats["shield"]>;
