/**
 * Where a blow lands ("Location, Location, Location", "Resolving Hit Location").
 * The seed names a hit-location table, numbered swing zones (it mentions zones 3,
 * 4, 5 and 7) and a 2d6 missile chart, but prints none of them. These are our
 * defaults, for the group to replace from their own book: the attacker picks a
 * zone, then 1d6 picks the part inside it.
 */
import type { Region } from "./stats";

export const BODY_PARTS = ["head", "face", "neck", "shoulder", "arm", "hand", "chest", "belly", "groin", "thigh", "lowerLeg", "foot"] as const;
export type BodyPart = (typeof BODY_PARTS)[number];

/** Which armour coverage (and which "part of the body" for Blood Loss) each part belongs to. */
export const PART_REGION: Readonly<Record<BodyPart, Region>> = {
  head: "head",
  face: "head",
  neck: "neck",
  shoulder: "arms",
  arm: "arms",
  hand: "arms",
  chest: "torso",
  belly: "torso",
  groin: "torso",
  thigh: "legs",
  lowerLeg: "legs",
  foot: "legs",
};

export interface Zone {
  readonly id: number;
  readonly form: "swing" | "thrust";
  /** Parts for d6 results 1..6. */
  readonly parts: readonly [BodyPart, BodyPart, BodyPart, BodyPart, BodyPart, BodyPart];
}

export const DEFAULT_ZONES: readonly Zone[] = [
  { id: 1, form: "swing", parts: ["foot", "lowerLeg", "lowerLeg", "lowerLeg", "thigh", "thigh"] }, // low sweep
  { id: 2, form: "swing", parts: ["lowerLeg", "thigh", "thigh", "thigh", "groin", "groin"] }, // upper legs
  { id: 3, form: "swing", parts: ["groin", "belly", "belly", "belly", "hand", "arm"] }, // level cut at the hips
  { id: 4, form: "swing", parts: ["belly", "chest", "chest", "arm", "arm", "hand"] }, // rising cut
  { id: 5, form: "swing", parts: ["chest", "shoulder", "shoulder", "neck", "neck", "face"] }, // falling cut at the shoulders
  { id: 6, form: "swing", parts: ["shoulder", "neck", "face", "head", "head", "head"] }, // downward at the head
  { id: 7, form: "swing", parts: ["shoulder", "arm", "arm", "arm", "hand", "hand"] }, // at the arms
  { id: 8, form: "thrust", parts: ["foot", "foot", "lowerLeg", "lowerLeg", "lowerLeg", "thigh"] },
  { id: 9, form: "thrust", parts: ["lowerLeg", "thigh", "thigh", "thigh", "thigh", "groin"] },
  { id: 10, form: "thrust", parts: ["thigh", "groin", "groin", "belly", "belly", "hand"] },
  { id: 11, form: "thrust", parts: ["groin", "belly", "belly", "belly", "chest", "hand"] },
  { id: 12, form: "thrust", parts: ["belly", "chest", "chest", "chest", "shoulder", "neck"] },
  { id: 13, form: "thrust", parts: ["neck", "face", "face", "face", "head", "head"] },
  { id: 14, form: "thrust", parts: ["shoulder", "arm", "arm", "arm", "hand", "hand"] },
];

/** The 2d6 missile chart (results 2..12), index 0 = a roll of 2. */
export const DEFAULT_MISSILE_CHART: readonly BodyPart[] = [
  "head", // 2
  "face", // 3
  "neck", // 4
  "shoulder", // 5
  "arm", // 6
  "chest", // 7
  "belly", // 8
  "groin", // 9
  "thigh", // 10
  "lowerLeg", // 11
  "hand", // 12
];

export function findZone(id: number, zones: readonly Zone[] = DEFAULT_ZONES): Zone | undefined {
  return zones.find((z) => z.id === id);
}

export function partInZone(zone: Zone, d6: number): BodyPart {
  const part = zone.parts[Math.min(6, Math.max(1, d6)) - 1];
  if (part === undefined) throw new RangeError(`steel: zone ${zone.id} has no part for ${d6}`);
  return part;
}

export function missilePart(total: number, chart: readonly BodyPart[] = DEFAULT_MISSILE_CHART): BodyPart {
  const part = chart[Math.min(12, Math.max(2, total)) - 2];
  if (part === undefined) throw new RangeError(`steel: missile chart has no entry for ${total}`);
  return part;
}
