/**
 * One connected Foundry client: its own `game`, `CONFIG`, `Hooks`, `ui` and
 * document classes, talking to the shared WorldServer. The client-side flow of a
 * write follows Foundry v13: construct/validate locally, run `_preCreate` /
 * `_preUpdate` / `_preDelete` and the `pre*` hooks (either may cancel), send one
 * request for the whole batch, and apply the server's broadcast on every client
 * with `_on*` callbacks and the `create*` / `update*` / `delete*` hooks.
 */
import { createCanvas } from "./canvas";
import { DataModel, TypeDataModel } from "./data-model";
import { createFields, DataModelValidationError, DataModelValidationFailure } from "./fields";
import { HooksImpl } from "./hooks";
import { createGrid } from "./grid";
import { Localization } from "./i18n";
import { Notifications } from "./notifications";
import { createApplications } from "./applications";
import { defineRoll, DiceTerm, Die, NumericTerm, OperatorTerm } from "./roll";
import { coreSchema, DOCUMENT_META } from "./schemas";
import { OWNERSHIP, ROLES, type ParentStep, type ServerClient, type ServerEvent, type WorldServer } from "./server";
import { canUserModify, type PermissionWorld } from "./permissions";
import { CombatantGroupMixin, CombatantMixin, CombatMixin, CONFIG_COMBAT_INITIATIVE, registerCombatSettings, type CombatEnv } from "./combat";
import { createTemplateEngine, type TemplateEngine } from "./templates";
import { continueMovement, moveThrough, preUpdateMovement, type PendingMovement } from "./token-movement";
import { type AnyObject, deepClone, diffObject, expandObject, getProperty, isEmpty, mergeEmbeddedSources, mergeObject, utils } from "./utils";

export interface RuntimeOptions {
  translations: AnyObject;
  /** Folder that `systems/<id>/` paths resolve to (the built system or the repo). */
  systemRoot: string;
  /** Seed for this client's dice. */
  seed?: number;
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

export function createRuntime(server: WorldServer, userId: string, options: RuntimeOptions) {
  const systemJson = server.systemJson;
  const i18n = new Localization(options.translations);
  const hooks = new HooksImpl();
  const notifications = new Notifications(i18n);
  const rolls: { formula: string; results: number[][] }[] = [];
  const fields = createFields();
  const localSettings = new Map<string, unknown>();
  const worldSettings = new Map<string, unknown>();

  const documentTypes: Record<string, string[]> = {};
  for (const [name, meta] of Object.entries(DOCUMENT_META)) {
    const systemTypes = Object.keys((systemJson.documentTypes as AnyObject)?.[name] ?? {});
    documentTypes[name] = [...meta.coreTypes, ...systemTypes];
  }

  const CONFIG: AnyObject = {
    Dice: { randomUniform: seededUniform(options.seed ?? 1), rolls: [] as unknown[], terms: { d: Die } },
    statusEffects: [
      { id: "dead", name: "EFFECT.StatusDead", img: "icons/svg/skull.svg" },
      { id: "unconscious", name: "EFFECT.StatusUnconscious", img: "icons/svg/unconscious.svg" },
      { id: "stun", name: "EFFECT.StatusStunned", img: "icons/svg/daze.svg" },
      { id: "prone", name: "EFFECT.StatusProne", img: "icons/svg/falling.svg" },
    ],
    specialStatusEffects: { DEFEATED: "dead", INVISIBLE: "invisible", BLIND: "blind" },
    queries: {} as Record<string, (data: unknown, options: { timeout?: number }) => unknown>,
    ui: {},
    time: { roundTime: 6, turnTime: 0 },
  };

  const game: AnyObject = {
    ready: false,
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

  const collectionFor = (documentName: string, parent: AnyObject | null): DocumentCollection<any> => {
    if (parent) return parent[DOCUMENT_META[parent.documentName]!.embedded[documentName]!];
    return game[worldCollectionKey(DOCUMENT_META[documentName]!.collection)];
  };

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
      return coreSchema(this.metadata.name, () => game.user?.id ?? null);
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
      return this.parent ? `${(this.parent as Document).uuid}.${own}` : own;
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
          const system = new model(this._source.system, { parent: this });
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

    override updateSource(changes: AnyObject = {}, { dryRun = false }: { dryRun?: boolean } = {}): AnyObject {
      const cls = this.constructor as typeof Document;
      const expanded = expandObject(deepClone(changes));
      delete expanded._id;
      const systemChanges = expanded.system;
      delete expanded.system;
      cls.schema.clean(expanded, { partial: true });
      if (systemChanges !== undefined && cls.metadata.hasTypeData) {
        const model = cls.systemModel(expanded.type ?? this._source.type);
        if (model) model.schema.clean(systemChanges, { partial: true });
        expanded.system = systemChanges;
      }
      const embeddedFields = Object.values(cls.metadata.embedded).filter((f) => Array.isArray(expanded[f]));
      for (const f of embeddedFields) expanded[f] = mergeEmbeddedSources(this._source[f], expanded[f]);
      const merged = mergeObject(deepClone(this._source), expanded, { performDeletions: true });
      const failure = this._validateSource(merged);
      if (failure) throw new DataModelValidationError(failure, `${this.documentName} [${this.id}]`);
      const diff = diffObject(this._source, merged);
      // v13 EmbeddedCollectionField#_updateDiff: an embedded array's diff lists only the children changed or added.
      for (const f of embeddedFields) {
        if (!(f in diff)) continue;
        const changed = (merged[f] as AnyObject[]).flatMap((entry) => {
          const prior = (this._source[f] as AnyObject[] | undefined)?.find((e) => e._id === entry._id);
          if (!prior) return [entry];
          const d = diffObject(prior, entry);
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
      const field = (parent.constructor as typeof Document).metadata.embedded[this.documentName]!;
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

    static async createDocuments(data: AnyObject[] = [], { parent = null, ...options }: AnyObject = {}): Promise<any[]> {
      const name = this.documentName;
      const cls = CONFIG[name]?.documentClass ?? this;
      const user = game.user;
      const sources: AnyObject[] = [];
      const docs: any[] = [];
      for (const d of data) {
        const createData = d instanceof DataModel ? d.toObject() : deepClone(d);
        const doc = new cls(createData, { parent });
        if ((await doc._preCreate(createData, options, user)) === false) continue;
        if (!options.noHook && hooks.call(`preCreate${name}`, doc, createData, options, user.id) === false) continue;
        sources.push(doc.toObject());
        docs.push(doc);
      }
      if (!sources.length) return [];
      if ((await preOperation(cls._preCreateOperation.bind(cls), docs, options, { parent, data: sources }, user)) === false) return [];
      const created = server.create(client, name, parentPath(parent), sources, options);
      const collection = collectionFor(name, parent);
      return created.map((c) => collection.get(c._id));
    }

    async update(changes: AnyObject = {}, options: AnyObject = {}): Promise<this | undefined> {
      const updated = await (this.constructor as typeof Document).updateDocuments([{ ...changes, _id: this.id }], { ...options, parent: this.parent });
      return updated[0];
    }

    static async updateDocuments(updates: AnyObject[] = [], { parent = null, ...options }: AnyObject = {}): Promise<any[]> {
      const name = this.documentName;
      const collection = collectionFor(name, parent);
      const user = game.user;
      const send: AnyObject[] = [];
      const docs: any[] = [];
      for (const update of updates) {
        const doc = collection.get(update._id);
        if (!doc) throw new Error(`${name} [${update._id}] does not exist in the ${collection.documentName} collection`);
        const changes = expandObject(deepClone(update));
        delete changes._id;
        doc.updateSource(changes, { dryRun: true });
        if ((await doc._preUpdate(changes, options, user)) === false) continue;
        if (!options.noHook && hooks.call(`preUpdate${name}`, doc, changes, options, user.id) === false) continue;
        // With `diff: false` Foundry sends the change as given, even when the client's
        // copy already holds it (used to write back data migrated in memory).
        const diff = options.diff === false ? changes : doc.updateSource(changes, { dryRun: true });
        if (isEmpty(diff)) continue;
        send.push({ _id: doc.id, ...diff });
        docs.push(doc);
      }
      if (!send.length) return [];
      const cls = (CONFIG[name]?.documentClass ?? this) as typeof Document;
      if ((await preOperation(cls._preUpdateOperation.bind(cls), docs, options, { parent, updates: send }, user)) === false) return [];
      server.update(client, name, parentPath(parent), send, options);
      return send.map((u) => collection.get(u._id));
    }

    async delete(options: AnyObject = {}): Promise<this | undefined> {
      const deleted = await (this.constructor as typeof Document).deleteDocuments([this.id!], { ...options, parent: this.parent });
      return deleted[0];
    }

    static async deleteDocuments(ids: string[] = [], { parent = null, ...options }: AnyObject = {}): Promise<any[]> {
      const name = this.documentName;
      const collection = collectionFor(name, parent);
      const user = game.user;
      const docs: any[] = [];
      for (const id of ids) {
        const doc = collection.get(id);
        if (!doc) throw new Error(`${name} [${id}] does not exist`);
        if ((await doc._preDelete(options, user)) === false) continue;
        if (!options.noHook && hooks.call(`preDelete${name}`, doc, options, user.id) === false) continue;
        docs.push(doc);
      }
      if (!docs.length) return [];
      const cls = (CONFIG[name]?.documentClass ?? this) as typeof Document;
      if ((await preOperation(cls._preDeleteOperation.bind(cls), docs, options, { parent, ids: docs.map((d) => d.id) }, user)) === false) return [];
      server.delete(client, name, parentPath(parent), docs.map((d) => d.id), options);
      return docs;
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
    override prepareEmbeddedDocuments(): void {
      super.prepareEmbeddedDocuments();
      this.statuses = new Set();
      for (const effect of (this as AnyObject).effects ?? []) if (!effect.disabled) for (const id of effect.statuses ?? []) this.statuses.add(id);
    }
    /** v13 Actor#toggleStatusEffect: the new effect, true when it is already on and asked on, false when removed, undefined when nothing changes. */
    async toggleStatusEffect(statusId: string, { active, overlay = false }: { active?: boolean; overlay?: boolean } = {}): Promise<unknown> {
      const status = CONFIG.statusEffects.find((e: AnyObject) => e.id === statusId);
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
  const Item = documentClass("Item");
  /** As in v13: ActiveEffect.fromStatusEffect builds an unsaved effect from CONFIG.statusEffects. */
  class ActiveEffect extends documentClass("ActiveEffect") {
    static async fromStatusEffect(statusId: string, options: AnyObject = {}): Promise<any> {
      const status = CONFIG.statusEffects.find((e: AnyObject) => e.id === statusId);
      if (!status) throw new Error(`Invalid status ID "${statusId}" provided to ActiveEffect#fromStatusEffect`);
      const { id, hud: _hud, ...data } = deepClone(status);
      data.name = game.i18n.localize(data.name);
      data.statuses = [...new Set([id, ...(data.statuses ?? [])])];
      if (data.statuses.length > 1 && !status._id) throw new Error("Status effects with implicit statuses must have a static _id");
      return new (CONFIG.ActiveEffect.documentClass ?? this)(data, options);
    }
  }
  /** v13's combat documents (combat.ts) need these, some built later. */
  const combatEnv: CombatEnv = { game, CONFIG, hooks, ui, DialogV2: () => applications.api.DialogV2 };
  /** As in v13: a combatant's actor is its world actor; its token is the one it names on its scene; ownership follows the actor. The rest of v13's Combatant is in combat.ts. */
  class Combatant extends CombatantMixin(documentClass("Combatant"), combatEnv) {
    get token(): AnyObject | null {
      const self = this as AnyObject;
      return (self.sceneId && self.tokenId && game.scenes?.get(self.sceneId)?.tokens.get(self.tokenId)) || null;
    }
    get actor(): AnyObject | null {
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
    override async _preUpdate(changes: AnyObject, options: AnyObject, user: AnyObject): Promise<boolean | void> {
      if ((await super._preUpdate(changes, options, user)) === false) return false;
      const autoRotate = () => Boolean(game.settings.get("core", "tokenAutoRotate"));
      const pending = preUpdateMovement(this as never, changes, options, (move) => hooks.call("preMoveToken", this, move, options), autoRotate);
      if (pending) pendingMoves.set(this, pending);
      else pendingMoves.delete(this);
    }
    override _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
      super._onUpdate(changed, options, userId);
      // The user who started a movement carries it on, after this update's workflow.
      const pending = pendingMoves.get(this);
      if (!pending || userId !== game.user.id || options._movement?.[this.id!]?.id !== pending.move.id) return;
      pendingMoves.delete(this);
      setTimeout(() => void continueMovement(this as never, pending), 0);
    }
    /** v13 TokenDocument#move. */
    async move(waypoints: AnyObject | AnyObject[], options: AnyObject = {}): Promise<boolean> {
      return moveThrough(this as never, waypoints, options);
    }
    get actor(): AnyObject | null {
      const id = (this as AnyObject).actorId;
      return id ? (game.actors.get(id) ?? null) : null;
    }
    override getUserLevel(user: AnyObject | null = game.user): number {
      return this.actor ? this.actor.getUserLevel(user) : super.getUserLevel(user);
    }
    /** v13 TokenDocument#getCenterPoint: a one-space token on a hex grid is centred in its hex; otherwise the middle of its rectangle. */
    getCenterPoint(data: AnyObject = {}): AnyObject {
      const self = this as AnyObject;
      const x = data.x ?? self.x;
      const y = data.y ?? self.y;
      const width = data.width ?? self.width;
      const height = data.height ?? self.height;
      const grid = (this.parent as AnyObject | null)?.grid ?? createGrid(undefined);
      if (grid.isHexagonal && width === 1 && height === 1) return { x: x + grid.sizeX / 2, y: y + grid.sizeY / 2, elevation: 0 };
      let w = width;
      let h = height;
      // v13 getSize: on hex grids the long axis counts three quarters of a hex per extra unit.
      if (grid.isHexagonal && grid.columns) w = 0.75 * Math.floor(w) + 0.5 * (w % 1) + 0.25;
      else if (grid.isHexagonal) h = 0.75 * Math.floor(h) + 0.5 * (h % 1) + 0.25;
      return { x: x + (w * grid.sizeX) / 2, y: y + (h * grid.sizeY) / 2, elevation: 0 };
    }
    /**
     * v13 TokenDocument#getOccupiedGridSpaceOffsets: the grid spaces under the token's shape at its
     * (or the given) position; none on gridless scenes. The harness covers square grids and, on
     * row-based hex grids, the default rectangle shape in whole grid units; other shapes throw.
     */
    getOccupiedGridSpaceOffsets(data: AnyObject = {}): { i: number; j: number }[] {
      const self = this as AnyObject;
      const grid = (this.parent as AnyObject | null)?.grid ?? createGrid(undefined);
      if (grid.isGridless) return [];
      const width = Math.round((data.width ?? self.width) * 2) / 2;
      const height = Math.round((data.height ?? self.height) * 2) / 2;
      const x = Math.round(data.x ?? self.x);
      const y = Math.round(data.y ?? self.y);
      const out: { i: number; j: number }[] = [];
      if (!grid.isHexagonal) {
        const top = grid.getOffset({ x: x + grid.size / 2, y: y + grid.size / 2 });
        for (let i = 0; i < Math.ceil(height); i++) for (let j = 0; j < Math.ceil(width); j++) out.push({ i: top.i + i, j: top.j + j });
        return out;
      }
      if (grid.columns || !Number.isInteger(width) || !Number.isInteger(height) || (self.shape ?? 4) !== 4) throw new Error("harness: only rectangle tokens of whole size on row-based hex grids");
      // The first row's first hex sits under the point half a hex in from the top-left corner.
      const top = grid.getOffset({ x: x + grid.sizeX / 2, y: y + grid.sizeY / 2 });
      const shifted = (top.i % 2 === 0) === grid.even;
      for (let i = 0; i < height; i++) {
        const odd = i & 1;
        // Odd rows of the shape hold one hex fewer, set half a hex in.
        const count = Math.floor(width + odd * 0.5) - odd;
        for (let j = 0; j < count; j++) out.push({ i: top.i + i, j: top.j + j + (shifted ? odd : 0) });
      }
      return out;
    }
  }

  /** v13's client Combat: its turn machinery is in combat.ts. */
  class Combat extends CombatMixin(documentClass("Combat"), combatEnv) {}

  const Roll = defineRoll(() => CONFIG.Dice.randomUniform(), rolls, (data, options) => CONFIG.ChatMessage.documentClass.create({ author: game.user.id, ...data }, options));

  class ChatMessage extends documentClass("ChatMessage") {
    declare author: string;
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
    get isAuthor(): boolean {
      return this.author === game.user.id;
    }
    override get visible(): boolean {
      if (this.whisper?.length) return game.user.isGM || this.isAuthor || this.whisper.includes(game.user.id);
      return true;
    }
    /** v13 BaseChatMessage#getUserLevel: the author owns it; a message has no ownership of its own, so anyone else holds NONE (seeing it is `visible`'s business). */
    override getUserLevel(user: AnyObject | null = game.user): number {
      if (!user) return OWNERSHIP.NONE;
      if (user.isGM || this.author === user.id) return OWNERSHIP.OWNER;
      return OWNERSHIP.NONE;
    }
    /** As documented for v13: public clears whispers, self whispers the author, private and blind whisper the GMs. */
    static applyRollMode(chatData: AnyObject, rollMode: string): AnyObject {
      const mode = rollMode === "roll" ? game.settings.get("core", "rollMode") : rollMode;
      const gms = () => game.users.filter((u: AnyObject) => u.isGM).map((u: AnyObject) => u.id);
      if (mode === "publicroll") Object.assign(chatData, { whisper: [], blind: false });
      else if (mode === "selfroll") Object.assign(chatData, { whisper: [game.user.id], blind: false });
      else if (mode === "gmroll") Object.assign(chatData, { whisper: chatData.whisper?.length ? chatData.whisper : gms(), blind: false });
      else if (mode === "blindroll") Object.assign(chatData, { whisper: chatData.whisper?.length ? chatData.whisper : gms(), blind: true });
      return chatData;
    }
    static override async createDocuments(data: AnyObject[] = [], options: AnyObject = {}): Promise<any[]> {
      const applied = options.rollMode ? data.map((d) => ChatMessage.applyRollMode({ ...d }, options.rollMode)) : data;
      return super.createDocuments(applied, options);
    }
    static getSpeaker({ actor, token, alias }: AnyObject = {}): AnyObject {
      return { scene: null, actor: actor?.id ?? null, token: token?.id ?? null, alias: alias ?? actor?.name ?? game.user.name };
    }
    static getWhisperRecipients(name: string): AnyObject[] {
      if (name === "GM") return game.users.filter((u: AnyObject) => u.isGM);
      return game.users.filter((u: AnyObject) => u.name === name);
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
    get active(): boolean {
      return server.isActive(this.id!);
    }
    /** As in v13: this user is the one game.users.activeGM designates. */
    get isActiveGM(): boolean {
      return game.users.activeGM?.id === this.id;
    }
    hasRole(role: string | number): boolean {
      const r = typeof role === "number" ? role : (ROLES as AnyObject)[role];
      return this.role >= r;
    }
    async query(name: string, data: unknown, { timeout }: { timeout?: number } = {}): Promise<unknown> {
      return server.query(client, this.id!, name, data, { timeout });
    }
  }

  const WallDocument = documentClass("Wall");
  for (const [name, cls] of Object.entries({ Actor, Item, ActiveEffect, Combat, Combatant, CombatantGroup, ChatMessage, User, JournalEntry, JournalEntryPage, Scene, Token: TokenDocument, Wall: WallDocument })) {
    CONFIG[name] = { documentClass: cls, dataModels: {}, typeLabels: {}, sheetClasses: {} };
  }
  // v13 CONFIG.Combat.initiative: no formula until a system or module gives one.
  CONFIG.Combat.initiative = CONFIG_COMBAT_INITIATIVE();

  class Users extends DocumentCollection<any> {
    get activeGM(): any {
      return this.contents.filter((u) => u.active && u.role === ROLES.GAMEMASTER).sort((a, b) => (a.id < b.id ? -1 : 1))[0] ?? null;
    }
    get current(): any {
      return this.get(userId) ?? null;
    }
    get players(): any[] {
      return this.contents.filter((u) => !u.isGM);
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

  class ClientSettings {
    readonly settings = new Map<string, AnyObject>();
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
    get(namespace: string, key: string): unknown {
      const config = this.config(namespace, key);
      const store = config.scope === "world" ? worldSettings : localSettings;
      return this.cast(config, store.get(config.id));
    }
    async set(namespace: string, key: string, value: unknown): Promise<unknown> {
      const config = this.config(namespace, key);
      const cleaned = this.cast(config, value);
      this.check(config, cleaned);
      if (config.scope === "world") server.setSetting(client, config.id, cleaned);
      else {
        localSettings.set(config.id, deepClone(cleaned));
        config.onChange?.(cleaned);
      }
      return cleaned;
    }
    /** v13 Setting#_onCreate / #_onUpdate: the setting's onChange(value, options, userId), on an update only when the value changed. */
    applyWorld(key: string, value: unknown, options: AnyObject = {}, userId: string | null = null): void {
      const existed = worldSettings.has(key);
      const unchanged = existed && JSON.stringify(worldSettings.get(key)) === JSON.stringify(value);
      worldSettings.set(key, value);
      const config = this.settings.get(key);
      if (config && game.ready && !unchanged) config.onChange?.(this.cast(config, value), options, userId);
    }
  }

  game.settings = new ClientSettings();
  // Core's own settings that the system reads.
  game.settings.register("core", "rollMode", { scope: "client", config: true, type: String, default: "publicroll" });
  game.settings.register("core", "tokenAutoRotate", { scope: "client", config: true, type: Boolean, default: false });
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
  const applications = createApplications({ templates, CONFIG, game, ui });
  // v13 CONFIG.ui.combat: core's tracker unless a system replaces it.
  CONFIG.ui.combat = applications.sidebar.tabs.CombatTracker;
  // Core registers its legacy sheets for every type before any package's init.
  for (const [name, key] of [["Actor", "ActorSheet"], ["Item", "ItemSheet"]] as const) {
    for (const type of documentTypes[name] ?? []) {
      CONFIG[name].sheetClasses[type] = { [`core.${key}`]: { id: `core.${key}`, cls: applications.appv1.sheets[key], default: true, label: key } };
    }
  }

  // ---- the client seen by the server ----

  const client: ServerClient & AnyObject = {
    userId,
    receive(event: ServerEvent): void {
      if (!game.ready && event.kind !== "setting") return;
      applyEvent(event);
    },
    async handleQuery(name: string, data: unknown, opts: { timeout?: number }): Promise<unknown> {
      const handler = CONFIG.queries[name];
      if (typeof handler !== "function") throw new Error(`The query "${name}" is not registered`);
      return handler(data, opts);
    },
  };

  function applyEvent(event: ServerEvent): void {
    if (event.kind === "setting") {
      game.settings.applyWorld(event.key, event.value, event.options ?? {}, event.userId);
      return;
    }
    const parent = resolveParent(event.parent);
    if (event.parent.length && !parent) return;
    const collection = collectionFor(event.documentName, parent);
    const cls = CONFIG[event.documentName].documentClass;
    const field = parent ? DOCUMENT_META[parent.documentName]!.embedded[event.documentName]! : "";
    if (event.kind === "create") {
      parent?._dispatchDescendantDocumentEvents("preCreate", field, [event.data, event.options, event.userId]);
      const docs = event.data.map((source) => {
        const doc = new cls(source, { parent });
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
      const docs = event.updates.map((update) => {
        const doc = collection.get(update._id);
        const changed = deepClone(update);
        doc.updateSource(update);
        return [doc, changed] as const;
      });
      if (parent) parent.prepareData();
      for (const [doc, changed] of docs) {
        if (!parent) doc.prepareData();
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
      const docs = event.ids.map((id) => {
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
  }

  /** Build the world collections from the server's data, as Foundry does after `setup`. */
  function initializeDocuments(): void {
    const snapshot = server.snapshot();
    const world: [string, string, new (name: string) => DocumentCollection<any>][] = [
      ["users", "User", Users],
      ["actors", "Actor", DocumentCollection],
      ["items", "Item", DocumentCollection],
      ["combats", "Combat", CombatEncounters],
      ["messages", "ChatMessage", DocumentCollection],
      ["journal", "JournalEntry", DocumentCollection],
      ["scenes", "Scene", DocumentCollection],
    ];
    for (const [key, name, Collection] of world) {
      const collection = new Collection(name);
      game[key] = collection;
      for (const source of snapshot.collections[key] ?? []) {
        const doc = new CONFIG[name].documentClass(source, {});
        collection.set(doc.id, doc);
      }
    }
    for (const collection of ["users", "actors", "items", "combats", "messages", "journal", "scenes"]) game[collection].forEach((d: any) => d.prepareData());
    game.user = game.users.get(userId);
    // v13 GameTime#sync: the clock starts at the world's time.
    clock = Number(game.settings.get("core", "time"));
  }

  function fromUuidSync(uuid: string): any {
    const parts = uuid.split(".");
    let doc: any = null;
    for (let i = 0; i < parts.length; i += 2) {
      const name = parts[i]!;
      const id = parts[i + 1]!;
      const collection = doc ? doc.getEmbeddedCollection(name) : game[worldCollectionKey(DOCUMENT_META[name]?.collection ?? "")];
      doc = collection?.get(id) ?? null;
      if (!doc) return null;
    }
    return doc;
  }

  Object.defineProperty(game, "combat", { get: () => game.combats?.viewed ?? null });

  const CONST = {
    DOCUMENT_OWNERSHIP_LEVELS: { ...OWNERSHIP },
    USER_ROLES: { ...ROLES },
    CHAT_MESSAGE_STYLES: { OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 },
    DICE_ROLL_MODES: { PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" },
  };

  const foundry = {
    abstract: { DataModel, TypeDataModel, Document },
    data: { fields, validation: { DataModelValidationError, DataModelValidationFailure } },
    documents: { Actor, Item, ActiveEffect, Combat, Combatant, CombatantGroup, ChatMessage, User, JournalEntry, JournalEntryPage, Scene, TokenDocument, WallDocument },
    dice: { Roll, terms: { DiceTerm, Die, NumericTerm, OperatorTerm } },
    utils,
    applications: {
      handlebars: { renderTemplate: templates.render, loadTemplates: templates.load, getTemplate: templates.get },
      api: applications.api,
      sheets: applications.sheets,
      apps: applications.apps,
      ux: applications.ux,
      sidebar: applications.sidebar,
    },
    appv1: applications.appv1,
    CONST,
  };

  const globals: AnyObject = {
    canvas: createCanvas(),
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
    Handlebars: templates.handlebars,
    fromUuid: async (uuid: string) => fromUuidSync(uuid),
    fromUuidSync,
    console,
  };
  CONFIG.Dice.rolls.push(Roll);

  return { globals, game, CONFIG, ui, hooks, i18n, notifications, rolls, client, templates, initializeDocuments, dialogs: applications.dialogs };
}

export type Runtime = ReturnType<typeof createRuntime>;
