// Font Awesome is a devDependency for the browser tests only: Foundry ships its
// own (v13 loads it for every client), so the built system carries none of it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { dist } from "./dist";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

describe("the built system and Font Awesome", () => {
  it("bundles no Font Awesome font or stylesheet, and its code and styles do not load the npm package", () => {
    const root = dist();
    const all = files(root).map((f) => relative(root, f));
    expect(all.filter((f) => /fontawesome|fa-(solid|regular|brands)|\.woff2?$/i.test(f))).toEqual([]);
    const text = all.filter((f) => /\.(js|mjs|css)$/.test(f)).filter((f) => /@fortawesome|fontawesome-free/.test(readFileSync(join(root, f), "utf8")));
    expect(text).toEqual([]);
  });
});
