// Issue 32, "A grep of src/table/ for rule decisions finds only input gathering
// and display": a number in a ruleset's table code is most often a rule typed
// again (a cost, a cap, a bound the seed fixes). In src/table/phases and
// src/table/actionpoints every numeric literal besides 0 and 1 (comments and
// strings aside) is listed here with why it is not a rule; a new one fails
// until it moves to src/engine/ or is listed with its reason.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../harness/world";
import { numbersIn } from "./source-numbers";

const ALLOWED: Record<string, Record<string, string>> = {
  "src/table/phases/attack.ts": { "10": "the measured paces shown to a tenth" },
  "src/table/phases/declaration.ts": {
    "4": "Initiative odds rows: totals a few steps above the sure part",
    "7": "Initiative odds rows",
    "10": "Initiative odds rows",
    "15": "Initiative odds rows",
    "20": "Initiative odds rows",
  },
  "src/table/phases/effective-space.ts": {
    "100": "a scene without a grid size: 100 pixels (Foundry's default grid)",
    "2": "a token's centre: half its width and height",
    "10": "the paces moved shown to a tenth",
  },
  "src/table/actionpoints/attack.ts": { "24": "the AP-moved-first field's display bound (attackAction checks it)", "100": "the modifier field's input bound" },
  "src/table/actionpoints/skill-tests.ts": { "100": "the modifier field's input bound" },
  "src/table/actionpoints/time.ts": { "4": "the spend field's opening value" },
};

/** The numeric literals of a source file's code besides 0 and 1, each once. */
const literals = (source: string) => [...new Set(numbersIn(source))];

describe("issue 32: numbers in the phases and actionpoints table code", () => {
  it("finds a typed cost in code, not in its comment or a string", () => {
    expect(literals('// costs 6\nconst cost = w.attackCost ?? 6; const k = "BOUT.6";')).toEqual(["6"]);
  });

  it("every one is listed with why it is not a rule", () => {
    const unlisted: string[] = [];
    for (const dir of ["src/table/phases", "src/table/actionpoints"]) {
      for (const name of readdirSync(join(REPO_ROOT, dir)).filter((f) => f.endsWith(".ts"))) {
        const file = `${dir}/${name}`;
        for (const n of literals(readFileSync(join(REPO_ROOT, file), "utf8"))) if (!ALLOWED[file]?.[n]) unlisted.push(`${file}: ${n}`);
      }
    }
    expect(unlisted).toEqual([]);
  });
});
