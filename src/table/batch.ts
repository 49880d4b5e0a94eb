/**
 * The database writes of one decision, gathered while the decision is worked
 * out and sent together at the end, with the fewest requests Foundry allows.
 *
 * v14: one `foundry.documents.modifyBatch` request (compat.ts), all or none, so
 * a card never shows "applied" with its wound missing, or the other way round.
 * v13 has no cross-document batch: each operation is its own request, and
 * operations of one kind on one collection are merged first, so an actor's
 * statuses go in one create and one delete, never one request each. Embedded
 * changes are not folded into the parent's own update: an actor update carrying
 * an `effects` or `items` array would skip the embedded documents' own
 * _preCreate/_onCreate and the createActiveEffect/createItem hooks that token
 * status icons and modules rely on.
 *
 * Order: the write that marks the decision taken (a card created, answered or
 * applied, an offer marked taken, a fight's step; `{ lock: true }`) goes first,
 * then the rest in the order gathered. On v13 a request that fails part-way
 * leaves the earlier ones made: with the mark first, the decision can never be
 * taken twice (a card applied again).
 *
 * Foundry refuses a write without throwing (v13 ClientDatabaseBackend: a `_pre*`
 * callback or `pre*` hook returning false, or a change its data model rejects,
 * drops that document and the call resolves with the others), so `commit`
 * checks what each request returned, entry by entry, and says what was not
 * saved and why (`Committed`); it never throws. On v13, when the mark itself is
 * not saved nothing else is sent: the decision stays untaken. When the mark is
 * saved and something after it is not, the caller puts that right (a card
 * written back to say what is missing, and to be applied again for that part
 * alone: cards.ts). On v14 a batch is all or none; a failed batch rejects or
 * resolves empty, by the two readings of the evidence (docs/foundry-v14.md),
 * and either is read as nothing saved. Should a batch ever drop one document
 * and write the rest (v13's way, which no v14 evidence describes), the entry
 * check reads that too.
 *
 * Only the active GM commits a batch, inside the write queue
 * (write-queue.ts) of every document it writes: what was read to build it is
 * still what the documents hold when it lands.
 */
import { modifyBatch, type BatchOperation } from "../compat";
import { fighterName } from "./fighter";

/** A document as a batch names it: its class name, id and parent (a token for a synthetic actor). */
interface Named {
  readonly documentName: string;
  readonly id: string | null;
  readonly parent?: unknown;
  readonly name?: string | null;
}

type Options = Readonly<Record<string, unknown>>;

/**
 * Where an operation goes and what its entries are: `lock`, the decision's own
 * mark, before every other (see above); `tag`, anything the caller wants back
 * for an entry that was not saved (the card's part it came from).
 */
interface Place {
  readonly lock?: boolean;
  readonly tag?: unknown;
}

/** Why an entry was not saved. */
export type Why =
  /** A `_pre*` callback or `pre*` hook (a module, a world script) dropped it. */
  | "stopped"
  /** Its data model did not accept a value (core showed its own error). */
  | "invalid"
  /** Its request failed (`error` says how). */
  | "failed"
  /** Never sent: an earlier write of the decision was not saved. */
  | "unsent"
  /** v14: the batch it was in was refused as a whole, for another entry (or for no reason given). */
  | "withBatch";

export interface Unsaved {
  /** The tags the entry was gathered with (several when updates of one document joined). */
  readonly tags: readonly unknown[];
  /** What it is, in plain words ("Wolf's figures", "the card"). */
  readonly label: string;
  readonly why: Why;
  readonly error?: string;
  /** Part of the decision's mark. */
  readonly lock: boolean;
}

/** What a commit saved. */
export interface Committed {
  /** Everything gathered was saved (or was already so: a change to what a document holds is no write). */
  readonly complete: boolean;
  /** The decision's mark (every `lock` entry) was saved; true when there is none. */
  readonly marked: boolean;
  /** Something was saved. */
  readonly saved: boolean;
  /** v14: the batch was refused as a whole, `error` its failure when it threw. */
  readonly batchRefused?: { readonly error?: string };
  readonly unsaved: readonly Unsaved[];
}

/** One entry of an operation: how to name it, and how to find its document afterwards. */
interface Meta {
  tags: unknown[];
  label: string;
  /** The document the entry changes or deletes, as this client holds it now. */
  target?: () => unknown;
}

interface Operation {
  lock: boolean;
  action: "create" | "update" | "delete";
  documentName: string;
  parent: unknown;
  options: Options;
  entries: (object | string)[];
  meta: Meta[];
}

export class WriteBatch {
  private readonly operations: Operation[] = [];

  /** Nothing gathered yet? */
  get empty(): boolean {
    return this.operations.length === 0;
  }

  /** Change one document (a world actor, a token's synthetic actor, a card, a fight). */
  update(doc: Named, changes: Readonly<Record<string, unknown>>, options: Options = {}, place: Place = {}): this {
    if (!doc.id || !Object.keys(changes).length) return this;
    return this.add("update", doc.documentName, doc.parent ?? null, [{ ...changes, _id: doc.id }], options, place, () => ({ label: labelOf(doc.documentName, doc, place.lock), target: () => doc }));
  }

  /** Change embedded documents of `parent` (its items), each `{_id, ...changes}`. */
  updateIn(parent: unknown, documentName: string, updates: readonly object[], options: Options = {}, place: Place = {}): this {
    return this.add("update", documentName, parent, updates, options, place, (entry) => embeddedMeta(parent, documentName, entry));
  }

  /** Create documents (in `parent`, or in the world when it is null). */
  create(parent: unknown, documentName: string, data: readonly object[], options: Options = {}, place: Place = {}): this {
    return this.add("create", documentName, parent, data, options, place, () => ({ label: labelOf(documentName, parent, place.lock) }));
  }

  /** Delete embedded documents of `parent` by id. */
  deleteIn(parent: unknown, documentName: string, ids: readonly string[], options: Options = {}, place: Place = {}): this {
    return this.add("delete", documentName, parent, ids, options, place, (entry) => embeddedMeta(parent, documentName, entry));
  }

  /** The operations as v14's modifyBatch takes them: the decision's mark first, then the rest in the order gathered. */
  toOperations(): BatchOperation[] {
    return this.ordered().map(operationOf);
  }

  /**
   * Send it all: one request in v14 (more than one operation), else one per
   * operation, in order, the mark first (nothing more once it is not saved, or
   * once a request fails). Never throws: what was not saved is in the answer.
   */
  async commit(): Promise<Committed> {
    const ordered = this.ordered();
    if (!ordered.length) return { complete: true, marked: true, saved: false, unsaved: [] };
    const batch = ordered.length > 1 ? modifyBatch() : null;
    if (batch) return commitBatch(batch, ordered);
    const unsaved: Unsaved[] = [];
    let saved = false;
    let stop: Why | null = null;
    for (const operation of ordered) {
      if (stop) {
        unsaved.push(...operation.meta.map((m) => unsavedOf(operation, m, "unsent")));
        continue;
      }
      let result: unknown;
      try {
        result = await runAlone(operationOf(operation));
      } catch (error) {
        unsaved.push(...operation.meta.map((m) => unsavedOf(operation, m, "failed", messageOf(error))));
        stop = "failed";
        continue;
      }
      const checked = checkOperation(operation, result);
      saved ||= checked.saved;
      unsaved.push(...checked.unsaved);
      // The mark not saved: the decision is not taken, so nothing else of it goes out.
      if (operation.lock && checked.unsaved.length) stop = "unsent";
    }
    return summary(unsaved, saved);
  }

  private ordered(): Operation[] {
    return [...this.operations.filter((o) => o.lock), ...this.operations.filter((o) => !o.lock)];
  }

  /** One operation per action, collection and options: a later entry joins an earlier operation of the same kind. */
  private add(action: Operation["action"], documentName: string, parent: unknown, entries: readonly (object | string)[], options: Options, place: Place, meta: (entry: object | string) => Omit<Meta, "tags">): this {
    if (!entries.length) return this;
    const key = JSON.stringify(options);
    let same = this.operations.find((o) => o.action === action && o.documentName === documentName && o.parent === (parent ?? null) && JSON.stringify(o.options) === key);
    if (!same) {
      same = { lock: false, action, documentName, parent: parent ?? null, options, entries: [], meta: [] };
      this.operations.push(same);
    }
    same.lock ||= Boolean(place.lock);
    for (const entry of entries) join(same, entry, { ...meta(entry), tags: "tag" in place ? [place.tag] : [] });
    return this;
  }
}

/** One document's update as a decision of its own (the update its own mark), committed and checked. */
export function writeOne(doc: Named, changes: Readonly<Record<string, unknown>>, options: Options = {}): Promise<Committed> {
  return new WriteBatch().update(doc, changes, options, { lock: true }).commit();
}

/** An update of a document the operation already changes joins that entry (one entry per id, as Foundry expects). */
function join(operation: Operation, entry: object | string, meta: Meta): void {
  const { entries } = operation;
  const id = idOf(entry);
  const index = id === undefined ? -1 : entries.findIndex((e) => idOf(e) === id);
  if (index < 0) {
    entries.push(typeof entry === "object" ? { ...entry } : entry);
    operation.meta.push(meta);
    return;
  }
  if (typeof entry === "object") Object.assign(entries[index] as object, entry);
  operation.meta[index]!.tags.push(...meta.tags);
}

function idOf(entry: object | string): string | undefined {
  if (typeof entry === "string") return entry;
  const id = (entry as { _id?: unknown })._id;
  return typeof id === "string" ? id : undefined;
}

function operationOf(o: Operation): BatchOperation {
  const payload = o.action === "create" ? { data: o.entries as object[] } : o.action === "update" ? { updates: o.entries as object[] } : { ids: o.entries as string[] };
  return { ...o.options, action: o.action, documentName: o.documentName, ...(o.parent ? { parent: o.parent } : {}), ...payload };
}

/** v14: the operations in one modifyBatch request, all or none. A failed batch rejects or resolves empty (both readings: see above). */
async function commitBatch(batch: NonNullable<ReturnType<typeof modifyBatch>>, ordered: readonly Operation[]): Promise<Committed> {
  let results: unknown;
  try {
    results = await batch(ordered.map(operationOf));
  } catch (error) {
    return refusedBatch(ordered, messageOf(error));
  }
  const list = Array.isArray(results) ? results : [];
  const checked = ordered.map((operation, i) => checkOperation(operation, list[i]));
  const saved = checked.some((c) => c.saved);
  const unsaved = checked.flatMap((c) => c.unsaved);
  // Nothing saved of a batch that had something to save: refused as a whole (the reading where it resolves empty).
  if (!saved && unsaved.length) return refusedBatch(ordered, undefined);
  return summary(unsaved, saved);
}

/** A v14 batch refused as a whole: nothing saved. An entry whose own data is refused says so; the rest went down with it. */
function refusedBatch(ordered: readonly Operation[], error: string | undefined): Committed {
  const unsaved = ordered.flatMap((operation) =>
    operation.meta.map((m, i) => {
      const invalid = !isSettled(operation, i) && invalidEntry(operation, i);
      return unsavedOf(operation, m, invalid ? "invalid" : "withBatch");
    }),
  );
  return { complete: false, marked: !ordered.some((o) => o.lock), saved: false, batchRefused: error === undefined ? {} : { error }, unsaved };
}

function summary(unsaved: readonly Unsaved[], saved: boolean): Committed {
  return { complete: unsaved.length === 0, marked: !unsaved.some((u) => u.lock), saved, unsaved };
}

/**
 * What one operation's request returned, entry by entry: the documents Foundry
 * wrote (v13 `Document.createDocuments` and kin resolve with them, leaving out
 * each it refused). An entry missing from them is not saved, unless it asked for
 * nothing new (an update to what the document already holds, a delete of one
 * already gone: Foundry sends no write for it).
 */
function checkOperation(operation: Operation, result: unknown): { saved: boolean; unsaved: Unsaved[] } {
  const returned = Array.isArray(result) ? (result as unknown[]) : [];
  const ids = new Set(returned.map((d) => (typeof d === "string" ? d : (d as { id?: unknown } | null)?.id)).filter((id): id is string => typeof id === "string"));
  const unsaved: Unsaved[] = [];
  // Created documents without ids of ours are matched by count: short, and none can be told apart.
  const createdShort = operation.action === "create" && returned.length < operation.entries.length;
  operation.entries.forEach((entry, i) => {
    const id = idOf(entry);
    const written = operation.action === "create" && id === undefined ? !createdShort : id !== undefined && ids.has(id);
    if (written || isSettled(operation, i)) return;
    unsaved.push(unsavedOf(operation, operation.meta[i]!, invalidEntry(operation, i) ? "invalid" : "stopped"));
  });
  return { saved: returned.length > 0, unsaved };
}

/** A trial update as core's own check makes it (v13 #preUpdateDocumentArray): no fallback to the old value for one refused. */
const DRY_RUN = { dryRun: true, fallback: false };

/** Does the document already hold what the entry asks (an update changing nothing, a delete of what is gone)? */
function isSettled(operation: Operation, i: number): boolean {
  const target = operation.meta[i]?.target?.() as { updateSource?(c: object, o: object): object } | null | undefined;
  if (operation.action === "delete") return !target;
  if (operation.action !== "update" || !target?.updateSource) return false;
  try {
    return foundry.utils.isEmpty(target.updateSource(changesOf(operation.entries[i]!), DRY_RUN));
  } catch {
    return false;
  }
}

/** Would the document's data model refuse the entry (as Foundry's own validation did, with its error shown)? */
function invalidEntry(operation: Operation, i: number): boolean {
  const entry = operation.entries[i]!;
  try {
    if (operation.action === "update") {
      const target = operation.meta[i]?.target?.() as { updateSource?(c: object, o: object): object } | null | undefined;
      target?.updateSource?.(changesOf(entry), DRY_RUN);
    } else if (operation.action === "create") {
      const cls = documentClass(operation.documentName);
      if (cls) new cls(entry as object, { parent: operation.parent ?? null });
    }
    return false;
  } catch {
    return true;
  }
}

function changesOf(entry: object | string): object {
  const { _id, ...changes } = entry as { _id?: unknown };
  void _id;
  return foundry.utils.expandObject(changes);
}

function unsavedOf(operation: Operation, meta: Meta, why: Why, error?: string): Unsaved {
  return { tags: meta.tags, label: meta.label, why, ...(error === undefined ? {} : { error }), lock: operation.lock };
}

function messageOf(error: unknown): string {
  // An error from another realm (the socket's) is no `instanceof Error` here: read its message.
  const text = (error as { message?: unknown } | null)?.message;
  return typeof text === "string" ? text : String(error);
}

/** An embedded entry's words and document (an actor's item by its name, its conditions). */
function embeddedMeta(parent: unknown, documentName: string, entry: object | string): Omit<Meta, "tags"> {
  const id = idOf(entry);
  const collection = (parent as { getEmbeddedCollection?(name: string): { get(id: string): unknown } | undefined } | null)?.getEmbeddedCollection?.(documentName);
  const target = id === undefined ? undefined : () => collection?.get(id);
  const doc = target?.() as { name?: string | null } | undefined;
  return { label: labelOf(documentName, parent, false, doc?.name ?? undefined), ...(target ? { target } : {}) };
}

/** A write's subject in plain words, for the GM's notice: whose figures, items or conditions; the card; the fight. */
function labelOf(documentName: string, doc: unknown, lock = false, itemName?: string): string {
  const i18n = game.i18n!;
  const owner = doc as Named | null;
  // An actor's changes, its items' and its effects' are named by the fighter they belong to.
  const name = () => fighterName(doc as Parameters<typeof fighterName>[0]);
  if (documentName === "Actor") return i18n.format("BOUT.Write.Part.Figures", { name: name() });
  if (documentName === "Item") return itemName ? i18n.format("BOUT.Write.Part.Item", { name: name(), item: itemName }) : i18n.format("BOUT.Write.Part.Items", { name: name() });
  if (documentName === "ActiveEffect") return i18n.format("BOUT.Write.Part.Conditions", { name: name() });
  if (documentName === "ChatMessage") return i18n.localize(lock ? "BOUT.Write.Part.Card" : "BOUT.Write.Part.Message");
  if (documentName === "Combat") return i18n.localize("BOUT.Write.Part.Fight");
  return i18n.format("BOUT.Write.Part.Other", { name: owner?.name ?? documentName });
}

interface DocumentClass {
  /** A pending document, built (and its data validated) as Foundry builds one before a create. */
  new (data: object, context: object): unknown;
  createDocuments(data: object[], operation: object): Promise<unknown>;
  updateDocuments(updates: object[], operation: object): Promise<unknown>;
  deleteDocuments(ids: string[], operation: object): Promise<unknown>;
}

function documentClass(documentName: string): DocumentClass | undefined {
  return (CONFIG as unknown as Record<string, { documentClass?: DocumentClass } | undefined>)[documentName]?.documentClass;
}

/** v13: one operation as its own request, through the document class as `doc.update` or `createEmbeddedDocuments` would send it; resolves with what Foundry wrote. */
async function runAlone(operation: BatchOperation): Promise<unknown> {
  const { action, documentName, parent, data, updates, ids, ...options } = operation;
  const cls = documentClass(documentName);
  if (!cls) throw new Error(`bout | no document class for ${documentName}`);
  const context = { ...options, parent: parent ?? null };
  if (action === "create") return cls.createDocuments([...(data ?? [])], context);
  if (action === "update") return cls.updateDocuments([...(updates ?? [])], context);
  return cls.deleteDocuments([...(ids ?? [])], context);
}
