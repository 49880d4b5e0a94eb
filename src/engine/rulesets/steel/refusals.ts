/**
 * Why the steel rules refuse a request. Each refusal carries a stable code for
 * tests and a localization key under BOUT.Steel.Refusal for the notification.
 */
import { isWholeNumber, refuse, type Outcome } from "../../outcome";

// Prefix ends in a dot: full keys are checked by the steel tests.
const K = "BOUT.Steel.Refusal.";

export const STEEL_REFUSALS = {
  notNumber: { code: "steel.notNumber", key: `${K}NotNumber` },
  negative: { code: "steel.negative", key: `${K}Negative` },
  tooMany: { code: "steel.tooMany", key: `${K}TooMany` },
  wrongKind: { code: "steel.wrongKind", key: `${K}WrongKind` },
  unknownZone: { code: "steel.unknownZone", key: `${K}UnknownZone` },
  unknownTerrain: { code: "steel.unknownTerrain", key: `${K}UnknownTerrain` },
  noOpponents: { code: "steel.noOpponents", key: `${K}NoOpponents` },
  aimTooHigh: { code: "steel.aimTooHigh", key: `${K}AimTooHigh` },
  notReady: { code: "steel.notReady", key: `${K}NotReady` },
  notAllowedMounted: { code: "steel.notAllowedMounted", key: `${K}NotAllowedMounted` },
  outOfReach: { code: "steel.outOfReach", key: `${K}OutOfReach` },
  riderOutOfReach: { code: "steel.riderOutOfReach", key: `${K}RiderOutOfReach` },
  badChoice: { code: "steel.badChoice", key: `${K}BadChoice` },
  crowdFull: { code: "steel.crowdFull", key: `${K}CrowdFull` },
  matchUpDue: { code: "steel.matchUpDue", key: `${K}MatchUpDue` },
  notFacing: { code: "steel.notFacing", key: `${K}NotFacing` },
  notYourChoice: { code: "steel.notYourChoice", key: `${K}NotYourChoice` },
  noStrike: { code: "steel.noStrike", key: `${K}NoStrike` },
  outOfRange: { code: "steel.outOfRange", key: `${K}OutOfRange` },
  noMount: { code: "steel.noMount", key: `${K}NoMount` },
  rideByRider: { code: "steel.rideByRider", key: `${K}RideByRider` },
  // Kept under the mounted table's codes and keys, which the sheet's notices already use.
  tooSlow: { code: "steel.mounted.tooSlow", key: "BOUT.Steel.Mounted.Refusal.TooSlow" },
  lateRideBy: { code: "steel.mounted.lateRideBy", key: "BOUT.Steel.Mounted.Refusal.LateRideBy" },
  badModifier: { code: "steel.mounted.badModifier", key: "BOUT.Steel.Mounted.Refusal.BadModifier" },
  foeOnFoot: { code: "steel.mounted.foeOnFoot", key: "BOUT.Steel.Mounted.Refusal.FoeOnFoot" },
  // Kept under the missile table's codes and keys ("Missile Fire").
  notThrown: { code: "steel.missile.notThrown", key: "BOUT.Steel.Missile.Refusal.NotThrown" },
  redFirst: { code: "steel.missile.wrongExchange", key: "BOUT.Steel.Missile.Refusal.RedFirst" },
  whiteSecond: { code: "steel.missile.wrongExchange", key: "BOUT.Steel.Missile.Refusal.WhiteSecond" },
  firedThisRound: { code: "steel.missile.fired", key: "BOUT.Steel.Missile.Refusal.Fired" },
} as const;

export type SteelRefusal = keyof typeof STEEL_REFUSALS;

export function steelRefuse<T = never>(which: SteelRefusal, data?: Record<string, string | number>): Outcome<T> {
  const r = STEEL_REFUSALS[which];
  return refuse<T>(r.code, r.key, data);
}

/**
 * No pool in the seed comes near this; a larger figure is a typo or junk, and
 * refusing it keeps the dice engine from being asked for millions of dice.
 */
export const MAX_INPUT_DICE = 100;
/** Largest size of a TN, modifier or bonus taken from a form. */
export const MAX_INPUT_FIGURE = 1000;

/** A count of dice from untyped input: a whole number, not negative, not absurd. */
export function checkCount(value: unknown, field: string): Outcome<number> {
  if (!isWholeNumber(value)) return steelRefuse("notNumber", { field });
  if (value < 0) return steelRefuse("negative", { field, value });
  if (value > MAX_INPUT_DICE) return steelRefuse("tooMany", { field, cost: value, available: MAX_INPUT_DICE });
  return { ok: true, value };
}

/** A spend of `cost` dice from a pool holding `available`. */
/** Whether `cost` dice fit in what is `available`; the refusal names the field. */
export function checkSpend(cost: number, available: number, field: string): Outcome<number> {
  if (cost > available) return steelRefuse("tooMany", { field, cost, available });
  return { ok: true, value: cost };
}

/** checkSpend for hot paths: null when it fits, no allocation. */
export function spendRefusal(cost: number, available: number, field: string): Outcome<never> | null {
  return cost > available ? steelRefuse("tooMany", { field, cost, available }) : null;
}

/**
 * Every value is a whole number (TNs and modifiers from forms arrive untyped);
 * fields named in `optional` may also be left out (undefined).
 */
export function checkWhole(values: Readonly<Record<string, unknown>>, optional: readonly string[] = []): Outcome<true> {
  for (const [field, v] of Object.entries(values)) {
    if (v === undefined && optional.includes(field)) continue;
    if (!isWholeNumber(v)) return steelRefuse("notNumber", { field });
    if (Math.abs(v) > MAX_INPUT_FIGURE) return steelRefuse("outOfRange", { field, value: v, max: MAX_INPUT_FIGURE });
  }
  return { ok: true, value: true };
}

/** The most the GM may move a shot's or a skill check's TN either way ("Apply all modifiers"): ours, the seed sets no bound. */
export const GM_TN_MODIFIER_MAX = 5;

/** The GM's change to a TN: a whole number within GM_TN_MODIFIER_MAX either way. */
export function isGmTnModifier(value: unknown): value is number {
  return isWholeNumber(value) && Math.abs(value) <= GM_TN_MODIFIER_MAX;
}
