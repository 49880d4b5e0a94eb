// Every localization key and template path the code or templates use must exist.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readJson, repo } from "./dist";

const lang = readJson(repo("lang/en.json"));
const lookup = (key: string) => key.split(".").reduce<any>((o, k) => o?.[k], lang);
const has = (key: string) => typeof lookup(key) === "string";
/** A key prefix (tab labels, choice labels) must name a group of strings. */
const hasKeyOrPrefix = (key: string) => has(key) || (typeof lookup(key) === "object" && lookup(key) !== null);

function files(dir: string, ext: string): string[] {
  if (!existsSync(repo(dir))) return [];
  return readdirSync(repo(dir), { recursive: true })
    .map(String)
    .filter((f) => f.endsWith(ext))
    .map((f) => join(dir, f));
}

const sources = files("src", ".ts").map((f) => [f, readFileSync(repo(f), "utf8")] as const);
const templates = files("templates", ".hbs").map((f) => [f, readFileSync(repo(f), "utf8")] as const);

describe("localization", () => {
  it("has every BOUT.* and TYPES.* key the source code names", () => {
    const missing: string[] = [];
    for (const [file, code] of sources) {
      for (const [, key] of code.matchAll(/["'`]((?:BOUT|TYPES)\.[A-Za-z0-9_.-]+[A-Za-z0-9_])["'`]/g)) if (!hasKeyOrPrefix(key!)) missing.push(`${file}: ${key}`);
    }
    expect(missing).toEqual([]);
  });

  it("has every key the templates localize", () => {
    const missing: string[] = [];
    for (const [file, html] of templates) {
      for (const [, key] of html.matchAll(/localize\s+"([^"]+)"/g)) if (!has(key!)) missing.push(`${file}: ${key}`);
    }
    expect(missing).toEqual([]);
  });

  it("labels every declared document type", () => {
    const manifest = readJson(repo("system.json"));
    for (const [doc, types] of Object.entries<Record<string, unknown>>(manifest.documentTypes)) {
      for (const type of Object.keys(types)) expect(has(`TYPES.${doc}.${type}`), `TYPES.${doc}.${type}`).toBe(true);
    }
  });
});

describe("templates", () => {
  it("exist for every path the source code names", () => {
    const missing: string[] = [];
    for (const [file, code] of sources) {
      for (const [, path] of code.matchAll(/templatePath\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) if (!existsSync(repo(`templates/${path}`))) missing.push(`${file}: ${path}`);
      for (const [, path] of code.matchAll(/["'`]systems\/bout\/(templates\/[^"'`]+)["'`]/g)) if (!existsSync(repo(path!))) missing.push(`${file}: ${path}`);
    }
    expect(missing).toEqual([]);
  });
});
