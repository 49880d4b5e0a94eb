/**
 * Capability grants. A v13 query handler does not learn who sent the query, so
 * the active GM's client hands each user, through a query only that user's
 * client receives, a secret token for every actor the user owns. A player's
 * request carries the token of the actor it acts for; the GM accepts it only
 * if it matches. Tokens live in client memory and are re-issued when the GM's
 * client starts, so a reload never leaves stale ones behind.
 */
import { activeGM, ask, registerQuery } from "./query";

const issued = new Map<string, string>(); // GM: actorId → token
const held = new Map<string, string>(); // player: actorId → token

function newToken(): string {
  return foundry.utils.randomID(24);
}

/** GM: the token for an actor, created once per GM session. */
function tokenFor(actorId: string): string {
  let token = issued.get(actorId);
  if (!token) {
    token = newToken();
    issued.set(actorId, token);
  }
  return token;
}

/** GM: does this token act for this actor? */
export function checkGrant(actorId: string | null | undefined, token: unknown): boolean {
  return Boolean(actorId) && typeof token === "string" && issued.get(actorId!) === token;
}

/** GM: send a user the tokens of the actors they own (never to GMs, who need none). */
export async function grantUser(userId: string): Promise<void> {
  const user = game.users!.get(userId);
  if (!user || user.isGM || !user.active) return;
  const grants: Record<string, string> = {};
  for (const actor of game.actors!) if (actor.testUserPermission(user, "OWNER")) grants[actor.id!] = tokenFor(actor.id!);
  await ask(user as never, "grant", { grants });
}

export async function grantAll(): Promise<void> {
  if (!game.user?.isActiveGM) return;
  for (const user of game.users!) if (!user.isGM && user.active) await grantUser(user.id!);
}

/** Player: the token for an actor this client was granted. */
export function heldToken(actorId: string | null | undefined): string | undefined {
  return actorId ? held.get(actorId) : undefined;
}

export function registerGrantQueries(): void {
  registerQuery("grant", (data: { grants?: Record<string, string> }) => {
    for (const [actorId, token] of Object.entries(data?.grants ?? {})) if (typeof token === "string") held.set(actorId, token);
    return true;
  });
  // Anyone may ask; the tokens only ever go to the named user's own client.
  registerQuery("requestGrants", async (data: { userId?: string }) => {
    if (!game.user?.isActiveGM || typeof data?.userId !== "string") return false;
    await grantUser(data.userId);
    return true;
  });
}

/** At start-up: the GM hands out tokens; a player asks for its own. */
export async function initGrants(): Promise<void> {
  if (game.user?.isActiveGM) return grantAll();
  const gm = activeGM();
  if (gm && !game.user?.isGM) await ask(gm, "requestGrants", { userId: game.user!.id });
}

/** Test hook: forget everything this client holds or issued. */
export function resetGrants(): void {
  issued.clear();
  held.clear();
}
