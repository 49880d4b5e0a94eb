/**
 * The fight's machine states a client has read or written, by fingerprint
 * (engine/time/undo.ts), so the GM's client does not read the whole stored
 * state back after each of its own steps (issue 35): every write of a state
 * carries its fingerprint (`system.fingerprint`), and the client that worked the
 * state out keeps it under that fingerprint. A Combat whose stored fingerprint
 * names a state kept here is read as that state; any other is read whole.
 *
 * States kept here are frozen: they are shared from one step to the next (a
 * machine's new state shares every part it left alone), so nothing may change
 * one in place. Pure: no Foundry globals.
 */
import { fingerprint } from "../../engine/time/undo";
import { decodeState } from "./stored-state";

/** States kept, the most recent last. */
const KEPT = 12;
const byPrint = new Map<string, unknown>();
/** Fingerprints of states worked out or read here. */
const prints = new WeakMap<object, string>();
/** Combats whose stored fingerprint was left as it was by a write that changed their state (not ours): not to be trusted. */
const distrusted = new Map<string, string>();

/** Freezes `value` and every part of it not frozen yet (a part already frozen is frozen through). */
function freeze(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  // Indexed or by key, without a list of the values: a new state's long lists are mostly entries frozen already (issue 35).
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) freeze(value[i]);
  else for (const key in value) freeze((value as Record<string, unknown>)[key]);
}

/** Keeps a state worked out here (frozen) under its fingerprint. */
export function keepState(state: unknown, print: string): void {
  if (typeof state !== "object" || state === null) return;
  freeze(state);
  prints.set(state, print);
  byPrint.delete(print);
  byPrint.set(print, state);
  while (byPrint.size > KEPT) byPrint.delete(byPrint.keys().next().value!);
}

/** A state's fingerprint: known when the state was kept or read here, else worked out whole once. */
export function printOf(state: unknown): string {
  if (typeof state !== "object" || state === null) return fingerprint(state);
  let print = prints.get(state);
  if (print === undefined) prints.set(state, (print = fingerprint(state)));
  return print;
}

/**
 * The machine state a Combat's stored `system.state` holds (null before the
 * start): the state kept under the stored fingerprint `print`, else the stored
 * form read whole (the structured form, or older worlds' JSON text). Frozen.
 */
export function readState(stored: unknown, print: string, combatId: string | null): unknown {
  if (typeof stored === "string") {
    let state: unknown = null;
    try {
      state = stored ? (JSON.parse(stored) as unknown) : null;
    } catch {
      state = null;
    }
    freeze(state);
    return state;
  }
  if (!stored || typeof stored !== "object" || !Object.keys(stored).length) return null;
  const trusted = print && !(combatId && distrusted.get(combatId) === print);
  if (trusted && byPrint.has(print)) return byPrint.get(print);
  const state = decodeState(stored);
  // Written by a client of ours with its fingerprint: kept under it, for the next read and the next step here.
  if (trusted) keepState(state, print);
  else freeze(state);
  return state;
}

/**
 * A write changed a Combat's state without its fingerprint (not a write of ours):
 * the stored fingerprint no longer names the stored state, so this Combat is
 * read whole until a write of ours gives it a new one.
 */
export function distrustPrint(combatId: string, print: string): void {
  distrusted.set(combatId, print);
}
