/**
 * Fighting from horseback ("Mounted Combat"): the rider's modifiers, which attacks
 * and defences are open, the ride-by check, gait changes and the fall when struck.
 * A "Ride check" is Agility dice against the Ride skill's TN (skills are an
 * attribute's dice against the skill TN in this ruleset).
 */
import { rollPool, type Dice, type PoolRoll } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution } from "./events";
import type { ManeuverFamily } from "./stats";
import { checkCount, steelRefuse, checkWhole } from "./refusals";

export type Side = "front" | "side" | "rear";

/** Swivelling to strike behind costs 4 more dice of activation. */
export const REAR_SWIVEL_COST = 4;
/** Height bonus against foes on foot (varies with the horse: the GM may pass another). */
export const MOUNTED_HEIGHT_BONUS = 2;
/** Swing zones open against a man-sized foe on foot, and thrusts above the belly. */
export const MOUNTED_SWING_ZONES: readonly number[] = [3, 4, 5, 7];
export const MOUNTED_THRUST_ZONES: readonly number[] = [12, 13, 14];

export interface MountedAttack {
  readonly targetSide: Side;
  readonly reach: number;
  readonly zone: number;
  /** False when the foe is also mounted, or much larger or smaller (the GM adjusts zones). */
  readonly againstManOnFoot: boolean;
}

/** Whether a rider may make this attack, and its extra activation cost. */
export function riderAttack(a: MountedAttack): Outcome<{ extraCost: number }> {
  if (a.targetSide === "front" && a.reach < 4) return steelRefuse("outOfReach", { reach: a.reach });
  if (a.againstManOnFoot && !MOUNTED_SWING_ZONES.includes(a.zone) && !MOUNTED_THRUST_ZONES.includes(a.zone)) {
    return steelRefuse("notAllowedMounted", { zone: a.zone });
  }
  return ok({ extraCost: a.targetSide === "rear" ? REAR_SWIVEL_COST : 0 });
}

/** A footman may reach the rider from front or rear only with reach 4 or 5; from the side, rider or mount. */
export function canReachRider(side: Side, reach: number): boolean {
  return side === "side" || reach >= 4;
}

export interface MountedBlow {
  readonly attackerMounted: boolean;
  readonly defenderMounted: boolean;
  /** Where the attacker stands: for a rider, where the foe is; for a footman, which part of the foe's mount he faces. */
  readonly side: Side;
  readonly reach: number;
  readonly zone: number;
}

/**
 * Whether a blow may be struck where horses are about, and its extra cost
 * ("Mounted Combat and Hit Locations", "Attacking a Mounted Target"): a rider
 * strikes by `riderAttack`; a footman reaches a rider from the mount's front or
 * rear only with reach 4 or 5 (`canReachRider`); between two on foot, nothing.
 */
export function mountedBlow(b: MountedBlow): Outcome<{ extraCost: number }> {
  if (b.attackerMounted) return riderAttack({ targetSide: b.side, reach: b.reach, zone: b.zone, againstManOnFoot: !b.defenderMounted });
  if (b.defenderMounted && !canReachRider(b.side, b.reach)) return steelRefuse("riderOutOfReach", { reach: b.reach, side: b.side });
  return ok({ extraCost: 0 });
}

/**
 * Defences open on horseback: partial evasion (the horse dances back, the
 * barding penalty added as activation cost), full evasion only by leaping off;
 * attacks aimed at the mount allow no block, parry, counter or duck and weave.
 */
export function riderDefence(family: ManeuverFamily, options: { attackOnMount: boolean; leapingOff?: boolean; barding?: number }): Outcome<{ extraCost: number }> {
  const barding = options.barding ?? 0;
  if (family === "fullEvasion") return options.leapingOff ? ok({ extraCost: barding }) : steelRefuse("notAllowedMounted", { family });
  if (family === "partialEvasion") return ok({ extraCost: barding });
  if (options.attackOnMount) return steelRefuse("notAllowedMounted", { family });
  if (family === "duckAndWeave") return ok({ extraCost: barding });
  return ok({ extraCost: 0 });
}

export interface RideCheckInput {
  readonly agility: number;
  readonly rideTn: number;
  /** GM's TN change (engaged in combat: +3 to +6). */
  readonly tnModifier?: number;
  /** Dice taken off (the blow's margin when struck). */
  readonly penalty?: number;
}

function rideRoll(i: RideCheckInput, dice: Dice): Outcome<PoolRoll> {
  const w = checkWhole({ rideTn: i.rideTn, tnModifier: i.tnModifier, penalty: i.penalty }, ["tnModifier", "penalty"]);
  if (!w.ok) return w;
  const c = checkCount(i.agility, "agility");
  if (!c.ok) return c;
  return ok(rollPool(dice, Math.max(0, i.agility - (i.penalty ?? 0)), i.rideTn + (i.tnModifier ?? 0)));
}

export interface RideByResult {
  readonly rider: PoolRoll;
  readonly opponent: PoolRoll | null;
  /** Exchanges this round: 1 when the ride-by works, 2 when it does not. */
  readonly exchanges: 1 | 2;
  readonly unhorsed: boolean;
}

/**
 * Ride-by ("Ride-By Attacking"): at canter or gallop, a Ride check as a terrain
 * roll the foe may oppose with CP dice at the same TN. Success: one exchange;
 * failure: two; a botch: the rider falls.
 */
export function rideBy(i: RideCheckInput & { opponentDice?: number }, dice: Dice): Outcome<Resolution<RideByResult>> {
  const r = rideRoll(i, dice);
  if (!r.ok) return r;
  const od = i.opponentDice ?? 0;
  const c = checkCount(od, "opponentDice");
  if (!c.ok) return c;
  const opponent = od > 0 ? rollPool(dice, od, r.value.tn) : null;
  const success = r.value.successes > 0 && r.value.successes >= (opponent?.successes ?? 0);
  const unhorsed = r.value.botch;
  const exchanges = success && !unhorsed ? 1 : 2;
  return ok({
    result: { rider: r.value, opponent, exchanges, unhorsed },
    events: [event(unhorsed ? "unhorsed" : success ? "rideBy" : "rideByFails", { successes: r.value.successes, exchanges })],
  });
}

/** Struck while mounted: a Ride check less the blow's margin in dice; failure is a fall as from 10 feet. */
export function stayInSaddle(i: RideCheckInput & { margin: number }, dice: Dice): Outcome<Resolution<{ roll: PoolRoll; falls: boolean; fallFeet: number }>> {
  const m = checkWhole({ margin: i.margin });
  if (!m.ok) return m;
  const r = rideRoll({ ...i, penalty: (i.penalty ?? 0) + Math.max(0, i.margin) }, dice);
  if (!r.ok) return r;
  const falls = r.value.successes === 0;
  return ok({ result: { roll: r.value, falls, fallFeet: falls ? 10 : 0 }, events: [event(falls ? "unhorsed" : "keepsSaddle", { successes: r.value.successes })] });
}

export const GAITS = ["halt", "trot", "canter", "gallop"] as const;
export type Gait = (typeof GAITS)[number];
/** Speed in multiples of Move; walking counts as standing for changes of gait. */
export const GAIT_MULTIPLIER: Readonly<Record<Gait, number>> = { halt: 0, trot: 1, canter: 2, gallop: 3 };

export type GaitChange = { kind: "accelerate" | "decelerate"; steps: number; quarterTurn?: boolean } | { kind: "wheel" };

export interface GaitRuling {
  /** Not possible at all (decelerating 4 steps, accelerating 3). */
  readonly allowed: boolean;
  readonly checkNeeded: boolean;
  /** "Absurdly hard" (decelerating 3 steps): the GM should add to the TN. */
  readonly absurd: boolean;
}

/** "Ride-by Attacking and Movement": what a rider may do in a round without an exchange. */
export function gaitChange(change: GaitChange, skilled: boolean): GaitRuling {
  if (change.kind === "wheel") return { allowed: true, checkNeeded: true, absurd: false };
  const max = change.kind === "accelerate" ? 2 : 3;
  if (change.steps < 1 || change.steps > max) return { allowed: false, checkNeeded: true, absurd: false };
  const free = change.steps === 1 && skilled;
  return { allowed: true, checkNeeded: !free, absurd: change.kind === "decelerate" && change.steps === 3 };
}

export function nextGait(from: Gait, change: GaitChange): Gait {
  if (change.kind === "wheel") return from;
  const i = GAITS.indexOf(from) + (change.kind === "accelerate" ? change.steps : -change.steps);
  return GAITS[Math.max(0, Math.min(GAITS.length - 1, i))]!;
}

/** Yards the horse covers after the exchange(s): half its gait speed. */
export function rideByYards(move: number, gait: Gait): number {
  return (move * GAIT_MULTIPLIER[gait]) / 2;
}

/** Mount fatigue: every 2 CP lost to fatigue (charged to the rider) costs the horse 1 Move. */
export function mountMove(baseMove: number, fatigueCp: number): number {
  return Math.max(0, baseMove - Math.floor(fatigueCp / 2));
}
