import type { Refusal } from "../engine/outcome";

/** Shows an engine refusal to the user; nothing has been written. */
export function notifyRefusal(refusal: Refusal): void {
  const data = Object.fromEntries(Object.entries(refusal.data ?? {}).map(([k, v]) => [k, String(v)]));
  ui.notifications?.warn(game.i18n!.format(refusal.message, data));
}
