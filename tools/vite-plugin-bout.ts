import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { compilePack } from "@foundryvtt/foundryvtt-cli";
import type { Plugin } from "vite";
import { buildManifest } from "./system-manifest.ts";
import { listFiles, writeReleaseZip } from "./release/zip.ts";
import { packStats, stampStats, type PackStats } from "./pack-stats.ts";

const STATIC_DIRS = ["templates", "lang"];
const STATIC_FILES = ["LICENSE", "README.md"];
/** Folders shipped under another name: the guide's pictures, which its journal pages show (tools/guide/markdown.ts). */
const SHIPPED_AS: Record<string, string> = { "docs/guide/pictures": "guide/pictures" };

/** Count the source documents of a pack, so a silently skipped file fails the build. */
function countSources(dir: string): number {
  return listFiles(dir).filter((f) => f.endsWith(".json")).length;
}

async function compilePacks(root: string, outDir: string, packs: { name: string; path: string }[], stats: PackStats): Promise<void> {
  for (const pack of packs) {
    const src = join(root, "packs/_source", pack.name);
    const dest = join(outDir, pack.path);
    rmSync(dest, { recursive: true, force: true });
    mkdirSync(dest, { recursive: true });
    let packed = 0;
    await compilePack(src, dest, {
      recursive: true,
      transformEntry: (entry) => {
        if (typeof entry._key !== "string") throw new Error(`pack ${pack.name}: a source has no _key (${String(entry.name)})`);
        stampStats(entry, stats);
        packed += 1;
      },
    });
    const expected = countSources(src);
    if (packed !== expected) throw new Error(`pack ${pack.name}: ${expected} sources but ${packed} packed`);
  }
}

/**
 * Turns Vite's bundle into an installable Foundry system folder: static files,
 * the templated manifest, compiled compendium packs and (for a release build) the zip.
 */
export function boutSystem(options: { root: string; outDir: string }): Plugin {
  const { root, outDir } = options;
  let watching = false;
  return {
    name: "bout-system",
    apply: "build",
    configResolved(config) {
      watching = Boolean(config.build.watch);
    },
    buildStart() {
      if (!watching) return;
      for (const dir of [...STATIC_DIRS, ...Object.keys(SHIPPED_AS), "packs/_source"]) for (const f of listFiles(join(root, dir))) this.addWatchFile(f);
      this.addWatchFile(join(root, "system.json"));
    },
    async writeBundle() {
      for (const dir of STATIC_DIRS) {
        rmSync(join(outDir, dir), { recursive: true, force: true });
        // git keeps no empty folders, so a fresh clone may lack one.
        if (existsSync(join(root, dir))) cpSync(join(root, dir), join(outDir, dir), { recursive: true });
      }
      for (const [from, to] of Object.entries(SHIPPED_AS)) {
        rmSync(join(outDir, to), { recursive: true, force: true });
        if (existsSync(join(root, from))) cpSync(join(root, from), join(outDir, to), { recursive: true });
      }
      for (const file of STATIC_FILES) if (existsSync(join(root, file))) cpSync(join(root, file), join(outDir, file));
      const manifest = buildManifest(root);
      writeFileSync(join(outDir, "system.json"), `${JSON.stringify(manifest, null, 2)}\n`);
      try {
        await compilePacks(root, outDir, manifest.packs, packStats(manifest.id, manifest.version));
      } catch (error) {
        // A world open in Foundry holds the pack's LOCK: while watching, keep the old pack.
        if (!watching) throw error;
        this.warn(`packs not rebuilt: ${(error as Error).message}`);
      }
      if (!watching) writeReleaseZip(outDir, join(outDir, "..", `${manifest.id}.zip`));
    },
  };
}
