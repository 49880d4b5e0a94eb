/**
 * Stored documents carry `system.schemaVersion`. Each step upgrades the source of
 * one version to the next; `migrateData` runs them on load (so old data is read
 * correctly at once) and the GM's client writes the upgraded data back once per
 * world (see world-migration.ts). Steps work on plain source objects only.
 */
import { RULESETS } from "../engine/rulesets/registry";
import { RULESET_IDS, type ActorView } from "../engine/rulesets/ruleset";
import { initialValues, statAt } from "../engine/rulesets/stats";

export const SCHEMA_VERSION = 2;

type Source = Record<string, unknown>;

interface MigrationStep {
  /** The version a source has after this step. */
  readonly to: number;
  readonly actor?: (source: Source) => void;
  /** `kind`: the item type, when the caller knows it (a data model does). */
  readonly item?: (source: Source, kind?: string) => void;
}

function isRecord(value: unknown): value is Source {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function setIfAbsent(target: Source, path: string, value: unknown): void {
  const keys = path.split(".");
  let node = target;
  for (const key of keys.slice(0, -1)) {
    if (!isRecord(node[key])) node[key] = {};
    node = node[key] as Source;
  }
  const last = keys[keys.length - 1]!;
  if (node[last] === undefined) node[last] = value;
}

/** An empty actor as each ruleset sees it, to ask where its token track is stored. */
function blankView(id: (typeof RULESET_IDS)[number]): ActorView {
  const stats = RULESETS[id].stats;
  return { stats: initialValues(stats.actor), weapons: [], armor: [], shields: [], maneuvers: [], skills: [] };
}

const STEPS: readonly MigrationStep[] = [
  {
    // 0 → 1: the first skeleton stored one `vitality {value, max}` for every actor.
    // Version 1 keeps figures per ruleset and derives the token track from them, so
    // the old number moves to each ruleset's own track statistic where it has one.
    // Foundry migrates update changes as sources too, and a change carries no schemaVersion: a bar
    // edit (`vitality: {value}`, the bar's field since issue 29, see actor-data.ts) is not a first-
    // skeleton track, which always stored its max beside its value. Only that is moved here.
    to: 1,
    actor(source) {
      const old = source["vitality"];
      if (!isRecord(old) || typeof old["max"] !== "number") return;
      const value = typeof old["value"] === "number" ? old["value"] : undefined;
      if (value !== undefined) {
        for (const id of RULESET_IDS) {
          const ruleset = RULESETS[id];
          const view = blankView(id);
          const path = ruleset.vitality(view, ruleset.derive(view)).path;
          if (!path) continue;
          const stat = statAt(ruleset.stats.actor, path);
          if (!stat || (stat.kind !== "integer" && stat.kind !== "number")) continue;
          const clamped = Math.min(stat.max ?? Infinity, Math.max(stat.min ?? -Infinity, stat.kind === "integer" ? Math.round(value) : value));
          if (!isRecord(source[id])) source[id] = {};
          setIfAbsent(source[id] as Source, path, clamped);
        }
      }
      delete source["vitality"];
    },
  },
  {
    // 1 → 2: weapons keep how many are carried (arrows, javelins, throwing knives); one until told otherwise.
    // Foundry runs migrateData on update changes too (v13 ClientDatabaseBackend#preUpdateDocumentArray),
    // and a partial change carries no schemaVersion: only a stored version-1 weapon is given its 1 here, so
    // an update that does not name the quantity never resets it. (Older sources get it from the field's initial.)
    to: 2,
    item(source, kind) {
      if (kind !== "weapon" || source["schemaVersion"] !== 1) return;
      const q = source["quantity"];
      if (!(typeof q === "number" && Number.isInteger(q) && q >= 0)) source["quantity"] = 1;
    },
  },
];

function versionOf(source: Source): number {
  const version = source["schemaVersion"];
  return typeof version === "number" && Number.isInteger(version) ? version : 0;
}

function migrate(source: Source, kind: "actor" | "item", itemKind?: string): Source {
  let version = versionOf(source);
  if (version >= SCHEMA_VERSION) return source;
  for (const step of STEPS) {
    if (step.to <= version) continue;
    if (kind === "actor") step.actor?.(source);
    else step.item?.(source, itemKind);
    version = step.to;
  }
  source["schemaVersion"] = SCHEMA_VERSION;
  return source;
}

/** Upgrades an actor's `system` source in place to the current schema version. */
export function migrateActorSystem(source: Source): Source {
  return migrate(source, "actor");
}

/** Upgrades an item's `system` source in place to the current schema version; `kind` is its type. */
export function migrateItemSystem(source: Source, kind?: string): Source {
  return migrate(source, "item", kind);
}

/** True when a stored `system` source predates the current schema. */
export function needsMigration(source: unknown): boolean {
  return isRecord(source) && versionOf(source) < SCHEMA_VERSION;
}
