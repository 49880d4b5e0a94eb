/**
 * Our v13 queries, all named `bout.<name>`. Handlers get the data only (no
 * sender): every handler re-checks what it is asked against the documents and
 * the grants, and answers `{ ok: false, refusal }` rather than throwing.
 * Every query has a timeout: a client that never answers holds up nobody.
 */
import { SYSTEM_ID } from "../config";

type Handler = (data: any, options: { timeout?: number }) => unknown;

/** How long a query waits for its answer (ms) unless `CONFIG.BOUT.queryTimeout` says otherwise. */
export const DEFAULT_QUERY_TIMEOUT = 10_000;

export function queryTimeout(): number {
  const t = (CONFIG as { BOUT?: { queryTimeout?: unknown } }).BOUT?.queryTimeout;
  return typeof t === "number" && Number.isFinite(t) && t > 0 ? t : DEFAULT_QUERY_TIMEOUT;
}

export function registerQuery(name: string, handler: Handler): void {
  (CONFIG.queries as unknown as Record<string, Handler>)[`${SYSTEM_ID}.${name}`] = handler;
}

/** A query's result: the answer, or none (no such user, not connected, no answer within the timeout, or the handler failed). */
export type Asked<T> = { readonly answered: true; readonly value: T } | { readonly answered: false };

export async function ask<T = unknown>(user: User.Implementation | null | undefined, name: string, data: unknown, timeout = queryTimeout()): Promise<Asked<T>> {
  if (!user) return { answered: false };
  try {
    const value = await (user as { query(n: string, d: unknown, o: { timeout: number }): Promise<T> }).query(`${SYSTEM_ID}.${name}`, data, { timeout });
    return { answered: true, value };
  } catch {
    return { answered: false };
  }
}

/** The active GM, who applies what players may not write themselves. */
export function activeGM(): User.Implementation | null {
  return (game.users?.activeGM as User.Implementation | null | undefined) ?? null;
}
