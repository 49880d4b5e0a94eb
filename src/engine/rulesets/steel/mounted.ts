/**
 * Fighting from horseback ("Mounted Combat"): the rider's modifiers, which attacks
 * and defences are open, the ride-by check, gait changes and the fall when struck.
 * A "Ride check" is Agility dice against the Ride skill's TN (skills are an
 * attribute's dice against the skill TN in this ruleset).
 */
import { labelled, rollPool, said, type Dice, type DrawLabel, type PoolRoll } from "../../dice";
import { isWholeNumber, ok, type Outcome } from "../../outcome";
import { event, type Resolution } from "./events";
import type { ManeuverFamily } from "./stats";
import { checkCount, checkSpend, steelRefuse, checkWhole } from "./refusals";
import type { OpposedTerrainResult, TerrainResult } from "./terrain";

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
  /** The blow is aimed at the defender's horse, not at the rider. */
  readonly atMount?: boolean;
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
  // Only a rider has a horse to aim at.
  if (b.atMount && !b.defenderMounted) return steelRefuse("noMount");
  if (b.attackerMounted) return riderAttack({ targetSide: b.side, reach: b.reach, zone: b.zone, againstManOnFoot: !b.defenderMounted });
  // The horse itself is in reach from any side; the rider only from the side, or with reach 4 or 5.
  if (b.defenderMounted && !b.atMount && !canReachRider(b.side, b.reach)) return steelRefuse("riderOutOfReach", { reach: b.reach, side: b.side });
  return ok({ extraCost: 0 });
}

export interface MountedHit {
  /** Where the wound is written: on the rider, or on the horse he rides. */
  readonly woundOn: "rider" | "mount";
  /** "If struck while mounted": the rider rolls to stay in the saddle. */
  readonly saddleCheck: boolean;
}

/**
 * What a landed blow or missile does where horses are about ("Attacking a
 * Mounted Target"): a blow at the horse wounds the horse; a rider who is
 * himself struck rolls to keep the saddle (our reading: a blow on the horse
 * alone does not call for it, the seed names the rider being struck).
 */
export function mountedHit(h: { readonly defenderMounted: boolean; readonly atMount: boolean; readonly landed: boolean }): MountedHit {
  const woundOn = h.defenderMounted && h.atMount ? "mount" : "rider";
  return { woundOn, saddleCheck: h.landed && h.defenderMounted && woundOn === "rider" };
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
  /** Who rides (a fighter reference), to name the roll on the card. */
  readonly id?: string;
  readonly agility: number;
  readonly rideTn: number;
  /** GM's TN change (engaged in combat: +3 to +6). */
  readonly tnModifier?: number;
  /** Dice taken off (the blow's margin when struck). */
  readonly penalty?: number;
}

function rideRoll(i: RideCheckInput, dice: Dice, key = "BOUT.Card.Roll.ride"): Outcome<PoolRoll> {
  const w = checkWhole({ rideTn: i.rideTn, tnModifier: i.tnModifier, penalty: i.penalty }, ["tnModifier", "penalty"]);
  if (!w.ok) return w;
  const c = checkCount(i.agility, "agility");
  if (!c.ok) return c;
  const tn = i.rideTn + (i.tnModifier ?? 0);
  return ok(labelled(dice, () => said(i.id, key, { tn }), () => rollPool(dice, Math.max(0, i.agility - (i.penalty ?? 0)), tn)));
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
 * failure: two; a botch: the rider falls. `opponentCpLeft`: the foe's pool,
 * which his dice may not exceed.
 */
export function rideBy(i: RideCheckInput & { opponentDice?: number; opponentCpLeft?: number; opponentId?: string }, dice: Dice): Outcome<Resolution<RideByResult>> {
  const od = i.opponentDice ?? 0;
  const c = checkCount(od, "opponentDice");
  if (!c.ok) return c;
  if (i.opponentCpLeft !== undefined) {
    const s = checkSpend(od, i.opponentCpLeft, "opponentDice");
    if (!s.ok) return s;
  }
  const r = rideRoll(i, dice);
  if (!r.ok) return r;
  const opponent = od > 0 ? labelled(dice, () => said(i.opponentId, "BOUT.Card.Roll.holdRider", { tn: r.value.tn }), () => rollPool(dice, od, r.value.tn)) : null;
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
  const r = rideRoll({ ...i, penalty: (i.penalty ?? 0) + Math.max(0, i.margin) }, dice, "BOUT.Card.Roll.saddle");
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

/**
 * "Ride-by Attacking and Movement": the change a rider asks for, from his gait
 * now: allowed as `gaitChange` says, and it must change something (no faster
 * than a gallop, no slower than a halt; a wheel always turns). Ok: where it
 * leads and whether it takes a Ride check.
 */
export function gaitChangeFrom(from: Gait, change: GaitChange, skilled: boolean): Outcome<{ readonly to: Gait; readonly checkNeeded: boolean }> {
  const ruling = gaitChange(change, skilled);
  const to = nextGait(from, change);
  if (!ruling.allowed || (change.kind !== "wheel" && to === from)) return steelRefuse("badChoice", { choice: change.kind });
  return ok({ to, checkNeeded: ruling.checkNeeded });
}

export function nextGait(from: Gait, change: GaitChange): Gait {
  if (change.kind === "wheel") return from;
  const i = GAITS.indexOf(from) + (change.kind === "accelerate" ? change.steps : -change.steps);
  return GAITS[Math.max(0, Math.min(GAITS.length - 1, i))]!;
}

/**
 * "Ride-by Attacking and Movement": a ride-by needs the horse at a Canter or a
 * Gallop; it is made before the round's exchanges, so only in the first (ours:
 * the seed times it "prior to the exchange(s)").
 */
export function rideByGaitAllowed(gait: Gait): boolean {
  return gait === "canter" || gait === "gallop";
}

export function mayRideBy(s: { readonly gait: Gait; readonly exchange: number }): Outcome<true> {
  if (!rideByGaitAllowed(s.gait)) return steelRefuse("tooSlow");
  return beforeTheExchanges(s.exchange);
}

/**
 * "Ride-By Attacking", last paragraph: riders passing each other make opposed
 * Ride checks; the other must be riding too (against a man on foot it is a
 * ride-by), and it happens before the round's exchanges.
 */
export function mayRidersPass(s: { readonly foeMounted: boolean; readonly exchange: number }): Outcome<true> {
  if (!s.foeMounted) return steelRefuse("foeOnFoot");
  return beforeTheExchanges(s.exchange);
}

/** A ride-by, or two riders passing, happens before the round's exchanges: in its first. */
export function beforeTheExchanges(exchange: number): Outcome<true> {
  return exchange === 1 ? ok(true) : steelRefuse("lateRideBy");
}

/**
 * "Mounted modifiers": a rider's height is higher footing against foes on foot
 * only; against another rider it gives nothing.
 */
export function riderHasHeight(riderMounted: boolean, foesMounted: readonly boolean[]): boolean {
  return riderMounted && foesMounted.some((m) => !m);
}

/**
 * Our default Ride TN for a rider with no Ride skill on his sheet (the seed
 * gives skills their own TNs and names no default).
 */
export const DEFAULT_RIDE_TN = 7;

/** "engaged in combat ... +3 to +6 increase in TN": the most the GM may add while engaged. */
export const ENGAGED_RIDE_TN_MAX = 6;

/** The GM's change to a Ride check's TN: a whole number within that bound either way (easier ground may lower it). */
export function checkRideTnModifier(mod: unknown): Outcome<number> {
  return isWholeNumber(mod) && Math.abs(mod) <= ENGAGED_RIDE_TN_MAX ? ok(mod) : steelRefuse("badModifier");
}

/** Yards the horse covers after the exchange(s): half its gait speed. */
export function rideByYards(move: number, gait: Gait): number {
  return (move * GAIT_MULTIPLIER[gait]) / 2;
}

/** Mount fatigue: every 2 CP lost to fatigue (charged to the rider) costs the horse 1 Move. */
export function mountMove(baseMove: number, fatigueCp: number): number {
  return Math.max(0, baseMove - Math.floor(fatigueCp / 2));
}

/**
 * A ride-by is made against a foe on the ground; two riders crossing make
 * opposed Ride checks instead ("Ride-By Attacking", last paragraph).
 */
export function rideByFoe(foeMounted: boolean): Outcome<true> {
  return foeMounted ? steelRefuse("rideByRider") : ok(true);
}

/** One side of a terrain roll: on foot, Combat Pool dice; mounted, a Ride check (Agility dice at the Ride TN). */
export type TerrainRoller = { readonly mounted: false; readonly cpLeft: number; readonly dice: number; readonly id?: string } | ({ readonly mounted: true } & RideCheckInput);

/** A terrain roll's name on the card: the Ride check a rider makes instead, or the terrain roll (`key`). */
const terrainLabel = (r: TerrainRoller, tn: number, key: string): DrawLabel => said(r.id, r.mounted ? "BOUT.Card.Roll.ride" : key, { tn });

/** The dice and TN a side rolls, and the Combat Pool dice it burns. `footTn`: the TN a fighter on foot rolls against. */
function terrainSide(r: TerrainRoller, footTn: number, field: string): Outcome<{ dice: number; tn: number; fromPool: number }> {
  if (r.mounted) {
    const w = checkWhole({ rideTn: r.rideTn, tnModifier: r.tnModifier }, ["tnModifier"]);
    if (!w.ok) return w;
    const c = checkCount(r.agility, `${field}.agility`);
    if (!c.ok) return c;
    return ok({ dice: r.agility, tn: r.rideTn + (r.tnModifier ?? 0), fromPool: 0 });
  }
  const w = checkWhole({ [`${field}.tn`]: footTn });
  if (!w.ok) return w;
  for (const [name, v] of [
    ["dice", r.dice],
    ["cpLeft", r.cpLeft],
  ] as const) {
    const c = checkCount(v, `${field}.${name}`);
    if (!c.ok) return c;
  }
  const s = checkSpend(r.dice, r.cpLeft, field);
  if (!s.ok) return s;
  return ok({ dice: r.dice, tn: footTn, fromPool: r.dice });
}

/**
 * A terrain roll by a fighter who may be in the saddle ("Mounted modifiers":
 * "AG/Ride checks may be made instead of spending CP on terrain rolls"): on
 * foot, pool dice at the terrain's TN; mounted, Agility at the Ride TN, no pool
 * dice burnt. One success makes it, as any terrain roll.
 */
export function mountedTerrainRoll(r: TerrainRoller, footTn: number, dice: Dice): Outcome<Resolution<TerrainResult & { fromPool: number }>> {
  const side = terrainSide(r, footTn, "terrain");
  if (!side.ok) return side;
  const roll = labelled(dice, () => terrainLabel(r, side.value.tn, "BOUT.Card.Roll.terrain"), () => rollPool(dice, side.value.dice, side.value.tn));
  const success = roll.successes > 0;
  return ok({
    result: { roll, success, botch: roll.botch, fromPool: side.value.fromPool },
    events: [event(roll.botch ? "terrainBotch" : success ? "terrainSuccess" : "terrainFailure", { tn: side.value.tn, successes: roll.successes })],
  });
}

/**
 * An opposed terrain roll where either side may ride ("Opposed Terrain Rolls"
 * with "Mounted modifiers"): a rider rolls Ride instead of pool dice, two riders
 * make a contested Ride check. A side on foot rolls at the acting side's TN; a
 * rider at his own Ride TN. The actor needs a success and at least as many as
 * the opponent.
 */
export function mountedOpposedTerrainRoll(actor: TerrainRoller, opponent: TerrainRoller, footTn: number, dice: Dice): Outcome<Resolution<OpposedTerrainResult & { fromPool: { actor: number; opponent: number } }>> {
  const a = terrainSide(actor, footTn, "actor");
  if (!a.ok) return a;
  const o = terrainSide(opponent, a.value.tn, "opponent");
  if (!o.ok) return o;
  const ar = labelled(dice, () => terrainLabel(actor, a.value.tn, "BOUT.Card.Roll.terrain"), () => rollPool(dice, a.value.dice, a.value.tn));
  const or = labelled(dice, () => terrainLabel(opponent, o.value.tn, "BOUT.Card.Roll.terrainOppose"), () => rollPool(dice, o.value.dice, o.value.tn));
  const actorSucceeds = ar.successes > 0 && ar.successes >= or.successes;
  return ok({
    result: { actor: ar, opponent: or, actorSucceeds, fromPool: { actor: a.value.fromPool, opponent: o.value.fromPool } },
    events: [event(actorSucceeds ? "terrainSuccess" : "terrainCancelled", { tn: a.value.tn, successes: ar.successes, opposed: or.successes })],
  });
}

export interface RidersPassResult {
  readonly a: PoolRoll;
  readonly b: PoolRoll;
  /** Who rolled more successes; null on a tie. */
  readonly winner: "a" | "b" | null;
  readonly exchanges: 1 | 2;
}

/**
 * Two riders moving different ways ("Ride-By Attacking", last paragraph):
 * opposed Ride checks, the winner choosing one or two exchanges for the round.
 * On a tie nobody chooses and the round keeps its two exchanges (our reading:
 * two is what engaged riders have without the check).
 */
export function ridersPass(a: RideCheckInput & { id: string; choice: number }, b: RideCheckInput & { id: string; choice: number }, dice: Dice): Outcome<Resolution<RidersPassResult>> {
  for (const [field, v] of [
    ["a.choice", a.choice],
    ["b.choice", b.choice],
  ] as const)
    if (v !== 1 && v !== 2) return steelRefuse("badChoice", { choice: `${field} ${String(v)}` });
  const ar = rideRoll(a, dice);
  if (!ar.ok) return ar;
  const br = rideRoll(b, dice);
  if (!br.ok) return br;
  const winner = ar.value.successes > br.value.successes ? "a" : br.value.successes > ar.value.successes ? "b" : null;
  const exchanges = (winner === "a" ? a.choice : winner === "b" ? b.choice : 2) as 1 | 2;
  return ok({
    result: { a: ar.value, b: br.value, winner, exchanges },
    events: [event(winner ? "ridersPass" : "ridersTie", { first: a.id, second: b.id, firstSuccesses: ar.value.successes, secondSuccesses: br.value.successes, winner: winner === "a" ? a.id : winner === "b" ? b.id : "", exchanges })],
  });
}

/**
 * The pool a landed blow's Shock comes off ("Shock and Pain": Shock takes dice
 * from what is left this round). A defender's pool is what he had less what
 * his defence spent this exchange (`defenceCost`; none when he did not
 * defend). A blow at the horse: the mount is not in the bout ("the mount's CP
 * is only used if it is fighting by itself"), so its Shock is measured against
 * its own full pool, `horsePool`.
 */
export function shockPoolFor(s: { readonly horsePool: number | null; readonly poolLeft: number; readonly defenceCost: number | null }): number {
  if (s.horsePool !== null) return s.horsePool;
  return s.defenceCost === null ? s.poolLeft : Math.max(0, s.poolLeft - s.defenceCost);
}

/** A rider's gait as the bout records it: at a halt until one is set. */
export function gaitOf(recorded: unknown): Gait {
  return (GAITS as readonly unknown[]).includes(recorded) ? (recorded as Gait) : "halt";
}

/** The rider's Ride skill among his skills: the one named Ride (the seed's skill), whatever its case or spacing. */
export function rideSkillIn<S extends { readonly name: string }>(skills: readonly S[]): S | undefined {
  return skills.find((s) => s.name.trim().toLowerCase() === "ride");
}

/** A rider's Ride TN: his Ride skill's, else our default (`DEFAULT_RIDE_TN`). */
export function rideTnIn(skills: readonly { readonly name: string; readonly stats: { readonly tn: number } }[]): number {
  return rideSkillIn(skills)?.stats.tn ?? DEFAULT_RIDE_TN;
}

/**
 * "Ride-by Attacking and Movement": a change of gait once its Ride check, if it
 * took one, is rolled. Made (or free): the new gait. Failed: the gait stays (the
 * seed asks for "a successful Ride check" and says no more). Botched: ours, as
 * for a botched ride-by, the rider is thrown (and the gait stays).
 */
export function gaitCheckOutcome(to: Gait, check: { readonly success: boolean; readonly botch: boolean } | null): { readonly gait: Gait | null; readonly thrown: boolean } {
  if (!check) return { gait: to, thrown: false };
  return { gait: check.success ? to : null, thrown: check.botch };
}
