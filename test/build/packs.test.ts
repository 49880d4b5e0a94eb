import { cpSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import { describe, expect, it } from "vitest";
import { PACK_CORE_VERSION } from "../../tools/pack-stats";
import { dist, readJson, repo } from "./dist";

const manifest = readJson(dist("system.json"));

function sourceFiles(pack: string): string[] {
  return readdirSync(repo(`packs/_source/${pack}`), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(".json"));
}

describe("compendium packs", () => {
  for (const pack of manifest.packs as { name: string; path: string; type: string }[]) {
    it(`${pack.name}: every source compiles into the pack (count in = count out, same ids)`, async () => {
      const sources = sourceFiles(pack.name).map((f) => JSON.parse(readFileSync(repo(`packs/_source/${pack.name}/${f}`), "utf8")));
      // Opening a LevelDB writes to it: read a copy so dist/ stays as built.
      const work = mkdtempSync(join(tmpdir(), `bout-${pack.name}-`));
      cpSync(dist(pack.path), join(work, "db"), { recursive: true });
      const out = join(work, "json");
      await extractPack(join(work, "db"), out, { log: false });
      const extracted = readdirSync(out).filter((f) => f.endsWith(".json")).map((f) => JSON.parse(readFileSync(join(out, f), "utf8")));
      expect(extracted.length).toBe(sources.length);
      expect(extracted.map((d) => d._id).sort()).toEqual(sources.map((d) => d._id).sort());
      // Each document, and each one embedded in it, carries the _stats Foundry writes (v13 DocumentStatsField):
      // the core schema the data is in, this system and the version built, when it was made.
      const documents = (d: any): any[] => [d, ...["items", "effects", "pages", "results"].flatMap((k) => (Array.isArray(d[k]) ? d[k].flatMap(documents) : []))];
      const all = extracted.flatMap(documents);
      expect(all.length).toBeGreaterThan(0);
      for (const d of all) {
        expect(d._stats, `${d.name ?? d._id}`).toMatchObject({ coreVersion: PACK_CORE_VERSION, systemId: manifest.id, systemVersion: manifest.version, lastModifiedBy: null, compendiumSource: null, duplicateSource: null, exportSource: null });
        expect(Number.isInteger(d._stats.createdTime) && d._stats.createdTime > 0, d.name).toBe(true);
      }
      // The sources keep none: the version they claim is always the one being built.
      expect(sources.filter((d) => "_stats" in d).map((d) => d.name)).toEqual([]);
    });

    it(`${pack.name}: sources have stable, unique ids and keys of the pack's document type`, () => {
      const collection = { JournalEntry: "journal", Item: "items", Actor: "actors", RollTable: "tables" }[pack.type];
      const ids = new Set<string>();
      for (const file of sourceFiles(pack.name)) {
        const doc = JSON.parse(readFileSync(repo(`packs/_source/${pack.name}/${file}`), "utf8"));
        expect(doc._id, file).toMatch(/^[A-Za-z0-9]{16}$/);
        // A pack's Folders (the tables pack has one per ruleset) are keyed as folders.
        expect(doc._key, file).toBe(`!${file.startsWith("folder-") ? "folders" : collection}!${doc._id}`);
        expect(ids.has(doc._id), `duplicate id ${doc._id}`).toBe(false);
        ids.add(doc._id);
        expect(doc.name, file).toBeTruthy();
      }
    });
  }
});
