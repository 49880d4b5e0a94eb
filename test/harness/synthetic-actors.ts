/**
 * Unlinked tokens and their synthetic actors, modelled on Foundry v13.
 *
 * In v13 a token's actor is the world actor only when the token is linked
 * (`TokenDocument#actor`: `this.isLinked ? this.baseActor : this.delta?.syntheticActor`).
 * An unlinked token stores what its actor changes in its embedded `ActorDelta`
 * (`token.delta`, whose `_id` is the token's id: `TokenDocument#prepareEmbeddedDocuments`),
 * and its actor is a synthetic document built by `BaseActorDelta.applyDelta`: the
 * world actor's source with the delta merged over it, same `_id`, the token as
 * its parent (so its uuid is `Scene.<s>.Token.<t>.Actor.<a>`). The client sends
 * every write to that actor or below it to the delta instead
 * (`ClientDatabaseBackend#adjustActorDeltaRequest`), the server stores it in the
 * token's delta, and each client rebuilds the synthetic actor and calls the
 * actor's callbacks and hooks (`ActorDelta#_onUpdate` calls the synthetic actor's
 * `_onUpdate` and the `updateActor` hook; items and effects created under the
 * delta have the synthetic actor as their parent: `EmbeddedCollectionDelta#createDocument`).
 *
 * This file holds the pure functions on stored sources (shared by the server and
 * the clients, so both keep the same delta), the server's side of delta writes,
 * and the client's model (synthetic actors, their rebuild when the delta or the
 * world actor changes, and the events).
 *
 * Not modelled: `EmbeddedCollectionDelta#restoreDocuments` and `manages` (the
 * delta's `items`/`effects` are the synthetic actor's collections), descendant
 * document callbacks (`_onCreateDescendantDocuments` and kin, which the harness
 * fires for no document), deleting a synthetic actor (`actor.delete()` on a token
 * actor; use `token.delta.restore()`), compendium tokens, and the canvas refreshes
 * of `TokenDocument#_onRelatedUpdate`.
 */
import type { ParentStep, ServerClient, ServerEvent } from "./server";
import { type AnyObject, deepClone, diffObject, expandObject, isEmpty, mergeObject, randomID } from "./utils";

/** CONST.DOCUMENT_OWNERSHIP_LEVELS (kept here so this file needs no value from server.ts). */
const NONE = 0;
const INHERIT = -1;
const OWNER = 3;

/** BaseActorDelta.metadata.embedded: the collections a delta overrides. */
const DELTA_FIELDS: Record<string, string> = { Item: "items", ActiveEffect: "effects" };

// ---- pure functions on stored sources ---------------------------------------

/** A delta that overrides nothing: BaseActorDelta's schema initial values. */
export function emptyDelta(id: string): AnyObject {
  return { _id: id, name: null, type: null, img: null, system: {}, items: [], effects: [], ownership: null, flags: {} };
}

/** The stored delta of a token: the given overrides over an empty delta, its `_id` the token's (v13 TokenDocument#prepareEmbeddedDocuments). */
export function normalizeDelta(delta: AnyObject | null | undefined, tokenId: string): AnyObject {
  return { ...emptyDelta(tokenId), ...deepClone(delta ?? {}), _id: tokenId };
}

/**
 * v13 BaseActorDelta.applyDelta: the synthetic actor's source. Each embedded
 * collection is the delta's records (tombstones removed) followed by the base
 * records the delta does not manage; then the rest of the delta, its null
 * optional fields dropped (BaseActorDelta#toObject), is merged over the base.
 */
export function applyDeltaSource(base: AnyObject, delta: AnyObject): AnyObject {
  const actor = deepClone(base);
  const overrides = deepClone(delta ?? {});
  delete overrides._id;
  for (const field of Object.values(DELTA_FIELDS)) {
    const managed = new Set<string>();
    const records: AnyObject[] = [];
    for (const record of overrides[field] ?? []) {
      managed.add(record._id);
      if (!record._tombstone) records.push(record);
    }
    for (const record of actor[field] ?? []) if (!managed.has(record._id)) records.push(record);
    actor[field] = records;
    delete overrides[field];
  }
  for (const key of ["name", "type", "img", "ownership"]) if (overrides[key] === null || overrides[key] === undefined) delete overrides[key];
  return mergeObject(actor, overrides);
}

/**
 * The level a user holds over a token's synthetic actor: its ownership is the
 * world actor's with the delta's merged over it (applyDelta), and a delta
 * ownership of INHERIT defers to the token (BaseActorDelta#getUserLevel).
 */
export function syntheticUserLevel(userId: string, baseOwnership: AnyObject | undefined, deltaOwnership: AnyObject | null | undefined): number {
  const own = { ...(baseOwnership ?? {}), ...(deltaOwnership ?? {}) };
  const level = own[userId] ?? own.default ?? NONE;
  return level === INHERIT ? NONE : level;
}

/** Is this a write the server stores in a token's delta? */
export function isDeltaRequest(documentName: string, parent: readonly ParentStep[]): boolean {
  return documentName === "ActorDelta" || parent.some((s) => s.documentName === "ActorDelta");
}

/**
 * The stored array a write below a delta works on. Directly below the delta it is
 * a delta collection (records may be inherited from the base actor, or hidden by
 * tombstones); deeper (an effect on a synthetic actor's item) the item is first
 * adopted into the delta (v13 EmbeddedCollectionDelta#_prepareDeltaUpdate), and
 * its own array is a plain one.
 */
interface DeltaTarget {
  records: AnyObject[];
  /** The base actor's records of the same collection, when `records` is a delta collection. */
  base: AnyObject[] | null;
}

function adopt(records: AnyObject[], base: AnyObject[], id: string, documentName: string): AnyObject {
  const managed = records.find((r) => r._id === id);
  if (managed && !managed._tombstone) return managed;
  const inherited = !managed && base.find((r) => r._id === id);
  if (!inherited) throw new Error(`${documentName} [${id}] does not exist`);
  const copy = deepClone(inherited);
  records.push(copy);
  return copy;
}

function deltaTarget(delta: AnyObject, baseActor: AnyObject | undefined, below: readonly ParentStep[], documentName: string): DeltaTarget {
  const [first, ...rest] = below;
  if (!first) {
    const field = DELTA_FIELDS[documentName];
    if (!field) throw new Error(`ActorDelta cannot hold embedded ${documentName} documents`);
    delta[field] ??= [];
    return { records: delta[field], base: baseActor?.[field] ?? [] };
  }
  const field = DELTA_FIELDS[first.documentName];
  if (!field) throw new Error(`ActorDelta cannot hold embedded ${first.documentName} documents`);
  delta[field] ??= [];
  let owner = adopt(delta[field], baseActor?.[field] ?? [], first.id, first.documentName);
  for (const step of rest) {
    const list = (owner[collectionField(step.documentName)] ??= []) as AnyObject[];
    owner = list.find((r) => r._id === step.id) ?? (() => { throw new Error(`${step.documentName} [${step.id}] does not exist`); })();
  }
  const list = (owner[collectionField(documentName)] ??= []) as AnyObject[];
  return { records: list, base: null };
}

/** The field of an embedded collection below an actor's item (items hold effects). */
function collectionField(documentName: string): string {
  if (documentName === "ActiveEffect") return "effects";
  throw new Error(`harness: no ${documentName} collection below an item`);
}

function visible(target: DeltaTarget, id: string): boolean {
  const managed = target.records.find((r) => r._id === id);
  if (managed) return !managed._tombstone;
  return Boolean(target.base?.some((r) => r._id === id));
}

/** Create records below a delta (v13 EmbeddedCollectionDelta#_set; a restoreDelta create un-deletes a base record). */
export function createInDelta(delta: AnyObject, baseActor: AnyObject | undefined, below: readonly ParentStep[], documentName: string, sources: readonly AnyObject[], options: AnyObject = {}): void {
  const target = deltaTarget(delta, baseActor, below, documentName);
  for (const source of sources) {
    const index = target.records.findIndex((r) => r._id === source._id);
    if (target.base && options.restoreDelta) {
      if (index >= 0) target.records.splice(index, 1);
      continue;
    }
    if (visible(target, source._id)) throw new Error(`A ${documentName} with id [${source._id}] already exists`);
    if (index >= 0) target.records.splice(index, 1, deepClone(source));
    else target.records.push(deepClone(source));
  }
}

/** Update records below a delta: a record inherited from the base actor is adopted first (EmbeddedCollectionDelta#_prepareDeltaUpdate). */
export function updateInDelta(delta: AnyObject, baseActor: AnyObject | undefined, below: readonly ParentStep[], documentName: string, updates: readonly AnyObject[], options: AnyObject = {}): void {
  const target = deltaTarget(delta, baseActor, below, documentName);
  for (const update of updates) {
    if (!visible(target, update._id)) throw new Error(`${documentName} [${update._id}] does not exist`);
    if (target.base && options.restoreDelta) {
      target.records.splice(target.records.findIndex((r) => r._id === update._id), 1);
      continue;
    }
    const record = target.base ? adopt(target.records, target.base, update._id, documentName) : target.records.find((r) => r._id === update._id)!;
    const changes = expandObject(deepClone(update));
    delete changes._id;
    mergeObject(record, changes, { performDeletions: true });
  }
}

/** Delete records below a delta: a base record is hidden by a tombstone (EmbeddedCollectionDelta#_delete). */
export function deleteInDelta(delta: AnyObject, baseActor: AnyObject | undefined, below: readonly ParentStep[], documentName: string, ids: readonly string[]): void {
  const target = deltaTarget(delta, baseActor, below, documentName);
  for (const id of ids) {
    if (!visible(target, id)) throw new Error(`${documentName} [${id}] does not exist`);
    const index = target.records.findIndex((r) => r._id === id);
    if (index >= 0) target.records.splice(index, 1);
    if (target.base?.some((r) => r._id === id)) target.records.push({ _id: id, _tombstone: true });
  }
}

/** Apply a broadcast delta write to a stored token source (the server and every client run the same code). */
function applyToToken(token: AnyObject, baseActor: AnyObject | undefined, event: ServerEvent): void {
  if (event.kind === "setting" || event.kind === "activity") return;
  if (event.documentName === "ActorDelta") {
    if (event.kind === "update") {
      token.delta = normalizeDelta(token.delta, token._id);
      for (const update of event.updates) {
        const changes = expandObject(deepClone(update));
        delete changes._id;
        mergeObject(token.delta, changes, { performDeletions: true });
      }
    } else if (event.kind === "delete") token.delta = emptyDelta(token._id);
    else throw new Error("harness: an ActorDelta is created with its token, never on its own");
    return;
  }
  token.delta = normalizeDelta(token.delta, token._id);
  const below = event.parent.slice(event.parent.findIndex((s) => s.documentName === "ActorDelta") + 1);
  if (event.kind === "create") createInDelta(token.delta, baseActor, below, event.documentName, event.data, event.options);
  else if (event.kind === "update") updateInDelta(token.delta, baseActor, below, event.documentName, event.updates, event.options);
  else deleteInDelta(token.delta, baseActor, below, event.documentName, event.ids);
}

/** The path to the token that holds the delta a request writes to. */
function tokenPath(documentName: string, parent: readonly ParentStep[]): ParentStep[] {
  if (documentName === "ActorDelta") return [...parent];
  return parent.slice(0, parent.findIndex((s) => s.documentName === "ActorDelta"));
}

// ---- the server's side ------------------------------------------------------

/** What the WorldServer lends this file to store a delta write. */
export interface DeltaServer {
  readonly collections: Map<string, AnyObject[]>;
  readonly writes: { userId: string; action: "create" | "update" | "delete" | "setting" | "batch"; documentName: string; count: number }[];
  find(path: ParentStep[]): AnyObject | undefined;
  authenticate(from: ServerClient): AnyObject;
  isGM(user: AnyObject): boolean;
  broadcast(event: ServerEvent): void;
}

const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * Store a write to a token's delta (an ActorDelta update or restore, or an item
 * or effect of its synthetic actor), after checking the user may: a GM always; a
 * player when they own the synthetic actor (BaseActorDelta#getUserLevel, the
 * ActorDelta's permissions create/update/delete "OWNER"). One write is counted;
 * every client is sent the write as asked, and applies it to its own copy.
 */
export function serverDeltaWrite(server: DeltaServer, from: ServerClient, kind: "create" | "update" | "delete", documentName: string, parent: ParentStep[], payload: AnyObject[] | string[], options: AnyObject): AnyObject[] | string[] {
  const user = server.authenticate(from);
  const token = server.find(tokenPath(documentName, parent));
  if (!token || (parent.at(-1)?.documentName === "Token" && documentName !== "ActorDelta")) throw new Error(`The parent of this ${documentName} does not exist`);
  const baseActor = server.collections.get("actors")!.find((a) => a._id === token.actorId);
  if (!baseActor) throw new Error(`The base Actor [${token.actorId}] of Token [${token._id}] does not exist`);
  if (!server.isGM(user) && syntheticUserLevel(user._id, baseActor.ownership, token.delta?.ownership) < OWNER) {
    const id = kind === "create" ? "" : ` [${kind === "delete" ? payload[0] : (payload[0] as AnyObject)._id}]`;
    throw new Error(`User ${user.name} lacks permission to ${kind} ${documentName}${id}`);
  }
  const deltaId = token.delta?._id ?? token._id;
  let event: ServerEvent;
  if (kind === "create") {
    const data = (payload as AnyObject[]).map((d) => {
      const source = clone(d);
      if (!options.keepId || !source._id) source._id = randomID();
      return source;
    });
    event = { kind, documentName, parent, data, options: clone(options), userId: user._id };
  } else if (kind === "update") {
    const updates = clone(payload as AnyObject[]);
    if (documentName === "ActorDelta") for (const u of updates) if (u._id !== deltaId) throw new Error(`ActorDelta [${u._id}] does not exist`);
    event = { kind, documentName, parent, updates, options: clone(options), userId: user._id };
  } else {
    const ids = [...(payload as string[])];
    if (documentName === "ActorDelta" && ids.some((id) => id !== deltaId)) throw new Error(`ActorDelta [${ids[0]}] does not exist`);
    event = { kind, documentName, parent, ids, options: clone(options), userId: user._id };
  }
  // Work on a copy, so a refused batch changes nothing.
  const next = clone(token);
  applyToToken(next, baseActor, event);
  token.delta = next.delta;
  server.writes.push({ userId: user._id, action: kind, documentName, count: payload.length });
  server.broadcast(event);
  if (event.kind === "create") return clone(event.data);
  if (event.kind === "update") return clone(event.updates);
  return event.kind === "delete" ? [...event.ids] : [];
}

// ---- the client's side ------------------------------------------------------

export interface SyntheticEnv {
  game: AnyObject;
  CONFIG: AnyObject;
  hooks: { call(name: string, ...args: unknown[]): boolean; callAll(name: string, ...args: unknown[]): void };
  canvas: () => AnyObject;
  /** The runtime's DocumentCollection, for `TokenDocument#actors`. */
  newCollection(documentName: string): Map<string, any>;
  /** The request path of a parent document (the runtime's parentPath). */
  parentPath(parent: AnyObject | null): ParentStep[];
  /** Send a write to the world server from this client. */
  send(kind: "update" | "delete", documentName: string, parent: ParentStep[], payload: AnyObject[] | string[], options: AnyObject): Promise<void>;
}

interface TokenState {
  /** The synthetic actor once built; null while the world actor is missing. */
  actor?: AnyObject | null;
  /** v13 TokenDocument#actors: the singleton collection holding the synthetic actor. */
  actors: Map<string, any>;
  delta?: AnyObject;
}

export function createSyntheticActors(env: SyntheticEnv) {
  const { game, CONFIG, hooks } = env;
  const states = new WeakMap<object, TokenState>();

  const stateOf = (token: AnyObject): TokenState => {
    let state = states.get(token);
    if (!state) states.set(token, (state = { actors: env.newCollection("Actor") }));
    return state;
  };
  const baseOf = (token: AnyObject): AnyObject | null => (token.actorId ? (game.actors?.get(token.actorId) ?? null) : null);
  /** The token's stored delta, completed with BaseActorDelta's initial values where a token source lacks them. */
  const deltaSource = (token: AnyObject): AnyObject => {
    const stored = token._source.delta;
    if (stored?._id && Object.keys(emptyDelta("")).every((k) => k in stored)) return stored;
    return (token._source.delta = normalizeDelta(stored, token._source._id ?? token.id));
  };

  /** v13 ActorDelta#_createSyntheticActor / BaseActorDelta.applyDelta: a new synthetic actor, prepared. */
  function build(token: AnyObject): AnyObject | null {
    const base = baseOf(token);
    if (!base) return null;
    const cls = CONFIG.Actor.documentClass;
    const actor = new cls(applyDeltaSource(base.toObject(), deltaSource(token)), { parent: token, strict: false });
    actor.prepareData();
    return actor;
  }

  /** Replace a document's source in place, keeping the instances of its embedded documents that remain (v13 EmbeddedCollectionDelta#initialize). */
  function replaceSource(doc: AnyObject, source: AnyObject): void {
    const cls = doc.constructor as AnyObject;
    Object.defineProperty(doc, "_source", { value: doc._initializeSource(source), writable: true, enumerable: false });
    doc._initialize();
    for (const [childName, field] of Object.entries<string>(cls.metadata.embedded ?? {})) {
      const collection = doc[field] as Map<string, AnyObject> | undefined;
      if (!collection) continue;
      const previous = new Map(collection);
      collection.clear();
      const sources = (doc._source[field] ?? []) as AnyObject[];
      sources.forEach((childSource, i) => {
        let child = previous.get(childSource._id);
        if (child) replaceSource(child, childSource);
        else child = new CONFIG[childName].documentClass(childSource, { parent: doc, strict: false }) as AnyObject;
        collection.set(child.id, child);
        sources[i] = child._source;
      });
    }
  }

  /** v13 ActorDelta#updateSyntheticActor: rebuild the synthetic actor from the world actor and the delta, and prepare it. */
  function refresh(token: AnyObject): void {
    const state = states.get(token);
    const base = baseOf(token);
    if (!state?.actor || !base) return;
    replaceSource(state.actor, applyDeltaSource(base.toObject(), deltaSource(token)));
    state.actor.prepareData();
  }

  /** v13 TokenDocument#actor for an unlinked token: the delta's synthetic actor. */
  function actorOf(token: AnyObject): AnyObject | null {
    const state = stateOf(token);
    if (!state.actor) state.actor = build(token);
    return state.actor ?? null;
  }

  function forget(token: AnyObject): void {
    const state = states.get(token);
    if (state) {
      state.actor = undefined;
      state.delta = undefined;
    }
  }

  /** v13 TokenDocument#getEmbeddedCollection: an unlinked token holds its synthetic actor, and that actor's items and effects. */
  function tokenEmbeddedCollection(token: AnyObject, name: string): Map<string, any> | undefined {
    if (token.isLinked) return undefined;
    const actor = actorOf(token);
    if (name === "Actor") {
      const { actors } = stateOf(token);
      actors.clear();
      if (actor) actors.set(actor.id, actor);
      return actors;
    }
    if (name === "Item") return actor?.items;
    if (name === "ActiveEffect") return actor?.effects;
    return undefined;
  }

  /** v13 ActorDelta, reduced: its source, its synthetic actor, `update` and `restore`. */
  function deltaOf(token: AnyObject): AnyObject {
    const state = stateOf(token);
    if (state.delta) return state.delta;
    const view: AnyObject = {
      documentName: "ActorDelta",
      get parent() {
        return token;
      },
      get _source() {
        return deltaSource(token);
      },
      get id() {
        return deltaSource(token)._id;
      },
      get uuid() {
        return `${token.uuid}.ActorDelta.${this.id}`;
      },
      get name() {
        return deltaSource(token).name;
      },
      get img() {
        return deltaSource(token).img;
      },
      get system() {
        return deepClone(deltaSource(token).system);
      },
      get flags() {
        return deepClone(deltaSource(token).flags);
      },
      get ownership() {
        return deepClone(deltaSource(token).ownership);
      },
      /** Pass-through the type from the synthetic actor (v13 ActorDelta#type). */
      get type() {
        return actorOf(token)?.type ?? deltaSource(token).type;
      },
      /** The delta's items and effects are its synthetic actor's (EmbeddedCollectionDelta shares its documents with it). */
      get items() {
        return actorOf(token)?.items;
      },
      get effects() {
        return actorOf(token)?.effects;
      },
      get syntheticActor() {
        return token.isLinked ? undefined : actorOf(token);
      },
      /** BaseActorDelta#toObject: optional fields left null are dropped. */
      toObject() {
        const source = deepClone(deltaSource(token));
        for (const key of ["name", "type", "img", "ownership"]) if (source[key] === null || source[key] === undefined) delete source[key];
        return source;
      },
      /** An ActorDelta update: `preUpdateActorDelta`, then one write; clients call the synthetic actor's `_onUpdate` and `updateActor`. */
      async update(changes: AnyObject = {}, options: AnyObject = {}) {
        const expanded = expandObject(deepClone(changes));
        delete expanded._id;
        if (!options.noHook && hooks.call("preUpdateActorDelta", view, expanded, options, game.user.id) === false) return undefined;
        const diff = diffObject(deltaSource(token), mergeObject(deepClone(deltaSource(token)), expanded, { performDeletions: true }));
        if (isEmpty(diff) && options.diff !== false) return undefined;
        await env.send("update", "ActorDelta", env.parentPath(token), [{ ...(options.diff === false ? expanded : diff), _id: view.id }], options);
        return stateOf(token).delta;
      },
      /**
       * v13 ActorDelta#restore: delete the delta (`restoreDelta`), which the
       * server stores as an empty one. Its pre-delete emulates an update of the
       * synthetic actor to the world actor's data (ActorDelta#_preDelete).
       */
      async restore() {
        const synthetic = actorOf(token);
        const base = baseOf(token);
        if (synthetic && base && !token.isLinked) {
          const data = base.toObject();
          const options = { diff: false, recursive: false, restoreDelta: true };
          if ((await synthetic._preUpdate(data, options, game.user)) === false) return synthetic;
          if (hooks.call("preUpdateActor", synthetic, data, options, game.user.id) === false) return synthetic;
        }
        if (hooks.call("preDeleteActorDelta", view, {}, game.user.id) === false) return token.actor;
        await env.send("delete", "ActorDelta", env.parentPath(token), [view.id], { diff: false, recursive: false, restoreDelta: true });
        return token.actor;
      },
    };
    state.delta = view;
    return view;
  }

  /**
   * v13 ClientDatabaseBackend#adjustActorDeltaRequest: a write to a token's
   * synthetic actor goes to the token's ActorDelta; a write below it (items,
   * effects) goes below the delta.
   */
  function request(documentName: string, parent: AnyObject | null): { documentName: string; parent: ParentStep[]; deltaId?: string } {
    const path = env.parentPath(parent);
    if (documentName === "Actor" && parent?.documentName === "Token") {
      return { documentName: "ActorDelta", parent: path, deltaId: deltaSource(parent)._id };
    }
    const at = path.findIndex((s, i) => s.documentName === "Actor" && path[i - 1]?.documentName === "Token");
    if (at < 0) return { documentName, parent: path };
    const token = game.scenes?.get(path[at - 2]!.id)?.tokens.get(path[at - 1]!.id);
    const adjusted = [...path];
    adjusted[at] = { documentName: "ActorDelta", id: token ? deltaSource(token)._id : path[at - 1]!.id };
    return { documentName, parent: adjusted };
  }

  const tokenAt = (path: readonly ParentStep[]): AnyObject | null => {
    const scene = path[0]?.documentName === "Scene" ? game.scenes?.get(path[0].id) : null;
    return (path[1]?.documentName === "Token" && scene?.tokens.get(path[1].id)) || null;
  };

  /** The document a broadcast names below a synthetic actor, walking from the actor. */
  function below(actor: AnyObject, steps: readonly ParentStep[], documentName: string, id: string): AnyObject | undefined {
    let doc: AnyObject | undefined = actor;
    for (const step of steps) doc = doc?.getEmbeddedCollection(step.documentName).get(step.id);
    return doc?.getEmbeddedCollection(documentName).get(id);
  }

  /**
   * Apply a broadcast write to a token's delta on this client (v13
   * ClientDatabaseBackend#handle*Documents with an ActorDelta parent, then
   * ActorDelta#_onUpdate / _onDelete): store it in the token's delta, rebuild
   * the synthetic actor, then call the documents' `_on*` callbacks and hooks.
   * Returns false for writes that are not to a delta.
   */
  function applyEvent(event: ServerEvent): boolean {
    if (event.kind === "setting" || event.kind === "activity" || !isDeltaRequest(event.documentName, event.parent)) return false;
    const token = tokenAt(tokenPath(event.documentName, event.parent));
    if (!token) return true;
    const base = baseOf(token);
    const steps = event.parent.slice(event.parent.findIndex((s) => s.documentName === "ActorDelta") + 1);
    const name = event.documentName;
    const gone = event.kind === "delete" && name !== "ActorDelta" ? event.ids.map((id) => (actorOf(token) ? below(actorOf(token)!, steps, name, id) : undefined)) : [];
    const oldDelta = stateOf(token).delta ?? deltaOf(token);
    applyToToken(token._source, base?._source, event);
    if (event.kind === "delete" && name === "ActorDelta") {
      // v13 ActorDelta#_onDelete: the token gets a new, empty delta (and so a new synthetic actor), whose update to the world actor's data is emulated.
      forget(token);
      const actor = actorOf(token);
      if (actor && base && !token.isLinked) {
        const data = base.toObject();
        actor._onUpdate(data, event.options, event.userId);
        hooks.callAll("updateActor", actor, data, event.options, event.userId);
      }
      hooks.callAll("deleteActorDelta", oldDelta, event.options, event.userId);
      return true;
    }
    if (stateOf(token).actor) refresh(token);
    const actor = actorOf(token);
    if (!actor || token.isLinked) return true;
    if (name === "ActorDelta" && event.kind === "update") {
      for (const changed of event.updates) {
        actor._onUpdate(deepClone(changed), event.options, event.userId);
        hooks.callAll("updateActor", actor, deepClone(changed), event.options, event.userId);
        hooks.callAll("updateActorDelta", deltaOf(token), deepClone(changed), event.options, event.userId);
      }
    } else if (event.kind === "create") {
      for (const source of event.data) {
        const doc = below(actor, steps, name, source._id);
        if (!doc) continue;
        doc._onCreate(doc._source, event.options, event.userId);
        hooks.callAll(`create${name}`, doc, event.options, event.userId);
      }
    } else if (event.kind === "update") {
      for (const changed of event.updates) {
        const doc = below(actor, steps, name, changed._id);
        if (!doc) continue;
        doc._onUpdate(deepClone(changed), event.options, event.userId);
        hooks.callAll(`update${name}`, doc, deepClone(changed), event.options, event.userId);
      }
    } else if (event.kind === "delete") {
      for (const doc of gone) {
        if (!doc) continue;
        doc._onDelete(event.options, event.userId);
        hooks.callAll(`delete${name}`, doc, event.options, event.userId);
      }
    }
    return true;
  }

  /** The unlinked tokens of every scene that stand for this world actor and hold a built synthetic actor. */
  function* dependents(actorId: string): Generator<AnyObject> {
    for (const scene of game.scenes ?? []) for (const token of scene.tokens.values()) if (token.actorId === actorId && !token.isLinked && states.get(token)?.actor) yield token;
  }

  /**
   * Before the `_onUpdate` callbacks of a broadcast update: v13 Actor#_onUpdate
   * updates the dependent tokens' synthetic actors (TokenDocument#_onUpdateBaseActor),
   * and TokenDocument#_onUpdate makes a new synthetic actor when the token's actor
   * or link changes; a change to a token's delta reaches its synthetic actor at once.
   */
  function beforeUpdateCallbacks(event: ServerEvent): void {
    if (event.kind !== "update") return;
    if (event.documentName === "Actor" && !event.parent.length) for (const u of event.updates) for (const token of dependents(u._id)) refresh(token);
    if (event.documentName === "Token") {
      const scene = game.scenes?.get(event.parent[0]?.id);
      for (const u of event.updates) {
        const token = scene?.tokens.get(u._id);
        if (!token) continue;
        if ("actorId" in u || "actorLink" in u) forget(token);
        else if ("delta" in u || Object.keys(u).some((k) => k.startsWith("delta."))) refresh(token);
      }
    }
  }

  /** After a broadcast below a world actor: v13 Actor#_onEmbeddedDocumentChange updates its dependent tokens. */
  function afterEvent(event: ServerEvent): void {
    if (event.kind === "setting" || event.kind === "activity") return;
    const root = event.parent[0];
    if (root?.documentName === "Actor") for (const token of dependents(root.id)) refresh(token);
  }

  /** v13 Actor#getDependentTokens: a token actor's own token; a world actor's tokens on every scene (or the given ones). */
  function dependentTokens(actor: AnyObject, { scenes, linked = false }: { scenes?: AnyObject | AnyObject[]; linked?: boolean } = {}): AnyObject[] {
    const list = scenes ? (Array.isArray(scenes) ? scenes : [scenes]) : null;
    if (actor.isToken) return !list || list.includes(actor.token.parent) ? [actor.token] : [];
    const out: AnyObject[] = [];
    for (const scene of list ?? game.scenes ?? []) {
      if (!scene) continue;
      for (const token of scene.tokens.values()) if (token.actorId === actor.id && (!linked || token.actorLink)) out.push(token);
    }
    return out;
  }

  /** v13 Actor#getActiveTokens: the dependent tokens on the canvas's scene (none while the canvas is not ready); the harness draws no placeables, so without `document` it gives their `object`s, if a test set any. */
  function activeTokens(actor: AnyObject, linked = false, document = false): AnyObject[] {
    const canvas = env.canvas();
    if (!canvas?.ready || !canvas.scene) return [];
    const tokens = dependentTokens(actor, { linked, scenes: canvas.scene }).filter((t) => t === canvas.scene.tokens.get(t.id));
    return document ? tokens : tokens.map((t) => t.object).filter(Boolean);
  }

  return { actorOf, deltaOf, tokenEmbeddedCollection, request, applyEvent, beforeUpdateCallbacks, afterEvent, dependentTokens, activeTokens };
}

export type SyntheticActors = ReturnType<typeof createSyntheticActors>;
