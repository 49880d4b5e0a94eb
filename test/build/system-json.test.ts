import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { dist, readJson, repo } from "./dist";

const manifest = readJson(dist("system.json"));
const pkg = readJson(repo("package.json"));

describe("dist/bout/system.json", () => {
  it("identifies the system and its Foundry compatibility", () => {
    expect(manifest.id).toBe("bout");
    // Runs on v13 and v14 (issue 22): minimum 13, verified 14, and no maximum, so later versions are not refused.
    expect(manifest.compatibility).toEqual({ minimum: "13", verified: "14" });
    expect(manifest.compatibility.maximum).toBeUndefined();
    expect(manifest.title).toBeTruthy();
  });

  it("takes its version and release addresses from package.json", () => {
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.manifest).toBe(pkg.foundry.manifest);
    expect(manifest.download).toBe(pkg.foundry.download.replace("{version}", pkg.version));
    expect(manifest.download).toContain(pkg.version);
  });

  it("names only files that exist in the built folder", () => {
    const files = [...manifest.esmodules, ...manifest.styles, ...manifest.languages.map((l: { path: string }) => l.path)];
    expect(files).toEqual(["bout.mjs", "bout.css", "lang/en.json"]);
    for (const file of files) expect(existsSync(dist(file)), file).toBe(true);
    for (const pack of manifest.packs) expect(existsSync(dist(`${pack.path}/CURRENT`)), pack.path).toBe(true);
  });

  it("declares the actor and item types", () => {
    expect(Object.keys(manifest.documentTypes.Actor)).toEqual(expect.arrayContaining(["character", "npc"]));
    expect(Object.keys(manifest.documentTypes.Item)).toEqual(expect.arrayContaining(["weapon", "armor", "shield"]));
  });

  it("sets grid defaults and a primary token attribute", () => {
    expect(manifest.grid).toMatchObject({ distance: 5, units: "ft" });
    expect(typeof manifest.primaryTokenAttribute).toBe("string");
  });

  it("lists a pack for every compendium source folder and nothing else", async () => {
    const { readdirSync } = await import("node:fs");
    const sources = readdirSync(repo("packs/_source")).sort();
    expect(manifest.packs.map((p: { name: string }) => p.name).sort()).toEqual(sources);
    for (const pack of manifest.packs) {
      expect(pack.path).toBe(`packs/${pack.name}`);
      expect(pack.system).toBe("bout");
    }
  });
});

describe("release (issue 21, \"A release a group can install\")", () => {
  it("the repository's system.json carries the manifest and download URLs of package.json's foundry block", () => {
    const source = readJson(repo("system.json"));
    expect(source.manifest).toBe(pkg.foundry.manifest);
    expect(source.download).toBe(pkg.foundry.download.replace("{version}", source.version));
    expect(source.url).toBe(pkg.foundry.url);
    expect(source.manifest).toMatch(/^https:\/\/github\.com\/.+\/releases\/latest\/download\/system\.json$/);
    expect(source.download).toMatch(/^https:\/\/github\.com\/.+\/releases\/download\/v[^/]+\/bout\.zip$/);
  });

  it("a workflow on version tags builds and tests, versions from the tag, and attaches system.json and the zip", async () => {
    const { readFileSync } = await import("node:fs");
    const yml = readFileSync(repo(".github/workflows/release.yml"), "utf8");
    expect(yml).toMatch(/on:\s*\n\s*push:\s*\n\s*tags: \["v\*"\]/);
    expect(yml).toContain('npm version "$version" --no-git-tag-version');
    expect(yml).toContain('version="${GITHUB_REF_NAME#v}"');
    // .ci/run installs chromium and runs npm test, which builds dist/bout and dist/bout.zip.
    expect(yml).toContain("run: bash .ci/run");
    expect(readFileSync(repo(".ci/run"), "utf8")).toMatch(/\nnpm test\n/);
    const files = yml.slice(yml.indexOf("files: |")).split("\n").slice(1, 4).map((l) => l.trim());
    expect(files).toEqual(["dist/system.json", "dist/bout.zip", "dist/bout.mjs.map"]);
    expect(yml).toContain("cp dist/bout/system.json dist/system.json");
  });
});

describe("tools/system-manifest: the version comes from package.json, as `npm version <tag>` sets it", () => {
  it("a package at 1.4.2 builds a manifest at 1.4.2 whose download is the v1.4.2 release's zip", async () => {
    const { mkdtempSync, writeFileSync, readFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { buildManifest } = await import("../../tools/system-manifest");
    const dir = mkdtempSync(join(tmpdir(), "bout-manifest-"));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ ...pkg, version: "1.4.2" }));
    writeFileSync(join(dir, "system.json"), readFileSync(repo("system.json"), "utf8"));
    const m = buildManifest(dir);
    expect(m.version).toBe("1.4.2");
    expect(m.download).toBe("https://github.com/bout-vtt/bout/releases/download/v1.4.2/bout.zip");
    expect(m.manifest).toBe("https://github.com/bout-vtt/bout/releases/latest/download/system.json");
  });
});
