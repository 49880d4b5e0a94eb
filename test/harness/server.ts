/**
 * The world server of the harness. It owns the canonical data, authenticates each
 * request by the connection it came from, refuses what the user may not do (its
 * rules are at least as strict as Foundry's defaults), counts database writes, and
 * broadcasts every change to every connected client that may receive it (chat
 * whispers only to theirs: chat-delivery.ts). It also routes `User#query` calls
 * to the target user's client only, passing the handler nothing about who asked,
 * exactly as Foundry v13 does (foundryvtt#13418; users.ts). Every message travels
 * a network with a configurable latency (latency.ts; 0 by default), and each
 * client hears who connects and leaves (v13 "userActivity").
 */
import { type BatchFailure, batchFailureReading } from "./batch-failure";
import { receivesMessage } from "./chat-delivery";
import type { PackMetadata, ServerPack } from "./compendium";
import { serverAfterCombatantOperation, serverOneActiveCombat, serverWorldTimeDelta } from "./combat";
import { type StatsContext, stampCreated, stampUpdate } from "./document-stats";
import { type Latency, Network } from "./latency";
import { canUserModify, getUserLevel, isGM, OWNERSHIP, type PermissionWorld, ROLES, sanitizeUserInput } from "./permissions";
import { DOCUMENT_META } from "./schemas";
import { isDeltaRequest, normalizeDelta, serverDeltaWrite } from "./synthetic-actors";
import { defaultRolePermissions, type QueryResult, routeQuery } from "./users";
import { type AnyObject, deepClone, expandObject, mergeEmbeddedSources, mergeObject, randomID } from "./utils";

export { OWNERSHIP, ROLES };

export interface ParentStep {
  documentName: string;
  id: string;
}

export type ServerEvent =
  | { kind: "create"; documentName: string; parent: ParentStep[]; data: AnyObject[]; options: AnyObject; userId: string }
  | { kind: "update"; documentName: string; parent: ParentStep[]; updates: AnyObject[]; options: AnyObject; userId: string }
  | { kind: "delete"; documentName: string; parent: ParentStep[]; ids: string[]; options: AnyObject; userId: string }
  | { kind: "setting"; key: string; id: string; value: unknown; userId: string; options?: AnyObject }
  /** v13 "userActivity": another user connected (active) or left. */
  | { kind: "activity"; userId: string; active: boolean };

export interface WriteRecord {
  userId: string;
  /** "batch": one v14 modifyBatch request (documentName "Batch"), its operations in `operations`. */
  action: "create" | "update" | "delete" | "setting" | "batch";
  documentName: string;
  count: number;
  /** The compendium written to (absent for the world). */
  pack?: string;
  /** A batch's operations, in order, each as a write of its own would be counted. */
  operations?: WriteRecord[];
}

/** One operation of a batched request, as the client sends it (parent resolved to a path, synthetic actors already routed to their delta). */
export type BatchStep =
  | { action: "create"; documentName: string; parent: ParentStep[]; data: AnyObject[]; options: AnyObject }
  | { action: "update"; documentName: string; parent: ParentStep[]; updates: AnyObject[]; options: AnyObject }
  | { action: "delete"; documentName: string; parent: ParentStep[]; ids: string[]; options: AnyObject };

export interface ServerClient {
  readonly userId: string;
  receive(event: ServerEvent): void;
  handleQuery(name: string, data: unknown, options: { timeout?: number }): Promise<unknown>;
}

export type { Latency, LatencyLeg } from "./latency";

export interface Traffic {
  userId: string;
  channel: "broadcast" | "query" | "response";
  payload: unknown;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

export class WorldServer {
  readonly collections = new Map<string, AnyObject[]>();
  readonly settings = new Map<string, unknown>();
  /** The world's compendium packs (compendium.ts), by id. */
  readonly packs = new Map<string, ServerPack>();
  readonly writes: WriteRecord[] = [];
  /** Everything each client was sent: broadcasts, queries addressed to it, and answers to its queries. */
  readonly traffic: Traffic[] = [];
  private clients: ServerClient[] = [];
  /** The sockets between the server and its clients (latency.ts). */
  readonly network = new Network();
  /** v14: how a modifyBatch that does not go through ends on the client (batch-failure.ts). */
  batchFailure: BatchFailure = batchFailureReading();

  /** Milliseconds each message takes (0: at once). A number, or a function of the leg for per-client or interleaved delays. */
  get latency(): Latency {
    return this.network.latency;
  }
  set latency(value: Latency) {
    this.network.latency = value;
  }

  constructor(readonly systemJson: AnyObject) {
    for (const meta of Object.values(DOCUMENT_META)) this.collections.set(meta.collection, []);
  }

  // ---- users and connections -------------------------------------------------

  addUser(name: string, role: number, id = randomID()): AnyObject {
    const user = { _id: id, name, role, password: "", avatar: null, character: null, color: "#aa3333", permissions: {}, flags: {}, _stats: {} };
    this.collections.get("users")!.push(user);
    return clone(user);
  }

  user(id: string): AnyObject | undefined {
    return this.collections.get("users")!.find((u) => u._id === id);
  }

  /** A client connects: every other client hears that its user is active (v13 Users.#handleUserActivity). */
  connect(client: ServerClient): void {
    const wasActive = this.isActive(client.userId);
    this.clients.push(client);
    if (!wasActive) this.announce(client.userId, true);
  }

  /** A client leaves: what was on its way to it is lost, and the others hear its user is gone once its last connection is. */
  disconnect(client: ServerClient): void {
    if (!this.clients.includes(client)) return;
    this.clients = this.clients.filter((c) => c !== client);
    this.network.close(client);
    if (!this.isActive(client.userId)) this.announce(client.userId, false);
  }

  private announce(userId: string, active: boolean): void {
    for (const other of [...this.clients]) {
      if (other.userId === userId) continue;
      void this.network.down(other, other.userId, "userActivity", () => other.receive({ kind: "activity", userId, active }));
    }
  }

  isActive(userId: string): boolean {
    return this.clients.some((c) => c.userId === userId);
  }

  /** The connections a user has open (one per browser tab). */
  connectionsOf(userId: string): ServerClient[] {
    return this.clients.filter((c) => c.userId === userId);
  }

  /** The users with a connection, as v13 sends them to a joining client (game.data.activeUsers). */
  activeUsers(): string[] {
    return [...new Set(this.clients.map((c) => c.userId))];
  }

  /** A deep copy of the world as a newly connected client of this user receives it (whispers only where they may go). */
  snapshot(userId?: string): { collections: Record<string, AnyObject[]>; settings: Record<string, unknown> } {
    const collections = clone(Object.fromEntries(this.collections));
    const user = userId ? this.user(userId) : undefined;
    if (user) collections.messages = collections.messages!.filter((m) => receivesMessage(m, user));
    return { collections, settings: clone(Object.fromEntries(this.settings)) };
  }

  /**
   * A round trip from a client: the request travels up, the server handles it
   * on arrival (`op`, which broadcasts), and the response travels down after
   * the broadcast to the sender itself. Resolves or rejects with `op`'s outcome.
   */
  request<T>(from: ServerClient, channel: "modifyDocument" | "setting", op: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      void this.network.up(from, from.userId, channel, () => {
        let answer: () => void;
        try {
          const result = op();
          answer = () => resolve(result);
        } catch (error) {
          answer = () => reject(error);
        }
        void this.network.down(from, from.userId, channel, answer);
      });
    });
  }

  /**
   * Wait until nothing is on the network and every client has had time to act on
   * what it received: real time while messages are in flight (their latency), a
   * turn of the event loop (setImmediate, no 1 ms clamp) once it is quiet.
   */
  async settled(): Promise<void> {
    for (let quiet = 0; quiet < 20; ) {
      await new Promise<void>((r) => (this.network.inFlight ? this.network.clock.setTimeout(r, 1) : setImmediate(r)));
      quiet = this.network.inFlight ? 0 : quiet + 1;
    }
  }

  /** The world's role table for user permissions (v13 game.permissions, the core.permissions setting). */
  rolePermissions(): Record<string, number[]> {
    return (this.settings.get("core.permissions") as Record<string, number[]> | undefined) ?? defaultRolePermissions();
  }

  // ---- queries --------------------------------------------------------------

  /** v13 "userQuery": the server's half of User#query (users.ts). Resolves with the acknowledgement, never rejects. */
  query(from: ServerClient, targetUserId: string, name: string, data: unknown, options: { timeout?: number } = {}): Promise<QueryResult> {
    return routeQuery(this, from, targetUserId, name, data, options);
  }

  // ---- documents ------------------------------------------------------------

  /** @internal (lent to synthetic-actors.ts) */
  isGM(user: AnyObject): boolean {
    return isGM(user);
  }

  /** Adds a compendium pack to the world (compendium.ts); clients that connect later list it in game.packs. */
  addPack(metadata: PackMetadata, documents: AnyObject[] = []): void {
    this.packs.set(metadata.id, { metadata, documents: documents.map((d) => ({ ...clone(d), _id: d._id ?? randomID() })) });
  }

  /** A pack's stored documents, as v13 answers a compendium's getDocuments request. */
  packDocuments(from: ServerClient, id: string): Promise<AnyObject[]> {
    return this.request(from, "modifyDocument", () => {
      this.authenticate(from);
      const pack = this.packs.get(id);
      if (!pack) throw new Error(`There is no compendium ${id}`);
      return clone(pack.documents);
    });
  }

  /** The pack a write names, refused for a user who is not a GM (v13 world packs: players OBSERVER). */
  private packContainer(user: AnyObject, documentName: string, parent: ParentStep[], id: string, action: string): AnyObject[] {
    const pack = this.packs.get(id);
    if (!pack) throw new Error(`There is no compendium ${id}`);
    if (parent.length || pack.metadata.type !== documentName) throw new Error(`The compendium ${id} holds ${pack.metadata.type} documents, not ${documentName}`);
    if (!isGM(user)) this.deny(user, action, `${documentName} in ${id}`);
    return pack.documents;
  }

  /** The stored array a (possibly embedded) document lives in. */
  private container(documentName: string, parent: ParentStep[]): AnyObject[] {
    const meta = DOCUMENT_META[documentName];
    if (!meta) throw new Error(`Unknown document type ${documentName}`);
    if (!parent.length) return this.collections.get(meta.collection)!;
    const owner = this.find(parent);
    if (!owner) throw new Error(`The parent of this ${documentName} does not exist`);
    const parentMeta = DOCUMENT_META[parent[parent.length - 1]!.documentName]!;
    const field = parentMeta.embedded[documentName];
    if (!field) throw new Error(`${parentMeta.name} cannot hold embedded ${documentName} documents`);
    owner[field] ??= [];
    return owner[field];
  }

  find(path: ParentStep[]): AnyObject | undefined {
    let list = this.collections.get(DOCUMENT_META[path[0]!.documentName]!.collection)!;
    let found: AnyObject | undefined;
    path.forEach((step, i) => {
      found = list?.find((d) => d._id === step.id);
      const next = path[i + 1];
      if (found && next) list = found[DOCUMENT_META[step.documentName]!.embedded[next.documentName]!] ?? [];
    });
    return found;
  }

  /** What the permission rules (permissions.ts, as v13 grants them) read of the stored world. */
  readonly permissionWorld: PermissionWorld = {
    find: (path) => this.find(path),
    actor: (id) => this.collections.get("actors")!.find((a) => a._id === id),
    corePermissions: () => this.settings.get("core.permissions") as Record<string, number[]> | undefined,
  };

  /** The ownership level a user holds over a stored document (v13 Document#getUserLevel, a GM holding OWNER as testUserPermission gives). */
  ownershipLevel(user: AnyObject, documentName: string, source: AnyObject, parent: ParentStep[]): number {
    if (isGM(user)) return OWNERSHIP.OWNER;
    return getUserLevel(this.permissionWorld, user, { documentName, source, parent });
  }

  private deny(user: AnyObject, action: string, documentName: string, id?: string): never {
    throw new Error(`User ${user.name} lacks permission to ${action} ${documentName}${id ? ` [${id}]` : ""}`);
  }

  // As v13's server backend: sanitize the user's input, then Document#canUserModify on the core class.
  private checkCreate(user: AnyObject, documentName: string, data: AnyObject, parent: ParentStep[]): void {
    sanitizeUserInput(user, documentName, data, { creation: true });
    if (!canUserModify(this.permissionWorld, user, "create", { documentName, source: data, parent }, data)) this.deny(user, "create", documentName);
  }

  private checkUpdate(user: AnyObject, documentName: string, source: AnyObject, changes: AnyObject, parent: ParentStep[]): void {
    const data = expandObject(changes);
    sanitizeUserInput(user, documentName, data, { creation: false, source });
    if (!canUserModify(this.permissionWorld, user, "update", { documentName, source, parent }, data)) this.deny(user, "update", documentName, source._id);
  }

  private checkDelete(user: AnyObject, documentName: string, source: AnyObject, parent: ParentStep[]): void {
    if (!canUserModify(this.permissionWorld, user, "delete", { documentName, source, parent })) this.deny(user, "delete", documentName, source._id);
  }

  /** @internal (lent to synthetic-actors.ts) */
  authenticate(from: ServerClient): AnyObject {
    const user = this.user(from.userId);
    if (!user) throw new Error("Unknown user");
    return user;
  }

  /**
   * Send an event to every client that may receive it; a ChatMessage only where chat-delivery.ts lets it go (`before`: the messages as they were before an update).
   * @internal (lent to synthetic-actors.ts)
   */
  broadcast(event: ServerEvent, before?: AnyObject[]): void {
    // Inside a batch, nothing goes out until every operation has succeeded.
    if (this.held) {
      this.held.push([event, before]);
      return;
    }
    for (const client of [...this.clients]) {
      const copy = this.audienceCopy(event, client.userId, before);
      if (!copy) continue;
      this.traffic.push({ userId: client.userId, channel: "broadcast", payload: copy });
      void this.network.down(client, client.userId, event.kind === "setting" ? "setting" : "modifyDocument", () => client.receive(copy));
    }
  }

  private audienceCopy(event: ServerEvent, userId: string, before?: AnyObject[]): ServerEvent | null {
    const copy = clone(event);
    if (!("documentName" in copy) || copy.documentName !== "ChatMessage") return copy;
    const user = this.user(userId);
    if (!user) return null;
    if (copy.kind === "create") copy.data = copy.data.filter((m) => receivesMessage(m, user));
    else if (copy.kind === "update") {
      const messages = this.collections.get("messages")!;
      copy.updates = copy.updates.filter((u, i) => {
        const now = messages.find((m) => m._id === u._id);
        return (now && receivesMessage(now, user)) || (before?.[i] && receivesMessage(before[i]!, user));
      });
    }
    return (copy.kind === "create" ? copy.data.length : copy.kind === "update" ? copy.updates.length : 1) ? copy : null;
  }

  create(from: ServerClient, documentName: string, parent: ParentStep[], data: AnyObject[], options: AnyObject = {}): AnyObject[] {
    if (isDeltaRequest(documentName, parent)) return serverDeltaWrite(this, from, "create", documentName, parent, data, options) as AnyObject[];
    const user = this.authenticate(from);
    const container = options.pack ? this.packContainer(user, documentName, parent, options.pack, "create") : this.container(documentName, parent);
    const stats = this.statsContext(user);
    const created = data.map((d) => {
      const source = clone(d);
      this.checkCreate(user, documentName, source, parent);
      if (!options.keepId || !source._id) source._id = randomID();
      // As in v13: embedded documents created with their parent keep their ids, and get one when they have none.
      for (const field of Object.values(DOCUMENT_META[documentName]?.embedded ?? {})) if (Array.isArray(source[field])) source[field] = source[field].map((e: AnyObject) => ({ ...e, _id: e._id ?? randomID() }));
      if (container.some((c) => c._id === source._id)) throw new Error(`A ${documentName} with id [${source._id}] already exists`);
      if (documentName === "ChatMessage") {
        source.author ??= user._id;
        source.timestamp = Date.now();
      }
      // As in v13: a token holds its ActorDelta, whose _id is the token's.
      if (documentName === "Token") source.delta = normalizeDelta(source.delta, source._id);
      stampCreated(documentName, source, stats);
      return source;
    });
    if (documentName === "Combat" && serverOneActiveCombat(created)) this.deactivateCombats(user, container.filter((c) => c.active));
    container.push(...created.map((c) => clone(c)));
    if (documentName === "Combatant") serverAfterCombatantOperation(this.find(parent), options);
    this.writes.push({ userId: user._id, action: "create", documentName, count: created.length, ...(options.pack ? { pack: options.pack } : {}) });
    this.broadcast({ kind: "create", documentName, parent, data: created, options: clone(options), userId: user._id });
    return clone(created);
  }

  update(from: ServerClient, documentName: string, parent: ParentStep[], updates: AnyObject[], options: AnyObject = {}): AnyObject[] {
    if (isDeltaRequest(documentName, parent)) return serverDeltaWrite(this, from, "update", documentName, parent, updates, options) as AnyObject[];
    const user = this.authenticate(from);
    options = clone(options);
    const container = options.pack ? this.packContainer(user, documentName, parent, options.pack, "update") : this.container(documentName, parent);
    // Check every change before applying any, so a refused batch changes nothing.
    if (documentName === "Combat" && serverOneActiveCombat(updates)) {
      updates = [...updates, ...container.filter((c) => c.active && !updates.some((u) => u._id === c._id)).map((c) => ({ _id: c._id, active: false }))];
    }
    const targets = updates.map((u) => {
      const source = container.find((c) => c._id === u._id);
      if (!source) throw new Error(`${documentName} [${u._id}] does not exist`);
      this.checkUpdate(user, documentName, source, u, parent);
      return source;
    });
    const before = documentName === "ChatMessage" ? clone(targets) : undefined;
    // What the server stores, answers and broadcasts carries its _stats stamp (document-stats.ts).
    const stats = this.statsContext(user);
    updates = updates.map((u) => {
      const stamped = { ...u };
      stampUpdate(documentName, stamped, stats);
      return stamped;
    });
    targets.forEach((source, i) => mergeObject(source, this.withEmbeddedMerged(documentName, source, expandObject(deepClone(updates[i]!))), { performDeletions: true }));
    if (documentName === "Combatant") serverAfterCombatantOperation(this.find(parent), options);
    this.writes.push({ userId: user._id, action: "update", documentName, count: updates.length, ...(options.pack ? { pack: options.pack } : {}) });
    for (const advance of serverWorldTimeDelta(documentName, options, updates.length)) this.advanceTime(user, advance.delta, advance.options);
    this.broadcast({ kind: "update", documentName, parent, updates: clone(updates), options: clone(options), userId: user._id }, before);
    return clone(updates);
  }

  delete(from: ServerClient, documentName: string, parent: ParentStep[], ids: string[], options: AnyObject = {}): string[] {
    if (isDeltaRequest(documentName, parent)) return serverDeltaWrite(this, from, "delete", documentName, parent, ids, options) as string[];
    const user = this.authenticate(from);
    const container = options.pack ? this.packContainer(user, documentName, parent, options.pack, "delete") : this.container(documentName, parent);
    for (const id of ids) {
      const source = container.find((c) => c._id === id);
      if (!source) throw new Error(`${documentName} [${id}] does not exist`);
      this.checkDelete(user, documentName, source, parent);
    }
    for (const id of ids) container.splice(container.findIndex((c) => c._id === id), 1);
    if (documentName === "Combatant") serverAfterCombatantOperation(this.find(parent), options);
    this.writes.push({ userId: user._id, action: "delete", documentName, count: ids.length, ...(options.pack ? { pack: options.pack } : {}) });
    this.broadcast({ kind: "delete", documentName, parent, ids: [...ids], options: clone(options), userId: user._id });
    return ids;
  }

  /** Each stored world setting's Setting document id, given when it is first stored. */
  private readonly settingIds = new Map<string, string>();

  /** A world setting stored, counted and sent to every client as a write of its Setting document (`options`: the write's). */
  private storeSetting(user: AnyObject, key: string, value: unknown, options?: AnyObject): void {
    let id = this.settingIds.get(key);
    if (!id) this.settingIds.set(key, (id = randomID()));
    this.settings.set(key, clone(value));
    this.writes.push({ userId: user._id, action: "setting", documentName: "Setting", count: 1 });
    this.broadcast({ kind: "setting", key, id, value: clone(value), userId: user._id, ...(options ? { options: clone(options) } : {}) });
  }

  setSetting(from: ServerClient, key: string, value: unknown): void {
    const user = this.authenticate(from);
    if (!isGM(user)) throw new Error(`User ${user.name} lacks permission to modify world settings`);
    this.storeSetting(user, key, value);
  }

  /**
   * v13 server Setting.advanceTime (called by Combat._onUpdateOperation and Token#_onUpdate for
   * a `worldTime: {delta}` option): core.time plus delta, stored and emitted as a Setting update
   * carrying the other worldTime options, before the update that asked for it is answered.
   */
  private advanceTime(user: AnyObject, delta: number, options: AnyObject): void {
    this.storeSetting(user, "core.time", Number(this.settings.get("core.time") ?? 0) + delta, options);
  }

  /** v13 server Combat._onCreateOperation: the combats active before an active one was created become inactive, emitted first. */
  private deactivateCombats(user: AnyObject, combats: AnyObject[]): void {
    if (!combats.length) return;
    const stats = this.statsContext(user);
    const updates = combats.map((c) => {
      const update: AnyObject = { _id: c._id, active: false };
      stampUpdate("Combat", update, stats);
      mergeObject(c, deepClone(update));
      return update;
    });
    this.writes.push({ userId: user._id, action: "update", documentName: "Combat", count: combats.length });
    this.broadcast({ kind: "update", documentName: "Combat", parent: [], updates, options: {}, userId: user._id });
  }

  /** Who writes, for which system, and when: what the server's `_stats` stamp records (document-stats.ts). */
  private statsContext(user: AnyObject): StatsContext {
    return { userId: user._id, system: { id: this.systemJson.id, version: this.systemJson.version }, now: Date.now() };
  }

  /** An update of a parent carrying embedded arrays merges them by id (v13 EmbeddedCollectionField, recursive), new entries getting ids. */
  private withEmbeddedMerged(documentName: string, source: AnyObject, changes: AnyObject): AnyObject {
    for (const field of Object.values(DOCUMENT_META[documentName]!.embedded)) {
      if (!Array.isArray(changes[field])) continue;
      changes[field] = mergeEmbeddedSources(source[field], changes[field]).map((e) => ({ ...e, _id: e._id ?? randomID() }));
    }
    return changes;
  }

  /** The events of the batch being run (broadcast once it has succeeded), else null. */
  private held: [ServerEvent, AnyObject[] | undefined][] | null = null;

  /**
   * The server's half of v14 `foundry.documents.modifyBatch` (API documentation, Version 14,
   * function foundry.documents.modifyBatch: "Bundle multiple Document-modification operations
   * into a single, batched request. The modifications are made in sequence ...; a cancellation
   * or exception thrown by a single operation will cancel the entire batch. No changes will be
   * made."): the operations run in order, each checked as its own request would be; if one
   * throws, the world is put back as it was, nothing is broadcast, and the request fails. On
   * success it is one request, counted as one write (action "batch") holding the operations,
   * and every change is broadcast in order (14.353: batched modifications reach every client).
   */
  batch(from: ServerClient, steps: BatchStep[]): unknown[] {
    const user = this.authenticate(from);
    const mark = this.writes.length;
    const collections = clone(Object.fromEntries(this.collections));
    const settings = clone(Object.fromEntries(this.settings));
    const held: [ServerEvent, AnyObject[] | undefined][] = [];
    this.held = held;
    let results: unknown[];
    try {
      results = steps.map((step) => {
        if (step.action === "create") return this.create(from, step.documentName, step.parent, step.data, step.options);
        if (step.action === "update") return this.update(from, step.documentName, step.parent, step.updates, step.options);
        return this.delete(from, step.documentName, step.parent, step.ids, step.options);
      });
    } catch (error) {
      for (const [key, value] of Object.entries(collections)) this.collections.set(key, value);
      this.settings.clear();
      for (const [key, value] of Object.entries(settings)) this.settings.set(key, value);
      this.writes.splice(mark);
      throw error;
    } finally {
      this.held = null;
    }
    const operations = this.writes.splice(mark);
    this.writes.push({ userId: user._id, action: "batch", documentName: "Batch", count: operations.length, operations });
    for (const [event, before] of held) this.broadcast(event, before);
    return results;
  }

  /** Writes counted since `mark` (an index into `writes`). */
  writesSince(mark: number): WriteRecord[] {
    return this.writes.slice(mark);
  }
}
