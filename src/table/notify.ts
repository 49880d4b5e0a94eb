import type { Refusal } from "../engine/outcome";
import { formatCounted } from "../applications/results/plural";

/** Text as element content: the three characters markup reads (a notice is never an attribute, so quotes stay as they are). */
const asText = (value: string): string => value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * A notice's text: the key formatted with every value escaped. A notice is HTML
 * (v13 Notifications#notify cleans the message and shows it as markup), and the
 * values are often names anyone may choose (a player names her own character):
 * escaped, a name is read as text. Counted words agree with their number.
 */
export function noticeText(key: string, data: Readonly<Record<string, unknown>> = {}): string {
  const safe = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, asText(String(v))]));
  return formatCounted(game.i18n!, key, safe, game.i18n!.lang);
}

/** The refusal a decision answers with when its writes were not all saved (write-notice.ts). */
export const NOT_SAVED = "write.notSaved";

/** Was this refusal already shown on this client (the GM's notice where it was written)? */
export function shownHere(refusal: Refusal): boolean {
  return refusal.code === NOT_SAVED && Boolean(refusal.data?.shownTo) && refusal.data?.shownTo === game.user?.id;
}

/** Shows an engine refusal to the user; nothing has been written. */
export function notifyRefusal(refusal: Refusal): void {
  // A write not saved was told to the GM where it happened (write-notice.ts): not twice on that client.
  if (shownHere(refusal)) return;
  ui.notifications?.warn(noticeText(refusal.message, refusal.data ?? {}));
}
