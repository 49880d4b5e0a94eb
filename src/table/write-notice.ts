/**
 * What the GM is told when a decision's writes were not all saved (batch.ts
 * `Committed`): which changes, in plain words, and why (a module or world script
 * stopped it, Foundry did not accept a value, the server refused it), with what
 * that leaves (nothing saved; saved in part, with what to do next). The notice
 * shows on the client that wrote, the active GM's; the user who asked gets the
 * refusal back, which does not repeat it on the GM's own client.
 */
import { refuse, type Outcome } from "../engine/outcome";
import type { Committed, Unsaved, Why } from "./batch";
import { NOT_SAVED, noticeText } from "./notify";

/** What was not saved, and what that leaves: a key under BOUT.Write (formatted with {missing}). */
export type Aftermath = "Apply.None" | "Apply.Partly" | "Apply.Stuck" | "Answer.None" | "Answer.Partly" | "Post.None" | "Post.Partly" | "Step.None" | "Step.Partly" | "Start.None" | "Undo.None" | "Open.None" | "Declare.None" | "Bar.None" | "Sheet.None" | "Style.None" | "MarkLost";

export { NOT_SAVED } from "./notify";

/** The aftermath of a decision whose writes were not all saved, from what its commit returned. */
export function aftermathOf(decision: "Apply" | "Answer" | "Post" | "Step", committed: Committed): Aftermath {
  if (!committed.marked) return committed.saved ? "MarkLost" : `${decision}.None`;
  return decision === "Apply" ? "Apply.Partly" : `${decision}.Partly`;
}

/**
 * What was not saved, as a sentence: each cause once with what it held ("Not
 * saved: the figures of Wolf and the conditions of Wolf, because a module or
 * world script stopped the change."). What was never sent after a change not saved is named when
 * the decision's mark was saved (then it is part of what is missing); when the
 * mark was not, nothing was saved and the cause alone is named. A v14 batch
 * refused as a whole adds its error, or says so when Foundry gave none here.
 */
export function unsavedText(committed: Committed): string {
  const i18n = game.i18n!;
  const groups = new Map<string, { why: Why; error?: string; labels: string[] }>();
  for (const u of committed.unsaved) {
    if (u.why === "withBatch" || (u.why === "unsent" && !committed.marked)) continue;
    const key = `${u.why}\u0000${u.error ?? ""}`;
    const group = groups.get(key) ?? { why: u.why, ...(u.error === undefined ? {} : { error: u.error }), labels: [] };
    if (!group.labels.includes(u.label)) group.labels.push(u.label);
    groups.set(key, group);
  }
  const and = new Intl.ListFormat(i18n.lang, { type: "conjunction" });
  const list = [...groups.values()].map((g) => i18n.format("BOUT.Write.Unsaved", { what: and.format(g.labels), why: whyText(g.why, g.error) }));
  const sentences = list.length ? [i18n.format("BOUT.Write.Missing", { list: list.join("; ") })] : [];
  const refused = committed.batchRefused;
  if (refused?.error !== undefined) sentences.push(i18n.format("BOUT.Write.Why.BatchFailed", { error: refused.error }));
  else if (refused && !list.length) sentences.push(i18n.localize("BOUT.Write.Why.Refused"));
  return sentences.join(" ");
}

function whyText(why: Why, error?: string): string {
  const i18n = game.i18n!;
  if (why === "invalid") return i18n.localize("BOUT.Write.Why.Invalid");
  if (why === "failed") return i18n.format("BOUT.Write.Why.Failed", { error: error ?? "" });
  if (why === "unsent") return i18n.localize("BOUT.Write.Why.Unsent");
  return i18n.localize("BOUT.Write.Why.Stopped");
}

/**
 * Tells the GM (this client, which wrote) what was not saved and what that
 * leaves, and returns the refusal for whoever asked: a player reads that the GM
 * has been told; on this client it is not shown twice (notify.ts).
 */
export function notSaved(aftermath: Aftermath, committed: Committed): Outcome<never> {
  ui.notifications?.error(noticeText(`BOUT.Write.${aftermath}`, { missing: unsavedText(committed) }));
  return refuse(NOT_SAVED, "BOUT.Write.NotSaved", { shownTo: game.user?.id ?? "" });
}

/** The unsaved entries' tags, for a caller that redoes only those. */
export function unsavedTags<T>(unsaved: readonly Unsaved[]): T[] {
  return unsaved.flatMap((u) => u.tags as T[]);
}
