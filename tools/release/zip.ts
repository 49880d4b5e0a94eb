/**
 * The release archive: the built system folder (dist/bout) as Foundry installs it,
 * with `system.json` at the root, and nothing Foundry does not need:
 * - no source map (`*.map`): the release attaches it beside the zip, and the
 *   bundle's `sourceMappingURL` comment is dropped so no browser asks for it;
 * - no LevelDB `LOCK` or `LOG`/`LOG.old` files a pack build or an open world
 *   leaves in the pack folders (the numbered `*.log` files are the packs' data and stay).
 * Used by the build (vite-plugin-bout.ts writes dist/bout.zip) and by the release workflow.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { zipSync, type Zippable } from "fflate";

/** Every file under a folder, recursively (none when it is missing). */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** Whether a file of the built folder (path relative to it, with "/") stays out of the zip, and why. */
export function leftOut(path: string): string | null {
  const name = basename(path);
  if (name.endsWith(".map")) return "source map";
  if (path.startsWith("packs/") && (name === "LOCK" || name === "LOG" || name === "LOG.old")) return "pack lock or log";
  return null;
}

const SOURCE_MAP_COMMENT = /\n?\/\/# sourceMappingURL=\S+\s*$/;

/** The zip's entries: each kept file's path and bytes (scripts without their source-map comment). */
export function releaseEntries(dir: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  for (const file of listFiles(dir).sort()) {
    const path = relative(dir, file).split("\\").join("/");
    if (leftOut(path)) continue;
    const bytes = readFileSync(file);
    out.set(path, /\.m?js$/.test(path) ? Buffer.from(bytes.toString("utf8").replace(SOURCE_MAP_COMMENT, "\n")) : bytes);
  }
  return out;
}

/** Writes the release zip of `dir` to `target`; refuses a folder without its manifest. */
export function writeReleaseZip(dir: string, target: string): string[] {
  const entries = releaseEntries(dir);
  if (!entries.has("system.json")) throw new Error(`release: ${dir} has no system.json`);
  const files: Zippable = {};
  for (const [path, bytes] of entries) files[path] = bytes;
  writeFileSync(target, zipSync(files, { level: 9 }));
  return [...entries.keys()];
}
