/**
 * How the GM's undo history is kept on the Combat (`system.history`, an object
 * field): each kept step under its own key, numbered as the steps come, with
 * its reverse patch in the stored form of a state (stored-state.ts). A step
 * adds one key and removes the ones that fall out; no entry is ever rewritten,
 * so a step's update carries its own entry and nothing else of the history.
 * Which steps are kept is the engine's (engine/time/undo.ts). Pure.
 */
import { readHistory, type Patch, type UndoEntry } from "../../engine/time/undo";
import { decodeState, encodeState, fieldChange } from "./stored-state";

/** A kept step and the key it is stored under. */
export interface KeptStep {
  readonly key: string;
  readonly entry: UndoEntry;
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A stored entry read back. Its patch is read when it is first asked for (an
 * undo), not at every preparation of the Combat: the history is read after
 * every update, the patches almost never.
 */
function readEntry(raw: Obj): UndoEntry | null {
  const { back, at, seconds, size } = raw;
  if (!Array.isArray(back) || typeof at !== "string" || typeof seconds !== "number") return null;
  let patch: Patch | undefined;
  const entry = { at, seconds, ...(typeof size === "number" ? { size } : {}) } as UndoEntry;
  Object.defineProperty(entry, "back", { enumerable: true, get: () => (patch ??= decodeState(back) as Patch) });
  return entry;
}

/** The steps a stored `system.history` holds, oldest first: the keyed record, or older worlds' JSON text. */
export function readStoredHistory(stored: unknown): KeptStep[] {
  if (typeof stored === "string") return readHistory(stored).map((entry, i) => ({ key: String(i + 1), entry }));
  if (!isObject(stored)) return [];
  const steps: KeptStep[] = [];
  for (const [key, raw] of Object.entries(stored)) {
    if (!/^[1-9][0-9]*$/.test(key) || !isObject(raw)) continue;
    const entry = readEntry(raw);
    if (entry) steps.push({ key, entry });
  }
  return steps.sort((a, b) => Number(a.key) - Number(b.key));
}

const storedEntry = (entry: UndoEntry): Obj => ({ back: encodeState(entry.back), at: entry.at, seconds: entry.seconds, ...(entry.size !== undefined ? { size: entry.size } : {}) });

/**
 * The stored record for a history: entries already kept keep their keys (found
 * by identity, as `historyAfterStep` passes them on), a new one takes the next number.
 */
export function storeHistory(kept: readonly KeptStep[], entries: readonly UndoEntry[]): Record<string, unknown> {
  let next = kept.reduce((n, s) => Math.max(n, Number(s.key)), 0);
  const out: Record<string, unknown> = {};
  for (const entry of entries) {
    const key = kept.find((s) => s.entry === entry)?.key ?? String(++next);
    out[key] = storedEntry(entry);
  }
  return out;
}

/**
 * The update of `system.history` from what the database holds (`source`, read
 * as `kept`) to `entries`: the new step's key, and the removal of those that fell
 * out; nothing else of the history is read or written. Older worlds' JSON text
 * is replaced whole.
 */
export function historyChange(source: unknown, kept: readonly KeptStep[], entries: readonly UndoEntry[]): unknown {
  if (!isObject(source)) return fieldChange(source, storeHistory(kept, entries));
  let next = kept.reduce((n, s) => Math.max(n, Number(s.key)), 0);
  const stays = new Set<string>();
  const change: Obj = {};
  for (const entry of entries) {
    const key = kept.find((s) => s.entry === entry)?.key;
    if (key) stays.add(key);
    else change[String(++next)] = storedEntry(entry);
  }
  for (const s of kept) if (!stays.has(s.key) && Object.hasOwn(source, s.key)) change[`-=${s.key}`] = null;
  return Object.keys(change).length ? change : null;
}
