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
 * applied, an offer marked taken; `{ lock: true }`) goes first, then the rest in
 * the order gathered. On v13 a request that fails part-way leaves the earlier
 * ones made: with the mark first, the decision can never be taken twice (a
 * card applied again); what failed after it is left for the GM to redo by hand.
 *
 * Only the active GM commits a batch, inside the write queue
 * (write-queue.ts) of every document it writes: what was read to build it is
 * still what the documents hold when it lands.
 */
import { modifyBatch, type BatchOperation } from "../compat";

/** A document as a batch names it: its class name, id and parent (a token for a synthetic actor). */
interface Named {
  readonly documentName: string;
  readonly id: string | null;
  readonly parent?: unknown;
}

type Options = Readonly<Record<string, unknown>>;

/** Where an operation goes: `lock`, the decision's own mark, before every other (see above). */
interface Place {
  readonly lock?: boolean;
}

interface Operation {
  lock: boolean;
  action: "create" | "update" | "delete";
  documentName: string;
  parent: unknown;
  options: Options;
  entries: (object | string)[];
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
    return this.add("update", doc.documentName, doc.parent ?? null, [{ ...changes, _id: doc.id }], options, place);
  }

  /** Change embedded documents of `parent` (its items), each `{_id, ...changes}`. */
  updateIn(parent: unknown, documentName: string, updates: readonly object[], options: Options = {}): this {
    return this.add("update", documentName, parent, updates, options);
  }

  /** Create documents (in `parent`, or in the world when it is null). */
  create(parent: unknown, documentName: string, data: readonly object[], options: Options = {}, place: Place = {}): this {
    return this.add("create", documentName, parent, data, options, place);
  }

  /** Delete embedded documents of `parent` by id. */
  deleteIn(parent: unknown, documentName: string, ids: readonly string[], options: Options = {}): this {
    return this.add("delete", documentName, parent, ids, options);
  }

  /** The operations as v14's modifyBatch takes them: the decision's mark first, then the rest in the order gathered. */
  toOperations(): BatchOperation[] {
    const ordered = [...this.operations.filter((o) => o.lock), ...this.operations.filter((o) => !o.lock)];
    return ordered.map((o) => {
      const payload = o.action === "create" ? { data: o.entries as object[] } : o.action === "update" ? { updates: o.entries as object[] } : { ids: o.entries as string[] };
      return { ...o.options, action: o.action, documentName: o.documentName, ...(o.parent ? { parent: o.parent } : {}), ...payload };
    });
  }

  /** Send it all: one request in v14 (more than one operation), else one per operation, in order, stopping at the first that fails. */
  async commit(): Promise<void> {
    const operations = this.toOperations();
    if (!operations.length) return;
    const batch = operations.length > 1 ? modifyBatch() : null;
    if (batch) {
      await batch(operations).catch((error: unknown) => failed(false, error));
      return;
    }
    for (const [i, operation] of operations.entries()) await runAlone(operation).catch((error: unknown) => failed(i > 0, error));
  }

  /** One operation per action, collection and options: a later entry joins an earlier operation of the same kind. */
  private add(action: Operation["action"], documentName: string, parent: unknown, entries: readonly (object | string)[], options: Options, place: Place = {}): this {
    if (!entries.length) return this;
    const key = JSON.stringify(options);
    const same = this.operations.find((o) => o.action === action && o.documentName === documentName && o.parent === (parent ?? null) && JSON.stringify(o.options) === key);
    if (same) {
      for (const entry of entries) join(same.entries, entry);
      same.lock ||= Boolean(place.lock);
    } else this.operations.push({ lock: Boolean(place.lock), action, documentName, parent: parent ?? null, options, entries: [...entries] });
    return this;
  }
}

/** An update of a document the operation already changes joins that entry (one entry per id, as Foundry expects). */
function join(entries: (object | string)[], entry: object | string): void {
  const id = typeof entry === "object" ? (entry as { _id?: unknown })._id : undefined;
  const earlier = id === undefined ? undefined : entries.find((e): e is object => typeof e === "object" && (e as { _id?: unknown })._id === id);
  if (earlier) Object.assign(earlier, entry);
  else if (typeof entry === "string" && entries.includes(entry)) return;
  else entries.push(entry);
}

/**
 * The server refused a request: the GM is told what that leaves (nothing saved, or on v13 the
 * decision's mark and part of its changes, the rest to put right by hand), and the error goes on.
 */
function failed(partly: boolean, error: unknown): never {
  // An error from another realm (the socket's) is no `instanceof Error` here: read its message.
  const text = (error as { message?: unknown } | null)?.message;
  const message = typeof text === "string" ? text : String(error);
  ui.notifications?.error(game.i18n!.format(partly ? "BOUT.Write.FailedPartly" : "BOUT.Write.Failed", { error: message }));
  throw error;
}

interface DocumentClass {
  createDocuments(data: object[], operation: object): Promise<unknown>;
  updateDocuments(updates: object[], operation: object): Promise<unknown>;
  deleteDocuments(ids: string[], operation: object): Promise<unknown>;
}

/** v13: one operation as its own request, through the document class as `doc.update` or `createEmbeddedDocuments` would send it. */
async function runAlone(operation: BatchOperation): Promise<void> {
  const { action, documentName, parent, data, updates, ids, ...options } = operation;
  const cls = (CONFIG as unknown as Record<string, { documentClass?: DocumentClass } | undefined>)[documentName]?.documentClass;
  if (!cls) throw new Error(`bout | no document class for ${documentName}`);
  const context = { ...options, parent: parent ?? null };
  if (action === "create") await cls.createDocuments([...(data ?? [])], context);
  else if (action === "update") await cls.updateDocuments([...(updates ?? [])], context);
  else await cls.deleteDocuments([...(ids ?? [])], context);
}
