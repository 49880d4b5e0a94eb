// The active GM's write queue (src/table/write-queue.ts) on its own: one queue
// per document uuid, a task taking several documents waits for every earlier
// task touching any of them, and nothing it does is lost or runs twice, whatever
// the interleaving (fast-check over random key sets and delays).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { queued, queuedDocuments, queuedFor, within, type Lease } from "../../src/table/write-queue";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const KEYS = ["Actor.a", "Scene.s.Token.t.Actor.a", "Combat.c", "ChatMessage.m"] as const;

describe("write queue: one queue per document", () => {
  it("property: read-modify-writes through the queue lose nothing, never overlap on a document, and run in the order queued per document", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ keys: fc.subarray([...KEYS], { minLength: 1 }), read: fc.integer({ min: 0, max: 3 }), write: fc.integer({ min: 0, max: 3 }), start: fc.integer({ min: 0, max: 4 }) }), { minLength: 1, maxLength: 12 }),
        async (tasks) => {
          // A store whose writes land some time after they are sent, as a write over the network does.
          const store = new Map<string, number>(KEYS.map((k) => [k, 0]));
          const running = new Set<string>();
          const started = new Map<string, number[]>(KEYS.map((k) => [k, []]));
          const queuedOrder = new Map<string, number[]>(KEYS.map((k) => [k, []]));
          await Promise.all(
            tasks.map(async (t, i) => {
              await sleep(t.start);
              for (const k of t.keys) queuedOrder.get(k)!.push(i);
              return queued(t.keys, async () => {
                for (const k of t.keys) {
                  expect(running.has(k), `two tasks on ${k} at once`).toBe(false);
                  running.add(k);
                  started.get(k)!.push(i);
                }
                const read = t.keys.map((k) => store.get(k)!);
                await sleep(t.read);
                await sleep(t.write);
                t.keys.forEach((k, j) => store.set(k, read[j]! + 1));
                for (const k of t.keys) running.delete(k);
              });
            }),
          );
          for (const k of KEYS) {
            expect(store.get(k)).toBe(tasks.filter((t) => t.keys.includes(k)).length);
            expect(started.get(k)).toEqual(queuedOrder.get(k));
          }
          expect(queuedDocuments()).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("keys are documents or uuids: a document and its uuid share a queue, a token's synthetic actor and the world actor do not", async () => {
    const order: string[] = [];
    const world = { uuid: "Actor.a" };
    const synthetic = { uuid: "Scene.s.Token.t.Actor.a" };
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const first = queued([world], () => gate.then(() => void order.push("world 1")));
    const same = queued(["Actor.a"], () => void order.push("world 2"));
    const other = queued([synthetic, null, undefined], () => void order.push("token"));
    await other;
    expect(order).toEqual(["token"]);
    release();
    await Promise.all([first, same]);
    expect(order).toEqual(["token", "world 1", "world 2"]);
  });

  it("inside a task, `within` its own documents runs at once (no waiting on itself); `afterwards` runs once the documents are released", async () => {
    const order: string[] = [];
    const done = queued(["Combat.c", "ChatMessage.m"], async (lease: Lease) => {
      await within(lease, ["Combat.c"], async () => void order.push("inner"));
      lease.afterwards(() => queued(["Combat.c"], () => void order.push("after, queued again")));
      order.push("outer");
      expect(lease.holds("Combat.c")).toBe(true);
      expect(lease.holds("Actor.a")).toBe(false);
      return "value";
    });
    const later = queued(["Combat.c"], () => void order.push("next task"));
    await expect(done).resolves.toBe("value");
    await later;
    expect(order).toEqual(["inner", "outer", "next task", "after, queued again"]);
  });

  it("a task that fails releases its documents: its caller gets the error, the next task runs", async () => {
    const failed = queued(["Actor.a"], async () => {
      throw new Error("refused by the server");
    });
    const next = queued(["Actor.a"], () => "ran");
    await expect(failed).rejects.toThrow("refused by the server");
    await expect(next).resolves.toBe("ran");
  });

  it("queuedFor: documents named only once the task starts (a card resolved meanwhile) are taken before it runs", async () => {
    let named = ["ChatMessage.m"];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const blocker = queued(["ChatMessage.m"], () => gate);
    const holding = queued(["Actor.a"], () => sleep(5));
    const task = queuedFor(
      () => named,
      (lease) => ({ actor: lease.holds("Actor.a"), card: lease.holds("ChatMessage.m") }),
    );
    // The card now names the actor, whose queue is busy.
    named = ["ChatMessage.m", "Actor.a"];
    release();
    await blocker;
    await holding;
    await expect(task).resolves.toEqual({ actor: true, card: true });
  });
});
