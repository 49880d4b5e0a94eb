/**
 * One connected Foundry client: its own `game`, `CONFIG`, `Hooks`, `ui` and
 * document classes, talking to the shared WorldServer. The client-side flow of a
 * write follows Foundry v13 (client/data/client-backend.mjs, ClientDatabaseBackend
 * #preCreateDocumentArray / #preUpdateDocumentArray / #preDeleteDocumentArray): a
 * create builds (and so validates) each pending document, then runs `_preCreate` and
 * the preCreate hook; an update runs `_preUpdate` and the preUpdate hook, then
 * validates the changes; a delete runs `_preDelete` and the preDelete hook. A document
 * refused by any of them is left out (a validation failure shows core's error) and
 * the call resolves with the documents written, never throwing for it; what is left
 * goes in one request, and every client applies the server's broadcast with `_on*`
 * callbacks and the `create*` / `update*` / `delete*` hooks.
 */
import { createCanvas } from "./canvas";
import { DataModel, TypeDataModel } from "./data-model";
import { TokenHUD } from "./token-hud";
import { createFields, DataModelValidationError, DataModelValidationFailure } from "./fields";
import { HooksImpl } from "./hooks";
import { type AnyGrid, createGrid, GRID_TYPES } from "./grid";
import { Localization } from "./i18n";
import { Notifications } from "./notifications";
import { createApplications } from "./applications";
import { defineRoll, DiceTerm, Die, NumericTerm, OperatorTerm } from "./roll";
import { coreSchema, DOCUMENT_META } from "./schemas";
import { createFilePicker } from "./file-picker";
import { type BatchStep, OWNERSHIP, ROLES, type ParentStep, type ServerClient, type ServerEvent, type WorldServer } from "./server";
import { applyRollMode, messageContentVisible, messageVisible } from "./chat-delivery";
import { CombatantGroupMixin, CombatantMixin, CombatMixin, CONFIG_COMBAT_INITIATIVE, registerCombatSettings, type CombatEnv } from "./combat";
import { canUserModify, type PermissionWorld } from "./permissions";
import { defaultRolePermissions, designatedUser, hasPermission, USER_PERMISSIONS } from "./users";
import { createSyntheticActors } from "./synthetic-actors";
import { createTemplateEngine, type TemplateEngine } from "./templates";
import { continueMovement, moveThrough, preUpdateMovement, type PendingMovement } from "./token-movement";
import { defaultTokenShape, TOKEN_SHAPES, type TokenDimensions, tokenCenterPoint, tokenGridSpacePolygon, tokenOccupiedOffsets, tokenPositionFromOffset, tokenSize, tokenSnappedPosition, tokenTopLeftOffset } from "./token-shapes";
import { createCompendiumCollection, lockedPackError } from "./compendium";
import { type CompatBranch, compatBranch, MESSAGE_MODE_OF_ROLL_MODE, modelsV14, releaseData, ROLL_MODE_OF_MESSAGE_MODE, userRollMode, v14Readings, v14Rule, type V14Readings } from "./version";
import { type AnyObject, deepClone, diffObject, expandObject, getProperty, hasProperty, isDeletionKey, isEmpty, isPlainObject, mergeEmbeddedSources, mergeObject, utils } from "./utils";

/** A write checked on the client and ready to go (Document.prepareCreate and kin): its server half, and what the caller gets back. */
interface PreparedWrite {
  /** The server's half (null: nothing to send). */
  send: (() => unknown) | null;
  /** The same, as one operation of a batch. */
  step: BatchStep | null;
  /** A `_pre*` callback, hook, validation or `_pre*Operation` refused some or all of it. */
  cancelled: boolean;
  finish(result: unknown): any[];
}

export interface RuntimeOptions {
  translations: AnyObject;
  /** Folder that `systems/<id>/` paths resolve to (the built system or the repo). */
  systemRoot: string;
  /** Seed for this client's dice. */
  seed?: number;
  /** The v14 mode's readings where the evidence is split (version.ts); the v13 mode ignores them. */
  v14?: Partial<V14Readings>;
}

/** Mulberry32: a small seeded source for `CONFIG.Dice.randomUniform`. */
function seededUniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const r = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return r === 0 ? 1 / 4294967296 : r;
  };
}

export class DocumentCollection<T extends { id: string | null; name?: string }> extends Map<string, T> {
  constructor(readonly documentName: string) {
    super();
  }
  /** Foundry's Collection iterates its values, not [key, value] pairs. */
  override [Symbol.iterator](): MapIterator<[string, T]> {
    return this.values() as unknown as MapIterator<[string, T]>;
  }
  get contents(): T[] {
    return [...this.values()];
  }
  getName(name: string): T | undefined {
    return this.contents.find((d) => d.name === name);
  }
  filter(fn: (d: T) => boolean): T[] {
    return this.contents.filter(fn);
  }
  find(fn: (d: T) => boolean): T | undefined {
    return this.contents.find(fn);
  }
  some(fn: (d: T) => boolean): boolean {
    return this.contents.some(fn);
  }
  map<U>(fn: (d: T) => U): U[] {
    return this.contents.map(fn);
  }
  reduce<U>(fn: (acc: U, d: T) => U, initial: U): U {
    return this.contents.reduce(fn, initial);
  }
}

/** The array methods v14's keyed CONFIG.statusEffects keeps for old callers (foundryvtt/foundryvtt#13122 "with backwards compatibility"). */
const STATUS_ARRAY_METHODS: Record<string, (this: Record<string, AnyObject>, ...args: any[]) => unknown> = {
  find(fn: (e: AnyObject) => boolean) { return Object.values(this).find(fn); },
  filter(fn: (e: AnyObject) => boolean) { return Object.values(this).filter(fn); },
  some(fn: (e: AnyObject) => boolean) { return Object.values(this).some(fn); },
  map(fn: (e: AnyObject) => unknown) { return Object.values(this).map(fn); },
  forEach(fn: (e: AnyObject) => void) { Object.values(this).forEach(fn); },
  push(...entries: AnyObject[]) { for (const e of entries) this[e.id] = e; return Object.keys(this).length; },
};

/**
 * CONFIG.statusEffects as the generation holds it: an array (v13); in v14 an object keyed by
 * status id (v14 API: `CONFIG.statusEffects: {[id: string]: StatusEffectConfig}`), with the
 * array methods or without, or an array a package assigned: `V14Readings.statusEffects`.
 */
function statusEffectsConfig(list: AnyObject[], reading: V14Readings["statusEffects"]): AnyObject[] | Record<string, AnyObject> {
  if (!modelsV14() || reading === "array") return list;
  const proto: AnyObject = {};
  if (reading === "compat") {
    for (const [name, fn] of Object.entries(STATUS_ARRAY_METHODS)) Object.defineProperty(proto, name, { value: fn, enumerable: false });
    Object.defineProperty(proto, Symbol.iterator, { value: function* (this: Record<string, AnyObject>) { yield* Object.values(this); }, enumerable: false });
  }
  return Object.assign(Object.create(proto), Object.fromEntries(list.map((e) => [e.id, e])));
}

/**
 * What src/compat.ts decides by the release, each branch its own rule (version.ts `compatBranch`). The message mode
 * option's read meets none here: it only picks which chat mode setting to read, and that read records (below).
 */
const RELEASE_RULES: Record<CompatBranch, string | null> = {
  modifyBatch: "batched writes (compat modifyBatch)",
  contextEntry: "a context menu entry's shape (compat contextEntry)",
  messageModeOption: null,
};
/** Between `record` and the branch: the property's getter, then compat.ts `generation()` (the bundle may suffix a name it renamed) and `isV14()`. */
const VIA_GENERATION = [/^get$/, /^generation(\$\d+)?$/, /^isV14$/];

/**
 * `game.release`, whose every read meets a v14 rule (version.ts `v14Rule`): src/compat.ts asks it the generation,
 * and a read by one of its branches meets that branch's rule; any other read meets "game.release".
 */
function recordedRelease(): AnyObject {
  const data = releaseData();
  const release: AnyObject = {};
  const record = (): void => {
    const branch = compatBranch(VIA_GENERATION);
    const rule = branch ? RELEASE_RULES[branch] : "game.release";
    if (rule) v14Rule(rule);
  };
  for (const key of Object.keys(data) as (keyof typeof data)[])
    Object.defineProperty(release, key, { get: () => (record(), data[key]), enumerable: true });
  return release;
}

/** Documents whose schema differs in v14 (schemas.ts): a Token's `level`, an ActiveEffect's changes moved to `system`. */
const VERSION_SHAPED = new Set(["Token", "ActiveEffect"]);

/**
 * The registered settings: core's differ (v13 core.rollMode, v14 core.messageMode), so walking them all
 * meets a v14 rule (version.ts `v14Rule`); a setting read by its key records only the chat mode's.
 */
class SettingsMap extends Map<string, AnyObject> {
  override entries(): MapIterator<[string, AnyObject]> {
    v14Rule("every registered setting");
    return super.entries();
  }
  override keys(): MapIterator<string> {
    v14Rule("every registered setting");
    return super.keys();
  }
  override values(): MapIterator<AnyObject> {
    v14Rule("every registered setting");
    return super.values();
  }
  override forEach(fn: (value: AnyObject, key: string, map: Map<string, AnyObject>) => void, thisArg?: unknown): void {
    v14Rule("every registered setting");
    super.forEach(fn, thisArg);
  }
  override [Symbol.iterator](): MapIterator<[string, AnyObject]> {
    return this.entries();
  }
}

/** The user's chat visibility: v13's core.rollMode, v14's core.messageMode. */
const CHAT_MODE_KEYS = new Set(["rollMode", "messageMode"]);
/** The public mode in each generation's words, the setting's default (MESSAGE_MODE_OF_ROLL_MODE.publicroll). */
const PUBLIC_CHAT_MODE: Record<string, string> = { rollMode: "publicroll", messageMode: MESSAGE_MODE_OF_ROLL_MODE.publicroll! };

/**
 * Whether a message's mode option is the same in both generations by construction: it names only the public
 * mode (v13 `rollMode: "publicroll"`, v14 `messageMode: "public"`), and the message is public already (no
 * whisper, not blind). v13 ChatMessage.applyRollMode for the public mode sets `whisper: []` and `blind: false`
 * (fvtt-types 14.366 client/documents/chat-message.d.mts `applyRollMode` documents the same), so the message is
 * the same whether the mode applies (a message with rolls; in v14 any message under the "all" reading) or not.
 * test/shell/v14-same.test.ts proves it in each mode and every v14 reading.
 */
function publicOnPublic(options: AnyObject, source: AnyObject): boolean {
  const rollMode = options.rollMode === undefined || options.rollMode === PUBLIC_CHAT_MODE.rollMode;
  const messageMode = options.messageMode === undefined || options.messageMode === PUBLIC_CHAT_MODE.messageMode;
  return rollMode && messageMode && !(source.whisper?.length > 0) && !source.blind;
}

/**
 * Whether reading the user's chat mode setting meets a v14 rule: always, unless src/compat.ts `messageModeOption`
 * (which reads the generation's own key) finds the public mode there. Then both generations answer the same mode
 * in their own words (v13 `{rollMode: "publicroll"}`, v14 `{messageMode: "public"}`), and what the system does
 * with it is the same: cards.ts `posterRollMode` maps both to "publicroll", and a message created with it meets
 * its own rule unless that is the same too (ChatMessage#_preCreate below). test/shell/v14-same.test.ts holds
 * where src uses `messageModeOption` and proves both in each mode and every v14 reading.
 */
function chatModeRead(key: string, value: unknown): void {
  if (value === PUBLIC_CHAT_MODE[key] && compatBranch([/^get$/]) === "messageModeOption") return;
  v14Rule("the user's chat mode setting");
}

/** The configured status of this id, in either shape. */
function statusConfig(CONFIG: AnyObject, statusId: string): AnyObject | undefined {
  const list = CONFIG.statusEffects;
  if (Array.isArray(list)) return list.find((e: AnyObject) => e.id === statusId);
  return Object.prototype.hasOwnProperty.call(list, statusId) ? { ...list[statusId], id: statusId } : undefined;
}

export function createRuntime(server: WorldServer, userId: string, options: RuntimeOptions) {
  const systemJson = server.systemJson;
  const readings = v14Readings(options.v14);
  const i18n = new Localization(options.translations);
  const hooks = new HooksImpl();
  const notifications = new Notifications(i18n);
  const rolls: { formula: string; results: number[][] }[] = [];
  const fields = createFields();
  const localSettings = new Map<string, unknown>();
  const worldSettings = new Map<string, unknown>();
  /** Each stored world setting value's cast (ClientSettings#kept), until a change stores a new value. */
  const worldCast = new WeakMap<object, { config: AnyObject; value: unknown }>();

  const documentTypes: Record<string, string[]> = {};
  for (const [name, meta] of Object.entries(DOCUMENT_META)) {
    const systemTypes = Object.keys((systemJson.documentTypes as AnyObject)?.[name] ?? {});
    documentTypes[name] = [...meta.coreTypes, ...systemTypes];
  }

  const CONFIG: AnyObject = {
    Dice: {
      randomUniform: seededUniform(options.seed ?? 1),
      rolls: [] as unknown[],
      terms: { d: Die },
      // v13 CONFIG.Dice.rollModes: the modes ChatMessage.applyRollMode knows.
      rollModes: {
        publicroll: { label: "CHAT.RollPublic", icon: "fa-solid fa-globe" },
        gmroll: { label: "CHAT.RollPrivate", icon: "fa-solid fa-user-secret" },
        blindroll: { label: "CHAT.RollBlind", icon: "fa-solid fa-eye-slash" },
        selfroll: { label: "CHAT.RollSelf", icon: "fa-solid fa-user" },
      },
    },
    // v13: an array of status configs; v14 (API docs, CONFIG.statusEffects): an object keyed by status id.
    statusEffects: statusEffectsConfig(
      [
      { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
      { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
      { id: "stun", name: "EFFECT.StatusStunned", img: "icons/svg/daze.svg" },
      { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
      ],
      readings.statusEffects,
    ),
    specialStatusEffects: { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind" },
    queries: {} as Record<string, (data: unknown, options: { timeout?: number }) => unknown>,
    ui: {},
    time: { roundTime: 6, turnTime: 0 },
  };
  // Its shape is the generation's: every read or assignment meets a v14 rule (version.ts `v14Rule`).
  let statusEffects = CONFIG.statusEffects;
  Object.defineProperty(CONFIG, "statusEffects", {
    get: () => (v14Rule("CONFIG.statusEffects"), statusEffects),
    set: (value) => {
      v14Rule("CONFIG.statusEffects");
      statusEffects = value;
    },
    enumerable: true,
    configurable: true,
  });

  const game: AnyObject = {
    ready: false,
    // Foundry's Game#release: which generation this client is (version.ts chooses the harness's); reading it meets a v14 rule.
    release: recordedRelease(),
    i18n,
    system: { id: systemJson.id, title: systemJson.title, version: systemJson.version, documentTypes: systemJson.documentTypes, initiative: systemJson.initiative },
    world: { id: "harness-world", title: "Harness World" },
    documentTypes,
    userId,
  };

  const ui: AnyObject = { notifications };

  // ---- documents -------------------------------------------------------------

  const parentPath = (parent: AnyObject | null | undefined): ParentStep[] => {
    if (!parent) return [];
    return [...parentPath(parent.parent), { documentName: parent.documentName, id: parent.id }];
  };

  const resolveParent = (path: ParentStep[]): AnyObject | null => {
    let doc: AnyObject | null = null;
    for (const step of path) {
      const meta = DOCUMENT_META[step.documentName]!;
      doc = doc ? doc[`${DOCUMENT_META[doc.documentName]!.embedded[step.documentName]}`]?.get(step.id) ?? null : game[worldCollectionKey(meta.collection)]?.get(step.id) ?? null;
      if (!doc) return null;
    }
    return doc;
  };

  const worldCollectionKey = (collection: string) => (collection === "journal" ? "journal" : collection);

  // As in v13 (ClientDatabaseBackend#getCollection): an embedded document's collection is its parent's getEmbeddedCollection.
  const collectionFor = (documentName: string, parent: AnyObject | null, pack?: string): DocumentCollection<any> => {
    if (parent) return parent.getEmbeddedCollection(documentName);
    // A write with {pack} goes to the compendium's collection (compendium.ts), never the world's.
    if (pack) {
      const collection = game.packs?.get(pack);
      if (!collection) throw new Error(`There is no compendium ${pack}`);
      return collection;
    }
    return game[worldCollectionKey(DOCUMENT_META[documentName]!.collection)];
  };

  /** v13 refuses a write to a locked compendium before it is sent. */
  const checkPackUnlocked = (options: AnyObject) => {
    if (options.pack && game.packs?.get(options.pack)?.locked) throw lockedPackError(options.pack);
  };

  const canvas = createCanvas();
  // Unlinked tokens' synthetic actors (synthetic-actors.ts); `client` is defined below and read only when a write is sent.
  const synthetic = createSyntheticActors({
    game,
    CONFIG,
    hooks,
    canvas: () => canvas,
    newCollection: (documentName) => new DocumentCollection<any>(documentName),
    parentPath: (parent) => parentPath(parent),
    send: (kind, documentName, parent, payload, options) =>
      server.request(client, "modifyDocument", () => void (kind === "update" ? server.update(client, documentName, parent, payload as AnyObject[], options) : server.delete(client, documentName, parent, payload as string[], options))),
  });

  const levelOf = (level: string | number) => (typeof level === "number" ? level : (OWNERSHIP as AnyObject)[level]);

  /**
   * v13 ClientDatabaseBackend: once the documents pass their `_pre*` workflow and hooks, the
   * class's `_pre*Operation(documents, operation, user)`; what it sets on the operation
   * (Combatant's `combatTurn`, `turnEvents`) travels with the request.
   */
  const preOperation = async (fn: (docs: any[], operation: AnyObject, user: AnyObject) => Promise<boolean | void>, docs: any[], options: AnyObject, structure: AnyObject, user: AnyObject): Promise<boolean | void> => {
    const operation: AnyObject = { ...options, ...structure };
    if ((await fn(docs, operation, user)) === false) return false;
    for (const key of Object.keys(structure)) delete operation[key];
    Object.assign(options, operation);
  };

  /**
   * A document whose data failed validation before a write (v13 ClientDatabaseBackend): core's
   * error notification (`shown` picks the words: the whole message for a create, as Hooks.onError
   * notifies; the part after "[id] " for an update) and the `error` hook (Hooks.onError). The
   * document is left out of the operation; nothing is thrown.
   */
  const reportInvalid = (location: string, error: unknown, id: unknown, shown: (message: string) => string): void => {
    // An error from the system's realm (the bundle's vm context) is no `instanceof Error` here: read its message.
    const message = (error as { message?: unknown } | null)?.message;
    notifications.error(shown(typeof message === "string" ? message : String(error)));
    hooks.callAll("error", location, error, { id });
  };

  /** What the client's canUserModify reads: this client's copies of the world's documents. */
  const clientPermissionWorld: PermissionWorld = {
    find: (path) => resolveParent(path)?._source,
    actor: (id) => game.actors?.get(id)?._source,
    corePermissions: () => worldSettings.get("core.permissions") as Record<string, number[]> | undefined,
  };

  class Document extends DataModel {
    static metadata = DOCUMENT_META.Actor!;
    declare _id: string | null;
    declare name: string;
    declare type: string;
    declare system: any;
    declare ownership: Record<string, number>;
    declare flags: AnyObject;

    static get documentName(): string {
      return this.metadata.name;
    }
    get documentName(): string {
      return (this.constructor as typeof Document).documentName;
    }
    static override defineSchema() {
      return coreSchema(this.metadata.name, () => game.user?.id ?? null, () => game.system ?? null);
    }
    static override get validationName(): string {
      return this.metadata.name;
    }
    static get implementation(): typeof Document {
      return CONFIG[this.documentName]?.documentClass ?? this;
    }
    static get TYPES(): string[] {
      return documentTypes[this.documentName] ?? [];
    }

    get id(): string | null {
      return this._id;
    }
    get uuid(): string {
      const own = `${this.documentName}.${this.id}`;
      if (this.parent) return `${(this.parent as Document).uuid}.${own}`;
      // v13 ClientDocumentMixin#uuid: a document in a compendium is "Compendium.<pack>.<documentName>.<id>".
      const pack = (this as AnyObject).pack as string | undefined;
      return pack ? `Compendium.${pack}.${own}` : own;
    }
    get isEmbedded(): boolean {
      return Boolean(this.parent);
    }
    get collection(): DocumentCollection<any> {
      return collectionFor(this.documentName, this.parent as AnyObject | null);
    }

    protected static systemModel(type: string | undefined): typeof TypeDataModel | undefined {
      if (!this.metadata.hasTypeData || !type) return undefined;
      return CONFIG[this.metadata.name]?.dataModels?.[type];
    }

    override _initializeSource(data: AnyObject): AnyObject {
      const cls = this.constructor as typeof Document;
      if (VERSION_SHAPED.has(cls.metadata.name)) v14Rule(`a ${cls.metadata.name} document`);
      let source = deepClone(data ?? {});
      source = cls.migrateData(source);
      const system = source.system;
      delete source.system;
      cls.schema.clean(source);
      if (cls.metadata.hasTypeData) {
        const model = cls.systemModel(source.type);
        source.system = model ? model.cleanData(model.migrateData(deepClone(system ?? {}))) : deepClone(system ?? {});
      } else delete source.system;
      return source;
    }

    override _validateSource(source: AnyObject, partial = false): DataModelValidationFailure | undefined {
      const cls = this.constructor as typeof Document;
      // The typed `system` object is validated by its own data model below.
      const core = { ...source, system: {} };
      const failure = cls.schema.validate(core, { partial } as never) ?? new DataModelValidationFailure({ unresolved: false });
      if (cls.metadata.hasTypeData && "type" in source) {
        if (!documentTypes[cls.documentName]!.includes(source.type)) {
          failure.fields.type = new DataModelValidationFailure({ invalidValue: source.type, message: `"${source.type}" is not a valid type for the ${cls.documentName} Document class` });
        }
        const model = cls.systemModel(source.type);
        const sysFailure = model?.schema.validate(source.system);
        if (sysFailure && !sysFailure.isEmpty()) failure.fields.system = sysFailure;
      }
      return failure.isEmpty() ? undefined : failure;
    }

    override _initialize(): void {
      const cls = this.constructor as typeof Document;
      for (const [name, field] of Object.entries(cls.schema.fields)) {
        if (name === "system") continue;
        if (Object.values(cls.metadata.embedded).includes(name)) continue;
        (this as AnyObject)[name] = field.initialize(this._source[name], this);
      }
      if (cls.metadata.hasTypeData) {
        const model = cls.systemModel(this._source.type);
        if (model) {
          // v13 TypeDataField#initialize: the model is built on the document's own system source (migrated and cleaned in place).
          const system = new model(this._source.system, { parent: this, ownSource: true });
          Object.defineProperty(system, "_source", { value: this._source.system, writable: true, enumerable: false });
          this.system = system;
        } else this.system = deepClone(this._source.system);
      }
      for (const [childName, field] of Object.entries(cls.metadata.embedded)) {
        if (!(field in cls.schema.fields)) continue;
        const existing = (this as AnyObject)[field] as DocumentCollection<any> | undefined;
        if (existing) continue;
        const collection = new DocumentCollection<any>(childName);
        const childCls = CONFIG[childName]?.documentClass;
        for (const childSource of this._source[field] ?? []) {
          const child = new childCls(childSource, { parent: this });
          collection.set(child.id, child);
        }
        Object.defineProperty(this, field, { value: collection, writable: true, enumerable: false });
      }
    }

    getEmbeddedCollection(name: string): DocumentCollection<any> {
      const field = (this.constructor as typeof Document).metadata.embedded[name];
      if (!field) throw new Error(`${name} is not a valid embedded Document within the ${this.documentName} Document`);
      return (this as AnyObject)[field];
    }

    getEmbeddedDocument(name: string, id: string): any {
      return this.getEmbeddedCollection(name).get(id);
    }

    /**
     * Clean, apply and validate a change; commit it unless `dryRun`; return what changed. As v13
     * DataModel#updateSource (common/abstract/data.mjs), the work follows the change, not the document:
     * DataModel##prepareSafeSource copies only the top-level fields the change names (the others stay the
     * source's own), each field's `_updateDiff` applies its part to that copy and reports its diff, and
     * `validate({changes: diff, fields: true, joint: false})` checks the changed fields only. (What v13 does
     * whole on every update stays whole here: a named field is copied whole, `system` included, and the
     * commit's `_initialize` builds the system model again, validating it and copying an ObjectField's value:
     * TypeDataField#initialize, ObjectField#initialize.)
     */
    override updateSource(changes: AnyObject = {}, { dryRun = false }: { dryRun?: boolean } = {}): AnyObject {
      const cls = this.constructor as typeof Document;
      const expanded = expandObject(deepClone(changes));
      delete expanded._id;
      const systemChanges = expanded.system;
      delete expanded.system;
      cls.schema.clean(expanded, { partial: true });
      // v13 TypeDataField#_updateDiff: the system data updates through its model's schema (each field's
      // own _updateDiff: an ObjectField merges key by key and reports `-=key` removals in the diff).
      let systemUpdate: { source: AnyObject; diff: AnyObject } | null = null;
      if (systemChanges !== undefined && cls.metadata.hasTypeData) {
        const model = cls.systemModel(expanded.type ?? this._source.type);
        if (model) model.schema.clean(systemChanges, { partial: true });
        if (model && isPlainObject(systemChanges) && (expanded.type === undefined || expanded.type === this._source.type)) {
          const holder = { system: deepClone(this._source.system ?? {}) };
          const diff: AnyObject = {};
          model.schema._updateDiff(holder, "system", systemChanges, diff, {});
          systemUpdate = { source: holder.system, diff: diff.system ?? {} };
        } else expanded.system = systemChanges;
      }
      const embeddedFields = Object.values(cls.metadata.embedded).filter((f) => Array.isArray(expanded[f]));
      for (const f of embeddedFields) expanded[f] = mergeEmbeddedSources(this._source[f], expanded[f]);
      // v13 DataModel##prepareSafeSource: a copy of each top-level field the change names (an embedded array
      // arrives merged above), the change merged into the copies; every other field is the source's own.
      const named = new Set(Object.keys(expanded).map((k) => (isDeletionKey(k) ? k.slice(2) : k)));
      const part: AnyObject = {};
      for (const key of named) if (key in this._source && !embeddedFields.includes(key)) part[key] = deepClone(this._source[key]);
      mergeObject(part, expanded, { performDeletions: true });
      // Only the named fields can differ (diffObject walks its second argument's keys); the system's diff is its model's.
      const diff = diffObject(this._source, part);
      if (systemUpdate) (part.system = systemUpdate.source), named.add("system");
      // The new source in the old one's key order: a named field's new value (none when `-=` removed it), else the old.
      const merged: AnyObject = {};
      for (const key of Object.keys(this._source)) {
        if (!named.has(key)) merged[key] = this._source[key];
        else if (key in part) merged[key] = part[key];
      }
      for (const key of Object.keys(part)) if (!(key in merged)) merged[key] = part[key];
      // v13 DataModel#validate({changes, fields: true, joint: false}): the changed fields only (the system
      // model's data is checked whole: its model is built again on commit, TypeDataField#initialize).
      const candidate: AnyObject = { ...part };
      if (cls.metadata.hasTypeData) (candidate.type = merged.type), (candidate.system = merged.system);
      const failure = this._validateSource(candidate, true);
      if (failure) throw new DataModelValidationError(failure, `${this.documentName} [${this.id}]`);
      if (systemUpdate) {
        if (isEmpty(systemUpdate.diff)) delete diff.system;
        else diff.system = systemUpdate.diff;
      }
      // v13 EmbeddedCollectionField#_updateDiff: an embedded array's diff lists only the children changed or added.
      for (const f of embeddedFields) {
        if (!(f in diff)) continue;
        const prior = new Map(((this._source[f] as AnyObject[] | undefined) ?? []).map((e) => [e._id, e]));
        const changed = (merged[f] as AnyObject[]).flatMap((entry) => {
          const before = prior.get(entry._id);
          if (!before) return [entry];
          const d = diffObject(before, entry);
          return isEmpty(d) ? [] : [{ ...d, _id: entry._id }];
        });
        if (changed.length) diff[f] = changed;
        else delete diff[f];
      }
      if (dryRun || isEmpty(diff)) return diff;
      this._source = merged;
      this._initialize();
      for (const f of embeddedFields) this.syncEmbeddedCollection(f);
      this.syncParentSource();
      return diff;
    }

    /** After an update of the parent carrying an embedded array (v13 EmbeddedCollectionField#_updateCommit): the children follow their new sources. */
    private syncEmbeddedCollection(field: string): void {
      const childName = Object.entries((this.constructor as typeof Document).metadata.embedded).find(([, f]) => f === field)![0];
      const collection = (this as AnyObject)[field] as DocumentCollection<any>;
      const sources = (this._source[field] ?? []) as AnyObject[];
      for (const id of [...collection.keys()]) if (!sources.some((s) => s._id === id)) collection.delete(id);
      for (const source of sources) {
        const child = collection.get(source._id);
        if (child) {
          child._source = source;
          child._initialize();
        } else collection.set(source._id, new CONFIG[childName].documentClass(source, { parent: this }));
      }
    }

    /** Keep the parent's stored array pointing at this document's current source. */
    private syncParentSource(): void {
      const parent = this.parent as Document | null;
      if (!parent) return;
      const field = (parent.constructor as typeof Document).metadata.embedded[this.documentName];
      // A token's synthetic actor is not stored in its token (synthetic-actors.ts).
      if (!field) return;
      const list = parent._source[field] as AnyObject[];
      const index = list.findIndex((s) => s._id === this.id);
      if (index >= 0) list[index] = this._source;
    }

    override toObject(source = true): AnyObject {
      return source ? deepClone(this._source) : super.toObject(false);
    }

    /** The default sheet registered for this document's type, created once (as Foundry does). */
    get sheet(): AnyObject | null {
      const self = this as AnyObject;
      if (self._sheet) return self._sheet;
      const entries = Object.values<AnyObject>(CONFIG[this.documentName]?.sheetClasses?.[self.type ?? "base"] ?? {});
      const entry = entries.find((e) => e.default) ?? entries[0];
      if (!entry) return null;
      Object.defineProperty(self, "_sheet", { value: new entry.cls({ document: this }), enumerable: false });
      return self._sheet;
    }

    // ---- ownership ----

    getUserLevel(user: AnyObject | null = game.user): number {
      if (!user) return OWNERSHIP.NONE;
      if (user.isGM) return OWNERSHIP.OWNER;
      const own = this.ownership?.[user.id] ?? this.ownership?.default;
      if (this.parent && (own === undefined || own === OWNERSHIP.INHERIT)) return (this.parent as Document).getUserLevel(user);
      return own ?? OWNERSHIP.NONE;
    }
    testUserPermission(user: AnyObject, level: string | number, { exact = false } = {}): boolean {
      const have = this.getUserLevel(user);
      const want = levelOf(level);
      return exact ? have === want : have >= want;
    }
    get permission(): number {
      return this.getUserLevel(game.user);
    }
    get isOwner(): boolean {
      return this.testUserPermission(game.user, "OWNER");
    }
    /** v13 ClientDocument#hasPlayerOwner. */
    get hasPlayerOwner(): boolean {
      return game.users.some((u: AnyObject) => !u.isGM && this.testUserPermission(u, "OWNER"));
    }
    /** v13 Document#canUserModify: the same rules the server applies (permissions.ts), on this client's copy. */
    canUserModify(user: AnyObject, action: "create" | "update" | "delete", data: AnyObject = {}): boolean {
      const source = { _id: user.id, name: user.name, role: user.role, permissions: user._source?.permissions };
      return canUserModify(clientPermissionWorld, source, action, { documentName: this.documentName, source: this._source, parent: parentPath(this.parent as AnyObject | null) }, expandObject(deepClone(data)));
    }
    get visible(): boolean {
      return this.testUserPermission(game.user, "OBSERVER") || this.testUserPermission(game.user, "LIMITED");
    }
    get limited(): boolean {
      return this.testUserPermission(game.user, "LIMITED", { exact: true });
    }

    // ---- flags ----

    getFlag(scope: string, key: string): unknown {
      return getProperty(this.flags?.[scope], key);
    }
    async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
      return this.update({ [`flags.${scope}.${key}`]: value });
    }
    async unsetFlag(scope: string, key: string): Promise<this | undefined> {
      const parts = key.split(".");
      const last = parts.pop()!;
      const head = parts.length ? `${parts.join(".")}.` : "";
      return this.update({ [`flags.${scope}.${head}-=${last}`]: null });
    }

    // ---- data preparation ----

    /** v13 DataModel#reset runs _initialize, and ClientDocumentMixin#_initialize prepares the data again (once documents are ready). */
    override reset(): void {
      this._initialize();
      this.prepareData();
    }

    prepareData(): void {
      const typed = this.system instanceof TypeDataModel;
      if (typed) this.system.prepareBaseData();
      this.prepareBaseData();
      this.prepareEmbeddedDocuments();
      if (typed) this.system.prepareDerivedData();
      this.prepareDerivedData();
    }
    prepareBaseData(): void {}
    prepareEmbeddedDocuments(): void {
      for (const field of Object.values((this.constructor as typeof Document).metadata.embedded)) {
        const collection = (this as AnyObject)[field] as DocumentCollection<any> | undefined;
        collection?.forEach((d) => d.prepareData());
      }
    }
    prepareDerivedData(): void {}

    // ---- lifecycle callbacks (the system overrides these) ----

    async _preCreate(data: AnyObject, options: AnyObject, user: AnyObject): Promise<boolean | void> {
      if (this.system instanceof TypeDataModel) return this.system._preCreate(data, options, user);
    }
    _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
      if (this.system instanceof TypeDataModel) this.system._onCreate(data, options, userId);
    }
    async _preUpdate(changes: AnyObject, options: AnyObject, user: AnyObject): Promise<boolean | void> {
      if (this.system instanceof TypeDataModel) return this.system._preUpdate(changes, options, user);
    }
    _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
      if (this.system instanceof TypeDataModel) this.system._onUpdate(changed, options, userId);
    }
    async _preDelete(options: AnyObject, user: AnyObject): Promise<boolean | void> {
      if (this.system instanceof TypeDataModel) return this.system._preDelete(options, user);
    }
    _onDelete(options: AnyObject, userId: string): void {
      if (this.system instanceof TypeDataModel) this.system._onDelete(options, userId);
    }

    // ---- database operations ----

    /** v13 Document.create: one document, or an array of them for an array of data. */
    static async create(data: AnyObject | AnyObject[], options: AnyObject = {}): Promise<any> {
      const created = await this.createDocuments(Array.isArray(data) ? data : [data], options);
      return Array.isArray(data) ? created : created[0];
    }

    /** v13 Document._preCreateOperation / _preUpdateOperation / _preDeleteOperation: called once per operation, may change its options or cancel it. */
    static async _preCreateOperation(_documents: any[], _operation: AnyObject, _user: AnyObject): Promise<boolean | void> {}
    static async _preUpdateOperation(_documents: any[], _operation: AnyObject, _user: AnyObject): Promise<boolean | void> {}
    static async _preDeleteOperation(_documents: any[], _operation: AnyObject, _user: AnyObject): Promise<boolean | void> {}

    static async createDocuments(data: AnyObject[] = [], options: AnyObject = {}): Promise<any[]> {
      const step = await this.prepareCreate(data, options);
      if (!step.send) return [];
      return step.finish(await server.request(client, "modifyDocument", step.send));
    }

    /**
     * The client's half of a create before its request (v13 ClientDatabaseBackend#_createDocuments):
     * `_preCreate`, the preCreate hook and `_preCreateOperation`; `send` runs the server's half
     * (null: nothing to send), `cancelled` says a callback or hook refused a document.
     */
    static async prepareCreate(data: AnyObject[], { parent = null, ...options }: AnyObject): Promise<PreparedWrite> {
      const name = this.documentName;
      const cls = CONFIG[name]?.documentClass ?? this;
      const user = game.user;
      checkPackUnlocked(options);
      const sources: AnyObject[] = [];
      const docs: any[] = [];
      let cancelled = false;
      for (const d of data) {
        const createData = d instanceof DataModel ? d.toObject() : deepClone(d);
        // v13 #preCreateDocumentArray: the pending document is built first (its data validated);
        // one that fails is reported (Hooks.onError, notify "error") and left out, the call goes on.
        let doc: any;
        try {
          doc = new cls(createData, { parent });
        } catch (error) {
          reportInvalid("ClientDatabaseBackend##preCreateDocumentArray", error, createData._id, (m) => m);
          cancelled = true;
          continue;
        }
        if ((await doc._preCreate(createData, options, user)) === false || (!options.noHook && hooks.call(`preCreate${name}`, doc, createData, options, user.id) === false)) {
          cancelled = true;
          continue;
        }
        sources.push(doc.toObject());
        docs.push(doc);
      }
      const none: PreparedWrite = { send: null, cancelled, step: null, finish: () => [] };
      if (!sources.length) return none;
      if ((await preOperation(cls._preCreateOperation.bind(cls), docs, options, { parent, data: sources }, user)) === false) return { ...none, cancelled: true };
      const route = synthetic.request(name, parent);
      if (route.deltaId) throw new Error("harness: an Actor cannot be created in a Token");
      const collection = collectionFor(name, parent, options.pack);
      return {
        cancelled,
        step: { action: "create", documentName: route.documentName, parent: route.parent, data: sources, options },
        send: () => server.create(client, route.documentName, route.parent, sources, options),
        finish: (created) => (created as AnyObject[]).map((c) => collection.get(c._id)),
      };
    }

    async update(changes: AnyObject = {}, options: AnyObject = {}): Promise<this | undefined> {
      const updated = await (this.constructor as typeof Document).updateDocuments([{ ...changes, _id: this.id }], { ...options, parent: this.parent });
      return updated[0];
    }

    static async updateDocuments(updates: AnyObject[] = [], options: AnyObject = {}): Promise<any[]> {
      const step = await this.prepareUpdate(updates, options);
      if (!step.send) return [];
      return step.finish(await server.request(client, "modifyDocument", step.send));
    }

    /** The client's half of an update before its request (as prepareCreate): the changes diffed, `_preUpdate`, the hook, `_preUpdateOperation`. */
    static async prepareUpdate(updates: AnyObject[], { parent = null, ...options }: AnyObject): Promise<PreparedWrite> {
      const name = this.documentName;
      checkPackUnlocked(options);
      const collection = collectionFor(name, parent, options.pack);
      const user = game.user;
      const send: AnyObject[] = [];
      const docs: any[] = [];
      let cancelled = false;
      for (const update of updates) {
        const doc = collection.get(update._id);
        if (!doc) throw new Error(`${name} [${update._id}] does not exist in the ${collection.documentName} collection`);
        const changes = expandObject(deepClone(update));
        delete changes._id;
        // v13 ClientDatabaseBackend#preUpdateDocumentArray: the changes are migrated like a source
        // (Document.migrateData, the system part by its type's data model via TypeDataField#migrateSource).
        const own = this as unknown as typeof Document;
        own.migrateData(changes);
        if (own.metadata.hasTypeData && changes.system && typeof changes.system === "object" && !Array.isArray(changes.system)) own.systemModel(changes.type ?? doc.type)?.migrateData(changes.system);
        // v13 #preUpdateDocumentArray: `_preUpdate` and the preUpdate hook first (either may drop
        // this document), then the changes are validated by a dry run of updateSource; a change
        // that fails shows core's error (the message after the document's "[id] ") and drops
        // this document. Neither throws: the call resolves with the documents that were written.
        if ((await doc._preUpdate(changes, options, user)) === false || (!options.noHook && hooks.call(`preUpdate${name}`, doc, changes, options, user.id) === false)) {
          cancelled = true;
          continue;
        }
        let dryRun: AnyObject;
        try {
          dryRun = doc.updateSource(changes, { dryRun: true });
        } catch (error) {
          reportInvalid("ClientDatabaseBackend##preUpdateDocumentArray", error, doc.id, (m) => m.split("] ").pop() ?? m);
          cancelled = true;
          continue;
        }
        // With `diff: false` Foundry sends the change as given, even when the client's
        // copy already holds it (used to write back data migrated in memory).
        const diff = options.diff === false ? changes : dryRun;
        if (isEmpty(diff)) continue;
        send.push({ _id: doc.id, ...diff });
        docs.push(doc);
      }
      const none: PreparedWrite = { send: null, cancelled, step: null, finish: () => [] };
      if (!send.length) return none;
      const cls = (CONFIG[name]?.documentClass ?? this) as typeof Document;
      if ((await preOperation(cls._preUpdateOperation.bind(cls), docs, options, { parent, updates: send }, user)) === false) return { ...none, cancelled: true };
      const route = synthetic.request(name, parent);
      const routed = route.deltaId ? send.map((u) => ({ ...u, _id: route.deltaId })) : send;
      return {
        cancelled,
        step: { action: "update", documentName: route.documentName, parent: route.parent, updates: routed, options },
        send: () => server.update(client, route.documentName, route.parent, routed, options),
        finish: () => send.map((u) => collection.get(u._id)),
      };
    }

    async delete(options: AnyObject = {}): Promise<this | undefined> {
      const deleted = await (this.constructor as typeof Document).deleteDocuments([this.id!], { ...options, parent: this.parent });
      return deleted[0];
    }

    static async deleteDocuments(ids: string[] = [], options: AnyObject = {}): Promise<any[]> {
      const step = await this.prepareDelete(ids, options);
      if (!step.send) return [];
      return step.finish(await server.request(client, "modifyDocument", step.send));
    }

    /** The client's half of a delete before its request (as prepareCreate). */
    static async prepareDelete(ids: string[], { parent = null, ...options }: AnyObject): Promise<PreparedWrite> {
      const name = this.documentName;
      checkPackUnlocked(options);
      const collection = collectionFor(name, parent, options.pack);
      const user = game.user;
      const docs: any[] = [];
      let cancelled = false;
      for (const id of ids) {
        const doc = collection.get(id);
        if (!doc) throw new Error(`${name} [${id}] does not exist`);
        if ((await doc._preDelete(options, user)) === false || (!options.noHook && hooks.call(`preDelete${name}`, doc, options, user.id) === false)) {
          cancelled = true;
          continue;
        }
        docs.push(doc);
      }
      const none: PreparedWrite = { send: null, cancelled, step: null, finish: () => [] };
      if (!docs.length) return none;
      const cls = (CONFIG[name]?.documentClass ?? this) as typeof Document;
      if ((await preOperation(cls._preDeleteOperation.bind(cls), docs, options, { parent, ids: docs.map((d) => d.id) }, user)) === false) return { ...none, cancelled: true };
      const route = synthetic.request(name, parent);
      if (route.deltaId) throw new Error("harness: deleting a token's synthetic actor is not modelled; use token.delta.restore()");
      const sent = docs.map((d) => d.id as string);
      return {
        cancelled,
        step: { action: "delete", documentName: route.documentName, parent: route.parent, ids: sent, options },
        send: () => server.delete(client, route.documentName, route.parent, sent, options),
        finish: () => docs,
      };
    }

    /** v13 ClientDocument#_dispatchDescendantDocumentEvents: the event runs on the direct parent, then bubbles up its ancestors. */
    _dispatchDescendantDocumentEvents(event: string, collection: string, args: unknown[], _parent?: Document): void {
      _parent ||= this;
      const fn = (this as AnyObject)[`_${event}DescendantDocuments`];
      if (typeof fn !== "function") throw new Error(`Invalid descendant document event "${event}"`);
      fn.call(this, _parent, collection, ...args);
      (this.parent as Document | null)?._dispatchDescendantDocumentEvents(event, collection, args, _parent);
    }
    // v13 ClientDocument's descendant events (which re-render the document's sheets there; nothing here).
    _preCreateDescendantDocuments(_parent: AnyObject, _collection: string, _data: AnyObject[], _options: AnyObject, _userId: string): void {}
    _onCreateDescendantDocuments(_parent: AnyObject, _collection: string, _documents: any[], _data: AnyObject[], _options: AnyObject, _userId: string): void {}
    _preUpdateDescendantDocuments(_parent: AnyObject, _collection: string, _changes: AnyObject[], _options: AnyObject, _userId: string): void {}
    _onUpdateDescendantDocuments(_parent: AnyObject, _collection: string, _documents: any[], _changes: AnyObject[], _options: AnyObject, _userId: string): void {}
    _preDeleteDescendantDocuments(_parent: AnyObject, _collection: string, _ids: string[], _options: AnyObject, _userId: string): void {}
    _onDeleteDescendantDocuments(_parent: AnyObject, _collection: string, _documents: any[], _ids: string[], _options: AnyObject, _userId: string): void {}

    async createEmbeddedDocuments(name: string, data: AnyObject[], options: AnyObject = {}): Promise<any[]> {
      return CONFIG[name].documentClass.createDocuments(data, { ...options, parent: this });
    }
    async updateEmbeddedDocuments(name: string, updates: AnyObject[], options: AnyObject = {}): Promise<any[]> {
      return CONFIG[name].documentClass.updateDocuments(updates, { ...options, parent: this });
    }
    async deleteEmbeddedDocuments(name: string, ids: string[], options: AnyObject = {}): Promise<any[]> {
      return CONFIG[name].documentClass.deleteDocuments(ids, { ...options, parent: this });
    }
  }

  const documentClass = (name: string): typeof Document => {
    const cls = class extends Document {
      static override metadata = DOCUMENT_META[name]!;
    };
    Object.defineProperty(cls, "name", { value: name });
    return cls;
  };

  /** As in v13: an actor knows the statuses of its active effects, and toggles a configured status as a one-status effect. */
  class Actor extends documentClass("Actor") {
    /** Gathered when the actor's data is prepared (Actor#applyActiveEffects in v13). */
    statuses = new Set<string>();
    /**
     * v13 BaseActor#_initializeSource and PrototypeToken (common/data/data.mjs): the prototype token
     * is BaseToken's schema without a place (x, y, actorId, delta, shape, ...), unlinked and hostile
     * by default, named after the actor and showing its image unless told otherwise.
     */
    override _initializeSource(data: AnyObject): AnyObject {
      const source = super._initializeSource(data);
      const given = (source.prototypeToken ?? {}) as AnyObject;
      source.prototypeToken = {
        name: "",
        displayName: 0,
        actorLink: false,
        width: 1,
        height: 1,
        rotation: 0,
        lockRotation: false,
        disposition: -1,
        displayBars: 0,
        // v13 PrototypeToken (BaseToken's bars): the system's primary and secondary token attributes.
        bar1: { attribute: (systemJson.primaryTokenAttribute as string | undefined) ?? null },
        bar2: { attribute: (systemJson.secondaryTokenAttribute as string | undefined) ?? null },
        randomImg: false,
        appendNumber: false,
        prependAdjective: false,
        flags: {},
        ...given,
        texture: { src: null, ...((given.texture as AnyObject) ?? {}) },
      };
      source.prototypeToken.name ||= source.name;
      source.prototypeToken.texture.src ||= source.img;
      return source;
    }
    override _initialize(): void {
      super._initialize();
      const prototype = (this as AnyObject).prototypeToken as AnyObject;
      // v13 PrototypeToken#toObject: its data with the actor's id.
      Object.defineProperty(prototype, "toObject", { value: () => ({ ...deepClone(this._source.prototypeToken), actorId: this.id }), enumerable: false, configurable: true });
      Object.defineProperty(prototype, "actor", { get: () => this, enumerable: false, configurable: true });
    }
    /**
     * v13 Actor#getTokenDocument: an unsaved token from the prototype at the given data; an
     * unlinked prototype with appendNumber takes the lowest free "Name (n)" on the viewed scene.
     */
    async getTokenDocument(data: AnyObject = {}, options: AnyObject = {}): Promise<any> {
      const tokenData = ((this as AnyObject).prototypeToken as AnyObject).toObject();
      if (!tokenData.actorLink && tokenData.appendNumber) {
        const scene = (options.parent ?? canvas.scene) as AnyObject | null;
        const tokens: AnyObject[] = scene?.tokens?.filter((t: AnyObject) => t.actorId === this.id) ?? [];
        const pattern = new RegExp(`^${tokenData.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\((\\d+)\\)$`);
        const used = new Set(tokens.map((t) => Number(pattern.exec(t.name)?.[1]) || 0));
        let n = 1;
        while (used.has(n)) n++;
        tokenData.name = `${tokenData.name} (${n})`;
      }
      mergeObject(tokenData, data);
      return new CONFIG.Token.documentClass(tokenData, options);
    }
    /** v13 Actor#isToken: a synthetic actor, whose parent is its token. */
    get isToken(): boolean {
      return (this.parent as AnyObject | null)?.documentName === "Token";
    }
    /** v13 Actor#token: the token a synthetic actor stands for, else null. */
    get token(): AnyObject | null {
      return this.isToken ? (this.parent as AnyObject) : null;
    }
    /** A synthetic actor's level comes from its own (merged) ownership, never deferring to its token, which asks its actor. */
    override getUserLevel(user: AnyObject | null = game.user): number {
      if (!this.isToken || !user || user.isGM) return super.getUserLevel(user);
      const level = this.ownership?.[user.id] ?? this.ownership?.default ?? OWNERSHIP.NONE;
      return level === OWNERSHIP.INHERIT ? OWNERSHIP.NONE : level;
    }
    /** v13 Actor#getDependentTokens. */
    getDependentTokens(options: AnyObject = {}): AnyObject[] {
      return synthetic.dependentTokens(this, options);
    }
    /** v13 Actor#getActiveTokens. */
    getActiveTokens(linked = false, document = false): AnyObject[] {
      return synthetic.activeTokens(this, linked, document);
    }
    /**
     * v13 Actor#temporaryEffects: the active effects that are temporary (what the tracker's rows and
     * the token show). Effects transferred from items are not modelled (the system makes none).
     */
    get temporaryEffects(): AnyObject[] {
      return ((this as AnyObject).effects?.contents ?? []).filter((e: AnyObject) => e.active && e.isTemporary);
    }
    override prepareEmbeddedDocuments(): void {
      super.prepareEmbeddedDocuments();
      this.statuses = new Set();
      for (const effect of (this as AnyObject).effects ?? []) if (!effect.disabled) for (const id of effect.statuses ?? []) this.statuses.add(id);
    }
    /** v13 Actor#toggleStatusEffect: the new effect, true when it is already on and asked on, false when removed, undefined when nothing changes. */
    async toggleStatusEffect(statusId: string, { active, overlay = false }: { active?: boolean; overlay?: boolean } = {}): Promise<unknown> {
      const status = statusConfig(CONFIG, statusId);
      if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
      const effects = (this as AnyObject).effects as DocumentCollection<any>;
      const existing: string[] = [];
      if (status._id) {
        if (effects.get(status._id)) existing.push(status._id);
      } else {
        for (const effect of effects.values()) if (effect.statuses.size === 1 && effect.statuses.has(status.id)) existing.push(effect.id);
      }
      if (existing.length) {
        if (active) return true;
        await this.deleteEmbeddedDocuments("ActiveEffect", existing);
        return false;
      }
      if (!active && active !== undefined) return undefined;
      const effect = await ActiveEffect.fromStatusEffect(statusId);
      if (overlay) effect.updateSource({ "flags.core.overlay": true });
      return ActiveEffect.create(effect, { parent: this, keepId: true });
    }
  }
  class Item extends documentClass("Item") {
    /** v13 Item#actor: the actor that holds this item (a token's synthetic actor for an item below it), else null. */
    get actor(): AnyObject | null {
      return (this.parent as AnyObject | null)?.documentName === "Actor" ? (this.parent as AnyObject) : null;
    }
  }
  /** As in v13: ActiveEffect.fromStatusEffect builds an unsaved effect from CONFIG.statusEffects. */
  class ActiveEffect extends documentClass("ActiveEffect") {
    /** v13 ActiveEffect#active: not disabled (suppression by an item is not modelled). */
    get active(): boolean {
      return !(this as AnyObject).disabled;
    }
    /** v13 ActiveEffect#isTemporary: a duration in seconds, rounds or turns, or any status. */
    get isTemporary(): boolean {
      const d = ((this as AnyObject).duration ?? {}) as AnyObject;
      const duration = d.seconds ?? (d.rounds || d.turns) ?? 0;
      return duration > 0 || ((this as AnyObject).statuses?.size ?? 0) > 0;
    }
    static async fromStatusEffect(statusId: string, options: AnyObject = {}): Promise<any> {
      const status = statusConfig(CONFIG, statusId);
      if (!status) throw new Error(`Invalid status ID "${statusId}" provided to ActiveEffect#fromStatusEffect`);
      const { id, hud: _hud, ...data } = deepClone(status);
      // Active Effects v2 (v14): a status's changes go to the effect's system.changes, each with a type
      // and a phase (fvtt-types 14.366 common/data/active-effect.d.mts: `type` initial "add", `phase`
      // initial "initial"; foundryvtt/crucible#688: "Effect changes are now all nested under system,
      // and all modes are changed to types"). A v13 numeric mode becomes the type of the same name
      // (only "add" is documented; the others follow v13 CONST.ACTIVE_EFFECT_MODES' names).
      if (v14Rule("a status effect's changes") && Array.isArray(data.changes)) {
        const types = ["custom", "multiply", "add", "downgrade", "upgrade", "override"];
        const change = ({ mode, ...c }: AnyObject) => ({ type: typeof mode === "number" ? (types[mode] ?? "add") : "add", phase: "initial", ...c });
        data.system = { ...(data.system ?? {}), changes: data.changes.map(change) };
        delete data.changes;
      }
      data.name = game.i18n.localize(data.name);
      data.statuses = [...new Set([id, ...(data.statuses ?? [])])];
      if (data.statuses.length > 1 && !status._id) throw new Error("Status effects with implicit statuses must have a static _id");
      return new (CONFIG.ActiveEffect.documentClass ?? this)(data, options);
    }
  }
  /** v13's combat documents (combat.ts) need these, some built later. */
  const combatEnv: CombatEnv = { game, CONFIG, hooks, ui, DialogV2: () => applications.api.DialogV2 };
  /** As in v13: a combatant's token is the one it names on its scene; its actor is that token's actor (Combatant#actor), else the world actor it names; ownership follows the actor. The rest of v13's Combatant is in combat.ts. */
  class Combatant extends CombatantMixin(documentClass("Combatant"), combatEnv) {
    get token(): AnyObject | null {
      const self = this as AnyObject;
      return (self.sceneId && self.tokenId && game.scenes?.get(self.sceneId)?.tokens.get(self.tokenId)) || null;
    }
    get actor(): AnyObject | null {
      const token = this.token;
      if (token) return token.actor;
      const id = (this as AnyObject).actorId;
      return id ? (game.actors.get(id) ?? null) : null;
    }
    override getUserLevel(user: AnyObject | null = game.user): number {
      if (!user) return OWNERSHIP.NONE;
      if (user.isGM) return OWNERSHIP.OWNER;
      return this.actor?.getUserLevel(user) ?? OWNERSHIP.NONE;
    }
  }
  class CombatantGroup extends CombatantGroupMixin(documentClass("CombatantGroup")) {}
  const JournalEntry = documentClass("JournalEntry");
  const JournalEntryPage = documentClass("JournalEntryPage");
  // v13 RollTable and TableResult (client/documents/roll-table.mjs, table-result.mjs): the data a system reads; drawing is not modelled.
  const RollTable = documentClass("RollTable");
  const TableResult = documentClass("TableResult");
  // v13 Folder (client/documents/folder.mjs): the data a system writes; the directory's tree is not modelled.
  const Folder = documentClass("Folder");
  /** As in v13: `scene.grid` is the grid built from the scene's grid data (hexagonal grids convert points, offsets and cubes). */
  class Scene extends documentClass("Scene") {
    override _initialize(): void {
      super._initialize();
      (this as AnyObject).grid = createGrid(this._source.grid as AnyObject);
    }
  }
  /** Movements waiting to go on once the update that started them is done (token-movement.ts). */
  const pendingMoves = new WeakMap<object, PendingMovement>();
  /** As in v13: a token's owners are its actor's; its centre comes from its position, size and the scene's grid; it moves through waypoints (token-movement.ts). */
  class TokenDocument extends documentClass("Token") {
    /** v13 TokenDocument#hasStatusEffect: whether the token's actor has the status (what the token's status icons and the Token HUD read). */
    hasStatusEffect(statusId: string): boolean {
      return (this as AnyObject).actor?.statuses.has(statusId) ?? false;
    }
    override async _preUpdate(changes: AnyObject, options: AnyObject, user: AnyObject): Promise<boolean | void> {
      if ((await super._preUpdate(changes, options, user)) === false) return false;
      const autoRotate = () => Boolean(game.settings.get("core", "tokenAutoRotate"));
      const pending = preUpdateMovement(this as never, changes, options, (move) => hooks.call("preMoveToken", this, move, options), autoRotate, user?.id ?? game.user.id);
      if (pending) pendingMoves.set(this, pending);
      else pendingMoves.delete(this);
    }
    override _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
      super._onUpdate(changed, options, userId);
      // The user who started a movement carries it on, after this update's workflow.
      const pending = pendingMoves.get(this);
      if (!pending || userId !== game.user.id || options._movement?.[this.id!]?.id !== pending.move.id) return;
      pendingMoves.delete(this);
      setImmediate(() => void continueMovement(this as never, pending));
    }
    /** v13 TokenDocument#move. */
    async move(waypoints: AnyObject | AnyObject[], options: AnyObject = {}): Promise<boolean> {
      return moveThrough(this as never, waypoints, options);
    }
    /** v13 TokenDocument#combatant: this token's combatant in the current combat (`game.combat`). */
    get combatant(): AnyObject | null {
      return game.combat?.combatants.find((c: AnyObject) => c.tokenId === this.id) ?? null;
    }
    /** v13 TokenDocument#inCombat. */
    get inCombat(): boolean {
      return Boolean(this.combatant);
    }
    /** v13 TokenDocument#movementHistory: the recorded waypoints (token-movement.ts). */
    get movementHistory(): AnyObject[] {
      return ((this as AnyObject)._movementHistory as AnyObject[] | undefined) ?? [];
    }
    /** v13 TokenDocument#_shouldRecordMovementHistory: while its combatant's combat (the current one) has started. */
    _shouldRecordMovementHistory(): boolean {
      return Boolean(this.combatant?.parent?.started);
    }
    /**
     * v13 TokenDocument#revertRecordedMovement: back to where the given recorded movement (else the
     * first) set off, with the history cut there, as an undo.
     */
    async revertRecordedMovement(movementId?: string): Promise<boolean> {
      const history = (this._source._movementHistory as AnyObject[] | undefined) ?? [];
      if (!history.length) return false;
      movementId ??= history[0]!.movementId;
      const index = history.findIndex((w) => w.movementId === movementId);
      if (index < 0) return false;
      const back = history[Math.max(index - 1, 0)]!;
      // The fields of a position this harness's tokens hold (it models no elevation).
      const place = Object.fromEntries(["x", "y", "elevation", "width", "height", "shape"].filter((k) => back[k] !== undefined).map((k) => [k, back[k]]));
      const args: AnyObject = { result: false };
      const updated = await (this as AnyObject).update({ ...place, _movementHistory: history.slice(0, index) }, { isUndo: true, diff: false, animate: false, _movementArguments: args });
      return Boolean(args.result && updated);
    }
    /** v13 TokenDocument#clearMovementHistory: an empty update that resets the history, without hooks. */
    async clearMovementHistory(): Promise<void> {
      if (!((this._source._movementHistory as unknown[] | undefined)?.length)) return;
      await (this as AnyObject).update({}, { diff: false, noHook: true, _clearMovementHistory: true });
    }
    /** v13 TokenDocument#actor: the world actor when the token is linked, else the synthetic actor of its delta (synthetic-actors.ts). */
    get actor(): AnyObject | null {
      return this.isLinked ? this.baseActor : synthetic.actorOf(this);
    }
    /** v13 TokenDocument#baseActor: the world actor the token stands for. */
    get baseActor(): AnyObject | null {
      const id = (this as AnyObject).actorId;
      return id ? (game.actors.get(id) ?? null) : null;
    }
    /** v13 TokenDocument#isLinked. */
    get isLinked(): boolean {
      return Boolean((this as AnyObject).actorLink);
    }
    /** v13 TokenDocument#delta: the token's ActorDelta (its stored source is `_source.delta`). */
    get delta(): AnyObject {
      return synthetic.deltaOf(this);
    }
    set delta(_value: unknown) {}
    /** v13 TokenDocument#getEmbeddedCollection: an unlinked token holds its synthetic actor ("Actor") and that actor's items and effects. */
    override getEmbeddedCollection(name: string): DocumentCollection<any> {
      return (synthetic.tokenEmbeddedCollection(this, name) as DocumentCollection<any> | undefined) ?? super.getEmbeddedCollection(name);
    }
    override getUserLevel(user: AnyObject | null = game.user): number {
      return this.actor ? this.actor.getUserLevel(user) : super.getUserLevel(user);
    }
    /**
     * v13 TokenDocument#_initializeSource: a token without a shape takes its grid's default, ELLIPSE_1 on
     * a hexagonal grid, RECTANGLE_1 otherwise (token-shapes.ts); v13 BaseToken's bars show the system's
     * primaryTokenAttribute and secondaryTokenAttribute unless told otherwise.
     */
    override _initializeSource(data: AnyObject): AnyObject {
      if (data && typeof data === "object" && !(data instanceof DataModel)) {
        data.shape ??= defaultTokenShape((this.parent as AnyObject | null)?.grid ?? createGrid(undefined));
        data.bar1 ??= { attribute: (systemJson.primaryTokenAttribute as string | undefined) ?? null };
        data.bar2 ??= { attribute: (systemJson.secondaryTokenAttribute as string | undefined) ?? null };
      }
      return super._initializeSource(data);
    }
    /**
     * v13 TokenDocument#getBarAttribute (client/documents/token.mjs): the bar's attribute read from the
     * actor's system data; a `{value, max}` object is a "bar", a number a "value". It is editable (the
     * Token HUD may change it) only when the system's schema has a NumberField at the attribute (its
     * `.value` for a bar): with a data model, `field instanceof NumberField` decides; with none, the
     * system template's (game.model) having the property. A derived value with no field is not editable.
     */
    getBarAttribute(barName: string, { alternative }: { alternative?: string } = {}): AnyObject | null {
      const attribute = alternative || (this as AnyObject)[barName]?.attribute;
      const actor = this.actor;
      if (!attribute || !actor) return null;
      const system = actor.system;
      const isSystemDataModel = system instanceof DataModel;
      const templateModel = game.model?.Actor?.[actor.type] ?? {};
      const data = getProperty(system, attribute);
      if (data === null || data === undefined) return null;
      // v13 Number.isNumeric: a number or a numeric string.
      const numeric = (v: unknown) => (typeof v === "number" || (typeof v === "string" && v.trim() !== "")) && !Number.isNaN(Number(v));
      const editableAt = (path: string) => {
        let editable = hasProperty(templateModel, path);
        if (isSystemDataModel) {
          const field = (system as AnyObject).schema.getField(path);
          if (field) editable = field instanceof fields.NumberField;
        }
        return editable;
      };
      if (numeric(data)) return { type: "value", attribute, value: Number(data), editable: editableAt(attribute) };
      if (typeof data === "object" && "value" in data && "max" in data) {
        return { type: "bar", attribute, value: parseInt(String(data.value || 0)), max: parseInt(String(data.max || 0)), editable: editableAt(`${attribute}.value`) };
      }
      return null;
    }
    /** This token's position and dimensions, with any of them replaced by `data` (v13 passes partial data to each geometry method). */
    #dimensions(data: AnyObject): TokenDimensions {
      const self = this as AnyObject;
      return { x: data.x ?? self.x, y: data.y ?? self.y, elevation: data.elevation ?? self.elevation ?? 0, width: data.width ?? self.width, height: data.height ?? self.height, shape: data.shape ?? self.shape };
    }
    #grid(): AnyGrid {
      return (this.parent as AnyObject | null)?.grid ?? createGrid(undefined);
    }
    /** v13 BaseToken#getSize (token-shapes.ts). */
    getSize(data: AnyObject = {}): { width: number; height: number } {
      return tokenSize(this.#grid(), this.#dimensions(data));
    }
    /** v13 BaseToken#getCenterPoint: on a hex grid the centre of the token's shape (the centroid of an ellipse or trapezoid) (token-shapes.ts). */
    getCenterPoint(data: AnyObject = {}): { x: number; y: number; elevation: number } {
      return tokenCenterPoint(this.#grid(), this.#dimensions(data));
    }
    /** v13 BaseToken#getGridSpacePolygon (token-shapes.ts). */
    getGridSpacePolygon(data: AnyObject = {}): { x: number; y: number }[] | undefined {
      return tokenGridSpacePolygon(this.#grid(), this.#dimensions(data));
    }
    /** v13 BaseToken#getOccupiedGridSpaceOffsets: the grid spaces under the token's shape (token-shapes.ts). */
    getOccupiedGridSpaceOffsets(data: AnyObject = {}): { i: number; j: number }[] {
      return tokenOccupiedOffsets(this.#grid(), this.#dimensions(data));
    }
    /** v13 BaseToken#getSnappedPosition (token-shapes.ts). */
    getSnappedPosition(data: AnyObject = {}): { x: number; y: number; elevation: number } {
      return tokenSnappedPosition(this.#grid(), this.#dimensions(data));
    }
    /** v13 BaseToken#_positionToGridOffset (token-shapes.ts). */
    _positionToGridOffset(data: AnyObject = {}): { i: number; j: number } {
      return tokenTopLeftOffset(this.#grid(), this.#dimensions(data));
    }
    /** v13 BaseToken#_gridOffsetToPosition (token-shapes.ts). */
    _gridOffsetToPosition(offset: { i: number; j: number; k?: number }, data: AnyObject = {}): { x: number; y: number; elevation: number } {
      return tokenPositionFromOffset(this.#grid(), offset, this.#dimensions(data));
    }
  }

  /** v13's client Combat: its turn machinery is in combat.ts. */
  class Combat extends CombatMixin(documentClass("Combat"), combatEnv) {}

  // v13 Roll#toMessage: the roll mode given ("roll" or none: the user's core.rollMode) travels in the creation options.
  // v14: the message mode given (or the deprecated roll mode, or the user's core.messageMode) travels as messageMode.
  const Roll = defineRoll(() => CONFIG.Dice.randomUniform(), rolls, (data, options) => {
    if (v14Rule("a roll's message mode")) {
      const { rollMode, ...rest } = options;
      const messageMode = (rest as AnyObject).messageMode ?? (rollMode && rollMode !== "roll" ? MESSAGE_MODE_OF_ROLL_MODE[String(rollMode)] : game.settings.get("core", "messageMode"));
      return CONFIG.ChatMessage.documentClass.create({ author: game.user.id, ...data }, { ...rest, messageMode });
    }
    return CONFIG.ChatMessage.documentClass.create({ author: game.user.id, ...data }, { ...options, rollMode: options.rollMode && options.rollMode !== "roll" ? options.rollMode : game.settings.get("core", "rollMode") });
  });

  /**
   * v13 ChatMessage: `author` is the User (BaseChatMessage's DocumentAuthorField), the author owns
   * the message (BaseChatMessage#getUserLevel), roll modes apply in `_preCreate` to messages with
   * rolls only, and `visible` / `isContentVisible` decide what this client shows (chat-delivery.ts).
   */
  class ChatMessage extends documentClass("ChatMessage") {
    declare whisper: string[];
    declare blind: boolean;
    declare content: string;
    declare speaker: AnyObject;

    static override migrateData(source: AnyObject): AnyObject {
      if (Array.isArray(source.rolls)) source.rolls = source.rolls.map((r: unknown) => (typeof r === "string" ? r : JSON.stringify(r)));
      if (source.user && !source.author) source.author = source.user;
      return source;
    }
    get rolls(): InstanceType<typeof Roll>[] {
      return ((this._source.rolls as string[]) ?? []).map((r) => Roll.fromData(JSON.parse(r)));
    }
    set rolls(_value: unknown) {}
    /** v13: the author field holds a User id and reads as the User document (null when unknown here). */
    get author(): AnyObject | null {
      const id = this._source?.author as string | undefined;
      return id ? (game.users?.get(id) ?? null) : null;
    }
    set author(_value: unknown) {}
    /** v13 ChatMessage#alias: the speaker's alias, else its world actor's name, else the author's name. */
    get alias(): string {
      const speaker = (this._source.speaker ?? {}) as AnyObject;
      if (speaker.alias) return speaker.alias;
      if (speaker.actor && game.actors?.has(speaker.actor)) return game.actors.get(speaker.actor).name;
      return this.author?.name ?? game.i18n.localize("CHAT.UnknownUser");
    }
    /** v13 ChatMessage#isAuthor. */
    get isAuthor(): boolean {
      return Boolean(game.user) && this._source.author === game.user.id;
    }
    /** v13 ChatMessage#isRoll. */
    get isRoll(): boolean {
      return ((this._source.rolls as unknown[]) ?? []).length > 0;
    }
    /** v13 ChatMessage#visible: a whisper is shown to its author and recipients only (not to other GMs); a whispered roll to everyone. */
    override get visible(): boolean {
      return messageVisible({ whisper: this.whisper ?? [], isRoll: this.isRoll, isAuthor: this.isAuthor }, game.user.id);
    }
    /** v13 ChatMessage#isContentVisible: a whispered roll's content only to its recipients, and to its author unless blind. */
    get isContentVisible(): boolean {
      return messageContentVisible({ whisper: this.whisper ?? [], blind: Boolean(this.blind), isRoll: this.isRoll, isAuthor: this.isAuthor, visible: this.visible }, game.user.id);
    }
    /** v13 BaseChatMessage#getUserLevel: the author owns it; a message has no ownership of its own, so anyone else holds NONE (seeing it is `visible`'s business). */
    override getUserLevel(user: AnyObject | null = game.user): number {
      if (!user) return OWNERSHIP.NONE;
      if (user.isGM || this._source.author === user.id) return OWNERSHIP.OWNER;
      return OWNERSHIP.NONE;
    }
    /** v13 ChatMessage.applyRollMode. */
    static applyRollMode(chatData: AnyObject, rollMode: string): AnyObject {
      return applyRollMode(chatData, rollMode, {
        userId: game.user.id,
        gmIds: () => game.users.filter((u: AnyObject) => u.isGM).map((u: AnyObject) => u.id),
        settingMode: () => userRollMode(game.settings),
      });
    }
    /** v13 ChatMessage#applyRollMode: applies the mode to this (unsaved) message's source. */
    applyRollMode(rollMode: string): void {
      const data = this.toObject();
      ChatMessage.applyRollMode(data, rollMode);
      this.updateSource({ whisper: data.whisper, blind: data.blind });
    }
    /**
     * v13 ChatMessage#_preCreate: the `rollMode` option applies only when the message carries rolls
     * (isRoll); a message created with no mode gets none (foundryvtt/foundryvtt#11442).
     * v14: the `messageMode` option (public, gm, blind, self; the deprecated `rollMode` option still
     * applies); to rolls only, or to any message, as `V14Readings.messageMode` reads the evidence.
     */
    override async _preCreate(data: AnyObject, options: AnyObject, user: AnyObject): Promise<boolean | void> {
      if ((await super._preCreate(data, options, user)) === false) return false;
      // A message created with no mode option gets none in either generation: only one that names a mode meets the rule.
      const named = options.messageMode !== undefined || options.rollMode !== undefined;
      const v14 = named && (publicOnPublic(options, this._source) ? modelsV14() : v14Rule("a message's mode option"));
      const mode = v14 && options.messageMode ? ROLL_MODE_OF_MESSAGE_MODE[options.messageMode] : options.rollMode;
      const applies = this.isRoll || (v14 && readings.messageMode === "all");
      if (applies && mode) this.applyRollMode(mode);
    }
    static getSpeaker({ actor, token, alias }: AnyObject = {}): AnyObject {
      // As in v13 ChatMessage.getSpeaker / _getSpeakerFromToken: a token, or a token's synthetic actor, speaks as that token on its scene.
      const speaking = token?.document ?? token ?? (actor?.isToken ? actor.token : null);
      if (speaking) return { scene: speaking.parent?.id ?? null, token: speaking.id, actor: speaking.actor?.id ?? null, alias: alias || speaking.name };
      return { scene: null, actor: actor?.id ?? null, token: token?.id ?? null, alias: alias ?? actor?.name ?? game.user.name };
    }
    /** v13 ChatMessage.getWhisperRecipients: "GM"/"DM" are the GMs, "players" the players, else users (then characters) by name. */
    static getWhisperRecipients(name: string): AnyObject[] {
      if (["GM", "DM"].includes(name.toUpperCase())) return game.users.filter((u: AnyObject) => u.isGM);
      if (name.toLowerCase() === "players") return game.users.players;
      const lower = name.toLowerCase();
      const users = game.users.filter((u: AnyObject) => u.name.toLowerCase() === lower);
      if (users.length) return users;
      return game.users.filter((u: AnyObject) => u.character && game.actors?.get(u.character)?.name?.toLowerCase() === lower);
    }
  }

  class User extends documentClass("User") {
    declare role: number;
    /** As in v13: the tokens this user targets (UserTargets, a Set of placeables; a test adds `{ document: { actorId }, actor }`). */
    readonly targets = new Set<AnyObject>();
    get isGM(): boolean {
      return this.role >= ROLES.ASSISTANT;
    }
    get isSelf(): boolean {
      return this.id === game.userId;
    }
    /** v13 User#active: this client's view, from the world's active users when it joined and the connections it has heard of since. */
    get active(): boolean {
      return activeUsers.has(this.id!);
    }
    /** As in v13: this user is the one game.users.activeGM designates. */
    get isActiveGM(): boolean {
      return game.users.activeGM?.id === this.id;
    }
    /** v13 User#isDesignated. */
    isDesignated(condition: (user: any) => boolean): boolean {
      return game.users.getDesignatedUser(condition)?.id === this.id;
    }
    get isBanned(): boolean {
      return this.role === ROLES.NONE;
    }
    get isTrusted(): boolean {
      return this.hasRole("TRUSTED");
    }
    hasRole(role: string | number, { exact = false }: { exact?: boolean } = {}): boolean {
      const r = typeof role === "number" ? role : (ROLES as AnyObject)[role];
      if (r === undefined) return false;
      return exact ? this.role === r : this.role >= r;
    }
    /** v13 BaseUser#hasPermission. */
    hasPermission(permission: string): boolean {
      return hasPermission(this as AnyObject, permission, game.permissions);
    }
    /** v13 BaseUser#can. */
    can(action: string): boolean {
      if (action in USER_PERMISSIONS) return this.hasPermission(action);
      return this.hasRole(action);
    }
    /**
     * v13 User#query: the query must be registered here, the current user needs QUERY_USER, the
     * target must be active; the answer is the handler's value, or an Error with its message.
     */
    async query(name: string, data: unknown, { timeout }: { timeout?: number } = {}): Promise<unknown> {
      if (!(name in CONFIG.queries)) throw new Error(`User query '${name}' is not registered`);
      if (!game.user.hasPermission("QUERY_USER")) throw new Error("You do not have permission to query users");
      if (!this.active) throw new Error(`User [${this.id}] is not active`);
      const result = await server.query(client, this.id!, name, data, { timeout });
      if (result.status === "rejected") throw new Error(result.reason);
      return result.value;
    }
  }

  const WallDocument = documentClass("Wall");
  for (const [name, cls] of Object.entries({ Actor, Item, ActiveEffect, Combat, Combatant, CombatantGroup, ChatMessage, User, JournalEntry, JournalEntryPage, RollTable, TableResult, Folder, Scene, Token: TokenDocument, Wall: WallDocument })) {
    CONFIG[name] = { documentClass: cls, dataModels: {}, typeLabels: {}, sheetClasses: {} };
  }
  // v13 CONFIG.Combat.initiative: no formula until a system or module gives one.
  CONFIG.Combat.initiative = CONFIG_COMBAT_INITIATIVE();

  class Users extends DocumentCollection<any> {
    /** v13 Users#activeGM: the designated active GM (assistant GMs count; highest role, then lowest id). */
    get activeGM(): any {
      return this.getDesignatedUser((u) => u.active && u.isGM);
    }
    /** v13 Users#getDesignatedUser (users.ts). */
    getDesignatedUser(condition: (user: any) => boolean): any {
      return designatedUser(this.contents, condition);
    }
    get current(): any {
      return this.get(userId) ?? null;
    }
    /** v13 Users#players. */
    get players(): any[] {
      return this.contents.filter((u) => !u.isGM && u.hasRole("PLAYER"));
    }
  }
  /**
   * v13 WorldCollection#fromCompendium (client/documents/abstract/world-collection.mjs): a compendium
   * document's data for a world copy: its source (`toObject`), `_stats.compendiumSource` set to its
   * uuid when it came from a pack, then without its id (unless keepId), folder (clearFolder, default
   * false) and sort (clearSort, default true); with clearOwnership (default true) the ownership
   * becomes NONE for everyone and OWNER for the importing user.
   */
  class WorldCollection extends DocumentCollection<any> {
    fromCompendium(document: AnyObject, { clearFolder = false, clearSort = true, clearOwnership = true, keepId = false }: AnyObject = {}): AnyObject {
      let data: AnyObject = document;
      if (document instanceof Document) {
        data = document.toObject();
        if ((document as AnyObject).pack) {
          data._stats ??= {};
          data._stats.compendiumSource = document.uuid;
        }
      }
      if (!keepId) delete data._id;
      if (clearFolder) delete data.folder;
      if (clearSort) delete data.sort;
      if (clearOwnership && "ownership" in data) data.ownership = { default: OWNERSHIP.NONE, [userId]: OWNERSHIP.OWNER };
      return data;
    }
  }
  class CombatEncounters extends DocumentCollection<any> {
    get active(): any {
      return this.contents.find((c) => c.active) ?? null;
    }
    get viewed(): any {
      return this.active ?? this.contents[0] ?? null;
    }
  }

  // ---- settings ----

  /** Each world setting's Setting document on this client (made the first time a write of it is heard), by key. */
  const settingDocs = new Map<string, AnyObject>();

  class ClientSettings {
    readonly settings = new SettingsMap();
    /** As in v13: settings menus by "namespace.key" (a button in the configuration opening `type`). */
    readonly menus = new Map<string, AnyObject>();
    registerMenu(namespace: string, key: string, data: AnyObject): void {
      if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the menu");
      this.menus.set(`${namespace}.${key}`, { ...data, key, namespace });
    }
    register(namespace: string, key: string, config: AnyObject): void {
      if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the setting");
      const id = `${namespace}.${key}`;
      this.settings.set(id, { ...config, key, namespace, id, scope: config.scope ?? "client" });
    }
    private config(namespace: string, key: string): AnyObject {
      const id = `${namespace}.${key}`;
      const config = this.settings.get(id);
      if (!config) throw new Error(`"${id}" is not a registered game setting`);
      return config;
    }
    private cast(config: AnyObject, value: unknown): unknown {
      if (value === undefined) return deepClone(config.default);
      const type = config.type;
      if (type instanceof fields.DataField) return type.clean(deepClone(value));
      if (type === Number) return Number(value);
      if (type === String) return String(value);
      if (type === Boolean) return Boolean(value);
      return deepClone(value);
    }
    private check(config: AnyObject, value: unknown): void {
      const type = config.type;
      if (type instanceof fields.DataField) {
        const failure = type.validate(value);
        if (failure) throw new DataModelValidationError(failure, `Setting ${config.id}`);
      }
      if (config.choices && !(String(value) in config.choices)) throw new Error(`${value} is not a valid choice for setting ${config.id}`);
    }
    /**
     * A stored world setting's value as its Setting document holds it: v13 Setting#_initialize casts the value once
     * (`this.value = this._castType()`), when the document is made or updated, and ClientSettings#get returns that
     * `doc.value`, the same object at every read until the setting changes. (A client setting is a new Setting at every
     * read, made from its stored text, and a setting never stored one made from the default: cast anew each time.)
     */
    private kept(config: AnyObject, stored: unknown): unknown {
      if (typeof stored !== "object" || stored === null) return this.cast(config, stored);
      let known = worldCast.get(stored);
      if (known?.config !== config) worldCast.set(stored, (known = { config, value: this.cast(config, stored) }));
      return known.value;
    }
    get(namespace: string, key: string): unknown {
      const chatMode = namespace === "core" && CHAT_MODE_KEYS.has(key);
      // A key this generation lacks throws here (config): that read is recorded before it does.
      if (chatMode && !this.settings.has(`core.${key}`)) v14Rule("the user's chat mode setting");
      const config = this.config(namespace, key);
      const value = config.scope === "world" ? this.kept(config, worldSettings.get(config.id)) : this.cast(config, localSettings.get(config.id));
      if (chatMode) chatModeRead(key, value);
      return value;
    }
    async set(namespace: string, key: string, value: unknown): Promise<unknown> {
      if (namespace === "core" && CHAT_MODE_KEYS.has(key)) v14Rule("the user's chat mode setting");
      const config = this.config(namespace, key);
      const cleaned = this.cast(config, value);
      this.check(config, cleaned);
      if (config.scope === "world") await server.request(client, "setting", () => server.setSetting(client, config.id, cleaned));
      else {
        localSettings.set(config.id, deepClone(cleaned));
        config.onChange?.(cleaned);
      }
      return cleaned;
    }
    /**
     * v13 Setting#_onCreate / #_onUpdate: the setting's onChange(value, options, userId), on an update only when the value changed.
     * `heard`: a write the server sent (not the world's settings read at connection): a world setting is a Setting
     * document (v13 ClientSettings#set writes it with Setting.create or setting.update), so its write is heard like
     * any document's, after the document's own callbacks: `createSetting` the first time, then `updateSetting`, on every
     * client (v13/v14 API, hookEvents.createDocument and updateDocument: "for every Document type"). A write that
     * changes nothing is no update (the server finds no difference and sends none).
     */
    applyWorld(key: string, value: unknown, options: AnyObject = {}, userId: string | null = null, heard: { id: string } | null = null): void {
      const existed = worldSettings.has(key);
      const unchanged = existed && JSON.stringify(worldSettings.get(key)) === JSON.stringify(value);
      worldSettings.set(key, value);
      const config = this.settings.get(key);
      // v13 Setting#_onCreate / #_onUpdate call onChange with the document's own value: the one `get` returns after.
      if (config && game.ready && !unchanged) config.onChange?.(this.kept(config, value), options, userId);
      if (!heard || !game.ready || unchanged) return;
      // The Setting document this client holds for the key: its key, its stored text and its value as `get` reads it.
      const json = JSON.stringify(value ?? null);
      let doc = settingDocs.get(key);
      if (!doc) settingDocs.set(key, (doc = { documentName: "Setting", id: heard.id, _id: heard.id, key, value: undefined, _source: { _id: heard.id, key, value: json } }));
      doc.value = config ? this.kept(config, value) : deepClone(value);
      doc._source.value = json;
      if (existed) hooks.callAll("updateSetting", doc, { _id: doc._id, value: json }, options, userId);
      else hooks.callAll("createSetting", doc, options, userId);
    }
  }

  game.settings = new ClientSettings();
  // Core's own settings that the system reads.
  // v13's core.rollMode; v14 replaced it with core.messageMode (public, gm, blind, self, ic, ooc, emote).
  if (modelsV14()) game.settings.register("core", "messageMode", { scope: "client", config: true, type: String, default: "public" });
  else game.settings.register("core", "rollMode", { scope: "client", config: true, type: String, default: "publicroll" });
  // v13: the world's role table for user permissions (game.permissions), defaulting to each permission's default role and above.
  game.settings.register("core", "permissions", { scope: "world", config: false, type: Object, default: defaultRolePermissions() });
  Object.defineProperty(game, "permissions", { get: () => game.settings.get("core", "permissions"), configurable: true });
  game.settings.register("core", "tokenAutoRotate", { scope: "client", config: true, type: Boolean, default: false });
  // v13 CompendiumCollection.CONFIG_SETTING: each pack's lock (and folder, ownership) by id (compendium.ts reads the lock).
  game.settings.register("core", "compendiumConfiguration", { scope: "world", config: false, type: Object, default: {} });
  registerCombatSettings(game.settings);
  // As in v13: the world's clock is the world setting core.time; only a GM may advance it, and every client hears of it.
  let clock = 0;
  game.settings.register("core", "time", {
    scope: "world",
    config: false,
    type: Number,
    default: 0,
    // v13 GameTime#onUpdateWorldTime: updateWorldTime(worldTime, delta, options, userId).
    onChange: (now: number, options: AnyObject = {}, userId: string | null = null) => {
      const dt = now - clock;
      clock = now;
      hooks.callAll("updateWorldTime", now, dt, options, userId);
    },
  });
  game.time = {
    get worldTime(): number {
      return Number(game.settings.get("core", "time"));
    },
    async advance(seconds: number): Promise<number> {
      if (!game.user?.isGM) throw new Error("Only a GM may advance the world time");
      await game.settings.set("core", "time", this.worldTime + seconds);
      return this.worldTime;
    },
  };

  // ---- templates ----

  const templates: TemplateEngine = createTemplateEngine({ systemRoot: options.systemRoot, systemId: String(systemJson.id), i18n });
  const applications = createApplications({ templates, CONFIG, game, ui, readings });
  // v13 CONFIG.ui.combat: core's tracker unless a system replaces it.
  CONFIG.ui.combat = applications.sidebar.tabs.CombatTracker;
  // Core registers its legacy sheets for every type before any package's init (v14: as
  // `V14Readings.coreSheets` reads the evidence, those or none).
  const coreSheets = modelsV14() && readings.coreSheets === "none" ? [] : ([["Actor", "ActorSheet"], ["Item", "ItemSheet"]] as const);
  for (const [name, key] of coreSheets) {
    for (const type of documentTypes[name] ?? []) {
      CONFIG[name].sheetClasses[type] = { [`core.${key}`]: { id: `core.${key}`, cls: applications.appv1.sheets[key], default: true, label: key } };
    }
  }

  // ---- the client seen by the server ----

  /** The users this client knows to be connected (v13 User#active), itself included. */
  const activeUsers = new Set<string>([userId]);

  const client: ServerClient & AnyObject = {
    userId,
    /** Test hook: when true, this client receives queries and never answers them. */
    hangQueries: false,
    receive(event: ServerEvent): void {
      if (!game.ready && event.kind !== "setting" && event.kind !== "activity") return;
      applyEvent(event);
    },
    /** v13 Users.#handleUserQuery: the handler's value answers; its error rejects; an unknown query is never answered. */
    async handleQuery(name: string, data: unknown, opts: { timeout?: number }): Promise<unknown> {
      if (client.hangQueries) return new Promise(() => {});
      const handler = CONFIG.queries[name];
      if (typeof handler !== "function") {
        hooks.errors.push({ hook: "userQuery", error: new Error(`Received invalid User query '${name}'`) });
        return new Promise(() => {});
      }
      return handler(data, { timeout: opts.timeout });
    },
  };

  function applyEvent(event: ServerEvent): void {
    if (event.kind === "setting") {
      game.settings.applyWorld(event.key, event.value, event.options ?? {}, event.userId, { id: event.id });
      return;
    }
    // v13 Users.#handleUserActivity: another user joined or left; this client hears userConnected.
    if (event.kind === "activity") {
      if (event.userId === userId || activeUsers.has(event.userId) === event.active) return;
      if (event.active) activeUsers.add(event.userId);
      else activeUsers.delete(event.userId);
      const user = game.users?.get(event.userId);
      if (user) hooks.callAll("userConnected", user, event.active);
      return;
    }
    // Writes to an unlinked token's delta (its synthetic actor, its items and effects).
    if (synthetic.applyEvent(event)) return;
    const parent = resolveParent(event.parent);
    if (event.parent.length && !parent) return;
    const pack: string | undefined = event.options?.pack;
    // A pack this client has not listed (or a write to one it never loaded) is none of its business.
    if (pack && !game.packs?.has(pack)) return;
    const collection = collectionFor(event.documentName, parent, pack);
    const cls = CONFIG[event.documentName].documentClass;
    const field = parent ? DOCUMENT_META[parent.documentName]!.embedded[event.documentName]! : "";
    if (event.kind === "create") {
      parent?._dispatchDescendantDocumentEvents("preCreate", field, [event.data, event.options, event.userId]);
      const docs = event.data.map((source) => {
        const doc = new cls(source, { parent });
        if (pack) doc.pack = pack;
        collection.set(doc.id, doc);
        if (parent) parent._source[field].push(doc._source);
        return doc;
      });
      (parent ?? null)?.prepareData?.();
      for (const doc of docs) {
        if (!parent) doc.prepareData();
        doc._onCreate(doc._source, event.options, event.userId);
        hooks.callAll(`create${event.documentName}`, doc, event.options, event.userId);
      }
      parent?._dispatchDescendantDocumentEvents("onCreate", field, [docs, event.data, event.options, event.userId]);
    } else if (event.kind === "update") {
      parent?._dispatchDescendantDocumentEvents("preUpdate", field, [event.updates, event.options, event.userId]);
      // v13 ClientDatabaseBackend#handleUpdateDocuments: a document this client does not hold is skipped.
      const docs = event.updates.filter((update) => collection.has(update._id)).map((update) => {
        const doc = collection.get(update._id);
        const changed = deepClone(update);
        doc.updateSource(update);
        return [doc, changed] as const;
      });
      if (parent) parent.prepareData();
      for (const [doc] of docs) if (!parent) doc.prepareData();
      synthetic.beforeUpdateCallbacks(event);
      for (const [doc, changed] of docs) {
        doc._onUpdate(changed, event.options, event.userId);
        hooks.callAll(`update${event.documentName}`, doc, changed, event.options, event.userId);
      }
      parent?._dispatchDescendantDocumentEvents("onUpdate", field, [docs.map(([d]) => d), docs.map(([, c]) => c), event.options, event.userId]);
      // As in v13 (TokenDocument._onUpdateOperation): every client hears moveToken for each token moved, after the updates.
      if (event.documentName === "Token" && event.options._movement) {
        const user = game.users.get(event.userId);
        for (const [doc] of docs) {
          const movement = event.options._movement[doc.id];
          if (movement) hooks.callAll("moveToken", doc, movement, event.options, user);
        }
      }
    } else {
      parent?._dispatchDescendantDocumentEvents("preDelete", field, [event.ids, event.options, event.userId]);
      const docs = event.ids.filter((id) => collection.has(id)).map((id) => {
        const doc = collection.get(id);
        collection.delete(id);
        if (parent) {
          const list = parent._source[field] as AnyObject[];
          list.splice(list.findIndex((s) => s._id === id), 1);
        }
        return doc;
      });
      if (parent) parent.prepareData();
      for (const doc of docs) {
        doc._onDelete(event.options, event.userId);
        hooks.callAll(`delete${event.documentName}`, doc, event.options, event.userId);
      }
      parent?._dispatchDescendantDocumentEvents("onDelete", field, [docs, event.ids, event.options, event.userId]);
    }
    synthetic.afterEvent(event);
  }

  /** Build the world collections from the server's data, as Foundry does after `setup`. */
  function initializeDocuments(): void {
    // What the server sends a joining client: the documents it may see, and who is connected (game.data.activeUsers).
    const snapshot = server.snapshot(userId);
    for (const id of server.activeUsers()) activeUsers.add(id);
    const world: [string, string, new (name: string) => DocumentCollection<any>][] = [
      ["users", "User", Users],
      ["actors", "Actor", WorldCollection],
      ["items", "Item", WorldCollection],
      ["combats", "Combat", CombatEncounters],
      ["messages", "ChatMessage", DocumentCollection],
      ["journal", "JournalEntry", WorldCollection],
      ["tables", "RollTable", WorldCollection],
      ["folders", "Folder", WorldCollection],
      ["scenes", "Scene", WorldCollection],
    ];
    for (const [key, name, Collection] of world) {
      const collection = new Collection(name);
      game[key] = collection;
      for (const source of snapshot.collections[key] ?? []) {
        const doc = new CONFIG[name].documentClass(source, {});
        collection.set(doc.id, doc);
      }
    }
    for (const collection of ["users", "actors", "items", "combats", "messages", "journal", "tables", "folders", "scenes"]) game[collection].forEach((d: any) => d.prepareData());
    // v13 game.packs: one CompendiumCollection per pack of the world, its documents loaded on demand (compendium.ts).
    const CompendiumCollection = createCompendiumCollection(DocumentCollection, {
      fetch: (id) => server.packDocuments(client, id),
      configuration: () => game.settings.get("core", "compendiumConfiguration") as Record<string, { locked?: boolean }> | undefined,
      build: (documentName, source, pack) => {
        const doc = new CONFIG[documentName].documentClass(source, {});
        doc.pack = pack;
        doc.prepareData();
        return doc;
      },
    });
    game.packs = new DocumentCollection<any>("Compendium");
    for (const { metadata } of server.packs.values()) game.packs.set(metadata.id, new CompendiumCollection(metadata));
    game.user = game.users.get(userId);
    // v13 GameTime#sync: the clock starts at the world's time.
    clock = Number(game.settings.get("core", "time"));
  }

  /** v13 fromUuidSync: walks the uuid's collections; an unlinked token's "Actor" collection holds its synthetic actor (TokenDocument#getEmbeddedCollection). */
  function fromUuidSync(uuid: string): any {
    const parts = uuid.split(".");
    let doc: any = null;
    for (let i = 0; i < parts.length; i += 2) {
      const name = parts[i]!;
      const id = parts[i + 1]!;
      let collection: any;
      try {
        collection = doc ? doc.getEmbeddedCollection(name) : game[worldCollectionKey(DOCUMENT_META[name]?.collection ?? "")];
      } catch {
        return null;
      }
      doc = collection?.get(id) ?? null;
      if (!doc) return null;
    }
    return doc;
  }

  Object.defineProperty(game, "combat", { get: () => game.combats?.viewed ?? null });

  const CONST = {
    DOCUMENT_OWNERSHIP_LEVELS: { ...OWNERSHIP },
    USER_ROLES: { ...ROLES },
    USER_PERMISSIONS: deepClone(USER_PERMISSIONS),
    CHAT_MESSAGE_STYLES: { OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 },
    DICE_ROLL_MODES: { PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" },
    // v13 CONST.TOKEN_DISPOSITIONS.
    TOKEN_DISPOSITIONS: { SECRET: -2, HOSTILE: -1, NEUTRAL: 0, FRIENDLY: 1 },
    GRID_TYPES: { ...GRID_TYPES },
    TOKEN_SHAPES: { ...TOKEN_SHAPES },
  };

  /**
   * v14 `foundry.documents.modifyBatch(operations)` (API documentation, Version 14): each
   * operation is `{action, documentName, parent?, data | updates | ids, ...options}` (14.353
   * renamed `documentType` to `documentName`); each passes its client-side workflow as its own
   * request would, then all go in one request, made in sequence on the server
   * (WorldServer#batch). "A cancellation (via, for example, Document#_preUpdate) or exception
   * thrown by a single operation will cancel the entire batch. No changes will be made": one
   * document refused by its `_pre*` callback, a `pre*` hook or its validation sends nothing at
   * all (not the rest without it, as v13's own requests would). How the call then ends is where
   * the evidence splits (batch-failure.ts): it rejects, or core notifies and it resolves with
   * every operation empty. Resolves with the documents of each operation when it goes through.
   * v13 has no such function (the v13 mode leaves it undefined).
   */
  async function modifyBatch(operations: AnyObject[]): Promise<any[][]> {
    const prepared: PreparedWrite[] = [];
    for (const operation of operations) {
      const { action, documentName, data, updates, ids, ...options } = operation;
      const cls = CONFIG[documentName]?.documentClass as typeof Document | undefined;
      if (!cls) throw new Error(`Invalid Document type "${documentName}" in a batched operation`);
      if (action === "create") prepared.push(await cls.prepareCreate(data ?? [], options));
      else if (action === "update") prepared.push(await cls.prepareUpdate(updates ?? [], options));
      else if (action === "delete") prepared.push(await cls.prepareDelete(ids ?? [], options));
      else throw new Error(`Invalid action "${action}" in a batched operation`);
    }
    const none = () => operations.map((): any[] => []);
    const cancelled = prepared.findIndex((p) => p.cancelled);
    if (cancelled >= 0) {
      if (server.batchFailure === "resolve") return none();
      throw new Error(`The batch was cancelled: operation ${cancelled} (${operations[cancelled]!.action} ${operations[cancelled]!.documentName}) was refused before it was sent`);
    }
    const sent = prepared.filter((p) => p.step);
    if (!sent.length) return none();
    let results: unknown[];
    try {
      results = await server.request(client, "modifyDocument", () => server.batch(client, sent.map((p) => p.step!)));
    } catch (error) {
      if (server.batchFailure === "reject") throw error;
      // foundryvtt#14356: the client's catch shows the failure and the call resolves.
      const message = (error as { message?: unknown } | null)?.message;
      notifications.error(typeof message === "string" ? message : String(error));
      return none();
    }
    return prepared.map((p) => (p.step ? p.finish(results[sent.indexOf(p)]) : []));
  }

  const filePicker = createFilePicker();
  const foundry = {
    abstract: { DataModel, TypeDataModel, Document },
    data: { fields, validation: { DataModelValidationError, DataModelValidationFailure } },
    documents: { Actor, Item, ActiveEffect, Combat, Combatant, CombatantGroup, ChatMessage, User, JournalEntry, JournalEntryPage, RollTable, TableResult, Folder, Scene, TokenDocument, WallDocument },
    dice: { Roll, terms: { DiceTerm, Die, NumericTerm, OperatorTerm } },
    utils,
    applications: {
      handlebars: { renderTemplate: templates.render, loadTemplates: templates.load, getTemplate: templates.get },
      api: applications.api,
      sheets: applications.sheets,
      apps: { ...applications.apps, FilePicker: filePicker.FilePicker },
      ux: applications.ux,
      sidebar: applications.sidebar,
      hud: { TokenHUD },
    },
    appv1: applications.appv1,
    CONST,
  };
  // v14's foundry.documents.modifyBatch (v13 has none): asking for it meets a v14 rule (version.ts `v14Rule`).
  // In v13 the property answers undefined and is not enumerable, so only an `in` test could tell it is there.
  Object.defineProperty(foundry.documents, "modifyBatch", { get: () => (v14Rule("foundry.documents.modifyBatch") ? modifyBatch : undefined), enumerable: modelsV14() });

  const globals: AnyObject = {
    canvas,
    foundry,
    game,
    CONFIG,
    CONST,
    Hooks: hooks,
    ui,
    Roll,
    Actor,
    Item,
    ActiveEffect,
    Combat,
    Combatant,
    CombatantGroup,
    ChatMessage,
    User,
    JournalEntry,
    RollTable,
    Handlebars: templates.handlebars,
    fromUuid: async (uuid: string) => fromUuidSync(uuid),
    fromUuidSync,
    console,
    // A browser's timers (the armory yields to the next task between parts of a large import).
    setTimeout,
    clearTimeout,
  };
  CONFIG.Dice.rolls.push(Roll);

  return { globals, game, CONFIG, ui, hooks, i18n, notifications, rolls, client, templates, initializeDocuments, dialogs: applications.dialogs, filePickers: filePicker.pickers };
}

export type Runtime = ReturnType<typeof createRuntime>;
