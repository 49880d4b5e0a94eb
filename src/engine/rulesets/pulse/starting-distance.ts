/**
 * [11.1] how far apart the sides start: 8 hexes or more without surprise,
 * within 8 with it. The GM places the figures; this only measures, so the
 * tracker can warn when the placing does not fit the surprise chosen.
 */
import { figureDistance, surpriseDistanceOk, type Figure } from "./hex";

export interface StartingDistance {
  /** Hexes between the nearest figures of different sides; null with one side (or none) placed. */
  readonly nearest: number | null;
  readonly fits: boolean;
}

export function startingDistance(figures: readonly Pick<Figure, "side" | "hex" | "hexes">[], surprise: boolean): StartingDistance {
  let nearest: number | null = null;
  for (const a of figures) for (const b of figures) if (a.side < b.side) nearest = Math.min(nearest ?? Infinity, figureDistance(a, b));
  return { nearest, fits: nearest === null || surpriseDistanceOk(nearest, surprise) };
}
