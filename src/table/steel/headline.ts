/** The steel exchange's card headline, read from the engine's exchange result: who won, and the wound a landed blow left. */
import type { Headline } from "../cards";

const H = "BOUT.Card.Headline.Steel.";

interface ExchangeOutcome {
  readonly winner: string;
  readonly hit: { readonly level: number; readonly part: string } | null;
}

/** `attackerRef`: the attacker's fighter ref (the winner is named by ref); `struck`: who took the blow (the defender, or the horse). */
export function exchangeHeadline(r: ExchangeOutcome, attackerRef: string, struck: string): Headline {
  if (r.hit && r.hit.level > 0) return { key: `${H}Wound`, data: { level: r.hit.level, part: r.hit.part, struck } };
  if (r.hit) return { key: `${H}Bruise`, data: { part: r.hit.part, struck } };
  return { key: r.winner === attackerRef ? `${H}Won` : `${H}Defended` };
}
