/**
 * Our v13 queries, all named `bout.<name>`. Handlers get the data only (no
 * sender): every handler re-checks what it is asked against the documents and
 * the grants, and answers `{ ok: false, refusal }` rather than throwing.
 */
import { SYSTEM_ID } from "../config";
import { queued } from "./write-queue";

type Handler = (data: any, options: { timeout?: number }) => unknown;

export function registerQuery(name: string, handler: Handler): void {
  (CONFIG.queries as unknown as Record<string, Handler>)[`${SYSTEM_ID}.${name}`] = handler;
}

export async function ask<T = unknown>(user: User.Implementation | null | undefined, name: string, data: unknown): Promise<T | null> {
  if (!user) return null;
  return (await (user as unknown as { query(n: string, d: unknown): Promise<T> }).query(`${SYSTEM_ID}.${name}`, data)) ?? null;
}

/** The active GM, who applies what players may not write themselves. */
export function activeGM(): User.Implementation | null {
  return (game.users?.activeGM as User.Implementation | null | undefined) ?? null;
}

/**
 * Runs `task` after every earlier task for the same key has finished (two clicks cannot both pass a check).
 * The older form of `queued` (write-queue.ts), kept for callers that name one document by
 * `card:<message id>` or `combat:<combat id>`: it is the same queue as the document's uuid.
 */
export function serialize<T>(key: string, task: () => Promise<T>): Promise<T> {
  const [kind, id] = key.split(":", 2);
  const uuid = kind === "card" && id ? `ChatMessage.${id}` : kind === "combat" && id ? `Combat.${id}` : key;
  return queued([uuid], () => task());
}
