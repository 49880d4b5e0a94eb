/**
 * `foundry.abstract.DataModel` and `TypeDataModel` for the harness: construction
 * migrates, cleans and strictly validates the source; `updateSource` cleans a
 * partial change, validates the merged result and only then commits it, so a
 * refused change leaves the model untouched (as in Foundry).
 */
import { DataField, DataModelValidationError, DataModelValidationFailure, SchemaField } from "./fields";
import { type AnyObject, deepClone, diffObject, expandObject, isEmpty, mergeObject } from "./utils";

const schemas = new WeakMap<object, SchemaField>();

export interface DataModelOptions {
  parent?: unknown;
  strict?: boolean;
  [key: string]: unknown;
}

export class DataModel {
  declare _source: AnyObject;
  declare parent: unknown;

  static defineSchema(): Record<string, DataField> {
    throw new Error(`The ${this.name} subclass of DataModel must define its Document schema`);
  }

  static get schema(): SchemaField {
    let schema = schemas.get(this);
    if (!schema) {
      schema = new SchemaField(this.defineSchema());
      schemas.set(this, schema);
    }
    return schema;
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  static migrateData(source: AnyObject): AnyObject {
    return source;
  }

  static shimData(source: AnyObject): AnyObject {
    return source;
  }

  static cleanData(source: AnyObject = {}, options: { partial?: boolean } = {}): AnyObject {
    return this.schema.clean(source, options) as AnyObject;
  }

  /** Name used in validation messages. */
  static get validationName(): string {
    return this.name;
  }

  constructor(data: AnyObject = {}, { parent = null, strict = true, ...options }: DataModelOptions = {}) {
    Object.defineProperty(this, "parent", { value: parent, writable: true, enumerable: false });
    this._source = this._initializeSource(data, options);
    Object.defineProperty(this, "_source", { value: this._source, writable: true, enumerable: false });
    const failure = this._validateSource(this._source);
    if (failure && strict) throw failure.asError(this._validationName());
    this._initialize(options);
  }

  protected _validationName(): string {
    return (this.constructor as typeof DataModel).validationName;
  }

  /**
   * v13 DataModel#_initializeSource migrates and cleans the data it is given, in place: the data becomes the
   * model's source. The harness copies it first (a test may build several models from one literal), except
   * where v13 hands a model a source it owns: `ownSource`, a document's system model built on its
   * `_source.system` at each initialization (TypeDataField#initialize).
   */
  _initializeSource(data: AnyObject, options: AnyObject = {}): AnyObject {
    const cls = this.constructor as typeof DataModel;
    let source = options.ownSource ? (data ?? {}) : deepClone(data ?? {});
    source = cls.migrateData(source);
    return cls.cleanData(source);
  }

  _validateSource(source: AnyObject, partial = false): DataModelValidationFailure | undefined {
    const failure = this.schema.validate(source, { partial } as never);
    return failure && !failure.isEmpty() ? failure : undefined;
  }

  _initialize(_options: AnyObject = {}): void {
    for (const [name, field] of Object.entries(this.schema.fields)) {
      (this as AnyObject)[name] = field.initialize(this._source[name], this);
    }
  }

  reset(): void {
    this._initialize();
  }

  validate({ changes, strict = true }: { changes?: AnyObject; strict?: boolean } = {}): boolean {
    const candidate = changes ? mergeObject(deepClone(this._source), expandObject(changes)) : this._source;
    const failure = this._validateSource(candidate);
    if (failure && strict) throw failure.asError(this._validationName());
    return !failure;
  }

  /**
   * Clean, validate and commit a change; returns what actually changed. As v13
   * DataModel#updateSource: the schema's `_updateDiff` applies the change to a
   * copy of the source, each field its own way (an ObjectField merges and
   * reports `-=key` removals), then the copy is validated and committed.
   */
  updateSource(changes: AnyObject = {}, { dryRun = false, ...options }: { dryRun?: boolean; recursive?: boolean } = {}): AnyObject {
    const cls = this.constructor as typeof DataModel;
    const expanded = expandObject(deepClone(changes));
    cls.schema.clean(expanded, { partial: true });
    const root: AnyObject = { _source: deepClone(this._source) };
    const rootDiff: AnyObject = {};
    cls.schema._updateDiff(root, "_source", expanded, rootDiff, options);
    const merged = root._source as AnyObject;
    const diff = (rootDiff._source ?? {}) as AnyObject;
    if (isEmpty(diff)) return diff;
    const failure = this._validateSource(merged);
    if (failure) throw failure.asError(this._validationName());
    if (dryRun) return diff;
    this._source = merged;
    this._initialize();
    return diff;
  }

  toObject(source = true): AnyObject {
    if (source) return deepClone(this._source);
    return this.schema.toObject(this) as AnyObject;
  }

  toJSON(): AnyObject {
    return this.toObject();
  }

  clone(data: AnyObject = {}, context: DataModelOptions = {}): this {
    const cls = this.constructor as new (d: AnyObject, o: DataModelOptions) => this;
    return new cls(mergeObject(this.toObject(), data, { inplace: false }), { parent: this.parent, ...context });
  }

  static fromSource<T extends DataModel>(this: new (d: AnyObject, o: DataModelOptions) => T, source: AnyObject, options: DataModelOptions = {}): T {
    return new this(source, options);
  }
}

/** The base of every system data model (`system` on actors, items, combats ...). */
export class TypeDataModel extends DataModel {
  static LOCALIZATION_PREFIXES: string[] = [];
  modelProvider: unknown = null;

  prepareBaseData(): void {}
  prepareDerivedData(): void {}

  protected override _validationName(): string {
    return "system";
  }

  async _preCreate(_data: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onCreate(_data: AnyObject, _options: AnyObject, _userId: string): void {}
  async _preUpdate(_changes: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onUpdate(_changed: AnyObject, _options: AnyObject, _userId: string): void {}
  async _preDelete(_options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onDelete(_options: AnyObject, _userId: string): void {}
}

export { DataModelValidationError, DataModelValidationFailure };
