/**
 * The headline every card opens with (attack cards and result cards alike): the
 * outcome in one line, coloured by outcome and also said in a word with an icon
 * so it reads without colour, beside the fighters' token images.
 */
import { formatCounted } from "./plural";

type Formatter = { format(key: string, data?: Record<string, string>): string; localize(key: string): string };

/**
 * A card's headline: a lang key formatted with the fighters' names (`attacker`,
 * `defender`) and `data`, whose values are localized through the card's lookups
 * where the lang file has them (a body part, a location).
 */
export interface Headline {
  readonly key: string;
  readonly data?: Readonly<Record<string, string | number>>;
  /**
   * What the table must act on besides (knocked down, a pool emptied by Shock, a
   * weapon dropped, stunned): sentences said after the outcome, in the order
   * they happened, each worded from the engine's result like the headline.
   */
  readonly then?: readonly Headline[];
}

export type Tone = "success" | "failure" | "neutral" | "waiting";

export const OUTCOME_ICONS: Readonly<Record<Tone, string>> = { success: "fa-circle-check", failure: "fa-circle-xmark", neutral: "fa-circle-info", waiting: "fa-hourglass-half" };

/** The tone's icon and word, for the headline's template. */
export function toneView(tone: Tone, i18n: Formatter) {
  return { tone, icon: OUTCOME_ICONS[tone], word: i18n.localize(`BOUT.Card.Outcome.${tone}`) };
}

/** The picture a fighter has on the table: its token's texture, else the actor's portrait. */
export function fighterImage(actor: Actor.Implementation | null): string {
  if (!actor) return "";
  const a = actor as { token?: { texture?: { src?: string | null } } | null; getActiveTokens?(linked?: boolean, document?: boolean): { texture?: { src?: string | null } }[]; prototypeToken?: { texture?: { src?: string | null } }; img?: string | null };
  const token = a.token ?? a.getActiveTokens?.(false, true)?.[0] ?? null;
  return token?.texture?.src || a.prototypeToken?.texture?.src || a.img || "";
}

/** A value localized through the lookups (a body part's key), else as it is. */
function lookedUp(value: string | number, lookups: readonly string[], i18n: Formatter): string {
  const text = String(value);
  for (const prefix of lookups) {
    const key = `${prefix}${text}`;
    const localized = i18n.localize(key);
    if (localized !== key) return localized;
  }
  return text;
}

/** A headline with what the table must act on after it (none: the headline as it is). */
export function withThen(headline: Headline, then: readonly Headline[]): Headline {
  return then.length ? { ...headline, then } : headline;
}

/** One sentence of a headline, its values localized through the lookups. */
function sentence(headline: Headline, names: { attacker: string; defender: string }, lookups: readonly string[], i18n: Formatter): string {
  const data = Object.fromEntries(Object.entries(headline.data ?? {}).map(([k, v]) => [k, lookedUp(v, lookups, i18n)]));
  return formatCounted(i18n, headline.key, { ...names, ...data });
}

/** The headline's text: the kind's own from its result (and what the table must act on after it), else what the outcome says plainly. */
export function headlineText(headline: Headline | undefined, outcome: "success" | "failure" | "neutral", names: { attacker: string; defender: string }, lookups: readonly string[], i18n: Formatter): string {
  if (!headline || typeof headline.key !== "string") return i18n.format(`BOUT.Card.Headline.${outcome}`, names);
  const then = (Array.isArray(headline.then) ? headline.then : []).filter((h) => h && typeof h.key === "string");
  return [sentence(headline, names, lookups, i18n), ...then.map((h) => sentence(h, names, lookups, i18n))].join(" ");
}
