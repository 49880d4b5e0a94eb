/**
 * Users as Foundry v13 treats them: the active GM, user permissions, and the
 * routing of `User#query` through the server.
 *
 * - `designatedUser` follows v13 `Users#getDesignatedUser`, which
 *   `Users#activeGM` calls with `user => user.active && user.isGM`: of the
 *   qualifying users the one with the highest role, then the lowest id
 *   (compared as plain strings, as core's `String#compare`). `isGM` is
 *   `hasRole("ASSISTANT")` (BaseUser#isGM), so an assistant GM is the active GM
 *   when no full GM is connected.
 * - `hasPermission` follows v13 `BaseUser#hasPermission`: a banned user has
 *   none; an explicit `user.permissions[name]` wins; otherwise the world's
 *   role table (`game.permissions`, the `core.permissions` setting) decides,
 *   whose default grants each permission of `CONST.USER_PERMISSIONS` to its
 *   `defaultRole` and every role above. `QUERY_USER` defaults to PLAYER.
 * - `routeQuery` is the server's half of `User#query` (v13 client: `User#query`
 *   emits "userQuery" and waits for the acknowledgement; the target's
 *   `Users.#handleUserQuery` runs `CONFIG.queries[name](data, {timeout})` and
 *   acknowledges `{status: "fulfilled", value}` or `{status: "rejected", reason}`;
 *   a target with no such handler throws before acknowledging, so it never
 *   answers). The handler is given the data and the timeout only: never who
 *   asked (foundryvtt#13418). The server's own code is not public; the harness
 *   assumes it sends the query to every connection of the target user, takes
 *   the first answer, and rejects when `timeout` milliseconds pass without one.
 *   Without a timeout, a target that never answers (or leaves before answering)
 *   leaves the query pending for ever.
 */
import type { Network } from "./latency";
import type { AnyObject } from "./utils";

/** v13 CONST.USER_ROLES (server.ts exports the same table as ROLES). */
const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;

/** v13 CONST.USER_PERMISSIONS (the entries the harness needs; each with its default role). */
export const USER_PERMISSIONS: Record<string, { label: string; hint: string; disableGM: boolean; defaultRole: number }> = {
  QUERY_USER: { label: "PERMISSION.QueryUser", hint: "PERMISSION.QueryUserHint", disableGM: false, defaultRole: ROLES.PLAYER },
};

/** The default role table of the `core.permissions` setting: each permission's default role and the roles above it. */
export function defaultRolePermissions(): Record<string, number[]> {
  const roles = Object.values(ROLES);
  return Object.fromEntries(Object.entries(USER_PERMISSIONS).map(([name, p]) => [name, roles.filter((r) => r >= p.defaultRole)]));
}

/** v13 BaseUser#hasPermission. */
export function hasPermission(user: AnyObject, permission: string, rolePermissions: Record<string, number[]> = defaultRolePermissions()): boolean {
  if (user.role === ROLES.NONE) return false;
  const explicit = user.permissions?.[permission];
  if (explicit !== undefined) return explicit;
  const roles = rolePermissions[permission];
  return roles ? roles.includes(user.role) : false;
}

/**
 * v13 Users#getDesignatedUser (client/documents/collections/users.mjs): of the
 * users meeting the condition, a candidate replaces the one held when
 * `((candidate.role - designated.role) || designated.id.compare(candidate.id)) > 0`:
 * highest role first, then the lowest id (String#compare: code-unit order).
 */
export function designatedUser<U extends { role: number; id: string | null }>(users: Iterable<U>, condition: (user: U) => boolean): U | null {
  let designated: U | null = null;
  for (const candidate of users) {
    if (!condition(candidate)) continue;
    if (!designated) designated = candidate;
    else if (candidate.role - designated.role > 0 || (candidate.role === designated.role && candidate.id! < designated.id!)) designated = candidate;
  }
  return designated;
}

export type QueryResult = { status: "fulfilled"; value: unknown } | { status: "rejected"; reason: string };

export interface QueryConnection {
  readonly userId: string;
  handleQuery(name: string, data: unknown, options: { timeout?: number }): Promise<unknown>;
}

export interface QueryServer {
  readonly network: Network;
  readonly traffic: { userId: string; channel: "broadcast" | "query" | "response"; payload: unknown }[];
  user(id: string): AnyObject | undefined;
  connectionsOf(userId: string): QueryConnection[];
  rolePermissions(): Record<string, number[]>;
}

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** The server's half of a v13 User#query: up to the server, down to the target, the answer back up, the result down to the sender. */
export function routeQuery(server: QueryServer, from: QueryConnection, targetUserId: string, name: string, data: unknown, { timeout }: { timeout?: number } = {}): Promise<QueryResult> {
  return new Promise<QueryResult>((resolve) => {
    void server.network.up(from, from.userId, "userQuery", () => {
      let settled = false;
      let timer: unknown;
      const settle = (result: QueryResult) => {
        if (settled) return;
        settled = true;
        if (timer) server.network.clock.clearTimeout(timer);
        server.traffic.push({ userId: from.userId, channel: "response", payload: clone(result.status === "fulfilled" ? result.value : result) });
        void server.network.down(from, from.userId, "userQuery", () => resolve(clone(result)));
      };
      const sender = server.user(from.userId);
      if (!sender || !hasPermission(sender, "QUERY_USER", server.rolePermissions())) return settle({ status: "rejected", reason: "You do not have permission to query users" });
      const targets = server.connectionsOf(targetUserId);
      if (!targets.length) return settle({ status: "rejected", reason: `User [${targetUserId}] is not active` });
      const payload = clone(data ?? null);
      if (timeout !== undefined && timeout !== null && Number.isFinite(timeout)) {
        timer = server.network.clock.setTimeout(() => settle({ status: "rejected", reason: `The query "${name}" to User [${targetUserId}] timed out after ${timeout}ms` }), timeout);
      }
      for (const target of targets) {
        server.traffic.push({ userId: targetUserId, channel: "query", payload: { name, data: payload } });
        void server.network.down(target, target.userId, "userQuery", () => {
          // The handler learns nothing of the sender: v13 passes only the query options.
          target.handleQuery(name, clone(payload), { timeout }).then(
            (value) => void server.network.up(target, target.userId, "userQuery", () => settle({ status: "fulfilled", value: clone(value) })),
            (error: unknown) => void server.network.up(target, target.userId, "userQuery", () => settle({ status: "rejected", reason: error instanceof Error ? error.message : String(error) })),
          );
        });
      }
    });
  });
}
