/**
 * Who is asking. A v13 query handler is not told who sent the query
 * (foundryvtt#13418), and any player may send any query with any payload to
 * anyone. The one thing the server does vouch for is where a query goes: a
 * query addressed to a user reaches only that user's clients, and its answer
 * comes back from them.
 *
 * So each client mints its own secret pass, in memory, and sends it (with its
 * user id) in every request to the active GM, and to nobody else. The first
 * time the active GM's client meets a pass it asks the named user's own client
 * "is this yours?" (a `confirm` query, with a timeout), and binds the pass to
 * that user for as long as the user stays connected. A pass bound to one user
 * never speaks for another; a player cannot make another's client hold or
 * accept anything (nothing is ever pushed to a player), and a client that
 * never answers delays only its own first request.
 *
 * A pass names a user, never an actor: what the user may do is decided at each
 * use from the documents, `actor.testUserPermission(user, "OWNER")` on the very
 * actor acted for (an unlinked token's synthetic actor, whose ownership may
 * differ from its world actor's). A user who loses ownership loses it at once;
 * one who gains it acts at once; nothing is re-issued, and a new active GM
 * (with none of the old one's memory) binds each pass again the first time it
 * is used. Players also greet each new active GM, so that binding is usually
 * done before their first click.
 */
import { refuse, type Outcome } from "../engine/outcome";
import { activeGM, ask, registerQuery } from "./query";

type Credential = { readonly userId: string; readonly key: string };

// ---- every client: its own pass ----------------------------------------------

let pass = "";

function ownPass(): string {
  if (!pass) pass = foundry.utils.randomID(32);
  return pass;
}

/** What a request carries to say who sends it (to the active GM only). */
function credential(): Credential {
  return { userId: game.user!.id!, key: ownPass() };
}

/**
 * Player (or a GM who is not the active GM): send a request to the active GM
 * with this client's pass. Refused here when no GM is connected, or when the
 * GM's client does not answer within the timeout.
 */
export async function askGM<T = unknown>(name: string, data: Record<string, unknown>): Promise<Outcome<T>> {
  const gm = activeGM();
  if (!gm) return refuse("combat.noGm", "BOUT.Combat.NoGm");
  const answer = await ask<Outcome<T>>(gm, name, { ...data, credential: credential() });
  if (!answer.answered) return refuse("combat.gmSilent", "BOUT.Combat.GmSilent", { name: gm.name ?? "" });
  const value = answer.value;
  return value && typeof value === "object" && typeof (value as { ok?: unknown }).ok === "boolean" ? value : refuse("combat.gmSilent", "BOUT.Combat.GmSilent", { name: gm.name ?? "" });
}

// ---- the active GM: which user holds which pass -------------------------------

/** pass → user id, for this GM client's session. */
const bound = new Map<string, string>();
/** Confirmations on their way: `userId:pass` → answer. */
const confirming = new Map<string, Promise<boolean>>();
/** At most this many passes waiting to be confirmed per user: a flood of made-up passes does not flood that user's client. */
const MAX_CONFIRMING = 4;

/** Active GM: the user a request comes from, or null when its pass is not that user's. */
export async function requester(data: unknown): Promise<User.Implementation | null> {
  const c = (data as { credential?: { userId?: unknown; key?: unknown } } | null | undefined)?.credential;
  if (!c || typeof c.userId !== "string" || typeof c.key !== "string" || c.key.length < 16) return null;
  const user = game.users?.get(c.userId) as User.Implementation | undefined;
  if (!user) return null;
  const key = c.key;
  const holder = bound.get(key);
  if (holder) return holder === user.id ? user : null;
  if (user.id === game.user?.id) return pass !== "" && key === pass ? user : null;
  const id = `${user.id}:${key}`;
  let pending = confirming.get(id);
  if (!pending) {
    const waiting = [...confirming.keys()].filter((k) => k.startsWith(`${user.id}:`)).length;
    if (waiting >= MAX_CONFIRMING) return null;
    pending = ask<boolean>(user, "confirm", { key }).then((a) => a.answered && a.value === true);
    confirming.set(id, pending);
    void pending.finally(() => confirming.delete(id));
  }
  if (!(await pending)) return null;
  const now = bound.get(key);
  if (now && now !== user.id) return null;
  bound.set(key, user.id!);
  return user;
}

/**
 * May this user act for this actor? Checked at each use against the actor's
 * current ownership: pass the actual document acted for (a token's synthetic
 * actor). GMs own everything.
 */
export function checkGrant(target: unknown, user: unknown): boolean {
  const u = user as User.Implementation | null | undefined;
  if (!u || typeof u !== "object" || !u.id || game.users?.get(u.id) !== u) return false;
  // The document acted for, never an id: a world actor's id would stand for every one of its unlinked tokens.
  const test = (target as { testUserPermission?: unknown } | null | undefined)?.testUserPermission;
  return typeof test === "function" && (target as Actor.Implementation).testUserPermission(u, "OWNER");
}

/**
 * A request handled by the active GM only, and only once it knows who sends it:
 * `from` is the sending user, confirmed by that user's own client. The check
 * runs before the handler, so a silent client never holds up a queue.
 */
export function registerRequest(name: string, handler: (data: any, from: User.Implementation) => unknown): void {
  registerQuery(name, async (data: unknown) => {
    if (!game.user?.isActiveGM) return refuse("combat.notGm", "BOUT.Combat.NoGm");
    const from = await requester(data);
    if (!from) return refuse("grant.unconfirmed", "BOUT.Grant.Unconfirmed");
    return handler(data ?? {}, from);
  });
}

export function registerGrantQueries(): void {
  // Asked by the active GM: is this pass mine? Changes nothing, whoever asks.
  registerQuery("confirm", (data: { key?: unknown } | null) => pass !== "" && data?.key === pass);
  // A player greets a new active GM, who binds the pass there and then.
  registerRequest("hello", () => ({ ok: true, value: true }));
  // A user who leaves takes their passes along: a reconnected client mints a new one.
  Hooks.on("userConnected", (user: User.Implementation, connected: boolean) => {
    if (connected) return;
    for (const [key, userId] of bound) if (userId === user.id) bound.delete(key);
  });
}

/** Not the active GM: have the active GM bind this client's pass now (no notification when it cannot). */
export async function greetGM(): Promise<void> {
  if (game.user?.isActiveGM || !activeGM()) return;
  await askGM("hello", {});
}

/** Test hook: forget every binding this client made. */
export function resetGrants(): void {
  bound.clear();
}
