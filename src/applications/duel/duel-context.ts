import { formatProbability } from "../../engine/odds-view";
import { ENDINGS, type DuelSummary } from "../../engine/duel";

type Formatter = { localize(key: string): string; format(key: string, data: Record<string, string>): string };

/** What a duel's length is counted in: a pulse duel counts pulses, the others rounds. */
export function duelTimeWords(ruleset: string): { mean: string; longest: string; limit: string } {
  return ruleset === "pulse"
    ? { mean: "BOUT.Duel.MeanPulses", longest: "BOUT.Duel.LongestPulses", limit: "BOUT.Duel.Ending.PulseCap" }
    : { mean: "BOUT.Duel.MeanRounds", longest: "BOUT.Duel.Longest", limit: ENDINGS.roundCap };
}

/** The chart of a finished simulation: outcome bars, each side's weapon and end condition, and why the duels ended. */
export function duelChartContext(summary: DuelSummary, i18n: Formatter, ruleset: string) {
  const time = duelTimeWords(ruleset);
  const ending = (key: string) => i18n.localize(key === ENDINGS.roundCap ? time.limit : key);
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
    meanLabel: i18n.localize(time.mean),
    longestLabel: i18n.localize(time.longest),
    longest: summary.longest,
    conditions: summary.conditionOrder.map((c) => ({
      label: i18n.localize(c),
      a: share(summary.conditions.a[c] ?? 0),
      b: share(summary.conditions.b[c] ?? 0),
    })),
    weapons: (["a", "b"] as const).map((side) => ({ name: summary.names[side], weapon: summary.weapons[side] || i18n.localize("BOUT.Duel.BareHands") })),
    endings: (["a", "b", "draw"] as const).flatMap((result) =>
      Object.entries(summary.endings[result])
        .filter(([, k]) => k > 0)
        .map(([key, k]) => ({
          label: result === "draw" ? i18n.format("BOUT.Duel.EndedDraw", { ending: ending(key) }) : i18n.format("BOUT.Duel.EndedWin", { name: summary.names[result], ending: ending(key) }),
          ...share(k),
        })),
    ),
    names: summary.names,
    policies: summary.policies,
  };
}
