/** The pulse attack card's headline, read from the engine's result: the damage a strike does, a parry and what it opened, or a miss. */
import type { Headline } from "../cards";

const H = "BOUT.Card.Headline.Pulse.";

interface AttackOutcome {
  readonly strike: { readonly hit: boolean; readonly grievous: boolean };
  readonly parry: { readonly outcome: "parry" | "disarm" | "riposte" } | null;
  readonly damage: { readonly effective: number } | null;
}

export function attackHeadline(r: AttackOutcome): Headline {
  if (r.parry) return { key: `${H}Parry.${r.parry.outcome}` };
  if (!r.strike.hit) return { key: `${H}Miss` };
  const damage = r.damage?.effective ?? 0;
  if (damage <= 0) return { key: `${H}NoDamage` };
  return { key: r.strike.grievous ? `${H}Grievous` : `${H}Hit`, data: { damage } };
}
