/**
 * The `_stats` Foundry writes on every document it stores (v13 DocumentStatsField:
 * coreVersion, systemId, systemVersion, createdTime, modifiedTime, lastModifiedBy,
 * compendiumSource, duplicateSource, exportSource; fvtt-types 13.345 `DocumentStatsField.fields`),
 * given to each compendium document and each document embedded in it as the packs
 * are compiled. The sources leave them out (`npm run packs:extract` drops them), so
 * the version the packs claim is always the one being built. Without them Foundry
 * cannot tell which core schema a pack document is in (`coreVersion`: "The core version
 * whose schema the Document data is in") nor which system version made it.
 */

/** The core version whose schema the sources follow: v13's last build (the system's minimum generation); v14 migrates them from there on load. */
export const PACK_CORE_VERSION = "13.351";

/** The embedded collections our packs hold documents in (actor items, item and actor effects, journal pages and categories, table results). */
const EMBEDDED = ["items", "effects", "pages", "categories", "results"] as const;

export interface PackStats {
  readonly coreVersion: string;
  readonly systemId: string;
  readonly systemVersion: string;
  readonly createdTime: number;
  readonly modifiedTime: number;
  readonly lastModifiedBy: null;
  readonly compendiumSource: null;
  readonly duplicateSource: null;
  readonly exportSource: null;
}

/** The stats of a build: this system and version, made now (or at SOURCE_DATE_EPOCH, for a reproducible build). */
export function packStats(systemId: string, systemVersion: string, env: NodeJS.ProcessEnv = process.env): PackStats {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  const time = Number.isFinite(epoch) && epoch > 0 ? epoch * 1000 : Date.now();
  return { coreVersion: PACK_CORE_VERSION, systemId, systemVersion, createdTime: time, modifiedTime: time, lastModifiedBy: null, compendiumSource: null, duplicateSource: null, exportSource: null };
}

/** Gives a pack entry and every document embedded in it the build's `_stats`, in place. */
export function stampStats(entry: Record<string, unknown>, stats: PackStats): void {
  entry._stats = { ...stats };
  for (const key of EMBEDDED) {
    const children = entry[key];
    if (!Array.isArray(children)) continue;
    for (const child of children) if (child && typeof child === "object") stampStats(child as Record<string, unknown>, stats);
  }
}
