/**
 * The network between the harness's WorldServer and its clients: one ordered
 * link up (client → server) and one down (server → client) per connection, each
 * message delayed by the server's configurable latency.
 *
 * What it follows in Foundry v13: every database write is a round trip over
 * the client's socket (`ClientDatabaseBackend#_createDocuments` / `_updateDocuments` /
 * `_deleteDocuments` dispatch a "modifyDocument" request and wait for the
 * response; every other client hears the change in a "modifyDocument"
 * broadcast), a world setting is written the same way, and `User#query`
 * is a "userQuery" request answered through the server. A socket delivers in
 * order, so a link never lets a later message overtake an earlier one; two
 * clients' links are independent, so the server handles requests in the order
 * they arrive, whoever sent them first. Another client's write can therefore
 * land between a client's read and its write.
 *
 * With a latency of 0 (the default) a message on an idle link is delivered at
 * once, in the sender's call stack, exactly as the harness behaved before it
 * had a network: existing tests keep their timing.
 */

/**
 * How the network waits out a delay. Real timers by default; a world that races messages
 * (test/shell/concurrency.test.ts) takes a VirtualClock instead.
 */
export interface Clock {
  /** Milliseconds on this clock. */
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const REAL_CLOCK: Clock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

interface Timer {
  at: number;
  order: number;
  run: () => void;
}

/**
 * The one timeline every VirtualClock of this process reads (tests in a worker run one at a
 * time, so their worlds may share it). Time moves only when nothing else can run: a check on
 * each turn of the event loop finds no other `setImmediate` waiting and no file read in
 * progress (promise jobs always run before it), and only then jumps to the earliest timer
 * and runs it. One checker for all clocks, so that two clocks never take each other's turns
 * for work.
 */
const timeline = { time: 0, order: 0, timers: [] as Timer[], checking: false };

/** What keeps the event loop busy without time passing: the next turn's work, file reads. */
const BUSY = new Set(["Immediate", "FSReqCallback", "FSReqPromise"]);

function checkIdle(): void {
  if (timeline.checking || !timeline.timers.length) return;
  timeline.checking = true;
  setImmediate(function turn() {
    if (process.getActiveResourcesInfo().some((r) => BUSY.has(r))) return void setImmediate(turn);
    timeline.checking = false;
    const next = timeline.timers.shift();
    if (!next) return;
    timeline.time = Math.max(timeline.time, next.at);
    checkIdle();
    next.run();
  });
}

/**
 * Network time that moves only when nothing else can (see `timeline`): a delay costs no real
 * time, and the same delays always give the same order of arrivals (timers due at the same
 * moment run in the order they were set), so a property test's counterexample replays exactly.
 * Processing takes no time on this clock: what a real machine's speed adds to a delay, it
 * never adds.
 */
export class VirtualClock implements Clock {
  now(): number {
    return timeline.time;
  }

  setTimeout(run: () => void, ms: number): Timer {
    const timer: Timer = { at: timeline.time + Math.max(0, Number(ms) || 0), order: timeline.order++, run };
    const timers = timeline.timers;
    let i = timers.length;
    while (i > 0 && (timers[i - 1]!.at > timer.at || (timers[i - 1]!.at === timer.at && timers[i - 1]!.order > timer.order))) i--;
    timers.splice(i, 0, timer);
    checkIdle();
    return timer;
  }

  clearTimeout(handle: unknown): void {
    const i = timeline.timers.indexOf(handle as Timer);
    if (i >= 0) timeline.timers.splice(i, 1);
  }
}

/** One message's leg: who is at the client end, which way it travels, on which channel. */
export interface LatencyLeg {
  /** "up": from the client to the server; "down": from the server to the client. */
  readonly direction: "up" | "down";
  /** The user at the client end of the link. */
  readonly userId: string;
  /** modifyDocument (document writes and their broadcasts), setting, userQuery (a query and its answer), userActivity (connections). */
  readonly channel: "modifyDocument" | "setting" | "userQuery" | "userActivity";
}

/** Milliseconds per message: one number for every leg, or a function of the leg (per client, per direction, per channel). */
export type Latency = number | ((leg: LatencyLeg) => number);

interface Queued {
  due: boolean;
  run: () => void;
}

/**
 * One ordered link. A message is delivered once its own delay has passed and
 * every message sent before it on this link has been delivered.
 */
export class Link {
  private readonly queue: Queued[] = [];
  constructor(private readonly network: Network) {}

  get pending(): number {
    return this.queue.length;
  }

  /** Deliver `run` after `delay` ms (at once, in this call stack, when the delay is 0 and nothing is waiting). */
  send(delay: number, run: () => void): void {
    if (delay <= 0 && !this.queue.length) {
      run();
      return;
    }
    const item: Queued = { due: delay <= 0, run };
    this.queue.push(item);
    this.network.inFlight++;
    if (!item.due)
      this.network.clock.setTimeout(() => {
        item.due = true;
        this.flush();
      }, delay);
  }

  /** As `send`, but resolves once `run` has run; returns nothing when it ran at once. */
  deliver(delay: number, run: () => void): Promise<void> | void {
    let done = false;
    let resolve: (() => void) | undefined;
    this.send(delay, () => {
      try {
        run();
      } finally {
        done = true;
        resolve?.();
      }
    });
    if (done) return;
    return new Promise<void>((r) => (resolve = r));
  }

  private flush(): void {
    while (this.queue[0]?.due) {
      const item = this.queue.shift()!;
      this.network.inFlight--;
      try {
        item.run();
      } catch (error) {
        // A client failing to handle a message does not stop the link (a socket handler's error stays on its client).
        console.error(error);
      }
    }
  }

  /** Forget everything still waiting (the connection closed). */
  drop(): void {
    this.network.inFlight -= this.queue.length;
    this.queue.length = 0;
  }
}

/** Every connection's links, and the latency they apply. */
export class Network {
  latency: Latency = 0;
  /** What a delay waits on: real timers, or a VirtualClock. */
  clock: Clock = REAL_CLOCK;
  /** Messages sent and not yet delivered, on every link. */
  inFlight = 0;
  /**
   * What a message on its way keeps alive with it: a pending delivery's timer holds its link and so
   * this network, and through this the TestWorld it belongs to (world.ts LIVE_WORLDS holds worlds weakly).
   */
  owner: unknown = null;
  private readonly links = new Map<object, { up: Link; down: Link }>();
  private readonly closed = new WeakSet<object>();

  delay(leg: LatencyLeg): number {
    const ms = typeof this.latency === "function" ? this.latency(leg) : this.latency;
    return Number.isFinite(ms) && ms > 0 ? ms : 0;
  }

  private linksOf(connection: object): { up: Link; down: Link } {
    let links = this.links.get(connection);
    if (!links) {
      links = { up: new Link(this), down: new Link(this) };
      this.links.set(connection, links);
    }
    return links;
  }

  /** Client → server. A closed connection sends nothing more (what it sends is lost). */
  up(connection: object, userId: string, channel: LatencyLeg["channel"], run: () => void): Promise<void> | void {
    if (this.closed.has(connection)) return new Promise<void>(() => {});
    return this.linksOf(connection).up.deliver(this.delay({ direction: "up", userId, channel }), run);
  }

  /** Server → client. */
  down(connection: object, userId: string, channel: LatencyLeg["channel"], run: () => void): Promise<void> | void {
    return this.linksOf(connection).down.deliver(this.delay({ direction: "down", userId, channel }), run);
  }

  /** The connection closed: what was still on its way to it is lost. */
  close(connection: object): void {
    this.closed.add(connection);
    this.links.get(connection)?.down.drop();
    this.links.delete(connection);
  }
}
