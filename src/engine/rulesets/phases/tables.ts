/**
 * The seed's tables as data (seed 001_e84cf39f805b9fd9.txt): the Initiative
 * Modifiers Table, the Movement Table, the Missile Fire Table and the Missile
 * Rate Table, plus our default wound and fatigue tracks (the seed uses wound and
 * fatigue penalties without listing the levels: the group may replace them
 * from their own book).
 */
import { ok, type Outcome } from "../../outcome";
import { checkFigures, checkFlags, phasesRefuse } from "./refusals";
import { isRange, type RangeClass } from "./stats";

/** One line of a worked total: a key under BOUT.Phases.Part and its value. */
export interface Part {
  readonly key: string;
  readonly value: number;
}
const P = "BOUT.Phases.Part.";
const part = (name: string, value: number): Part => ({ key: `${P}${name}`, value });
export const sumParts = (parts: readonly Part[]): number => parts.reduce((t, p) => t + p.value, 0);

// ---------------------------------------------------------------------------
// Initiative Modifiers Table ("1. Movement")

export const INITIATIVE_MODIFIERS = {
  /** On horseback: + Ride, and the rider holds high ground. */
  highGround: 3,
  routing: 6,
  /** Needs room for a running start; stacks with horseback. */
  charging: 3,
} as const;

export interface InitiativeSituation {
  readonly horseback?: boolean;
  /** Ride skill, counted only on horseback. */
  readonly ride?: number;
  readonly highGround?: boolean;
  readonly routing?: boolean;
  readonly charging?: boolean;
  /** The storyguide's ruling that a charger has room for a running start. */
  readonly runUpRoom?: boolean;
  /** Whatever else the storyguide imposes. */
  readonly gmModifier?: number;
}

export function checkSituation(s: InitiativeSituation): Outcome<true> {
  const flags = checkFlags({ horseback: s.horseback, highGround: s.highGround, routing: s.routing, charging: s.charging, runUpRoom: s.runUpRoom });
  if (!flags.ok) return flags;
  const figures = checkFigures({ ride: s.ride, gmModifier: s.gmModifier }, -100, 100, ["ride", "gmModifier"]);
  if (!figures.ok) return figures;
  // A rout is running away; a charge is running in.
  if (s.routing && s.charging) return phasesRefuse("badChoice", { field: "charging" });
  return ok(true);
}

/**
 * The table's lines that apply. A rider counts high ground once: holding a hill
 * on horseback adds nothing more (our reading of "+ Ride skill and high ground").
 * A charge without room for a run-up gets nothing.
 */
export function initiativeModifiers(s: InitiativeSituation): Part[] {
  const parts: Part[] = [];
  if (s.horseback) {
    parts.push(part("Ride", s.ride ?? 0));
    parts.push(part("HighGround", INITIATIVE_MODIFIERS.highGround));
  } else if (s.highGround) parts.push(part("HighGround", INITIATIVE_MODIFIERS.highGround));
  if (s.routing) parts.push(part("Routing", INITIATIVE_MODIFIERS.routing));
  if (s.charging && s.runUpRoom) parts.push(part("Charging", INITIATIVE_MODIFIERS.charging));
  if (s.gmModifier) parts.push(part("Storyguide", s.gmModifier));
  return parts;
}

// ---------------------------------------------------------------------------
// Movement Table ("1. Movement")

export const MOVEMENT_MODES = ["stand", "walk", "hustle", "sprint", "gallop"] as const;
export type MovementMode = (typeof MOVEMENT_MODES)[number];
export const isMovementMode = (m: unknown): m is MovementMode => typeof m === "string" && (MOVEMENT_MODES as readonly string[]).includes(m);

export interface MovementFigures {
  readonly qik: number;
  /** 0 or less. */
  readonly enc: number;
  readonly athletics: number;
  readonly ride: number;
  /** Current wound and fatigue penalties, 0 or less. */
  readonly woundPenalty: number;
  readonly fatiguePenalty: number;
}

/**
 * Paces a round. The table reads Sprinting "30 + Qik + Athletics + Enc − Wound −
 * Fatigue": Wound and Fatigue there are the sizes of the penalties, so with
 * penalties kept as negative numbers (as Enc is) they are added. Never below 0.
 */
export function paces(mode: MovementMode, f: MovementFigures): number {
  const n =
    mode === "stand" ? 0
    : mode === "walk" ? 9 + f.qik
    : mode === "hustle" ? 15 + f.qik + f.enc
    : mode === "sprint" ? 30 + f.qik + f.athletics + f.enc - Math.abs(f.woundPenalty) - Math.abs(f.fatiguePenalty)
    : 50 + f.ride;
  return Math.max(0, n);
}

// ---------------------------------------------------------------------------
// Missile Fire Table ("2. First Missiles")

/** The ease factor before the table's adjustments (ours: the seed lists only adjustments). */
export const DEFAULT_MISSILE_EASE = 6;

export const MISSILE_RANGE_ADJUSTMENT: Readonly<Record<RangeClass, number | null>> = {
  touch: null,
  reach: null,
  close: 3,
  near: 3,
  middle: 0,
  far: 6,
};

export const TARGET_MOTIONS = ["still", "walk", "hustle", "sprint"] as const;
export type TargetMotion = (typeof TARGET_MOTIONS)[number];
export const MISSILE_MOTION_ADJUSTMENT: Readonly<Record<TargetMotion, number>> = { still: 0, walk: 0, hustle: 3, sprint: 6 };

export interface MissileShot {
  readonly range: RangeClass;
  readonly obscured?: boolean;
  readonly motion?: TargetMotion;
  /** The target's Size: 0 adds nothing, small (negative) adds its absolute value, large takes it off. */
  readonly size?: number;
  /** The target's Defense score when it dodges or defends against this shooter (it then counts the shooter as engaged). */
  readonly defending?: number;
  /** The Dfn value of the target's shield (from the weapon figures, not the carrier's Defense). */
  readonly shield?: number;
  /** The shooter spent a whole missile phase aiming, without moving. */
  readonly aimed?: boolean;
  readonly baseEase?: number;
  readonly gmModifier?: number;
}

/**
 * How a target meets a shot, settled in the Movement phase ("Missile Fire
 * Table", its first footnote): not at all; dodging or defending (its Defense
 * raises the ease factor); or defending with its shield (the shield's Dfn then
 * counts a second time, the third footnote). A defence only counts against a
 * shooter the target named among the opponents it engages.
 */
export const SHOT_DEFENCES = ["none", "dodge", "shield"] as const;
export type ShotDefence = (typeof SHOT_DEFENCES)[number];
export const isShotDefence = (d: unknown): d is ShotDefence => typeof d === "string" && (SHOT_DEFENCES as readonly string[]).includes(d);

/** The ease factor of a shot and its parts; Touch and Reach allow no shot. */
export function missileEase(shot: MissileShot): Outcome<{ ease: number; parts: Part[] }> {
  if (!isRange(shot?.range)) return phasesRefuse("badChoice", { field: "range" });
  if (shot.motion !== undefined && !(TARGET_MOTIONS as readonly string[]).includes(shot.motion)) return phasesRefuse("badChoice", { field: "motion" });
  const flags = checkFlags({ obscured: shot.obscured, aimed: shot.aimed });
  if (!flags.ok) return flags;
  const figures = checkFigures(
    { size: shot.size, defending: shot.defending, shield: shot.shield, baseEase: shot.baseEase, gmModifier: shot.gmModifier },
    -100,
    100,
    ["size", "defending", "shield", "baseEase", "gmModifier"],
  );
  if (!figures.ok) return figures;
  const rangeAdj = MISSILE_RANGE_ADJUSTMENT[shot.range];
  if (rangeAdj === null) return phasesRefuse("noFiring", { range: shot.range });
  const parts: Part[] = [part("BaseEase", shot.baseEase ?? DEFAULT_MISSILE_EASE), part("RangeAdjustment", rangeAdj)];
  if (shot.obscured) parts.push(part("Obscured", 3));
  const motion = MISSILE_MOTION_ADJUSTMENT[shot.motion ?? "still"];
  if (motion) parts.push(part("TargetMotion", motion));
  // Small targets (negative Size) add |Size|, large ones subtract Size: both are −Size.
  if (shot.size) parts.push(part("TargetSize", -shot.size));
  if (shot.defending !== undefined) parts.push(part("Defending", shot.defending));
  if (shot.aimed) parts.push(part("Aimed", -3));
  if (shot.shield) parts.push(part("Shield", shot.shield));
  if (shot.gmModifier) parts.push(part("Storyguide", shot.gmModifier));
  return ok({ ease: sumParts(parts), parts });
}

// ---------------------------------------------------------------------------
// Missile Rate Table ("2. First Missiles")

export interface MissileRate {
  /** Fires in the first missile phase once every `first` counted rounds. */
  readonly first: 1 | 2 | 3;
  /** Fires in the second missile phase once every `second` counted rounds; 0: never. */
  readonly second: 0 | 1 | 2;
  /** Key of the row's label. */
  readonly key: string;
}

export function missileRate(initiative: number): MissileRate {
  const R = "BOUT.Phases.Rate.";
  if (initiative <= -20) return { first: 3, second: 0, key: `${R}EveryThird` };
  if (initiative <= -10) return { first: 2, second: 0, key: `${R}EveryOther` };
  if (initiative <= 0) return { first: 1, second: 0, key: `${R}EveryRound` };
  if (initiative <= 10) return { first: 1, second: 2, key: `${R}RoundAndOther` };
  return { first: 1, second: 1, key: `${R}Twice` };
}

/**
 * How far a shooter's reloading has come. `prep` counts rounds spent preparing
 * since the last first-phase shot, `secondPrep` since the last second-phase shot;
 * both are capped at what the slowest row needs. A round spent on anything else
 * does not count (and loses nothing).
 */
export interface MissileReadiness {
  readonly prep: number;
  readonly secondPrep: number;
}

/** A shooter comes to the fight loaded. */
export const LOADED: MissileReadiness = { prep: 2, secondPrep: 1 };

export function canFireFirst(rate: MissileRate, r: MissileReadiness): boolean {
  return r.prep >= rate.first - 1;
}

export function canFireSecond(rate: MissileRate, r: MissileReadiness): boolean {
  return rate.second !== 0 && r.secondPrep >= rate.second - 1;
}

/** Readiness after a round: `counted` when the shooter spent it shooting or reloading. */
export function afterMissileRound(r: MissileReadiness, round: { counted: boolean; firedFirst: boolean; firedSecond: boolean }): MissileReadiness {
  const prep = round.firedFirst ? 0 : round.counted ? Math.min(LOADED.prep, r.prep + 1) : r.prep;
  const secondPrep = round.firedSecond ? 0 : round.counted ? Math.min(LOADED.secondPrep, r.secondPrep + 1) : r.secondPrep;
  return { prep, secondPrep };
}

// ---------------------------------------------------------------------------
// Wound and fatigue tracks: ours, editable (the seed names the penalties only).

export interface TrackLevel {
  readonly key: string;
  readonly penalty: number;
  /** Can no longer fight or move on their own. */
  readonly out: boolean;
}

/** Indexed by levels lost: 0 unhurt ... 5 dead. */
export const DEFAULT_WOUND_TRACK: readonly TrackLevel[] = [
  { key: "BOUT.Phases.Wound.unhurt", penalty: 0, out: false },
  { key: "BOUT.Phases.Wound.light", penalty: -1, out: false },
  { key: "BOUT.Phases.Wound.medium", penalty: -3, out: false },
  { key: "BOUT.Phases.Wound.heavy", penalty: -5, out: false },
  { key: "BOUT.Phases.Wound.incapacitated", penalty: -5, out: true },
  { key: "BOUT.Phases.Wound.dead", penalty: -5, out: true },
];

/** Indexed by levels lost: 0 fresh ... 5 unconscious. */
export const DEFAULT_FATIGUE_TRACK: readonly TrackLevel[] = [
  { key: "BOUT.Phases.Fatigue.fresh", penalty: 0, out: false },
  { key: "BOUT.Phases.Fatigue.winded", penalty: 0, out: false },
  { key: "BOUT.Phases.Fatigue.weary", penalty: -1, out: false },
  { key: "BOUT.Phases.Fatigue.tired", penalty: -3, out: false },
  { key: "BOUT.Phases.Fatigue.dazed", penalty: -5, out: false },
  { key: "BOUT.Phases.Fatigue.unconscious", penalty: -5, out: true },
];

/** The level for a number of levels left on a track. */
export function trackLevel(track: readonly TrackLevel[], left: number): TrackLevel {
  const lost = Math.min(track.length - 1, Math.max(0, track.length - 1 - left));
  return track[lost] as TrackLevel;
}
