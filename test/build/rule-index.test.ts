// The rule index of each ruleset (docs/dev/<id>.md, "## Rule index",
// issue 19) names, for every rule of its seed, the engine function that decides it
// and the test that proves it. This test reads those tables so the index cannot rot:
// every `file.ts:function` must be defined in src/engine/<file>, and every
// `file.test.ts` "title" must be a test (it/test) in test/<file> whose title holds
// the quoted words.
//
// Cell grammar (one table row per rule):
//   engine: `rulesets/steel/reach.ts:reachPenalty`, `time/bouts.ts:boutsMachine` (paths under src/engine/)
//   test:   `engine/rulesets/steel/exchange.test.ts` "title words", "other title"; `shell/x.test.ts` "…"
// A cell may instead say "none" (with why) where the rule has no engine function or no test yet.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repo } from "./dist";

const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"];

interface Row {
  ruleset: string;
  line: number;
  rule: string;
  engine: string;
  test: string;
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());

/** The rows of every table under the "## Rule index" heading (up to the next "## "). */
export function indexRows(ruleset: string, markdown: string): Row[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((l) => /^## Rule index\b/.test(l));
  if (start < 0) return [];
  const rows: Row[] = [];
  let columns: { rule: number; engine: number; test: number } | undefined;
  for (let i = start + 1; i < lines.length && !/^## /.test(lines[i]!); i++) {
    const line = lines[i]!;
    if (!/^\s*\|/.test(line)) {
      columns = undefined;
      continue;
    }
    if (/^\s*\|?\s*:?-{3,}/.test(line)) continue;
    const row = cells(line);
    if (!columns) {
      const find = (word: RegExp) => row.findIndex((c) => word.test(c));
      columns = { rule: find(/rule/i), engine: find(/engine/i), test: find(/test/i) };
      continue;
    }
    rows.push({ ruleset, line: i + 1, rule: row[columns.rule] ?? "", engine: row[columns.engine] ?? "", test: row[columns.test] ?? "" });
  }
  return rows;
}

/** `path.ts:name` references of an engine cell. */
export function engineRefs(cell: string): { file: string; name: string }[] {
  return [...cell.matchAll(/`([\w./-]+\.ts):([\w$]+)`/g)].map((m) => ({ file: m[1]!, name: m[2]! }));
}

/** `path.test.ts` "title", "title" references of a test cell. */
export function testRefs(cell: string): { file: string; titles: string[] }[] {
  return [...cell.matchAll(/`([\w./-]+\.test\.ts)`((?:\s*,?\s*(?:and\s+)?"[^"]+")*)/g)].map((m) => ({
    file: m[1]!,
    titles: [...m[2]!.matchAll(/"([^"]+)"/g)].map((t) => t[1]!),
  }));
}

const definedIn = (source: string, name: string) =>
  new RegExp(`^\\s*(export\\s+)?(default\\s+)?(async\\s+)?(function\\*?|const|let|class)\\s+${name.replace(/\$/g, "\\$")}\\b`, "m").test(source) ||
  new RegExp(`export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(source);

/** The titles of the it()/test() calls of a test file, quotes undone. */
export function testTitles(source: string): string[] {
  const titles: string[] = [];
  const call = /\b(?:it|test)(?:\.\w+)?\(\s*(["'`])((?:\\.|(?!\1)[\s\S])*)\1/g;
  for (const m of source.matchAll(call)) titles.push(m[2]!.replace(/\\(.)/g, "$1").replace(/\s+/g, " "));
  return titles;
}

const root = repo();
const docs = RULESETS.map((id) => ({ id, markdown: readFileSync(join(root, "docs/dev", `${id}.md`), "utf8") }));

describe("rule index (issue 19): the guide's tables name real functions and real tests", () => {
  it("the parser reads the cell grammar", () => {
    expect(engineRefs("`rulesets/steel/reach.ts:reachPenalty`, `time/bouts.ts:boutsMachine` (the bouts)")).toEqual([
      { file: "rulesets/steel/reach.ts", name: "reachPenalty" },
      { file: "time/bouts.ts", name: "boutsMachine" },
    ]);
    expect(testRefs('`engine/a.test.ts` "one", "two"; `shell/b.test.ts` and "three"')).toEqual([
      { file: "engine/a.test.ts", titles: ["one", "two"] },
      { file: "shell/b.test.ts", titles: ["three"] },
    ]);
    expect(testTitles(`it("a \\"b\\"", () => {}); test.skip(\n  'c d', () => {})`)).toEqual(['a "b"', "c d"]);
    expect(definedIn("export function reachPenalty(a) {}", "reachPenalty")).toBe(true);
    expect(definedIn("const x = { reachPenalty: 1 }", "reachPenalty")).toBe(false);
  });

  for (const { id, markdown } of docs) {
    describe(id, () => {
      const rows = indexRows(id, markdown);

      it("has a Rule index with rows for its seed", () => {
        expect(rows.length, `docs/dev/${id}.md has no "## Rule index" table`).toBeGreaterThan(10);
      });

      it("every row names an engine function and a test (or says none)", () => {
        const bad = rows.filter(
          (r) => !r.rule || (!engineRefs(r.engine).length && !/\bnone\b/i.test(r.engine)) || (!testRefs(r.test).length && !/\bnone\b/i.test(r.test)),
        );
        expect(bad.map((r) => `${id}.md:${r.line} ${r.rule}`)).toEqual([]);
      });

      it("every named engine function is defined in the named file under src/engine/", () => {
        const missing: string[] = [];
        for (const row of rows)
          for (const ref of engineRefs(row.engine)) {
            const path = join(root, "src/engine", ref.file);
            if (!existsSync(path)) missing.push(`${id}.md:${row.line} no file src/engine/${ref.file}`);
            else if (!definedIn(readFileSync(path, "utf8"), ref.name)) missing.push(`${id}.md:${row.line} ${ref.name} not in src/engine/${ref.file}`);
          }
        expect(missing).toEqual([]);
      });

      it("every named test file exists and holds a test with the named title", () => {
        const missing: string[] = [];
        for (const row of rows)
          for (const ref of testRefs(row.test)) {
            const path = join(root, "test", ref.file);
            if (!existsSync(path)) {
              missing.push(`${id}.md:${row.line} no file test/${ref.file}`);
              continue;
            }
            const titles = testTitles(readFileSync(path, "utf8"));
            for (const title of ref.titles)
              if (!titles.some((t) => t.includes(title.replace(/\s+/g, " ")))) missing.push(`${id}.md:${row.line} no test "${title}" in test/${ref.file}`);
          }
        expect(missing).toEqual([]);
      });
    });
  }
});
