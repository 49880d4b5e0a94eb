/**
 * Odds as a dialog shows them: labelled probabilities, computed exactly by the
 * dice engine. A ruleset turns its distributions into this shape; the shell only
 * formats and draws it.
 */
export interface OddsRow {
  /** Localization key, with values for its {placeholders}. */
  readonly label: string;
  readonly data?: Readonly<Record<string, string | number>>;
  /** 0..1. */
  readonly probability: number;
  /** The outcome the user most cares about (drawn first and bold). */
  readonly headline?: boolean;
}

/** One bar of a distribution: an outcome's short label (a count, a level) and its chance. */
export interface OddsBar {
  readonly label: string;
  readonly probability: number;
}

/** A whole distribution drawn as bars (successes rolled, MOS, Success Levels). */
export interface OddsDistribution {
  readonly label: string;
  readonly data?: Readonly<Record<string, string | number>>;
  readonly bars: readonly OddsBar[];
  /** The bars' labels are localization keys (result levels) rather than numbers. */
  readonly keyed?: boolean;
}

export interface OddsView {
  readonly rows: readonly OddsRow[];
  readonly distributions?: readonly OddsDistribution[];
  /** Set when a distribution had to be cut off (the stress die's endless rerolls). */
  readonly truncatedBelow?: number;
}

/** A probability as a percentage with one decimal, never showing 0% or 100% for a possible/impossible-but-not-quite event. */
export function formatProbability(p: number): string {
  if (!(p >= 0)) return "—";
  if (p === 0) return "0%";
  if (p === 1) return "100%";
  if (p < 0.001) return "<0.1%";
  if (p > 0.999) return ">99.9%";
  return `${(p * 100).toFixed(1)}%`;
}

/** Bars below this chance at either end are folded into their neighbour ("≤k", "≥k"): unreadable slivers otherwise. */
export const TAIL = 0.0005;

/**
 * A numeric distribution as bars in ascending order, its thin tails folded into
 * "≤k" and "≥k" bars so a 40-die pool stays readable. Mass is never dropped.
 */
export function histogram(entries: Iterable<readonly [number, number]>, tail = TAIL): OddsBar[] {
  const sorted = [...entries].filter(([, p]) => p > 0).sort((a, b) => a[0] - b[0]);
  if (!sorted.length) return [];
  let lo = 0;
  let low = 0;
  while (lo < sorted.length - 1 && low + sorted[lo]![1] < tail) low += sorted[lo++]![1];
  let hi = sorted.length - 1;
  let high = 0;
  while (hi > lo && high + sorted[hi]![1] < tail) high += sorted[hi--]![1];
  const kept = sorted.slice(lo, hi + 1);
  return kept.map(([k, p], i) => {
    const first = i === 0 && low > 0;
    const last = i === kept.length - 1 && high > 0;
    const label = first && last ? `${sorted[0]![0]}–${sorted[sorted.length - 1]![0]}` : first ? `≤${k}` : last ? `≥${k}` : String(k);
    return { label, probability: p + (first ? low : 0) + (last ? high : 0) };
  });
}

/** An array indexed by outcome (a pool's success counts) as [outcome, chance] pairs. */
export const indexed = (probabilities: readonly number[]): [number, number][] => probabilities.map((p, k) => [k, p]);
