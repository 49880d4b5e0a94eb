// Art (issue 34 "Art"): the shipped weapons, armour, shields, adversaries, party,
// maneuvers, skills and roll tables show fitting pictures from Foundry's own icon
// library instead of one generic icon and the silhouette. Foundry's files are not
// here to look at, so only a path that another public system's packs cite may be
// shipped: tools/armory/icons.json lists each with where it is cited (repository
// and file), and every picture in packs/_source must be one of them.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repo } from "./dist";

const evidence = JSON.parse(readFileSync(repo("tools/armory/icons.json"), "utf8")) as {
  sources: Record<string, unknown>;
  icons: Record<string, { repo: string; file: string }>;
};
const catalog = JSON.parse(readFileSync(repo("tools/armory/catalog.json"), "utf8"));

/** Every picture a source holds (img, and a token's texture), with where it sits. */
function pictures(value: unknown, where: string, out: { path: string; where: string }[] = []): { path: string; where: string }[] {
  if (Array.isArray(value)) value.forEach((v, i) => pictures(v, `${where}[${i}]`, out));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value)) {
      if ((key === "img" || key === "src") && typeof v === "string") out.push({ path: v, where: `${where}.${key}` });
      else pictures(v, `${where}.${key}`, out);
    }
  }
  return out;
}

const shipped = readdirSync(repo("packs/_source"), { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".json"))
  .flatMap((f) => pictures(JSON.parse(readFileSync(repo(`packs/_source/${f}`), "utf8")), f));

describe("shipped pictures come from Foundry's icon library, with evidence", () => {
  it("every picture in packs/_source is a path tools/armory/icons.json evidences", () => {
    expect(shipped.length).toBeGreaterThan(500);
    expect(shipped.filter((p) => !(p.path in evidence.icons)).map((p) => `${p.where}: ${p.path}`)).toEqual([]);
  });

  it("each evidenced path is a core icon path and names a public repository listed as a source, and a file in it", () => {
    for (const [path, e] of Object.entries(evidence.icons)) {
      expect(path, path).toMatch(/^icons\/[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-z0-9-]+\.(webp|svg)$/);
      expect(Object.keys(evidence.sources), path).toContain(e.repo);
      expect(e.file, path).toMatch(/\S/);
    }
  });

  it("no weapon, armour, shield or fighter is left on a generic picture (the sword, the bag, the silhouette)", () => {
    const generic = /^icons\/svg\/(sword|combat|target|item-bag|shield|mystery-man|book)\.svg$/;
    const kinds = ["weapons", "armor", "shields", "npcs", "party"];
    const left = kinds.flatMap((k) => Object.entries<{ img: string }>(catalog[k]).filter(([, c]) => generic.test(c.img)).map(([slug]) => `${k}.${slug}`));
    expect(left).toEqual([]);
    expect(shipped.filter((p) => generic.test(p.path)).map((p) => p.where)).toEqual([]);
  });

  it("fitting: each weapon's picture is from the icon library's folder for its kind", () => {
    const folder = (slug: string) => catalog.weapons[slug].img.split("/").slice(0, 3).join("/");
    expect(["dagger", "rondel-dagger"].map(folder)).toEqual(["icons/weapons/daggers", "icons/weapons/daggers"]);
    expect(["arming-sword", "longsword", "greatsword", "rapier", "sabre", "falchion"].every((s) => folder(s) === "icons/weapons/swords")).toBe(true);
    expect(["short-bow", "longbow", "composite-bow"].every((s) => folder(s) === "icons/weapons/bows")).toBe(true);
    expect(["light-crossbow", "heavy-crossbow"].every((s) => folder(s) === "icons/weapons/crossbows")).toBe(true);
    expect(["short-spear", "long-spear", "pike", "halberd", "poleaxe", "glaive", "lance", "javelin"].every((s) => folder(s) === "icons/weapons/polearms")).toBe(true);
    expect(Object.values<{ img: string }>(catalog.shields).every((s) => s.img.startsWith("icons/equipment/shield/"))).toBe(true);
  });
});
