// The shared tracker (src/applications/combat/) holds no ruleset's word (issue 32 leftovers): it knew steel's
// "throw" declaration and imported the bouts' THROWS; now each ruleset's table side names the declaration its
// button opens (src/table/machines.ts GroupAction.declare, filled by src/table/steel/time.ts).
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { repo } from "./dist";

const RULESETS = ["steel", "phases", "actionpoints", "opposed", "pulse"];
/** The time structures that belong to one ruleset (engine/time/machine.ts, roster.ts and the rest are shared). */
const RULESET_MACHINES = ["bouts", "phases", "phases-checks", "phases-declaration", "phases-movement", "phases-strikes", "pulses", "action-phases", "turns"];

const dir = repo("src/applications/combat");
const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));

/** What a file of the tracker names that belongs to one ruleset: an import of its folder or machine, or steel's throw. */
function rulesetWords(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/from\s+"([^"]+)"/g)) {
    const path = m[1]!;
    if (RULESETS.some((r) => path.includes(`/rulesets/${r}/`) || path.includes(`/table/${r}/`) || path.endsWith(`/rulesets/${r}`) || path.endsWith(`/table/${r}`))) found.push(path);
    if (RULESET_MACHINES.some((t) => path.endsWith(`/engine/time/${t}`))) found.push(path);
  }
  if (/["'`]throw["'`]/.test(text)) found.push('"throw"');
  return found;
}

describe("the shared tracker names no ruleset's declaration or rule", () => {
  it("the check sees what it forbids", () => {
    expect(rulesetWords('import { THROWS } from "../../engine/time/bouts";\nopenDeclaration(c, "throw", g, ids, []);')).toEqual(["../../engine/time/bouts", '"throw"']);
    expect(rulesetWords('import { x } from "../../table/steel/throw";')).toEqual(["../../table/steel/throw"]);
    expect(rulesetWords('import { whyOutside } from "../../engine/time/roster";')).toEqual([]);
  });

  it.each(files)("%s", (f) => {
    expect(rulesetWords(readFileSync(`${dir}/${f}`, "utf8"))).toEqual([]);
  });
});
