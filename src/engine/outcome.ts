/**
 * How the engine refuses. Bad input (a negative dice spend, more dice than the pool
 * holds, a non-number, an action out of turn) is not an exception: the engine
 * returns a refusal with a localization key, and the shell shows it as a
 * notification and writes nothing.
 */

export interface Refusal {
  /** A stable code tests can assert on, e.g. "dice.tooMany". */
  readonly code: string;
  /** Localization key of the message shown to the user. */
  readonly message: string;
  /** Values for the message's {placeholders}. */
  readonly data?: Readonly<Record<string, string | number>>;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: Refusal };

export function ok<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

/** A check that passed, shared: checks the duel loops call per attack return it instead of building one. */
export const PASSED: Outcome<true> = Object.freeze({ ok: true, value: true } as const);

export function refuse<T = never>(code: string, message: string, data?: Record<string, string | number>): Outcome<T> {
  return { ok: false, refusal: data ? { code, message, data } : { code, message } };
}

/** True for a finite integer; form input and query payloads arrive untyped. */
export function isWholeNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value);
}
