// Issue 32 shell audit, "a grep of src/table/ for rule decisions finds only input gathering and display": the runner
// and the shared shell (src/table/*.ts, src/documents, src/applications/combat, src/settings.ts) hold no number of
// their own but 0, 1 and -1, except those listed here with why (none is a rule's: a seed's number lives in the engine,
// docs/dev/shell-audit.md). A new number in these files fails here until it moves to the engine or is listed.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../harness/world";

const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  // A pass's length (random characters) and the least a request's may have: the secret a client sends with its requests; at most 4 passes of one user
  // waiting to be confirmed, so a flood of made-up ones does not flood that user's client.
  "src/table/grants.ts": ["32", "16", "4"],
  // The encounter a fighter acts in: a started one outranks the active one (the weights of fightOf's two tests).
  "src/table/cards.ts": ["2"],
  // The fourth argument of Foundry's _onUpdateDescendantDocuments (the changes), an index.
  "src/documents/combat.ts": ["3"],
  // How long a query waits for its answer (ms), plumbing.
  "src/table/query.ts": ["10_000"],
  // How many times a queued task may widen the documents it holds before it runs anyway.
  "src/table/write-queue.ts": ["8"],
  // Foundry's own grid size (px) where a scene gives none.
  "src/table/measure.ts": ["100"],
};

const FILES = [
  ...readdirSync(join(REPO_ROOT, "src/table")).filter((f) => f.endsWith(".ts")).map((f) => `src/table/${f}`),
  ...readdirSync(join(REPO_ROOT, "src/documents")).filter((f) => f.endsWith(".ts")).map((f) => `src/documents/${f}`),
  ...readdirSync(join(REPO_ROOT, "src/applications/combat")).filter((f) => f.endsWith(".ts")).map((f) => `src/applications/combat/${f}`),
  "src/settings.ts",
];

/** The code without comments and without the text of strings (a lang key or a message may hold digits). */
function code(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1")
    .replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`/g, '""');
}

/** The numeric literals of a file's code, other than 0 and 1. */
export function numbersIn(source: string): string[] {
  return [...code(source).matchAll(/(?<![\w.$])\d[\d_]*(?:\.\d+)?(?![\w$])/g)].map((m) => m[0]).filter((n) => n !== "0" && n !== "1");
}

describe("the shared shell holds no rule's number", () => {
  it("finds a number where one is typed (the check can fail)", () => {
    expect(numbersIn('const tn = x ?? 6; // not 7\nconst key = "BOUT.Key2"; const y = 0;')).toEqual(["6"]);
  });

  it.each(FILES)("%s: only the numbers listed, with why", (file) => {
    const found = numbersIn(readFileSync(join(REPO_ROOT, file), "utf8"));
    expect([...new Set(found)].sort()).toEqual([...(ALLOWED[file] ?? [])].sort());
  });
});
