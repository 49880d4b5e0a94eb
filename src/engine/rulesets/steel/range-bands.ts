/**
 * Seed 000 "Missile Combat" 3b and 4: "Apply all modifiers for Range" and aim
 * dice adjust the location roll "based on the range (See Range Modifiers
 * table)". The seed names that table without printing it, so these bands are
 * ours: per band a TN modifier and how many points each aim die moves the 2d6
 * location total. The bands themselves (point blank to extreme) stay; each
 * figure is checked here, for the GM's form and for whatever a stored setting
 * holds, so a half-typed table never reaches a shot.
 *
 * Which band a shot is at is measured between the tokens, never typed: each
 * band but the last reaches `upTo` yards (ours: 3, 20, 60 and 150, the last
 * band beyond), and the GM rules the band only where nothing can be measured.
 */
import { isWholeNumber, ok, refuse, type Outcome } from "../../outcome";

export interface RangeBand {
  readonly slug: RangeBandId;
  readonly tnModifier: number;
  /** Points each aim die moves the 2d6 location roll. */
  readonly stepsPerAimDie: number;
  /** The farthest a shot at this band reaches, in yards; null for the last band (everything beyond). */
  readonly upTo: number | null;
}

export const RANGE_BANDS = ["pointBlank", "short", "medium", "long", "extreme"] as const;
export type RangeBandId = (typeof RANGE_BANDS)[number];

export const DEFAULT_RANGE_BANDS: readonly RangeBand[] = [
  { slug: "pointBlank", tnModifier: 0, stepsPerAimDie: 2, upTo: 3 },
  { slug: "short", tnModifier: 0, stepsPerAimDie: 1, upTo: 20 },
  { slug: "medium", tnModifier: 1, stepsPerAimDie: 1, upTo: 60 },
  { slug: "long", tnModifier: 2, stepsPerAimDie: 0, upTo: 150 },
  { slug: "extreme", tnModifier: 3, stepsPerAimDie: 0, upTo: null },
];

/**
 * Each figure's limits: a TN moves by at most 10 either way (a steel TN runs
 * from 2 to 10 or so); an aim die moves the 2d6 total (2 to 12) at most 10 points.
 */
export const RANGE_BAND_LIMITS = {
  tnModifier: { min: -10, max: 10 },
  stepsPerAimDie: { min: 0, max: 10 },
  upTo: { min: 1, max: 5000 },
} as const;

const FIGURES = ["tnModifier", "stepsPerAimDie"] as const;

/** The refusal names the cell ("medium.tnModifier"), for the form to name it in words. */
const bad = (where: string, min: number, max: number): Outcome<never> => refuse("steel.rangeBands.figure", "BOUT.Steel.RangeBands.Refusal.Figure", { where, min, max });

/**
 * The world's range bands: "" or nothing for ours; otherwise an object keyed by
 * band, each band present read whole (a band left out stays ours), every
 * figure a whole number within its limits. A band stored before bands had a
 * reach (`upTo` absent) keeps ours; the reaches must grow band by band.
 */
export function readRangeBands(raw: unknown): Outcome<readonly RangeBand[]> {
  if (raw === "" || raw === null || raw === undefined) return ok(DEFAULT_RANGE_BANDS);
  if (typeof raw !== "object" || Array.isArray(raw)) return refuse("steel.rangeBands.shape", "BOUT.Steel.RangeBands.Refusal.Shape");
  const r = raw as Record<string, unknown>;
  const out: RangeBand[] = [];
  for (const ours of DEFAULT_RANGE_BANDS) {
    const band = r[ours.slug];
    if (band === undefined) {
      out.push(ours);
      continue;
    }
    if (typeof band !== "object" || band === null) return bad(`${ours.slug}.tnModifier`, RANGE_BAND_LIMITS.tnModifier.min, RANGE_BAND_LIMITS.tnModifier.max);
    const b = band as Record<string, unknown>;
    for (const f of FIGURES) {
      const { min, max } = RANGE_BAND_LIMITS[f];
      const v = b[f];
      if (!isWholeNumber(v) || v < min || v > max) return bad(`${ours.slug}.${f}`, min, max);
    }
    let upTo = ours.upTo;
    if (ours.upTo !== null && b.upTo !== undefined) {
      const { min, max } = RANGE_BAND_LIMITS.upTo;
      if (!isWholeNumber(b.upTo) || b.upTo < min || b.upTo > max) return bad(`${ours.slug}.upTo`, min, max);
      upTo = b.upTo;
    }
    out.push({ slug: ours.slug, tnModifier: b.tnModifier as number, stepsPerAimDie: b.stepsPerAimDie as number, upTo });
  }
  for (let i = 1; i < out.length; i++) {
    const [before, band] = [out[i - 1]!, out[i]!];
    if (band.upTo !== null && before.upTo !== null && band.upTo <= before.upTo) {
      return refuse("steel.rangeBands.order", "BOUT.Steel.RangeBands.Refusal.Order", { where: `${band.slug}.upTo`, band: band.slug, before: before.slug });
    }
  }
  return ok(out);
}

/** The band a shot `yards` off is at: the first whose reach holds it, else the last. */
export function bandAt(bands: readonly RangeBand[], yards: number): RangeBand {
  return bands.find((b) => b.upTo !== null && yards <= b.upTo) ?? bands[bands.length - 1]!;
}

/** A band of the world's by its id; undefined for an id that is no band. */
export function rangeBand(bands: readonly RangeBand[], id: unknown): RangeBand | undefined {
  return bands.find((b) => b.slug === id);
}

/**
 * The band a shot is at ("Missile Combat" 3b, "Apply all modifiers for Range"):
 * the one the measured yards fall in; where nothing could be measured, the GM's
 * ruling; with neither, Short (ours: the seed's bands start at point blank and
 * short, and a shot across a table with no scene is taken as a short one).
 */
export function shotBand(bands: readonly RangeBand[], yards: number | null, ruled: unknown): RangeBand | undefined {
  if (yards !== null) return bandAt(bands, yards);
  return rangeBand(bands, ruled === undefined || ruled === "" ? "short" : ruled);
}
