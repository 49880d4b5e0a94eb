/**
 * How the GM's undo history is kept on the Combat (`system.history`, an object
 * field): each kept step under its own key, numbered as the steps come, with
 * its reverse patch in the stored form of a state (stored-state.ts). A step
 * adds one key and removes the ones that fall out; no entry is ever rewritten,
 * so a step's update carries its own entry and nothing else of the history.
 * Which steps are kept is the engine's (engine/time/undo.ts). Pure.
 */
import { isUndoEntry, readHistory, type UndoEntry } from "../../engine/time/undo";
import { decodeState, encodeState } from "./stored-state";

/** A kept step and the key it is stored under. */
export interface KeptStep {
  readonly key: string;
  readonly entry: UndoEntry;
}

/** The steps a stored `system.history` holds, oldest first: the keyed record, or older worlds' JSON text. */
export function readStoredHistory(stored: unknown): KeptStep[] {
  if (typeof stored === "string") return readHistory(stored).map((entry, i) => ({ key: String(i + 1), entry }));
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return [];
  const steps: KeptStep[] = [];
  for (const [key, raw] of Object.entries(stored as Record<string, unknown>)) {
    if (!/^[1-9][0-9]*$/.test(key) || !raw || typeof raw !== "object") continue;
    const { back, ...rest } = raw as Record<string, unknown>;
    const entry = { ...rest, back: decodeState(back) };
    if (isUndoEntry(entry)) steps.push({ key, entry });
  }
  return steps.sort((a, b) => Number(a.key) - Number(b.key));
}

/**
 * The stored record for a history: entries already kept keep their keys (found
 * by identity, as `historyAfterStep` passes them on), a new one takes the next number.
 */
export function storeHistory(kept: readonly KeptStep[], entries: readonly UndoEntry[]): Record<string, unknown> {
  let next = kept.reduce((n, s) => Math.max(n, Number(s.key)), 0);
  const out: Record<string, unknown> = {};
  for (const entry of entries) {
    const key = kept.find((s) => s.entry === entry)?.key ?? String(++next);
    out[key] = { ...entry, back: encodeState(entry.back) };
  }
  return out;
}
