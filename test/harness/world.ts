/**
 * A test world: one WorldServer and any number of connected clients. Each client
 * runs the built system bundle in its own JavaScript realm (node:vm), with its own
 * `game`, `CONFIG`, `Hooks` and module state, so what one player's client knows
 * stays out of another's — the way separate browsers behave.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import vm from "node:vm";
import { VirtualClock } from "./latency";
import { createRuntime, type Runtime } from "./runtime";
import { type Latency, ROLES, WorldServer } from "./server";
import { type V14Readings, v14Rule, whileConnecting } from "./version";
import type { AnyObject } from "./utils";

export const REPO_ROOT = join(import.meta.dirname, "../..");
export const DIST_ROOT = join(REPO_ROOT, "dist/bout");

export interface WorldUser {
  name: string;
  role?: number;
  /** A fixed id (v13 orders GMs of one role by id when it picks the active GM); random when omitted. */
  id?: string;
}

export interface ConnectedClient {
  readonly userName: string;
  readonly userId: string;
  readonly runtime: Runtime;
  readonly context: vm.Context;
  readonly game: AnyObject;
  readonly CONFIG: AnyObject;
  /** The client's `ui` (notifications, and the sidebar apps built from CONFIG.ui). */
  readonly ui: AnyObject;
  readonly Hooks: Runtime["hooks"];
  readonly notices: Runtime["notifications"]["notices"];
  /** Run a snippet of code inside this client's realm. */
  evaluate<T = unknown>(code: string): T;
  /** Close this client's connection: every other client hears userConnected(user, false). */
  disconnect(): void;
  /** Test hook: from now on this client receives queries and never answers them (false: answers again). */
  hangQueries(hang?: boolean): void;
}

function readJson(path: string): AnyObject {
  return JSON.parse(readFileSync(path, "utf8")) as AnyObject;
}

/**
 * The names the bundle's code reads from its realm's global scope that the wrapper hands it as
 * bindings instead: the language's own (Object, Math, JSON, Map, Promise ...) and the harness's
 * globals (foundry, game, CONFIG, Hooks, ui ...), each one that the bundle's text names. A realm
 * made by node:vm answers every read of a global through a host callback (about 0.1 µs each, a
 * hundred times a local's), and the system reads them everywhere. The bindings hold the realm's
 * own objects, read once in the realm as the bundle starts; nothing rebinds these names later (the
 * harness mutates the objects, never replaces them), so the code sees what it would have read.
 * Left as global reads: the global object's own names, `eval` (a direct eval must stay direct)
 * and what is not a plain identifier.
 */
const UNBOUND = new Set(["globalThis", "window", "self", "eval", "arguments", "undefined", "NaN", "Infinity"]);

function boundGlobals(code: string, globals: readonly string[]): string[] {
  const words = new Set(code.match(/[A-Za-z_$][\w$]*/g));
  return [...new Set(globals)].filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && !UNBOUND.has(name) && words.has(name)).sort();
}

/** The language's global names (a fresh realm's, before anything is added to it). */
let builtinNames: string[] | undefined;
function languageGlobals(): string[] {
  builtinNames ??= vm.runInNewContext("Object.getOwnPropertyNames(globalThis)") as string[];
  return builtinNames;
}

/**
 * Wrap the ES-module bundle so it runs as a script: it must import and export nothing. The bundle
 * starts on the second line, as it always has; `names` are bound around it (boundGlobals).
 */
function scriptFromBundle(code: string, names: readonly string[]): string {
  if (/^\s*(import|export)\s/m.test(code)) throw new Error("The system bundle must not use import or export statements at top level");
  const list = names.join(", ");
  return `(function (${list}) { return (function () {"use strict";\n${code}\n})(); })(${list});`;
}

/**
 * The bundle compiled once per file version, per set of global names and per worker: every
 * connect runs the same vm.Script in its own fresh context (node's vm: one Script may run in many
 * contexts), so the realms stay separate while V8 parses the ~600 KB bundle, and compiles each of
 * its functions, once instead of at every connect.
 */
const compiled = new Map<string, { version: string; script: vm.Script }>();

/** Which version of a file is on disk (a rebuild changes it). */
function fileVersion(path: string): string {
  const { mtimeMs, size } = statSync(path);
  return `${mtimeMs}:${size}`;
}

function bundleScript(path: string, globals: readonly string[]): vm.Script {
  const version = fileVersion(path);
  const key = `${path}\n${[...globals].sort().join(",")}`;
  const cached = compiled.get(key);
  if (cached?.version === version) return cached.script;
  const code = readFileSync(path, "utf8");
  const script = new vm.Script(scriptFromBundle(code, boundGlobals(code, [...languageGlobals(), ...globals])), { filename: path });
  compiled.set(key, { version, script });
  return script;
}

/**
 * The system's translations (about 200 KB of JSON), parsed once per file version and per worker
 * instead of once per world, and frozen: every world and client reads them, none may change them.
 */
const translationsRead = new Map<string, { version: string; value: AnyObject }>();

function sharedTranslations(path: string): AnyObject {
  const version = fileVersion(path);
  const cached = translationsRead.get(path);
  if (cached?.version === version) return cached.value;
  const value = deepFreeze(readJson(path));
  translationsRead.set(path, { version, value });
  return value;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The network's default for a world of two users or more (table-flow tests: cards, answers,
 * applies and tracker steps between clients): each user's messages take a few milliseconds
 * each way, a different number per user in the order the world lists them (1, 2, 3, then
 * again), so no write, broadcast or query is delivered in its sender's call stack and
 * different clients' messages overtake one another as on a real network. Small, because
 * every message waits that long in real time. A world of one user, or one given `latency`
 * (0 for none), keeps what it is given.
 */
export const TABLE_LATENCY_MS = [1, 2, 3] as const;

export function tableLatency(userIds: readonly string[]): Latency {
  const delays = new Map(userIds.map((id, i) => [id, TABLE_LATENCY_MS[i % TABLE_LATENCY_MS.length]!]));
  return (leg) => delays.get(leg.userId) ?? TABLE_LATENCY_MS[0];
}

/**
 * The worlds made in this test file: `settle()` (test/shell/support.ts) waits for their messages in
 * flight. Held weakly, so a world no test can reach any more is collected with its clients' realms
 * rather than kept to the file's end (a file makes dozens; keeping them all made every full garbage
 * collection walk them). A world with a message on its way is still reachable: the delivery's timer
 * holds its network, and the network its world (latency.ts `Network#owner`).
 */
class LiveWorlds {
  private refs = new Set<WeakRef<TestWorld>>();

  add(world: TestWorld): void {
    this.refs.add(new WeakRef(world));
  }

  clear(): void {
    this.refs.clear();
  }

  get size(): number {
    return [...this].length;
  }

  *[Symbol.iterator](): IterableIterator<TestWorld> {
    for (const ref of this.refs) {
      const world = ref.deref();
      if (world) yield world;
      else this.refs.delete(ref);
    }
  }
}

export const LIVE_WORLDS = new LiveWorlds();

export class TestWorld {
  readonly server: WorldServer;
  readonly systemRoot: string;
  readonly clients: ConnectedClient[] = [];
  private translations: AnyObject;
  /** The v14 mode's readings where the evidence is split (version.ts), for every client of this world. */
  readonly v14: Partial<V14Readings>;

  /**
   * `latency`: milliseconds each message takes between the server and a client (0, the default,
   * delivers at once); a function of the leg ({direction, userId, channel}) gives per-client or
   * per-direction delays. Settable later as `world.server.latency`. Unless given, a world of
   * two users or more has the table's latency (`tableLatency`), one of one user none.
   * `v14`: readings of the v14 behaviours the evidence leaves open (version.ts `V14Readings`).
   * `clock`: "virtual" (the default) runs every delay on a VirtualClock (latency.ts): no real
   * waiting, the same order of arrivals on every run; a test waits with `world.sleep`, never with
   * setTimeout. "real" waits each delay out on the machine's timers (the latency contract,
   * test/shell/harness-latency.test.ts). A delay stands for the network, not for time the
   * machine must spend: on real timers a shell worker sat idle about as long as it computed
   * (issue 35: event-loop idle 130 s against 131 CPU-s over the shell project; 27 s virtual).
   */
  constructor({ systemRoot = DIST_ROOT, users = [{ name: "Gamemaster", role: ROLES.GAMEMASTER }], latency, v14 = {}, clock = "virtual" }: { systemRoot?: string; users?: WorldUser[]; latency?: Latency; v14?: Partial<V14Readings>; clock?: "real" | "virtual" } = {}) {
    this.systemRoot = systemRoot;
    this.v14 = v14;
    if (Object.keys(v14).length > 0) v14Rule("a world's own v14 readings");
    const systemJson = readJson(join(systemRoot, "system.json"));
    this.translations = sharedTranslations(join(systemRoot, "lang/en.json"));
    this.server = new WorldServer(systemJson);
    const ids = users.map((u) => this.server.addUser(u.name, u.role ?? ROLES.PLAYER, u.id)._id as string);
    this.server.latency = latency ?? (users.length > 1 ? tableLatency(ids) : 0);
    if (clock === "virtual") this.server.network.clock = new VirtualClock();
    this.server.network.owner = this;
    LIVE_WORLDS.add(this);
  }

  /** Resolves after `ms` on the network's clock (on a virtual clock, without waiting in real time). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.server.network.clock.setTimeout(resolve, ms));
  }

  userId(name: string): string {
    const user = this.server.collections.get("users")!.find((u) => u.name === name);
    if (!user) throw new Error(`No user named ${name}`);
    return user._id;
  }

  /** Connect a user's client: load the bundle in a fresh realm and run init, i18nInit, setup and ready. */
  async connect(userName: string, { seed = 1, bundle = join(this.systemRoot, `${this.server.systemJson.esmodules[0]}`) }: { seed?: number; bundle?: string | null } = {}): Promise<ConnectedClient> {
    const userId = this.userId(userName);
    // What connecting meets is recorded apart (version.ts `whileConnecting`).
    return whileConnecting(() => this.connectNow(userName, userId, seed, bundle));
  }

  private connectNow(userName: string, userId: string, seed: number, bundle: string | null): ConnectedClient {
    const runtime = createRuntime(this.server, userId, { translations: this.translations, systemRoot: this.systemRoot, seed, v14: this.v14 });
    const context = vm.createContext({ ...runtime.globals });
    context.globalThis = context;
    context.window = context;
    for (const [key, value] of this.server.settings) runtime.game.settings.applyWorld(key, value);
    if (bundle) bundleScript(bundle, Object.keys(runtime.globals)).runInContext(context);
    runtime.hooks.callAll("init");
    runtime.hooks.callAll("i18nInit");
    runtime.hooks.callAll("setup");
    runtime.initializeDocuments();
    // Foundry builds the sidebar from CONFIG.ui once the world's documents are ready.
    const Tracker = (runtime.CONFIG.ui as Record<string, any>)?.combat;
    if (Tracker) runtime.ui.combat = new Tracker();
    this.server.connect(runtime.client);
    runtime.game.ready = true;
    runtime.hooks.callAll("ready");
    const world = this;
    const connected: ConnectedClient = {
      userName,
      userId,
      runtime,
      context,
      game: runtime.game,
      CONFIG: runtime.CONFIG,
      ui: runtime.ui,
      Hooks: runtime.hooks,
      notices: runtime.notifications.notices,
      evaluate: <T>(code: string) => vm.runInContext(code, context) as T,
      disconnect() {
        world.server.disconnect(runtime.client);
        if (world.clients.includes(connected)) world.clients.splice(world.clients.indexOf(connected), 1);
      },
      hangQueries(hang = true) {
        runtime.client.hangQueries = hang;
      },
    };
    this.clients.push(connected);
    return connected;
  }

  /** A user's client leaves and comes back: a fresh realm that remembers nothing of the old one. */
  async reconnect(client: ConnectedClient, options: { seed?: number; bundle?: string | null } = {}): Promise<ConnectedClient> {
    client.disconnect();
    return this.connect(client.userName, options);
  }

  /** Wait until no message is on its way and every client has acted on what it received (use with a latency). */
  settled(): Promise<void> {
    return this.server.settled();
  }

  /** Database writes made since `mark` (use `world.server.writes.length` as a mark). */
  writesSince(mark: number) {
    return this.server.writesSince(mark);
  }
}

/**
 * Install one client's globals on this realm's `globalThis`, so tests can import
 * shell modules from `src/` directly. Returns the runtime for assertions.
 */
export function installGlobalClient({ systemRoot = REPO_ROOT, seed = 1 }: { systemRoot?: string; seed?: number } = {}): { world: TestWorld; runtime: Runtime } {
  const world = new TestWorld({ systemRoot, users: [{ name: "Gamemaster", role: ROLES.GAMEMASTER }] });
  const userId = world.userId("Gamemaster");
  const runtime = createRuntime(world.server, userId, { translations: sharedTranslations(join(systemRoot, "lang/en.json")), systemRoot, seed });
  Object.assign(globalThis, runtime.globals);
  runtime.initializeDocuments();
  world.server.connect(runtime.client);
  return { world, runtime };
}
