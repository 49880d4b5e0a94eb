// Issue 32 ("a grep of src/table/ for rule decisions finds only input gathering and display"): the
// numbers in steel's table code and the styles' table side. Every figure a seed 000 rule uses (a TN, a
// cap, a default the rules fix) comes from src/engine/; what is left here is a dialog's default or bound,
// a display fallback, or plumbing, each listed with why. A new number in these files fails this test
// until it is either moved into the engine or added below with its reason.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repo } from "./dist";

/** The numeric literals of a file's code (comments and strings dropped), other than 0 and 1. */
export function numbersIn(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1")
    .replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|`(?:\\.|[^`\\])*`/g, '""');
  return [...code.matchAll(/(?<![\w.$])\d+(?:\.\d+)?(?:_\d+)*(?![\w.])/g)].map((m) => m[0]).filter((n) => n !== "0" && n !== "1");
}

/** Per file, the numbers allowed and why (sorted, as numbersIn would list them once sorted). */
const ALLOWED: Record<string, { numbers: string[]; why: string }> = {
  "src/table/steel/attack.ts": { numbers: ["10", "2", "2", "2", "30", "5", "7"], why: "dialog defaults (half the pool, the first zone's id 5 when a world has none), the expected-defence field's bound, the odds' display fallbacks (ATN 10, 7) when a profile does not read" },
  "src/table/steel/contests.ts": { numbers: ["2", "2", "2", "2", "2", "20", "30", "30", "30", "6"], why: "dialog defaults (2 dice, a GM's own TN starting at 6) and bounds (a GM's TN up to 20, an opponent's dice up to 30)" },
  "src/table/steel/crowd.ts": { numbers: ["10", "2"], why: "the outnumbered dialog's default dice and the Tactics field's bound" },
  "src/table/steel/missile.ts": { numbers: ["10", "10", "10", "3", "3", "30", "5", "5", "7"], why: "yards shown to a tenth, the odds' ATN fallback 10 and evasion fallback 7, dialog defaults (3 dice) and bounds (the GM's modifier within ±5, expected dice up to 30)" },
  "src/table/steel/mounted.ts": { numbers: ["2", "2", "2", "2", "2", "2", "2", "2", "3", "30"], why: "the gait changes the form offers (steps 2 and 3, each checked by gaitChangeFrom), the riders' choice of 1 or 2 exchanges as sent, dialog defaults (2 dice) and the foe's dice bound" },
  "src/table/steel/skill-tests.ts": { numbers: ["10", "5", "5"], why: "the skill dialog's bounds (bonus dice up to 10, a TN modifier within ±5)" },
  "src/table/steel/surprise.ts": { numbers: ["5", "5"], why: "the ambush dialog's TN modifier bounds (±5; isGmTnModifier checks the request)" },
  "src/table/styles/fight.ts": { numbers: ["20_000"], why: "the size at which the odds cache is emptied (plumbing)" },
};

describe("steel's table code holds no seed numbers (issue 32 audit)", () => {
  it("the parser drops comments and strings and keeps the code's numbers", () => {
    expect(numbersIn('const a = 3; // 7 in a comment\nconst b = "12"; /* 9 */ const c = x.cp / 2 + 1 + 0;')).toEqual(["3", "2"]);
  });

  it("every number in src/table/steel and src/table/styles is listed with its reason", () => {
    const found: Record<string, string[]> = {};
    for (const dir of ["src/table/steel", "src/table/styles"])
      for (const name of readdirSync(repo(dir))) {
        const numbers = numbersIn(readFileSync(repo(join(dir, name)), "utf8")).sort();
        if (numbers.length) found[`${dir}/${name}`] = numbers;
      }
    expect(found).toEqual(Object.fromEntries(Object.entries(ALLOWED).map(([file, a]) => [file, [...a.numbers].sort()])));
  });
});
