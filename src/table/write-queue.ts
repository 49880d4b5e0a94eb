/**
 * The active GM's write queue: one queue per document, so that every decision
 * reads the documents it changes after every earlier decision touching them has
 * been written (a delta is computed inside the task, never before it).
 *
 * A task names the documents it reads to write (a card, the actors it changes,
 * the combat whose state it steps) by uuid: an unlinked token's synthetic actor
 * has its own (`Scene.x.Token.y.Actor.z`), so two tokens of one NPC are two
 * queues while a linked token shares its world actor's. `queued(keys, task)`
 * runs the task once every earlier task sharing any key has finished, and takes
 * all its keys at once, when it is queued: tasks wait only on tasks queued
 * before them, so the queue cannot deadlock by itself.
 *
 * The one way to deadlock is to wait, inside a task, for another task that
 * needs a key the first holds. So a task never awaits `queued` for its own
 * keys: what runs inside takes the task's `lease` (`within(lease, …)` runs
 * directly when the lease holds every key), and work that needs other
 * documents afterwards (a card posted after a step) goes to
 * `lease.afterwards(…)`, which runs once the keys are released.
 */

/** A document (anything with a uuid), a uuid, or nothing (skipped). */
export type DocumentKey = string | { readonly uuid?: string | null } | null | undefined;

export interface Lease {
  /** The uuids this task holds, sorted. */
  readonly keys: readonly string[];
  /** Does this task (still) hold the document? */
  holds(doc: DocumentKey): boolean;
  /** Run `job` once this task has finished and released its documents (before the task's caller resumes). */
  afterwards(job: () => unknown): void;
}

/** The uuid a document is queued by (null when it has none). */
export function keyOf(doc: DocumentKey): string | null {
  if (!doc) return null;
  if (typeof doc === "string") return doc || null;
  return typeof doc.uuid === "string" && doc.uuid ? doc.uuid : null;
}

function keysOf(docs: Iterable<DocumentKey>): string[] {
  const keys = new Set<string>();
  for (const doc of docs) {
    const key = keyOf(doc);
    if (key) keys.add(key);
  }
  return [...keys].sort();
}

/** Per uuid: the promise that settles when the last task queued for it has finished. Never rejects. */
const tails = new Map<string, Promise<void>>();
const noop = () => undefined;

async function runJobs(jobs: (() => unknown)[]): Promise<void> {
  for (const job of jobs) {
    try {
      await job();
    } catch (error) {
      console.error("bout | a job after a queued write failed", error);
    }
  }
}

/**
 * Runs `task` after every earlier task touching any of these documents has
 * finished; later tasks touching any of them wait for this one. Resolves (or
 * rejects) with the task's result, after the lease's `afterwards` jobs ran.
 */
export function queued<T>(docs: Iterable<DocumentKey>, task: (lease: Lease) => Promise<T> | T): Promise<T> {
  const keys = keysOf(docs);
  const jobs: (() => unknown)[] = [];
  let active = true;
  const lease: Lease = {
    keys,
    holds: (doc) => {
      const key = keyOf(doc);
      return active && (key === null || keys.includes(key));
    },
    afterwards: (job) => void jobs.push(job),
  };
  const before = Promise.all(keys.map((k) => tails.get(k)));
  const run = before.then(() => task(lease));
  const released = run.then(noop, noop).then(() => {
    active = false;
  });
  for (const key of keys) tails.set(key, released);
  void released.then(() => {
    for (const key of keys) if (tails.get(key) === released) tails.delete(key);
  });
  return run.then(
    async (value) => {
      await released;
      await runJobs(jobs);
      return value;
    },
    async (error: unknown) => {
      await released;
      await runJobs(jobs);
      throw error;
    },
  );
}

/** Runs `task` directly when `lease` already holds every document, else queues it (never waits on itself). */
export function within<T>(lease: Lease | null | undefined, docs: Iterable<DocumentKey>, task: (lease: Lease) => Promise<T> | T): Promise<T> {
  const keys = keysOf(docs);
  if (lease && keys.every((k) => lease.holds(k))) return Promise.resolve().then(() => task(lease));
  return queued(keys, task);
}

const MAX_WIDENINGS = 8;

/**
 * As `queued`, for a task whose documents are known only from the documents
 * themselves (the actors a card's result names): `docs()` is read when the task
 * is queued and again when it starts; if it names a document the task does not
 * hold (the card was resolved meanwhile), the task goes back in the queue with
 * the wider set before it runs.
 */
export async function queuedFor<T>(docs: () => Iterable<DocumentKey>, task: (lease: Lease) => Promise<T> | T): Promise<T> {
  let want = keysOf(docs());
  for (let i = 0; ; i++) {
    const step = await queued(want, async (lease): Promise<{ done: true; value: T } | { done: false; more: string[] }> => {
      const now = keysOf(docs());
      if (i < MAX_WIDENINGS && !now.every((k) => lease.holds(k))) return { done: false, more: now };
      return { done: true, value: await task(lease) };
    });
    if (step.done) return step.value;
    want = keysOf([...want, ...step.more]);
  }
}

/** Test hook: how many documents have tasks queued or running. */
export function queuedDocuments(): number {
  return tails.size;
}
