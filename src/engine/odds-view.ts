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

export interface OddsView {
  readonly rows: readonly OddsRow[];
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
