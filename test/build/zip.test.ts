// The release archive (issue 21, "A release a group can install"): what Foundry
// needs from the built folder and nothing else — no source map, no pack LOCK or
// LOG files — with the manifest at the root.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { leftOut, releaseEntries, writeReleaseZip } from "../../tools/release/zip";
import { dist } from "./dist";

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

describe("dist/bout.zip", () => {
  const entries = unzipSync(readFileSync(dist("../bout.zip")));
  const names = Object.keys(entries).sort();
  const manifest = JSON.parse(Buffer.from(entries["system.json"]!).toString("utf8"));

  it("unpacks to the installable folder: every file of dist/bout but the left-out ones, same bytes, manifest at the root", () => {
    const root = dist();
    const kept = listFiles(root)
      .map((f) => relative(root, f).split("\\").join("/"))
      .filter((f) => !leftOut(f))
      .sort();
    expect(names).toEqual(kept);
    for (const file of kept.filter((f) => f !== "bout.mjs")) expect(Buffer.from(entries[file]!).equals(readFileSync(join(root, file))), file).toBe(true);
    expect(manifest.id).toBe("bout");
  });

  it("holds everything the manifest names: the script, the style, the language file, the templates and each pack's database", () => {
    for (const file of [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map((l: { path: string }) => l.path)]) expect(names, file).toContain(file);
    for (const pack of manifest.packs as { path: string }[]) {
      expect(names, pack.path).toContain(`${pack.path}/CURRENT`);
      expect(names.some((n) => n.startsWith(`${pack.path}/MANIFEST-`)), pack.path).toBe(true);
      expect(names.some((n) => n.startsWith(`${pack.path}/`) && n.endsWith(".ldb")), pack.path).toBe(true);
    }
    expect(names.some((n) => n.startsWith("templates/") && n.endsWith(".hbs"))).toBe(true);
    expect(manifest.download).toContain(`/v${manifest.version}/bout.zip`);
  });

  it("has no source map and no pack LOCK or LOG file; the bundle does not point at a map", () => {
    expect(names.filter((n) => n.endsWith(".map"))).toEqual([]);
    expect(names.filter((n) => /(^|\/)(LOCK|LOG|LOG\.old)$/.test(n))).toEqual([]);
    const script = Buffer.from(entries["bout.mjs"]!).toString("utf8");
    expect(script).not.toContain("sourceMappingURL");
    // Only the comment went: the bundle is otherwise the built one.
    expect(script.trimEnd()).toBe(readFileSync(dist("bout.mjs"), "utf8").replace(/\/\/# sourceMappingURL=\S+\s*$/, "").trimEnd());
  });
});

describe("tools/release/zip", () => {
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), "bout-release-"));
    const put = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    put("system.json", '{"id":"bout"}');
    put("bout.mjs", "export const x = 1;\n//# sourceMappingURL=bout.mjs.map\n");
    put("bout.mjs.map", "{}");
    for (const f of ["CURRENT", "LOCK", "LOG", "LOG.old", "000004.log", "000005.ldb", "MANIFEST-000002"]) put(`packs/npcs/${f}`, f);
    return dir;
  };

  it("leaves out source maps and the packs' LOCK, LOG and LOG.old, and keeps the numbered .log files (pack data)", () => {
    expect([...releaseEntries(folder()).keys()]).toEqual(["bout.mjs", "packs/npcs/000004.log", "packs/npcs/000005.ldb", "packs/npcs/CURRENT", "packs/npcs/MANIFEST-000002", "system.json"]);
    expect(Buffer.from(releaseEntries(folder()).get("bout.mjs")!).toString()).toBe("export const x = 1;\n");
  });

  it("refuses a folder without system.json", () => {
    const dir = mkdtempSync(join(tmpdir(), "bout-release-empty-"));
    expect(() => writeReleaseZip(dir, join(dir, "out.zip"))).toThrow(/no system.json/);
  });
});
