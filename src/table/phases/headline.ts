/** The phases attack card's headline, read from the engine's result: a miss, a hit that the Soak stops, or the wound levels taken. */
import type { Headline } from "../cards";

const H = "BOUT.Card.Headline.Phases.";

export function attackHeadline(hit: boolean, wounds: number, missile: boolean): Headline {
  if (!hit) return { key: missile ? `${H}ShotMiss` : `${H}Miss` };
  if (wounds <= 0) return { key: `${H}Soaked` };
  return { key: wounds === 1 ? `${H}Wound` : `${H}Wounds`, data: { wounds } };
}

/** A fatigue check: kept going, or the fatigue levels lost. */
export function fatigueHeadline(r: { readonly passed: boolean; readonly lost: number }): Headline {
  return r.passed || r.lost <= 0 ? { key: `${H}Fatigue.Passed` } : { key: `${H}Fatigue.Tired`, data: { lost: r.lost } };
}

/** An athletics roll: made, failed, or botched. */
export function athleticsHeadline(r: { readonly passed: boolean; readonly botched: boolean }): Headline {
  return { key: `${H}Athletics.${r.passed ? "Passed" : r.botched ? "Botched" : "Failed"}` };
}

/** The Magic phase's turn: the spell is the table's to resolve. */
export function magicHeadline(): Headline {
  return { key: `${H}Magic` };
}

/** A fatigue check that spends the last level: the fighter falls unconscious (the track's out). `who`: a name. */
export function fatigueAftermath(r: { readonly after: { readonly out: boolean } }, who: string): Headline[] {
  return r.after.out ? [{ key: "BOUT.Card.Headline.Then.Unconscious", data: { who } }] : [];
}
