/**
 * The data fields of `foundry.data.fields`, re-implemented for the harness from
 * Foundry v13's documented behaviour: a value is cast to the field's type, cleaned
 * (numbers rounded when integer and clamped into [min, max], strings trimmed,
 * unknown schema keys dropped) and then validated, producing messages such as
 * "must be an integer" or "may not be null" under the field's path.
 */
import { type AnyObject, deepClone, diffObject, getType, isDeletionKey, isEmpty, isPlainObject, mergeObject } from "./utils";

/** Options of an update's diff (v13 DataModelUpdateOptions): `recursive: false` replaces objects whole. */
export interface UpdateOptions {
  recursive?: boolean;
  [key: string]: unknown;
}

/** v13 applySpecialKeys (common/data/fields.mjs): a value's own `==`/`-=` keys applied, as when it replaces a field whole. */
function applySpecialKeys(value: unknown): unknown {
  if (!isPlainObject(value)) return value;
  const out: AnyObject = {};
  for (const [key, v] of Object.entries(value)) {
    if (key.startsWith("-=")) continue;
    out[key.startsWith("==") ? key.slice(2) : key] = applySpecialKeys(v);
  }
  return out;
}

/** v13 SchemaField#_updateDiff and TypedObjectField#_updateDiff share this walk: `-=name` removes, `==name` replaces, others go to the named field. */
function updateKeys(source: AnyObject, key: string, value: AnyObject, difference: AnyObject, options: UpdateOptions, fieldFor: (name: string) => DataField | undefined): void {
  if (!isPlainObject(source[key])) source[key] = {};
  const target = source[key] as AnyObject;
  const diff: AnyObject = (difference[key] = {});
  for (const [k, v] of Object.entries(value)) {
    const special = isDeletionKey(k);
    const name = special ? k.slice(2) : k;
    const field = fieldFor(name);
    if (!field) continue;
    if (special) {
      if (k[0] === "-") {
        if (v !== null) throw new Error("Removing a key using the -= deletion syntax requires the value of that deletion key to be null, for example {-=key: null}");
        if (name in target) {
          diff[k] = v;
          delete target[name];
        }
      } else diff[k] = target[name] = applySpecialKeys(v);
      continue;
    }
    field._updateDiff(target, k, v, diff, options);
  }
  if (isEmpty(diff)) delete difference[key];
}

export class DataModelValidationFailure {
  invalidValue: unknown;
  message: string;
  unresolved: boolean;
  fields: Record<string, DataModelValidationFailure> = {};
  elements: { id: string | number; failure: DataModelValidationFailure }[] = [];

  constructor({ invalidValue, message = "", unresolved = true }: { invalidValue?: unknown; message?: string; unresolved?: boolean } = {}) {
    this.invalidValue = invalidValue;
    this.message = message;
    this.unresolved = unresolved;
  }

  isEmpty(): boolean {
    return !this.message && Object.keys(this.fields).length === 0 && this.elements.length === 0;
  }

  /** Every failure as `path: message` lines. */
  lines(prefix = ""): string[] {
    const out: string[] = [];
    if (this.message) out.push(`${prefix || "value"}: ${this.message}`);
    for (const [key, failure] of Object.entries(this.fields)) out.push(...failure.lines(prefix ? `${prefix}.${key}` : key));
    for (const { id, failure } of this.elements) out.push(...failure.lines(`${prefix}.${id}`));
    return out;
  }

  asError(modelName = "DataModel"): DataModelValidationError {
    return new DataModelValidationError(this, modelName);
  }
}

export class DataModelValidationError extends Error {
  failure: DataModelValidationFailure;
  constructor(failure: DataModelValidationFailure, modelName = "DataModel") {
    super(`${modelName} validation errors:\n${failure.lines().map((l) => `  ${l}`).join("\n")}`);
    this.name = "DataModelValidationError";
    this.failure = failure;
  }
  getAllFailures(): Record<string, DataModelValidationFailure> {
    const out: Record<string, DataModelValidationFailure> = {};
    const walk = (f: DataModelValidationFailure, path: string) => {
      if (f.message) out[path] = f;
      for (const [k, v] of Object.entries(f.fields)) walk(v, path ? `${path}.${k}` : k);
    };
    walk(this.failure, "");
    return out;
  }
}

export interface CleanOptions {
  partial?: boolean;
  source?: AnyObject;
}

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  readonly?: boolean;
  label?: string;
  hint?: string;
  gmOnly?: boolean;
  validate?: (value: unknown, options?: unknown) => boolean | void;
  validationError?: string;
  [key: string]: unknown;
}

/**
 * A field class's `_defaults`, read once per class: their keys, and their values when every one is a
 * primitive or a function (`values` null otherwise: a default that is an object, such as
 * FilePathField's `categories: []`, is read afresh for each field, so no two fields share it, as
 * in v13, whose getter builds a new object at each read). The getters of the harness's fields (and of
 * any subclass that returns the same figures at each read) give the same keys and values each time.
 */
interface ClassDefaults {
  keys: string[];
  /** One read of the defaults, for `key in` (an option named by it is not copied onto the field). */
  probe: FieldOptions;
  values: unknown[] | null;
}
const defaultsByClass = new WeakMap<Function, ClassDefaults>();

function classDefaults(cls: typeof DataField): ClassDefaults {
  let found = defaultsByClass.get(cls);
  if (!found) {
    const defaults = cls._defaults;
    const keys = Object.keys(defaults);
    const values = Object.values(defaults);
    const shared = values.every((v) => v === null || (typeof v !== "object"));
    found = { keys, probe: defaults, values: shared ? values : null };
    defaultsByClass.set(cls, found);
  }
  return found;
}

export class DataField {
  static recursive = false;
  name = "";
  parent: DataField | undefined = undefined;
  declare required: boolean;
  declare nullable: boolean;
  declare initial: unknown;
  declare readonly: boolean;
  declare label: string;
  declare hint: string;
  declare options: FieldOptions;

  static get _defaults(): FieldOptions {
    return { required: false, nullable: false, initial: undefined, readonly: false, gmOnly: false, label: "", hint: "", validationError: "is not a valid value" };
  }

  constructor(options: FieldOptions = {}) {
    this.options = options;
    // v13 DataField#constructor (common/data/fields.mjs): each key of the class's `_defaults` is set from the
    // options when given there, else from the defaults (v13 reads the getter again for each key).
    const defaults = classDefaults(this.constructor as typeof DataField);
    const keys = defaults.keys;
    const values = defaults.values ?? Object.values((this.constructor as typeof DataField)._defaults);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i]!;
      (this as AnyObject)[key] = key in options ? options[key] : values[i];
    }
    // `validate` stays an option: as an own property it would hide the method.
    for (const key of Object.keys(options)) if (!(key in defaults.probe) && key !== "validate") (this as AnyObject)[key] = options[key];
  }

  get fieldPath(): string {
    const parentPath = this.parent?.fieldPath;
    return parentPath ? `${parentPath}.${this.name}` : this.name;
  }

  getInitialValue(data: AnyObject = {}): unknown {
    return typeof this.initial === "function" ? (this.initial as (d: AnyObject) => unknown)(data) : deepClone(this.initial);
  }

  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === null) {
      if (this.nullable) return null;
      value = undefined;
    }
    if (value === undefined) return this.getInitialValue(options.source);
    return this._cleanType(this._cast(value), options);
  }

  _cast(value: unknown): unknown {
    return value;
  }

  _cleanType(value: unknown, _options: CleanOptions): unknown {
    return value;
  }

  /** Undefined when valid, a failure otherwise. */
  validate(value: unknown, options: CleanOptions = {}): DataModelValidationFailure | undefined {
    try {
      if (value === undefined) {
        if (this.required) throw new Error("is required");
        return undefined;
      }
      if (value === null) {
        if (this.nullable) return undefined;
        throw new Error("may not be null");
      }
      const nested = this._validateType(value, options);
      // v13 DataField#validate: a field's own validator runs after its type checks pass (an ArrayField's range check too).
      if (nested instanceof DataModelValidationFailure && !nested.isEmpty()) return nested;
      if (this.options.validate && this.options.validate(value, options) === false) throw new Error(this.options.validationError ?? "is not a valid value");
      return undefined;
    } catch (error) {
      return new DataModelValidationFailure({ invalidValue: value, message: (error as Error).message });
    }
  }

  _validateType(_value: unknown, _options: CleanOptions): DataModelValidationFailure | void {}

  initialize(value: unknown, _model?: unknown): unknown {
    return value;
  }

  toObject(value: unknown): unknown {
    return deepClone(value);
  }

  /**
   * v13 DataField#_updateDiff: a changed value replaces the source's and is
   * recorded in the diff. (v13 compares by identity; the harness's values
   * arrive cloned, so equal objects count as unchanged, as Array#equals has it
   * for v13's ArrayField.)
   */
  _updateDiff(source: AnyObject, key: string, value: unknown, difference: AnyObject, _options: UpdateOptions): void {
    const current = source[key];
    if (value === current || (typeof value === "object" && value !== null && JSON.stringify(value) === JSON.stringify(current))) return;
    difference[key] = deepClone(value);
    source[key] = value;
  }
}

export class AnyField extends DataField {}

export class BooleanField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: false };
  }
  override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true";
    if (typeof value === "object") return false;
    return Boolean(value);
  }
  override _validateType(value: unknown): void {
    if (typeof value !== "boolean") throw new Error("must be a boolean");
  }
}

function choiceKeys(choices: unknown): unknown[] {
  const resolved = typeof choices === "function" ? (choices as () => unknown)() : choices;
  if (Array.isArray(resolved)) return resolved;
  return Object.keys(resolved as object);
}

export class NumberField extends DataField {
  declare min?: number;
  declare max?: number;
  declare step?: number;
  declare integer: boolean;
  declare positive: boolean;
  declare choices: unknown;

  static override get _defaults(): FieldOptions {
    return { ...super._defaults, nullable: true, min: undefined, max: undefined, step: undefined, integer: false, positive: false, choices: undefined };
  }

  constructor(options: FieldOptions = {}) {
    super(options);
    if (this.choices) this.nullable = options.nullable ?? false;
    if (Number.isFinite(this.min) && Number.isFinite(this.max) && this.min! > this.max!) {
      throw new Error("NumberField minimum constraint cannot exceed its maximum constraint");
    }
  }

  override _cast(value: unknown): unknown {
    return this.nullable && value === "" ? null : Number(value);
  }

  override _cleanType(value: unknown): unknown {
    if (typeof value !== "number") return value;
    let v = value;
    if (this.integer) v = Math.round(v);
    if (Number.isFinite(this.min)) v = Math.max(v, this.min!);
    if (Number.isFinite(this.max)) v = Math.min(v, this.max!);
    if (Number.isFinite(this.step)) {
      const base = Number.isFinite(this.min) ? this.min! : 0;
      v = Math.round((v - base) / this.step!) * this.step! + base;
    }
    return v;
  }

  override _validateType(value: unknown): void {
    if (typeof value !== "number") throw new Error("must be a number");
    if (this.positive && value <= 0) throw new Error("must be a positive number");
    if (Number.isFinite(this.min) && value < this.min!) throw new Error(`must be at least ${this.min}`);
    if (Number.isFinite(this.max) && value > this.max!) throw new Error(`must be at most ${this.max}`);
    if (this.choices && !choiceKeys(this.choices).map(String).includes(String(value))) throw new Error(`${value} is not a valid choice`);
    if (this.integer) {
      if (!Number.isInteger(value)) throw new Error("must be an integer");
    } else if (!Number.isFinite(value)) throw new Error("must be a finite number");
  }
}

export class StringField extends DataField {
  declare blank: boolean;
  declare trim: boolean;
  declare choices: unknown;

  static override get _defaults(): FieldOptions {
    return { ...super._defaults, blank: true, trim: true, choices: undefined, textSearch: false };
  }

  constructor(options: FieldOptions = {}) {
    super(options);
    if (this.choices) {
      this.nullable = options.nullable ?? false;
      this.blank = (options.blank as boolean | undefined) ?? false;
    }
  }

  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (typeof value === "string" && this.trim) value = value.trim();
    return super.clean(value, options);
  }

  override getInitialValue(data: AnyObject = {}): unknown {
    const initial = super.getInitialValue(data);
    if (this.blank && this.required && !initial) return "";
    return initial;
  }

  override _cast(value: unknown): unknown {
    return String(value);
  }

  override validate(value: unknown, options: CleanOptions = {}): DataModelValidationFailure | undefined {
    if (value === "" && !this.blank) return new DataModelValidationFailure({ invalidValue: value, message: "may not be a blank string" });
    if (value === "" && this.blank) return undefined;
    return super.validate(value, options);
  }

  override _validateType(value: unknown): void {
    if (typeof value !== "string") throw new Error("must be a string");
    if (this.choices && !choiceKeys(this.choices).includes(value)) throw new Error(`${value} is not a valid choice`);
  }
}

export class HTMLField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, blank: true };
  }
}

export class FilePathField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, categories: [], base64: false, wildcard: false };
  }
}

export class ColorField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, nullable: true, initial: null, blank: false };
  }
  override _validateType(value: unknown): void {
    super._validateType(value);
    if (!/^#[0-9a-f]{6}$/i.test(value as string)) throw new Error("must be a valid color string");
  }
}

export class DocumentIdField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, blank: false, nullable: true, initial: null, readonly: true };
  }
  override _validateType(value: unknown): void {
    if (typeof value !== "string" || !/^[a-zA-Z0-9]{16}$/.test(value)) throw new Error("must be a valid 16-character alphanumeric ID");
  }
}

export class ForeignDocumentField extends DocumentIdField {
  declare model: unknown;
  constructor(model: unknown, options: FieldOptions = {}) {
    super({ readonly: false, ...options });
    this.model = model;
  }
}

export class DocumentUUIDField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, blank: false, nullable: true, initial: null };
  }
}

export class ObjectField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false };
  }
  override getInitialValue(data: AnyObject = {}): unknown {
    const initial = super.getInitialValue(data);
    if (this.required && initial === undefined) return {};
    return initial;
  }
  override _cast(value: unknown): unknown {
    if (value && typeof (value as AnyObject).toObject === "function") value = (value as AnyObject).toObject();
    return isPlainObject(value) ? value : {};
  }
  override initialize(value: unknown): unknown {
    return value ? deepClone(value) : value;
  }
  override _validateType(value: unknown, _options?: CleanOptions): DataModelValidationFailure | void {
    if (!isPlainObject(value)) throw new Error("must be an object");
  }
  /**
   * v13 ObjectField#_updateDiff: an object merges into the source's key by key
   * (`insertKeys`, `insertValues`, `performDeletions`), its diff the change's
   * own differences with `-=key: null` kept for keys the source has; arrays and
   * other values inside are replaced whole. Anything but an object (or
   * `recursive: false`) replaces the value.
   */
  override _updateDiff(source: AnyObject, key: string, value: unknown, difference: AnyObject, options: UpdateOptions): void {
    if (isPlainObject(value) && options.recursive !== false) {
      if (!isPlainObject(source[key])) source[key] = {};
      const diff = diffObject(source[key] as AnyObject, value, { deletionKeys: true });
      if (isEmpty(diff)) return;
      difference[key] = diff;
      mergeObject(source[key] as AnyObject, value, { insertKeys: true, insertValues: true, performDeletions: true });
    } else super._updateDiff(source, key, applySpecialKeys(value), difference, options);
  }
}

export class TypedObjectField extends ObjectField {
  static override recursive = true;
  declare element: DataField;
  constructor(element: DataField, options: FieldOptions = {}) {
    super(options);
    element.name ||= "element";
    element.parent = this;
    this.element = element;
  }
  override _cleanType(value: unknown, options: CleanOptions): unknown {
    const data = value as AnyObject;
    for (const key of Object.keys(data)) {
      if (key.startsWith("-=")) continue;
      data[key] = this.element.clean(data[key], { ...options, partial: false });
    }
    return data;
  }
  override _validateType(value: unknown, options: CleanOptions): DataModelValidationFailure | void {
    if (!isPlainObject(value)) throw new Error("must be an object");
    const failure = new DataModelValidationFailure({ unresolved: false });
    for (const [key, v] of Object.entries(value)) {
      if (key.startsWith("-=")) continue;
      const f = this.element.validate(v, options);
      if (f) {
        failure.fields[key] = f;
        failure.unresolved = true;
      }
    }
    return failure;
  }
  override initialize(value: unknown, model?: unknown): unknown {
    const out: AnyObject = {};
    for (const [k, v] of Object.entries((value as AnyObject) ?? {})) out[k] = this.element.initialize(v, model);
    return out;
  }
  /** v13 TypedObjectField#_updateDiff: each key through the element field; `-=key` removes it. */
  override _updateDiff(source: AnyObject, key: string, value: unknown, difference: AnyObject, options: UpdateOptions): void {
    if (value === undefined || value === null || options.recursive === false) return DataField.prototype._updateDiff.call(this, source, key, value, difference, options);
    updateKeys(source, key, value as AnyObject, difference, options, () => this.element);
  }
}

export class SchemaField extends DataField {
  static override recursive = true;
  declare fields: Record<string, DataField>;

  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false };
  }

  constructor(fields: Record<string, DataField>, options: FieldOptions = {}) {
    super(options);
    this.fields = {};
    for (const [name, field] of Object.entries(fields)) {
      if (!(field instanceof DataField)) throw new Error(`The "${name}" field is not an instance of the DataField class`);
      if (field.parent !== undefined) throw new Error(`The "${field.fieldPath}" field already belongs to some other parent`);
      field.name = name;
      field.parent = this;
      this.fields[name] = field;
    }
  }

  /** v13 SchemaField: `initial` defaults to cleaning an empty object (each field's initial); one given, even undefined, is used as given. */
  override getInitialValue(data: AnyObject = {}): unknown {
    if ("initial" in this.options) return super.getInitialValue(data);
    const out: AnyObject = {};
    for (const name in this.fields) out[name] = this.fields[name]!.getInitialValue(data);
    return out;
  }

  has(name: string): boolean {
    return name in this.fields;
  }

  get(name: string): DataField | undefined {
    return this.fields[name];
  }

  /** A field by dotted path relative to this schema. */
  getField(path: string | string[]): DataField | undefined {
    const parts = Array.isArray(path) ? [...path] : path.split(".");
    const head = parts.shift()!;
    const field = this.fields[head];
    if (!parts.length || !field) return field;
    if (field instanceof SchemaField) return field.getField(parts);
    return undefined;
  }

  *[Symbol.iterator](): IterableIterator<DataField> {
    yield* Object.values(this.fields);
  }

  keys(): string[] {
    return Object.keys(this.fields);
  }

  override _cast(value: unknown): unknown {
    return isPlainObject(value) ? value : {};
  }

  override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    const data = value as AnyObject;
    for (const key of Object.keys(data)) if (!this.has(key) && !isDeletionKey(key)) delete data[key];
    // One options object for every field (no field changes the options it is given). The fields are walked
    // with for-in rather than Object.entries: a schema's fields object is plain, its own keys only, in order.
    const inner = { ...options, source: options.source ?? data };
    for (const name in this.fields) {
      if (options.partial && !(name in data)) continue;
      data[name] = this.fields[name]!.clean(data[name], inner);
    }
    return data;
  }

  override _validateType(value: unknown, options: CleanOptions & { partial?: boolean } = {}): DataModelValidationFailure | void {
    if (!isPlainObject(value)) throw new Error("must be an object");
    // Made only when a field fails: DataField#validate reads no failure and an empty one alike.
    let failure: DataModelValidationFailure | undefined;
    for (const name in this.fields) {
      if (options.partial && !(name in value)) continue;
      const f = this.fields[name]!.validate(value[name], options);
      if (f) {
        failure ??= new DataModelValidationFailure({ unresolved: false });
        failure.fields[name] = f;
        failure.unresolved = true;
      }
    }
    return failure;
  }

  override initialize(value: unknown, model?: unknown): unknown {
    if (!value) return value;
    const out: AnyObject = {};
    for (const name in this.fields) out[name] = this.fields[name]!.initialize((value as AnyObject)[name], model);
    return out;
  }

  override toObject(value: unknown): unknown {
    if (!value) return value;
    const out: AnyObject = {};
    for (const name in this.fields) out[name] = this.fields[name]!.toObject((value as AnyObject)[name]);
    return out;
  }

  /** v13 SchemaField#_updateDiff: each named field updates its own part; unknown names are skipped. */
  override _updateDiff(source: AnyObject, key: string, value: unknown, difference: AnyObject, options: UpdateOptions): void {
    if (value === undefined || value === null || (options.recursive === false && key !== "_source")) {
      const replaced = applySpecialKeys(value);
      return DataField.prototype._updateDiff.call(this, source, key, options.recursive === false ? this.clean(replaced) : replaced, difference, options);
    }
    updateKeys(source, key, value as AnyObject, difference, options, (name) => this.get(name));
  }
}

export class ArrayField extends DataField {
  static override recursive = true;
  declare element: DataField;

  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: () => [] };
  }

  constructor(element: DataField, options: FieldOptions = {}) {
    super(options);
    element.name ||= "element";
    element.parent = this;
    this.element = element;
  }

  override _cast(value: unknown): unknown {
    if (value instanceof Set) return [...value];
    return Array.isArray(value) ? value : [value];
  }

  override _cleanType(value: unknown, options: CleanOptions): unknown {
    return (value as unknown[]).map((v) => this.element.clean(v, { ...options, partial: false }));
  }

  override _validateType(value: unknown, options: CleanOptions): DataModelValidationFailure | void {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    const failure = new DataModelValidationFailure({ unresolved: false });
    value.forEach((v, i) => {
      const f = this.element.validate(v, options);
      if (f) {
        failure.elements.push({ id: i, failure: f });
        failure.unresolved = true;
      }
    });
    return failure;
  }

  override initialize(value: unknown, model?: unknown): unknown {
    return (value as unknown[] | undefined)?.map((v) => this.element.initialize(v, model));
  }

  override toObject(value: unknown): unknown {
    return (value as unknown[] | undefined)?.map((v) => this.element.toObject(v));
  }
}

export class SetField extends ArrayField {
  override _validateType(value: unknown, options: CleanOptions): DataModelValidationFailure | void {
    if (!Array.isArray(value)) throw new Error("must be an Array");
    if (new Set(value).size !== value.length) throw new Error("cannot contain duplicate values");
    return super._validateType(value, options);
  }
  override initialize(value: unknown, model?: unknown): unknown {
    return new Set((value as unknown[] | undefined)?.map((v) => this.element.initialize(v, model)) ?? []);
  }
  override toObject(value: unknown): unknown {
    return value ? [...(value as Set<unknown>)].map((v) => this.element.toObject(v)) : value;
  }
}

/** A nested DataModel stored as plain data and initialized into an instance of `model`. */
export class EmbeddedDataField extends SchemaField {
  declare model: any;
  constructor(model: any, options: FieldOptions = {}) {
    super(model.defineSchema(), options);
    this.model = model;
  }
  override initialize(value: unknown, model?: unknown): unknown {
    if (!value) return value;
    return new this.model(value, { parent: model });
  }
}

/** Used by documents for `_id`-less typed `system` data; resolved by the document. */
export class TypeDataField extends ObjectField {}

export function createFields() {
  return {
    DataField,
    AnyField,
    BooleanField,
    NumberField,
    StringField,
    HTMLField,
    FilePathField,
    ColorField,
    DocumentIdField,
    ForeignDocumentField,
    DocumentUUIDField,
    ObjectField,
    TypedObjectField,
    SchemaField,
    ArrayField,
    SetField,
    EmbeddedDataField,
    TypeDataField,
  };
}

export { getType };
