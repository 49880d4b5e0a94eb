/**
 * The Combat Pool a fighter refreshes to at the start of a round ("Exchange of
 * Blows", "Higher Footing", "Weapon Length", "Shock and Pain", "Blood Loss").
 * Every step is listed so the tracker and the sheet can show where dice went.
 */
import { healthPoolLoss } from "./wound-effects";

export type Light = "bright" | "dim" | "moonlight" | "darkness";
export const LIGHTS: readonly Light[] = ["bright", "dim", "moonlight", "darkness"];

export interface RoundPoolInput {
  /** Reflex + Proficiency. */
  readonly base: number;
  readonly armourPenalty?: number;
  /** Pain after Will. */
  readonly pain?: number;
  readonly fatigue?: number;
  readonly light?: Light;
  readonly seesInDark?: boolean;
  /** Health 1: every pool is halved. */
  readonly healthNow?: number;
  /** Higher footing or a horse's height against foes on the ground: +2 ("Higher Footing"). */
  readonly higherFooting?: boolean;
  /** Overflow Shock carried from last round ("Shock and Pain"). */
  readonly shockCarry?: number;
  /** Anything the GM adds or takes away. */
  readonly gmModifier?: number;
}

export interface PoolStep {
  readonly key: string;
  readonly change: number;
}

export interface RoundPool {
  readonly pool: number;
  readonly steps: readonly PoolStep[];
}

// Prefix ends in a dot: full keys are checked by the steel tests.
const K = "BOUT.Steel.Pool.";

/** What the light leaves of a pool: dim −1, moonlight keeps ¾, darkness ½ (rounded down). */
export function lightPenalty(pool: number, light: Light, seesInDark = false): number {
  if (seesInDark || pool <= 0) return 0;
  switch (light) {
    case "dim":
      return 1;
    case "moonlight":
      return pool - Math.floor((pool * 3) / 4);
    case "darkness":
      return pool - Math.floor(pool / 2);
    default:
      return 0;
  }
}

export function roundPool(input: RoundPoolInput): RoundPool {
  const steps: PoolStep[] = [];
  return { pool: workOut(input, (key, change) => steps.push({ key: `${K}${key}`, change })), steps };
}

/** The pool alone (a whole bout's refresh): the same sum as `roundPool`, without listing its steps. */
export function roundPoolSize(input: RoundPoolInput): number {
  return workOut(input, null);
}

/** The pool from its parts, each step told to `step` when it changes the pool. */
function workOut(input: RoundPoolInput, step: ((key: string, change: number) => void) | null): number {
  step?.("Base", input.base);
  let pool = input.base;
  const sub = (key: string, amount: number | undefined) => {
    if (!amount) return;
    pool -= amount;
    step?.(key, -amount);
  };
  sub("Armour", input.armourPenalty);
  sub("Pain", input.pain);
  sub("Fatigue", input.fatigue);
  pool = Math.max(0, pool);
  sub("Light", lightPenalty(pool, input.light ?? "bright", input.seesInDark));
  sub("Health", healthPoolLoss(pool, input.healthNow));
  if (input.higherFooting) {
    pool += 2;
    step?.("Footing", 2);
  }
  if (input.gmModifier) {
    pool += input.gmModifier;
    step?.("Gm", input.gmModifier);
  }
  sub("Shock", input.shockCarry);
  return Math.max(0, pool);
}
