/**
 * Missile combat ("Missile Combat"): preparation rounds, the Missile Pool, firing
 * in the first exchange (red) or later (white), aim dice, the target's defence,
 * and the 2d6 location. The seed refers to a Range Modifiers table it does not
 * print: DEFAULT_RANGE_BANDS is our default for the group to replace.
 */
import { labelled, markLookup, rollChecked, rollPool, said, type Dice, type PoolRoll } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution, type SteelEvent } from "./events";
import { DEFAULT_MISSILE_CHART, missilePart, PART_REGION, type BodyPart } from "./hit-locations";
import { checkCount, checkSpend, steelRefuse, checkWhole } from "./refusals";
import type { DamageType, Region, SteelActor } from "./stats";
import { aimOf, effectivePain, reflexOf } from "./derived";
import { healthPoolLoss } from "./wound-effects";
import { lookupWound, rawWoundLevel, woundLevel, type WoundEntry, type WoundTable } from "./wounds";
import type { RangeBand } from "./range-bands";

export interface MissileState {
  readonly roundsLeft: number;
  readonly ready: boolean;
  /** Missile Pool dice. */
  readonly pool: number;
  /** MP cost paid to shorten preparation, taken off the refresh. */
  readonly quickenCost: number;
}

export interface PrepareInput {
  /** Who readies the weapon (a fighter reference), to name the roll on the card. */
  readonly id?: string;
  readonly preparation: number;
  readonly quicken: boolean;
  readonly quickenCost: number;
  readonly quickenTn: number;
  readonly reflex: number;
}

/** Start readying a missile weapon; a Reflex test at the weapon's TN may shave one round (minimum 1); the attempt costs its MP, success or not. */
/** `quickened`: whether the Reflex test took a round off (null when none was tried). */
export function beginPreparation(i: PrepareInput, dice: Dice): Outcome<Resolution<{ state: MissileState; roll: PoolRoll | null; quickened: boolean | null }>> {
  for (const [f, v] of Object.entries(i)) if (typeof v === "number") {
    const c = checkCount(v, f);
    if (!c.ok) return c;
  }
  let rounds = Math.max(1, i.preparation);
  let cost = 0;
  let roll: PoolRoll | null = null;
  let quickened: boolean | null = null;
  if (i.quicken && mayQuicken(i.preparation)) {
    roll = labelled(dice, () => said(i.id, "BOUT.Card.Roll.quicken", { tn: i.quickenTn }), () => rollPool(dice, i.reflex, i.quickenTn));
    // "If you attempted to reduce the Preparation Time, subtract that MP cost": paid for the attempt, won or lost.
    cost = i.quickenCost;
    quickened = roll.successes > 0;
    if (quickened) rounds -= 1;
  }
  const state: MissileState = { roundsLeft: rounds, ready: false, pool: 0, quickenCost: cost };
  return ok({ result: { state, roll, quickened }, events: [event("preparing", { rounds, cost })] });
}

/** "May reduce prep time by 1 round (min. 1)": only a weapon readied in more than one round can be readied quicker. */
export function mayQuicken(preparation: number): boolean {
  return preparation > 1;
}

/** End of a preparation round; when the last one ends the pool fills to Proficiency less the quicken cost. */
export function endPreparationRound(s: MissileState, proficiency: number): MissileState {
  if (s.ready) return s;
  const roundsLeft = Math.max(0, s.roundsLeft - 1);
  if (roundsLeft > 0) return { ...s, roundsLeft };
  return { roundsLeft: 0, ready: true, pool: Math.max(0, proficiency - s.quickenCost), quickenCost: 0 };
}

/** After a round of holding fire, Aim dice flow in, up to Aim + Proficiency. */
export function holdFire(s: MissileState, aim: number, proficiency: number): MissileState {
  if (!s.ready) return s;
  return { ...s, pool: Math.min(aim + proficiency, s.pool + aim) };
}

/**
 * "Shock and Pain" and "Blood Loss" speak of every dice pool: Pain (after Will)
 * comes off the Missile Pool's refill and its cap, and at Health 1 both are
 * halved (rounded down), as the Combat Pool is.
 */
export function woundedPool(dice: number, pain: number, healthNow: number): number {
  const left = Math.max(0, dice - Math.max(0, pain));
  return left - healthPoolLoss(left, healthNow);
}

/** The Missile Pool's figures for this fighter now: the refill when a weapon is ready (Proficiency), the cap (Aim + Proficiency), and the Aim dice a held round adds. */
export function missilePoolFigures(a: SteelActor): { readonly refill: number; readonly cap: number; readonly aim: number } {
  const pain = effectivePain(a);
  const aim = aimOf(a);
  return { refill: woundedPool(a.missileProficiency, pain, a.healthNow), cap: woundedPool(aim + a.missileProficiency, pain, a.healthNow), aim };
}

/**
 * A missile weapon's state for the next round ("Missile Combat" 1-3): readying
 * counts down and fills the pool to the refill; a loosed weapon must be readied
 * again (null); a held one gathers Aim dice up to the cap. Pain and Health 1 are
 * in the figures.
 */
export function missileNextRound(s: MissileState & { readonly fired?: boolean }, a: SteelActor): (MissileState & { readonly fired?: boolean }) | null {
  const f = missilePoolFigures(a);
  if (!s.ready) return endPreparationRound(s, f.refill);
  if (s.fired) return null;
  return { ...s, pool: Math.min(f.cap, s.pool + f.aim) };
}

/**
 * The dice a missile's target defends with ("Missile Combat" 3d): "involved in
 * Melee Combat" it allocates Combat Pool dice it has left; otherwise "uses
 * Reflex as the die pool". A fighter in a bout counts as in melee (our reading).
 */
export function missileDefencePool(inMelee: boolean, combatPoolLeft: number, a: SteelActor): { readonly inMelee: boolean; readonly dice: number } {
  return inMelee ? { inMelee, dice: Math.max(0, combatPoolLeft) } : { inMelee, dice: reflexOf(a) };
}

/**
 * A missile weapon outside any bout: ready, with a full Missile Pool (our
 * reading: the seed counts preparation rounds only inside a fight).
 */
export function missileStateOutsideBout(a: SteelActor): MissileState {
  return { roundsLeft: 0, ready: true, pool: missilePoolFigures(a).refill, quickenCost: 0 };
}

/** How free the target is to dodge: open ground 4, some cover 7, nowhere to go 9. */
export const EVASION_TN = { open: 4, restricted: 7, nowhere: 9 } as const;
export type EvasionRoom = keyof typeof EVASION_TN;

export type MissileDefence =
  | { readonly kind: "evade"; readonly room: EvasionRoom; readonly dice: number; readonly poolLeft: number }
  | { readonly kind: "block"; readonly missileDtn: number; readonly dice: number; readonly poolLeft: number; readonly shieldUsed: boolean };

export interface MissileAttackInput {
  readonly shooterId: string;
  readonly targetId: string;
  readonly state: MissileState;
  readonly dice: number;
  /** Dice set aside to steer the location (not rolled; at most Aim). */
  readonly aimDice: number;
  readonly aim: number;
  readonly atn: number;
  readonly band: RangeBand;
  /** Movement, environment, ... */
  readonly tnModifier?: number;
  /** Where the shooter wants the arrow; aim dice move the 2d6 total towards it. */
  readonly aimedPart?: BodyPart;
  readonly damage: number;
  readonly damageType: DamageType;
  readonly toughness: number;
  readonly armour: Readonly<Record<Region, number>>;
  /** In melee: CP dice; otherwise Reflex dice (the caller passes the right pool). Null: no defence. */
  readonly defence: MissileDefence | null;
  readonly chart?: readonly BodyPart[];
  readonly woundTable?: WoundTable;
}

export interface MissileAttackResult {
  readonly state: MissileState;
  readonly attack: PoolRoll;
  readonly defence: PoolRoll | null;
  readonly margin: number;
  readonly hit: {
    readonly roll: number;
    readonly adjusted: number;
    readonly part: BodyPart;
    readonly level: number;
    readonly rawLevel: number;
    readonly wound: WoundEntry | null;
  } | null;
}

function steer(total: number, target: number | null, steps: number): number {
  if (target === null) return total;
  if (total < target) return Math.min(target, total + steps);
  return Math.max(target, total - steps);
}

/**
 * "Missile Combat" 3: what makes a shot's declared dice impossible, before any die is rolled: the weapon
 * not ready (its preparation not over), more aiming dice than the shooter's Aim (3 c: "maximum = Aim"), or
 * more dice, shot and aim together, than the Missile Pool holds. `null`: the dice may be spent. The same
 * limits `missileAttack` refuses on; the table asks this before it posts a card, to word the refusal.
 */
export type ShotDiceProblem = { readonly kind: "notReady" } | { readonly kind: "aimTooHigh"; readonly aim: number } | { readonly kind: "tooMany"; readonly dice: number; readonly left: number };
export function shotDiceProblem(state: Pick<MissileState, "ready" | "pool">, dice: number, aimDice: number, aim: number): ShotDiceProblem | null {
  if (aimDice > aim) return { kind: "aimTooHigh", aim };
  if (!state.ready) return { kind: "notReady" };
  if (dice + aimDice > state.pool) return { kind: "tooMany", dice: dice + aimDice, left: state.pool };
  return null;
}

export function missileAttack(i: MissileAttackInput, dice: Dice): Outcome<Resolution<MissileAttackResult>> {
  if (!i.state.ready) return steelRefuse("notReady");
  for (const [f, v] of [
    ["dice", i.dice],
    ["aimDice", i.aimDice],
  ] as const) {
    const c = checkCount(v, f);
    if (!c.ok) return c;
  }
  const w = checkWhole({ atn: i.atn, aim: i.aim, tnModifier: i.tnModifier, damage: i.damage, toughness: i.toughness, ...i.armour }, ["tnModifier"]);
  if (!w.ok) return w;
  if (i.aimDice > i.aim) return steelRefuse("aimTooHigh", { aimDice: i.aimDice, aim: i.aim });
  const spend = checkSpend(i.dice + i.aimDice, i.state.pool, "missile");
  if (!spend.ok) return spend;
  if (i.defence) {
    const c = checkCount(i.defence.dice, "defence");
    if (!c.ok) return c;
    const s = checkSpend(i.defence.dice, i.defence.poolLeft, "defence");
    if (!s.ok) return s;
    const p = checkCount(i.defence.poolLeft, "defence.poolLeft");
    if (!p.ok) return p;
    if (i.defence.kind === "block" && !Number.isInteger(i.defence.missileDtn)) return steelRefuse("notNumber", { field: "defence.missileDtn" });
    if (i.defence.kind === "block" && i.defence.shieldUsed) return steelRefuse("badChoice", { choice: "shield" });
  }
  const events: SteelEvent[] = [];
  const atn = shotAtn(i.atn, i.band, i.tnModifier);
  const attack = labelled(dice, () => said(i.shooterId, "BOUT.Card.Roll.shot", { tn: atn }), () => rollPool(dice, i.dice, atn));
  const dtn = i.defence ? (i.defence.kind === "evade" ? EVASION_TN[i.defence.room] : i.defence.missileDtn) : 0;
  const defence = i.defence ? labelled(dice, () => said(i.targetId, i.defence!.kind === "evade" ? "BOUT.Card.Roll.evade" : "BOUT.Card.Roll.block", { tn: dtn }), () => rollPool(dice, i.defence!.dice, dtn)) : null;
  const margin = attack.successes - (defence?.successes ?? 0);
  events.push(event("missile", { successes: attack.successes, defence: defence?.successes ?? 0, margin }));
  let hit: MissileAttackResult["hit"] = null;
  if (margin > 0) {
    const [a, b] = labelled(dice, () => said(i.targetId, "BOUT.Card.Roll.location"), () => rollChecked(dice, 6, 2)) as [number, number];
    const chart = i.chart ?? DEFAULT_MISSILE_CHART;
    const wanted = i.aimedPart ? chart.indexOf(i.aimedPart) : -1;
    const adjusted = steer(a + b, wanted >= 0 ? wanted + 2 : null, i.aimDice * i.band.stepsPerAimDie);
    const part = missilePart(adjusted, chart);
    markLookup(dice, 6, [a, b], part);
    const lv = { margin, damage: i.damage, toughness: i.toughness, armour: i.armour[PART_REGION[part]] };
    const level = woundLevel(lv);
    hit = { roll: a + b, adjusted, part, level, rawLevel: rawWoundLevel(lv), wound: lookupWound(i.damageType, part, level, i.woundTable) };
    events.push(event("hit", { zone: 0, roll: a + b, part, level }));
  }
  const state = { ...i.state, pool: i.state.pool - i.dice - i.aimDice };
  return ok({ result: { state, attack, defence, margin, hit }, events });
}

/** "Missile Fire": a red throw looses in the first exchange; white in the second, or holds fire this round. */
export function missileFireExchange(thrown: "red" | "white", holdFire: boolean): 1 | 2 | null {
  if (thrown === "red") return 1;
  return holdFire ? null : 2;
}

/** What the fire time is read from: the bout and the shooter as the bouts machine keeps them (structurally). */
export interface FireTime {
  readonly phase: string;
  readonly round: number;
  readonly exchange: number;
  /** The round the bout's red/white throw was revealed in (absent in older states). */
  readonly thrownIn?: number;
  /** The shooter's revealed throw; null before any. */
  readonly thrown: string | null;
  /** Loosed already this round. */
  readonly fired: boolean;
}

/**
 * "Missile Fire": each round the shooter chooses red (loose in the first
 * exchange) or white (the second, or not at all). In the round of the bout's
 * throw his throw is that choice; in later rounds he makes it as he looses, by
 * the exchange he looses in. One shot a round; none before the throw. Ok: the
 * colour the shot is loosed on.
 */
export function missileFireTime(t: FireTime): Outcome<"red" | "white"> {
  if (t.phase === "opening" && t.thrown === null) return steelRefuse("notThrown");
  if (t.fired) return steelRefuse("firedThisRound");
  const now: "red" | "white" = t.exchange === 1 ? "red" : "white";
  const thrown = t.thrown === "red" || t.thrown === "white" ? t.thrown : null;
  if (thrown && t.thrownIn === t.round && missileFireExchange(thrown, false) !== t.exchange) return steelRefuse(thrown === "red" ? "redFirst" : "whiteSecond");
  return ok(now);
}

/** A shot's ATN ("Missile Combat" 3b): the weapon's missile ATN with its range band's modifier and any the GM adds. */
export function shotAtn(atn: number, band: Pick<RangeBand, "tnModifier">, tnModifier = 0): number {
  return atn + band.tnModifier + tnModifier;
}
