// The system's shipped compendium sources (packs/_source), read by tests of
// every project. Node only: no harness, no Foundry globals, so the engine
// project may use it too.
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const SOURCES = resolve(import.meta.dirname, "../packs/_source");

/** One stored source: packs/_source/<pack>/<slug>.json. */
export function packSource<T = any>(pack: string, slug: string): T {
  return JSON.parse(readFileSync(join(SOURCES, pack, `${slug}.json`), "utf8")) as T;
}

/** Every stored source of a pack whose file name `keep` accepts, in file-name order. */
export function packSources<T = any>(pack: string, keep: (file: string) => boolean = () => true): T[] {
  return readdirSync(join(SOURCES, pack))
    .filter((f) => f.endsWith(".json") && keep(f))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(SOURCES, pack, f), "utf8")) as T);
}

/** A stored source as creation data: without the fields the database keeps for it. */
export function creationData(source: Record<string, unknown>): Record<string, unknown> {
  const { _id, _key, folder, sort, ownership, _stats, ...data } = source;
  return data;
}
