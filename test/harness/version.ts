/**
 * Which Foundry generation the harness models: 13 (the default) or 14, chosen by
 * BOUT_FOUNDRY=14 in the environment (the `shell-v14` vitest project sets it).
 *
 * The v14 mode changes only what docs/foundry-v14.md lists. Each rule cites its
 * evidence where it is modelled; the list here says where:
 * - `game.release.generation` is 14 (`releaseData`);
 * - CONFIG.statusEffects is keyed by status id (runtime.ts `statusEffectsConfig`; v14 API
 *   `CONFIG.statusEffects: {[id: string]: StatusEffectConfig}`, foundryvtt/foundryvtt#13122);
 *   how far array access still works is split: see `V14Readings.statusEffects`;
 * - a status's Active Effect changes live in `system.changes`, each with a `type` and a
 *   `phase` (runtime.ts `ActiveEffect.fromStatusEffect`; fvtt-types 14.366
 *   common/data/active-effect.d.mts: `type` initial "add", `phase` initial "initial");
 * - the user's chat visibility is the `core.messageMode` setting (public, gm, blind, self) and
 *   v13's `core.rollMode` setting is gone (foundryvtt/dnd5e#6958, on 14.360: "the system setting
 *   is gone without deprecation"); messages take a `messageMode` option (runtime.ts ChatMessage
 *   `_preCreate`); whether it applies to messages without rolls is split: see `V14Readings.messageMode`;
 * - context menu entries are named by `label` (foundryvtt/crucible#688: "context menu additions now
 *   use label/visible/onClick"); whether core's own combatant entries moved too is split: see
 *   `V14Readings.contextMenu` (applications.ts);
 * - tokens stand on a scene level (`level`), and movement waypoints carry it (schemas.ts, token-movement.ts);
 * - core's own Actor and Item sheets: split, see `V14Readings.coreSheets`;
 * - `foundry.documents.modifyBatch` exists: several operations in one request
 *   (runtime.ts `modifyBatch`, server.ts `WorldServer#batch`; its failure readings are the
 *   write path's, documented with it).
 */
export type Generation = 13 | 14;

/**
 * Which rules of the two modes a test file met: the evidence behind the v14 run's skip list
 * (test/shell/v14-same.json, docs/dev/testing.md). Every place where the v14 mode behaves
 * differently records its rule when it is met, in either mode: a test or the harness asking
 * `isV14()` / `foundryGeneration()` (or `v14Rule`), the system reading `game.release` (src/compat.ts's
 * branches each meet their own rule: batched writes, a menu entry's shape; see `compatBranch`), anything
 * reading CONFIG.statusEffects or the user's chat mode setting, a message created with a mode
 * option, a Token or ActiveEffect document (their schemas differ), core's combatant menu, a
 * world given v14 readings of its own. A file whose v13 run meets none of them runs the same
 * code on the same data in both modes. Two reads are left unrecorded because both modes give the
 * same by construction (runtime.ts, proved in each mode and every v14 reading by
 * test/shell/v14-same.test.ts): compat's `messageModeOption` finding the public chat mode (the
 * setting's default), and a message created with the public mode that is public already.
 * test/harness/setup.ts resets the record before each file; what a client meets while it
 * connects is kept apart (`connecting`), see `CONNECT_RULES`.
 */
const met = new Set<string>();
const metConnecting = new Set<string>();
let connecting = 0;

/** Records that `rule` (a version-dependent behaviour) was met; returns whether the harness models v14. */
export function v14Rule(rule: string): boolean {
  (connecting > 0 ? metConnecting : met).add(rule);
  return modelsV14();
}

/**
 * Whether the harness models v14, unrecorded: only for building what differs (schemas, settings,
 * CONFIG, `game.release`), whose every read records its rule instead. test/shell/v14-same.test.ts
 * holds the list of the places that may call it.
 */
export function modelsV14(): boolean {
  return process.env.BOUT_FOUNDRY === "14";
}

/** Runs a client's connect (init, setup, ready): what it meets is recorded apart. */
export function whileConnecting<T>(fn: () => T): T {
  connecting += 1;
  try {
    return fn();
  } finally {
    connecting -= 1;
  }
}

/**
 * What a connect may meet and still leave both modes the same outside what is recorded later:
 * the system's init adds its statuses to CONFIG.statusEffects (src/table/status-effects.ts through
 * src/compat.ts `addStatusEffect`), which writes only into that object; any later read of it is recorded.
 */
export const CONNECT_RULES: ReadonlySet<string> = new Set(["CONFIG.statusEffects"]);

/**
 * The branches of src/compat.ts that read the release, each with its own divergence: `modifyBatch` (batched
 * writes in v14, one request per operation in v13), `contextEntry` (a menu entry's shape), `messageModeOption`
 * (which chat mode setting is read, and the option's name). Reading `game.release` meets the branch's own rule
 * (runtime.ts `recordedRelease`); any other reader meets "game.release".
 */
export type CompatBranch = "messageModeOption" | "contextEntry" | "modifyBatch";
const COMPAT_BRANCHES: ReadonlySet<string> = new Set<CompatBranch>(["messageModeOption", "contextEntry", "modifyBatch"]);

/** The function names of the frames above this call's caller (V8 call sites; the built bundle keeps its names). */
function callerNames(count: number): string[] {
  const limit = Error.stackTraceLimit;
  const prepare = Error.prepareStackTrace;
  Error.stackTraceLimit = count + 2;
  Error.prepareStackTrace = (_error, sites) => sites.map((site) => site.getFunctionName() ?? "");
  try {
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder, callerNames);
    return Array.isArray(holder.stack) ? (holder.stack as string[]) : [];
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
  }
}

/**
 * Which compat branch made the read being recorded: the caller of the recording function, through `via` (the
 * frames between it and the branch, by name), is one of COMPAT_BRANCHES. Null for any other reader, or when the
 * names are not there (a minified bundle): the read then meets the broad rule, never none.
 */
export function compatBranch(via: readonly RegExp[] = []): CompatBranch | null {
  const names = callerNames(via.length + 3).slice(2);
  if (!via.every((name, i) => name.test(names[i] ?? ""))) return null;
  const branch = names[via.length] ?? "";
  return COMPAT_BRANCHES.has(branch) ? (branch as CompatBranch) : null;
}

/** The rules met since the last reset: after connecting, and those met while connecting outside CONNECT_RULES. */
export function metRules(): string[] {
  return [...met, ...[...metConnecting].filter((r) => !CONNECT_RULES.has(r)).map((r) => `${r} (while connecting)`)].sort();
}

export function resetMetRules(): void {
  met.clear();
  metConnecting.clear();
}

export function foundryGeneration(): Generation {
  return v14Rule("the generation asked") ? 14 : 13;
}

export const isV14 = (): boolean => foundryGeneration() === 14;

/**
 * Where the evidence for a v14 behaviour is split, each reading it allows. A test
 * world picks one per behaviour (`new TestWorld({ v14: {...} })`); the defaults are
 * the readings the evidence leans to, and BOUT_V14_READINGS (`messageMode=all,coreSheets=none`)
 * changes them for a whole run. Tests that matter under a split run once per reading
 * (test/shell/foundry-v14-readings.test.ts). The v13 mode ignores them.
 */
export interface V14Readings {
  /**
   * Does a message's `messageMode` creation option apply to a message without rolls?
   * - "rolls": as v13's `rollMode` option (ChatMessage#_preCreate applies it only when
   *   `isRoll`; fvtt-types 14.366 still documents the option as "Only affects messages whose
   *   #isRoll getter returns true").
   * - "all": v14 renamed roll modes to message modes because they are about more than rolls
   *   (foundryvtt/foundryvtt#8856), and a v14 system posts typed cards (no rolls) with
   *   `{messageMode}`, reading `_preCreate` as running `applyMode` on any message that names one.
   * Both agree that a message created with no mode gets none (foundryvtt/foundryvtt#11442).
   */
  readonly messageMode: "rolls" | "all";
  /**
   * What CONFIG.statusEffects answers besides keyed access:
   * - "compat": the keyed object still answers the array methods (find, filter, some, map,
   *   forEach, push, iteration) — foundryvtt/foundryvtt#13122 "with backwards compatibility";
   *   dnd5e 5.3 (verified 14) and Draw Steel 1.0 (v14 only) call find/forEach/push on it;
   * - "object": a plain keyed object, as the v14 API types it (a system that replaced it with
   *   one, as pf2e did for v14, leaves no array methods: mclemente/healthEstimate#337);
   * - "array": an array, as a v14 package that assigns its own array leaves it (Draw Steel 1.0
   *   assigns `CONFIG.statusEffects.filter(...)` at init).
   */
  readonly statusEffects: "compat" | "object" | "array";
  /**
   * Which sheets core registers for Actor and Item types before a system's init:
   * - "legacy": the AppV1 `foundry.appv1.sheets.ActorSheet` / `ItemSheet`, as in v13 (dnd5e 5.3,
   *   verified on 14, still unregisters them at init; fvtt-types 14.366 still declares them);
   * - "none": none (a v14 SDK drops its unregister calls "since v14 registers none":
   *   vttforge/vttforge#169).
   */
  readonly coreSheets: "legacy" | "none";
  /**
   * How core names its own combatant and encounter menu entries:
   * - "label": by `label`, the combatant entries under COMBATANT.ACTIONS.* (v14 moved context menu
   *   entries to label/visible/onClick: foundryvtt/crucible#688, Draw Steel #1752 for its own entries);
   * - "name": as in v13, `name` with COMBAT.Combatant* (Draw Steel 1.0, on 14.356, still removes core's
   *   Clear and Reroll by `e.name === "COMBAT.CombatantClear"` / `"COMBAT.CombatantReroll"`).
   */
  readonly contextMenu: "label" | "name";
}

export const DEFAULT_V14_READINGS: V14Readings = { messageMode: "all", statusEffects: "compat", coreSheets: "legacy", contextMenu: "label" };

/** Every reading of each split behaviour, for tests that run under each. */
export const V14_READING_CHOICES: { readonly [K in keyof V14Readings]: readonly V14Readings[K][] } = {
  messageMode: ["rolls", "all"],
  statusEffects: ["compat", "object", "array"],
  coreSheets: ["legacy", "none"],
  contextMenu: ["label", "name"],
};

/** The readings a world runs under: the run's (BOUT_V14_READINGS) over the defaults, then the world's own. */
export function v14Readings(world: Partial<V14Readings> = {}): V14Readings {
  const fromEnv: Record<string, string> = {};
  for (const pair of (process.env.BOUT_V14_READINGS ?? "").split(",")) {
    const [key, value] = pair.split("=").map((s) => s.trim());
    if (key && value) fromEnv[key] = value;
  }
  const merged = { ...DEFAULT_V14_READINGS, ...fromEnv, ...world } as V14Readings;
  for (const [key, choices] of Object.entries(V14_READING_CHOICES)) {
    const value = merged[key as keyof V14Readings];
    if (!(choices as readonly string[]).includes(value)) throw new Error(`Unknown v14 reading ${key}=${value}`);
  }
  return merged;
}

/** `game.release` as each generation reports it (the builds the harness cites). */
export function releaseData(generation: Generation = modelsV14() ? 14 : 13): { generation: number; build: number; version: string } {
  return generation === 14 ? { generation: 14, build: 366, version: "14.366" } : { generation: 13, build: 350, version: "13.350" };
}

/** v14 message modes and the v13 roll modes they replace (ChatMessage.applyRollMode's meaning). */
export const MESSAGE_MODE_OF_ROLL_MODE: Record<string, string> = { publicroll: "public", gmroll: "gm", blindroll: "blind", selfroll: "self" };
export const ROLL_MODE_OF_MESSAGE_MODE: Record<string, string> = { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll", ic: "publicroll", ooc: "publicroll", emote: "publicroll" };

/**
 * The user's chat visibility setting for a v13 roll mode, as this generation
 * stores it: `["rollMode", "gmroll"]` in v13, `["messageMode", "gm"]` in v14.
 * Tests set it with `game.settings.set("core", ...chatModeSetting("gmroll"))`.
 */
export function chatModeSetting(rollMode: string): [string, string] {
  return isV14() ? ["messageMode", MESSAGE_MODE_OF_ROLL_MODE[rollMode] ?? rollMode] : ["rollMode", rollMode];
}

/** The user's chat visibility as a v13 roll mode, whichever setting holds it. */
export function userRollMode(settings: { get(namespace: string, key: string): unknown }): string {
  return isV14() ? (ROLL_MODE_OF_MESSAGE_MODE[String(settings.get("core", "messageMode"))] ?? "publicroll") : String(settings.get("core", "rollMode"));
}
