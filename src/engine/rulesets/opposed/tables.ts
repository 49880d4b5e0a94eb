/**
 * The tables of seed 003 as editable data: the numbers come from the seed, the
 * wording is ours. The Critical table is named by the seed but not given: the
 * default below is ours, for the group to replace from its own book.
 */
import type { Location, Size } from "./stats";

// Prefix ends in a dot: full keys are checked by the opposed tests.
const K = "BOUT.Opposed.";

/** "Combat Difficulty": modifier added to the target. */
export const DIFFICULTIES = {
  veryEasy: 60,
  easy: 40,
  average: 20,
  challenging: 0,
  difficult: -10,
  hard: -30,
  veryHard: -50,
} as const;
export type Difficulty = keyof typeof DIFFICULTIES;

/** "Combat Difficulty": "Challenging (+0): A standard attack": the step a test takes unless something says otherwise. */
export const DEFAULT_DIFFICULTY: Difficulty = "challenging";

/** "Size": the modifier listed for each size. */
export const SIZE_MODIFIERS: Readonly<Record<Size, number>> = {
  tiny: -30,
  little: -20,
  small: -10,
  average: 0,
  large: 20,
  enormous: 40,
  monstrous: 60,
};

/** A band of a d100 table: results `from`..`to` inclusive (100 is "00"). */
export interface Band<T> {
  readonly from: number;
  readonly to: number;
  readonly value: T;
}

/** "Hit Locations", read with the reversed roll. */
export const HIT_LOCATIONS: readonly Band<Location>[] = [
  { from: 1, to: 9, value: "head" },
  { from: 10, to: 24, value: "leftArm" },
  { from: 25, to: 44, value: "rightArm" },
  { from: 45, to: 79, value: "body" },
  { from: 80, to: 89, value: "leftLeg" },
  { from: 90, to: 100, value: "rightLeg" },
];

export type OopsEffect = "loseWound" | "weaponJars" | "outOfPosition" | "loseMove" | "loseAction" | "tornMuscle" | "hitsAlly";

/** "Oops!": what a fumble does. */
export const OOPS_TABLE: readonly Band<OopsEffect>[] = [
  { from: 1, to: 20, value: "loseWound" },
  { from: 21, to: 40, value: "weaponJars" },
  { from: 41, to: 60, value: "outOfPosition" },
  { from: 61, to: 70, value: "loseMove" },
  { from: 71, to: 80, value: "loseAction" },
  { from: 81, to: 90, value: "tornMuscle" },
  { from: 91, to: 100, value: "hitsAlly" },
];

/** Our default Critical Wound table by location: a short description key per band. */
export const DEFAULT_CRITICAL_TABLE: Readonly<Record<Location, readonly Band<string>[]>> = Object.fromEntries(
  (["head", "leftArm", "rightArm", "body", "leftLeg", "rightLeg"] as const).map((location) => {
    const part = location === "leftArm" || location === "rightArm" ? "arm" : location === "leftLeg" || location === "rightLeg" ? "leg" : location;
    return [
      location,
      [
        { from: 1, to: 40, value: `${K}Critical.${part}.Minor` },
        { from: 41, to: 80, value: `${K}Critical.${part}.Serious` },
        { from: 81, to: 100, value: `${K}Critical.${part}.Grave` },
      ],
    ];
  }),
) as unknown as Record<Location, readonly Band<string>[]>;

/**
 * The d100 tables an opposed fight reads: the world's copies where it plays with
 * its own ("Hit Locations", "Oops!", the Critical table), given to every
 * resolution that lands a hit or rolls a fumble, so the rules never pick ours
 * behind the caller's back.
 */
export interface OpposedTables {
  readonly hitLocations: readonly Band<Location>[];
  readonly oops: readonly Band<OopsEffect>[];
  readonly critical: Readonly<Record<Location, readonly Band<string>[]>>;
}

/** What an attack's resolution reads: where a hit lands and what a fumble does. */
export type HitTables = Pick<OpposedTables, "hitLocations" | "oops">;

/** Ours, word for word as the Bout: Tables compendium holds them: for the engine used without a world (the duel simulator, tests). */
export const DEFAULT_OPPOSED_TABLES: OpposedTables = { hitLocations: HIT_LOCATIONS, oops: OOPS_TABLE, critical: DEFAULT_CRITICAL_TABLE };

/** The band holding a d100 result. Tables must cover 1..100 (tests check ours). */
export function lookup<T>(table: readonly Band<T>[], roll: number): T {
  const band = table.find((b) => roll >= b.from && roll <= b.to);
  if (!band) throw new RangeError(`table has no band for ${roll}`);
  return band.value;
}

/** "Movement Table": walk and run in yards for Move 0..10. */
export function movement(move: number): { readonly walk: number; readonly run: number } {
  return { walk: move * 2, run: move * 4 };
}
