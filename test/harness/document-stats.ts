/**
 * Foundry's `_stats` (DocumentStatsField) as the server keeps it. The evidence:
 * - the schema: v13 `DocumentStatsField` holds coreVersion, systemId, systemVersion, createdTime, modifiedTime,
 *   lastModifiedBy, compendiumSource, duplicateSource and exportSource (fvtt-types 13 and the v14 declarations,
 *   common/data/fields.d.mts; the v13 and v14 API pages of `DocumentStats`); the Combat, Combatant,
 *   CombatantGroup, ChatMessage, Actor, Item, ActiveEffect and the other world documents declare it, Token, Wall
 *   and ActorDelta do not (fvtt-types 13 client/documents/*.d.mts);
 * - `DocumentStatsField.managedFields` (the first six) "are managed by the server and are ignored if they appear
 *   in creation or update data" (fvtt-types 13, from the v13 source's comment);
 * - what an update changes, Foundry's tracker foundryvtt/foundryvtt#10363 (v12, still so in v13): an update sets
 *   modifiedTime and lastModifiedBy of the document itself only, never of its parent, and none at all for a
 *   document without `_stats`; systemId and systemVersion change only for a document with sub-types whose `type`,
 *   `system` or a system flag changed;
 * - that the document's own new `_stats` travel back to the clients with the update (#10350 found the parent's
 *   did not, when they still changed).
 * Split evidence: v14's API page of `DocumentStats` lists no exportSource, while the v14 declarations keep the field;
 * the harness keeps it (null) in both modes. Nothing in the system reads `_stats` (below), so either reading moves
 * only the byte figures, by about 20 bytes a document.
 * Not modelled: writes into a token's ActorDelta (an unlinked token's own items and effects, synthetic-actors.ts)
 * are not stamped.
 * The system reads none of it (no `_stats` in src/): what it changes is the size of each document and of each update
 * heard, which the byte measures see (test/shell/fight-state-bytes.test.ts, the fight-step bench). So the stamp's
 * core version, which differs between the harness's v13 and v14 modes, is not recorded as a v14 rule.
 */
import { releaseData } from "./version";
import { coreSchema, DOCUMENT_META } from "./schemas";
import type { AnyObject } from "./utils";

const MANAGED = ["coreVersion", "systemId", "systemVersion", "createdTime", "modifiedTime", "lastModifiedBy"] as const;

const withStats = new Map<string, boolean>();
/** Whether the document's schema declares `_stats` (read once per document name from the harness's core schemas). */
export function hasStats(documentName: string): boolean {
  let has = withStats.get(documentName);
  if (has === undefined) withStats.set(documentName, (has = "_stats" in coreSchema(documentName)));
  return has;
}

export interface StatsContext {
  userId: string;
  system: { id: string; version: string };
  now: number;
}

/** A creation's `_stats`: the server's managed fields over what the data gave of the others (null when absent). */
function created(given: unknown, context: StatsContext): AnyObject {
  const data = (given && typeof given === "object" ? given : {}) as AnyObject;
  return {
    coreVersion: releaseData().version,
    systemId: context.system.id,
    systemVersion: context.system.version,
    createdTime: context.now,
    modifiedTime: context.now,
    lastModifiedBy: context.userId,
    compendiumSource: data.compendiumSource ?? null,
    duplicateSource: data.duplicateSource ?? null,
    exportSource: data.exportSource ?? null,
  };
}

/** Stamps a document being created, and each document created inside it (an Actor's items, a Combat's combatants). */
export function stampCreated(documentName: string, source: AnyObject, context: StatsContext): void {
  if (hasStats(documentName)) source._stats = created(source._stats, context);
  for (const [child, field] of Object.entries(DOCUMENT_META[documentName]?.embedded ?? {})) {
    if (Array.isArray(source[field])) for (const entry of source[field] as AnyObject[]) stampCreated(child, entry, context);
  }
}

/** Whether an update changes the document's type, system data or a flag of the system's (flat or nested keys). */
function changesSystem(update: AnyObject, systemId: string): boolean {
  for (const key of Object.keys(update)) {
    if (key === "type" || key === "system" || key.startsWith("system.")) return true;
    if (key === `flags.${systemId}` || key.startsWith(`flags.${systemId}.`) || key === `flags.-=${systemId}`) return true;
    if (key === "flags" && update.flags && typeof update.flags === "object") {
      if (Object.keys(update.flags as AnyObject).some((k) => k === systemId || k === `-=${systemId}`)) return true;
    }
  }
  return false;
}

/**
 * Stamps an update as the server does, in place: managed fields the request named are dropped, and the server's
 * own are set (the update is what the server stores, returns and broadcasts). A document without `_stats` is left as asked.
 */
export function stampUpdate(documentName: string, update: AnyObject, context: StatsContext): void {
  if (!hasStats(documentName)) return;
  for (const key of Object.keys(update)) {
    if (key.startsWith("_stats.") && (MANAGED as readonly string[]).includes(key.slice(7))) delete update[key];
  }
  const given = update._stats && typeof update._stats === "object" ? { ...(update._stats as AnyObject) } : {};
  for (const key of MANAGED) delete given[key];
  const stamp: AnyObject = { ...given, modifiedTime: context.now, lastModifiedBy: context.userId };
  if (DOCUMENT_META[documentName]?.hasTypeData && changesSystem(update, context.system.id)) {
    stamp.systemId = context.system.id;
    stamp.systemVersion = context.system.version;
  }
  update._stats = stamp;
}
