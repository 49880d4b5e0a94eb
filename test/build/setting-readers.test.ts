// Issue 32 leftovers: readers of the settings that hold a rule (or the table's own switches) typed their own
// fallback beside `game.settings.get` (`?? 0`, `!== false`, `?? "players"`, `Boolean(...)`). Every such setting is
// now read in src/settings.ts only, through the engine's readers (src/engine/rulesets/world-settings.ts) or
// `TABLE_SWITCHES`; this check fails when another file reads one of them itself.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RULE_SWITCHES } from "../../src/engine/rulesets/world-settings";
import { repo } from "./dist";

const KEYS = [...Object.keys(RULE_SWITCHES), "steelMaxAttackers", "steelBuyInitiativeTn", "pulseMoveLimits", "roundSeconds", "autoApply", "styleConfirm"];
const READ = new RegExp(`settings[!?]?\\.get\\(\\s*[^,()]+,\\s*["'\`](${KEYS.join("|")})["'\`]`, "g");

/** The rule settings a source reads itself. */
const readsIn = (text: string) => [...text.matchAll(READ)].map((m) => m[1]!);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith(".ts") ? [p] : [];
  });
}

describe("the settings that hold a rule are read through src/settings.ts only", () => {
  it("the check sees a reader of its own", () => {
    expect(readsIn('const n = Number(game.settings?.get("bout", "steelMaxAttackers") ?? 0);')).toEqual(["steelMaxAttackers"]);
    expect(readsIn('game.settings!.get(SYSTEM_ID, "phasesEffectiveSpace") !== false')).toEqual(["phasesEffectiveSpace"]);
    expect(readsIn('game.settings?.get("bout", "steelRangeBands")')).toEqual([]);
  });

  it("no file of src/ but settings.ts reads one", () => {
    const src = repo("src");
    const found = files(src)
      .filter((f) => f !== join(src, "settings.ts"))
      .flatMap((f) => readsIn(readFileSync(f, "utf8")).map((k) => `${f.slice(src.length + 1)}: ${k}`));
    expect(found).toEqual([]);
  });
});
