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
