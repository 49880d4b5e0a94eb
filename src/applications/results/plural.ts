/**
 * Counted words in card lines. A lang string says a word that follows a count
 * as `{n|one|other}` ("{successes} {successes|success|successes}"), picked by
 * the language's plural rules for the value of `n`; Foundry's own `format`
 * then fills in the rest. Only card lines and headlines go through here.
 */
type Formatter = { format(key: string, data?: Record<string, string>): string; localize(key: string): string };

const COUNTED = /\{(\w+)\|([^|{}]*)\|([^{}]*)\}/g;

export function formatCounted(i18n: Formatter, key: string, data: Record<string, string>, lang = "en"): string {
  const raw = i18n.localize(key);
  if (!raw.includes("|")) return i18n.format(key, data);
  const rules = new Intl.PluralRules(lang);
  const chosen = raw.replace(COUNTED, (_m, n: string, one: string, other: string) => (rules.select(Number(data[n])) === "one" ? one : other));
  return i18n.format(chosen, data);
}
