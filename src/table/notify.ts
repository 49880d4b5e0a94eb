import type { Refusal } from "../engine/outcome";
import { formatCounted } from "../applications/results/plural";
import { shownHere } from "./write-notice";

/** Shows an engine refusal to the user; nothing has been written. Counted words agree with their number ("1 die", "2 dice"). */
export function notifyRefusal(refusal: Refusal): void {
  // A write not saved was told to the GM where it happened (write-notice.ts): not twice on that client.
  if (shownHere(refusal)) return;
  const data = Object.fromEntries(Object.entries(refusal.data ?? {}).map(([k, v]) => [k, String(v)]));
  ui.notifications?.warn(formatCounted(game.i18n!, refusal.message, data, game.i18n!.lang));
}
