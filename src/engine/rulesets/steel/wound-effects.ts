/**
 * What a wound does to the one who takes it ("Shock and Pain", "Blood Loss",
 * "Knockdown & Knockout"). All inputs are the figures at the moment of the blow;
 * the result says what to write back (pool, pain, Blood Loss TN, wounded
 * regions) and which rolls followed.
 */
import { labelled, rollOne, rollPool, said, type Dice, type PoolRoll } from "../../dice";
import { ok, type Outcome } from "../../outcome";
import { event, type Resolution, type SteelEvent } from "./events";
import { checkCount, checkWhole } from "./refusals";
import type { Region } from "./stats";
import type { WoundEntry } from "./wounds";

export interface Casualty {
  /** Who takes the wound (a fighter reference), to name its rolls on the card. */
  readonly id?: string;
  readonly cpLeft: number;
  readonly pain: number;
  readonly bloodLoss: number;
  /** Regions already wounded (Blood Loss grows only for a new one). */
  readonly woundedRegions: readonly Region[];
  /** Dice for Knockdown and Knockout rolls (derived values). */
  readonly knockdown: number;
  readonly knockout: number;
  /** Armour over the head, for the Knockout TN. */
  readonly headArmour: number;
  /** Missile Pool dice held, if any: Shock strikes every pool. */
  readonly missilePool?: number;
}

export interface Blow {
  readonly wound: WoundEntry;
  readonly region: Region;
  readonly margin: number;
  readonly blunt: boolean;
}

/** Knockout TN: 7 bare-headed; with a helm, 10 less its armour rating, never above 7. The seed gives "7 or 10 − AR" and leaves the reading open; GMs may pass their own. */
export function knockoutTn(headArmour: number): number {
  return headArmour > 0 ? Math.min(7, 10 - headArmour) : 7;
}

export interface WoundOutcome {
  readonly cpLeft: number;
  /** The Missile Pool after Shock (undefined when none was given). */
  readonly missilePool?: number;
  /** Shock carried into next round's refresh. */
  readonly shockCarry: number;
  readonly pain: number;
  readonly bloodLoss: number;
  readonly woundedRegions: readonly Region[];
  readonly knockdownRoll: { readonly tn: number; readonly roll: PoolRoll; readonly down: boolean } | null;
  readonly knockoutRoll: { readonly tn: number; readonly roll: PoolRoll; readonly out: boolean; readonly seconds: number; readonly minutes: number } | null;
  readonly fatal: boolean;
}

export function applyWound(c: Casualty, blow: Blow, dice: Dice, options: { knockoutTn?: number } = {}): Outcome<Resolution<WoundOutcome>> {
  for (const [field, v] of [
    ["cpLeft", c.cpLeft],
    ["knockdown", c.knockdown],
    ["knockout", c.knockout],
  ] as const) {
    const check = checkCount(v, field);
    if (!check.ok) return check;
  }
  const w = checkWhole({ margin: blow.margin, shock: blow.wound.shock, pain: blow.wound.pain, bloodLoss: blow.wound.bloodLoss, pool: c.pain, bl: c.bloodLoss, headArmour: c.headArmour, missilePool: c.missilePool, knockoutTn: options.knockoutTn }, ["missilePool", "knockoutTn"]);
  if (!w.ok) return w;
  const { wound } = blow;
  const events: SteelEvent[] = [];
  // Shock now; what the pool cannot absorb carries into next round "unless the Pain penalty is greater" (equal Pain: it carries).
  const overflow = Math.max(0, wound.shock - c.cpLeft);
  const shockCarry = wound.pain > overflow ? 0 : overflow;
  const cpLeft = Math.max(0, c.cpLeft - wound.shock);
  events.push(event("shock", { shock: wound.shock, cpLeft, carry: shockCarry }));
  const pain = c.pain + wound.pain;

  // Blood loss: the first bleeding wound sets the TN; a bleeding wound to a new part raises it.
  const isNew = !c.woundedRegions.includes(blow.region);
  let bloodLoss = c.bloodLoss;
  if (wound.bloodLoss > 0 && (c.bloodLoss === 0 || isNew)) bloodLoss = c.bloodLoss + wound.bloodLoss;
  const woundedRegions = isNew ? [...c.woundedRegions, blow.region] : [...c.woundedRegions];
  if (bloodLoss !== c.bloodLoss) events.push(event("bloodLossRises", { bloodLoss }));

  // Knockdown: Shock or Pain took the pool below 0 (TN 2× margin, 3× blunt), or a head/leg wound (TN = Shock).
  const belowZero = wound.shock > c.cpLeft || wound.pain > c.cpLeft;
  const tns: number[] = [];
  if (belowZero) tns.push(blow.margin * (blow.blunt ? 3 : 2));
  if (wound.knockdown) tns.push(wound.shock);
  let knockdownRoll: WoundOutcome["knockdownRoll"] = null;
  if (tns.length > 0) {
    const tn = Math.max(...tns);
    const roll = labelled(dice, () => said(c.id, "BOUT.Card.Roll.knockdown", { tn }), () => rollPool(dice, c.knockdown, tn));
    knockdownRoll = { tn, roll, down: roll.successes === 0 };
    events.push(event(knockdownRoll.down ? "knockedDown" : "staysUp", { tn, successes: roll.successes }));
  }

  let knockoutRoll: WoundOutcome["knockoutRoll"] = null;
  if (wound.knockout) {
    const tn = options.knockoutTn ?? knockoutTn(c.headArmour);
    const roll = labelled(dice, () => said(c.id, "BOUT.Card.Roll.knockout", { tn }), () => rollPool(dice, c.knockout, tn));
    const out = roll.successes === 0;
    // Failure: 1d10 seconds senseless; a fumble: 1d10 × 10 minutes.
    const seconds = out && !roll.botch ? labelled(dice, () => said(c.id, "BOUT.Card.Roll.senseless"), () => rollOne(dice, 10)) : 0;
    const minutes = roll.botch ? labelled(dice, () => said(c.id, "BOUT.Card.Roll.outCold"), () => rollOne(dice, 10)) * 10 : 0;
    knockoutRoll = { tn, roll, out, seconds, minutes };
    events.push(event(out ? "knockedOut" : "staysConscious", { tn, successes: roll.successes, seconds, minutes }));
  }
  if (wound.fatal) events.push(event("fatal"));
  const missile = c.missilePool === undefined ? {} : { missilePool: Math.max(0, c.missilePool - wound.shock) };
  return ok({ result: { cpLeft, ...missile, shockCarry, pain, bloodLoss, woundedRegions, knockdownRoll, knockoutRoll, fatal: wound.fatal }, events });
}

export interface BloodLossResult {
  readonly roll: PoolRoll | null;
  readonly healthNow: number;
  /** The roll failed and cost a point of Health (false when none was rolled). */
  readonly bled: boolean;
  /** Health 1: every pool is halved. */
  readonly halved: boolean;
  /** Health 0: coma, then death. */
  readonly dying: boolean;
}

/**
 * "Blood Loss": at Health 1 every pool is halved. The dice a pool of `pool`
 * loses by it, keeping half rounded down (our rounding, as for every halving).
 */
export function halvedPoolLoss(pool: number): number {
  const p = Math.max(0, Math.floor(pool));
  return p - Math.floor(p / 2);
}

/** The dice Health `healthNow` takes off a pool: half of it at Health 1 or less (halvedPoolLoss), none above. */
export function healthPoolLoss(pool: number, healthNow: number | undefined): number {
  return healthNow !== undefined && healthNow <= 1 ? halvedPoolLoss(pool) : 0;
}

/** "Blood Loss (BL)": who rolls at a new round: a bleeding fighter still alive (Health 0 is a coma, past rolling). */
export function rollsForBloodLoss(s: { readonly bloodLoss: number; readonly healthNow: number }): boolean {
  return isBleeding(s) && s.healthNow > 0;
}

/** The round-start Blood Loss roll: Toughness dice against the BL TN; a failure costs 1 Health. */
export function bloodLossRoll(input: { toughness: number; bloodLoss: number; healthNow: number; id?: string }, dice: Dice): Outcome<Resolution<BloodLossResult>> {
  for (const [field, v] of Object.entries(input)) {
    if (field === "id") continue;
    const check = checkCount(v, field);
    if (!check.ok) return check;
  }
  if (!rollsForBloodLoss(input)) {
    return ok({ result: { roll: null, healthNow: input.healthNow, bled: false, halved: input.healthNow === 1, dying: input.healthNow <= 0 }, events: [] });
  }
  const roll = labelled(dice, () => said(input.id, "BOUT.Card.Roll.bloodLoss", { tn: input.bloodLoss }), () => rollPool(dice, input.toughness, input.bloodLoss));
  const bled = roll.successes === 0;
  const healthNow = bled ? input.healthNow - 1 : input.healthNow;
  const events = [event(roll.successes === 0 ? "bleeds" : "holdsOn", { tn: input.bloodLoss, successes: roll.successes, healthNow })];
  if (healthNow === 1) events.push(event("poolsHalved"));
  if (healthNow === 0) events.push(event("coma"));
  return ok({ result: { roll, healthNow, bled, halved: healthNow === 1, dying: healthNow === 0 }, events });
}

/** A Knockdown roll at a TN the caller sets (a fumble's, a terrain botch's): one success keeps you up. `who`: the one who may fall. */
export function knockdownTest(dice: Dice, knockdown: number, tn: number, who = ""): Outcome<Resolution<{ roll: PoolRoll; down: boolean }>> {
  const check = checkCount(knockdown, "knockdown");
  if (!check.ok) return check;
  const w = checkWhole({ tn });
  if (!w.ok) return w;
  const roll = labelled(dice, () => said(who, "BOUT.Card.Roll.knockdown", { tn }), () => rollPool(dice, knockdown, tn));
  const down = roll.successes === 0;
  return ok({ result: { roll, down }, events: [event(down ? "knockedDown" : "staysUp", { tn, successes: roll.successes })] });
}

/** Seed 000 "Blood Loss": a fighter rolls for blood loss only while some wound bleeds (a Blood Loss TN above 0). */
export function isBleeding(stats: { readonly bloodLoss: number }): boolean {
  return stats.bloodLoss > 0;
}
