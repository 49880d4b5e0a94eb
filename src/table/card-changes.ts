/**
 * Whether a card's result changes anything when applied: read from the result
 * data the engine's resolution stored (the actor updates, item changes and
 * deletions, and conditions Apply writes). A card whose result changes nothing
 * (no Health lost to bleeding, no fatigue, a note that the GM works a spell out)
 * needs no Apply: it is done as it is resolved, and shows no button.
 */

/** A change relative to the figure (cards.ts `delta`) that moves it by nothing. */
const noMove = (value: unknown): boolean => Boolean(value && typeof value === "object" && "$delta" in value && (value as { $delta: unknown }).$delta === 0);

/** Entries of a `ref → something` map that carry anything to write. */
function written(map: unknown, carries: (value: unknown) => boolean): boolean {
  if (!map || typeof map !== "object") return false;
  return Object.values(map as Record<string, unknown>).some(carries);
}

const anyUpdate = (update: unknown): boolean => Boolean(update && typeof update === "object" && Object.values(update as Record<string, unknown>).some((v) => !noMove(v)));
const anyEntry = (list: unknown): boolean => Array.isArray(list) && list.length > 0;
/** An item change writes something besides naming its item (`_id`) and moving nothing. */
const anyItemChange = (list: unknown): boolean => Array.isArray(list) && list.some((c) => c && typeof c === "object" && Object.entries(c as Record<string, unknown>).some(([k, v]) => k !== "_id" && !noMove(v)));

/** The stored result (or a kind's resolution) changes nothing when applied. */
export function changesNothing(result: unknown): boolean {
  if (!result || typeof result !== "object") return true;
  const r = result as { updates?: unknown; itemUpdates?: unknown; itemDeletes?: unknown; statuses?: unknown };
  return !written(r.updates, anyUpdate) && !written(r.itemUpdates, anyItemChange) && !written(r.itemDeletes, anyEntry) && !written(r.statuses, anyEntry);
}
