/** The opposed attack card's headline, read from the engine's result: the Wounds a hit costs and where, or who held. */
import type { Headline } from "../cards";

const H = "BOUT.Card.Headline.Opposed.";

interface AttackOutcome {
  readonly hit: { readonly location: string; readonly wounds: { readonly suffered: number } } | null;
}

/** `ranged`: a shot, which misses rather than being fended off. */
export function attackHeadline(r: AttackOutcome, ranged: boolean): Headline {
  if (r.hit) return { key: r.hit.wounds.suffered === 1 ? `${H}HitOne` : `${H}Hit`, data: { wounds: r.hit.wounds.suffered, location: r.hit.location } };
  return { key: ranged ? `${H}ShotMiss` : `${H}Held` };
}
