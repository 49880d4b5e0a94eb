/** The phases attack card's headline, read from the engine's result: a miss, a hit that the Soak stops, or the wound levels taken. */
import type { Headline } from "../cards";

const H = "BOUT.Card.Headline.Phases.";

export function attackHeadline(hit: boolean, wounds: number, missile: boolean): Headline {
  if (!hit) return { key: missile ? `${H}ShotMiss` : `${H}Miss` };
  if (wounds <= 0) return { key: `${H}Soaked` };
  return { key: wounds === 1 ? `${H}Wound` : `${H}Wounds`, data: { wounds } };
}
