// The layout DESIGN.md asks for (issue 18 "Layout"): folders of src/ import
// downwards only. The project's own checker, tools/folder-cycles.mjs, lists any
// cycle between folders (a folder is src/<a> or src/<a>/<b>); it ships with the
// repository, so a release checkout or a group's clone runs this test as well.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repo } from "./dist";

const TOOL = repo("tools/folder-cycles.mjs");

function check(srcDir: string, ...flags: string[]) {
  const run = spawnSync(process.execPath, [TOOL, srcDir, ...flags], { cwd: repo(), encoding: "utf8" });
  return { code: run.status, out: run.stdout };
}

describe("layout", () => {
  it("has no import cycles between folders of src/", () => {
    const { code, out } = check("src");
    expect(out).not.toMatch(/cycle among/);
    expect(out).toMatch(/no import cycles/);
    expect(code).toBe(0);
  });

  it("lists the folder edges it reads: the table side leans on the engine, never back", () => {
    const { out } = check("src", "--edges");
    expect(out).toMatch(/^table\/steel -> engine\/rulesets {3}\(/m);
    expect(out).not.toMatch(/^engine[^ ]* -> table/m);
  });
});

describe("the folder-cycle checker on a small fixture", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function fixture(files: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), "bout-cycles-"));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  const downwards = {
    "index.ts": 'import { card } from "./table/steel/card";\nexport { card };\n',
    "table/steel/card.ts": 'import { rule } from "../../engine/rules/rule.ts";\nexport const card = rule;\n',
    "engine/rules/rule.ts": 'export const rule = 1;\n',
  };

  it("passes a tree that imports downwards only", () => {
    const { code, out } = check(fixture(downwards));
    expect(out).toMatch(/no import cycles/);
    expect(code).toBe(0);
  });

  it("catches a cycle closed by a static import, naming the import that closes it", () => {
    const { code, out } = check(fixture({ ...downwards, "engine/rules/rule.ts": 'import { card } from "../../table/steel/card";\nexport const rule = card;\n' }));
    expect(code).toBe(1);
    expect(out).toMatch(/cycle among: engine\/rules, table\/steel/);
    expect(out).toContain("engine/rules -> table/steel   (engine/rules/rule.ts -> table/steel/card.ts)");
  });

  it("catches a cycle closed by a re-export or a dynamic import()", () => {
    expect(check(fixture({ ...downwards, "engine/rules/rule.ts": 'export { card } from "../../table/steel/card";\nexport const rule = 1;\n' })).code).toBe(1);
    rmSync(dir, { recursive: true, force: true });
    const { code, out } = check(fixture({ ...downwards, "engine/rules/rule.ts": 'export const rule = 1;\nexport const later = () => import("../../table/steel/card");\n' }));
    expect(code).toBe(1);
    expect(out).toMatch(/cycle among: engine\/rules, table\/steel/);
  });

  it("ignores type-only imports and commented-out ones, which do not run", () => {
    const { code, out } = check(fixture({
      ...downwards,
      "engine/rules/rule.ts": 'import type { Card } from "../../table/steel/card";\nimport { type Card as C } from "../../table/steel/card";\n// import { card } from "../../table/steel/card";\nexport const rule = 1;\n',
    }));
    expect(out).toMatch(/no import cycles/);
    expect(code).toBe(0);
  });

  it("tells a ruleset's folder from its parent: src/table and src/table/steel are two nodes", () => {
    const { code, out } = check(fixture({
      "table/cards.ts": 'import { card } from "./steel/card";\nexport const cards = [card];\n',
      "table/steel/card.ts": 'import { cards } from "../cards";\nexport const card = cards;\n',
    }));
    expect(code).toBe(1);
    expect(out).toMatch(/cycle among: table, table\/steel/);
  });
});
