import { formatProbability } from "../../engine/odds-view";
import type { DuelSummary } from "../../engine/duel";

type Formatter = { localize(key: string): string };

/** The chart of a finished simulation: outcome bars and each side's end condition. */
export function duelChartContext(summary: DuelSummary, i18n: Formatter) {
  const share = (k: number) => ({ percent: formatProbability(k / summary.n), width: Math.round((1000 * k) / summary.n) / 10 });
  return {
    title: `${summary.names.a} — ${summary.names.b}`,
    n: summary.n,
    outcomes: [
      { key: "a", label: summary.names.a, ...share(summary.wins.a) },
      { key: "draw", label: i18n.localize("BOUT.Duel.Draw"), ...share(summary.wins.draw) },
      { key: "b", label: summary.names.b, ...share(summary.wins.b) },
    ],
    interval: `${formatProbability(summary.winRateAInterval.low)} – ${formatProbability(summary.winRateAInterval.high)}`,
    meanRounds: summary.meanRounds.toFixed(2),
    longest: summary.longest,
    conditions: summary.conditionOrder.map((c) => ({
      label: i18n.localize(c),
      a: share(summary.conditions.a[c] ?? 0),
      b: share(summary.conditions.b[c] ?? 0),
    })),
    names: summary.names,
    policies: summary.policies,
  };
}
