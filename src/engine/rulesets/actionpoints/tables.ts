/**
 * Tables the seed names but does not give (7.3 Fatigue costs, 7.16 critical
 * locations, 7.17 critical effects). These are our defaults, editable data for
 * the group to replace from its own book.
 */
const K = "BOUT.ActionPoints.";

export const CRITICAL_LOCATIONS = ["head", "chest", "abdomen", "arm", "leg"] as const;
export type CriticalLocation = (typeof CRITICAL_LOCATIONS)[number];

export interface Band<T> {
  readonly from: number;
  readonly to: number;
  readonly value: T;
}

/** Our default for Table 7.16: d100 to a body location. */
export const DEFAULT_CRITICAL_LOCATIONS: readonly Band<CriticalLocation>[] = [
  { from: 1, to: 10, value: "head" },
  { from: 11, to: 35, value: "chest" },
  { from: 36, to: 50, value: "abdomen" },
  { from: 51, to: 75, value: "arm" },
  { from: 76, to: 100, value: "leg" },
];

/** Our default for Table 7.17: an extra effect per location (a localization key). */
export const DEFAULT_CRITICAL_EFFECTS: Readonly<Record<CriticalLocation, string>> = {
  head: `${K}CriticalEffect.head`,
  chest: `${K}CriticalEffect.chest`,
  abdomen: `${K}CriticalEffect.abdomen`,
  arm: `${K}CriticalEffect.arm`,
  leg: `${K}CriticalEffect.leg`,
};

/** Our default for Table 7.3: Fatigue Points an active defence costs. */
export const DEFAULT_DEFENCE_FATIGUE = { activeShield: 1, activeParry: 1, dodge: 2 } as const;

/** Our default: Fatigue Points a Combat Advantage costs (bonusAttack: the blow a critical failure opens, VII.a.ii). */
export const DEFAULT_ADVANTAGE_FATIGUE = { shieldBash: 2, disarm: 2, riposte: 3, dodgeAttack: 3, bonusAttack: 2 } as const;

/** Action Points to rise from kneeling (the seed's figure). */
export const STAND_UP_COST = 4;

export function lookupBand<T>(table: readonly Band<T>[], roll: number): T {
  const band = table.find((b) => roll >= b.from && roll <= b.to);
  if (!band) throw new RangeError(`table has no band for ${roll}`);
  return band.value;
}
