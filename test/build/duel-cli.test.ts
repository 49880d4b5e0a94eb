// The duel simulator's command line (issue 21, "Content right in every ruleset"):
// it refuses what it cannot honour (unknown options, --rounds 0, a file that is
// not an actor) and lists what it would accept; a run names the weapons and how
// the duels ended.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DuelCliError, runDuelCli } from "../../tools/duel/run";

const refusal = (argv: string[]): string => {
  try {
    runDuelCli(argv);
  } catch (error) {
    if (error instanceof DuelCliError) return error.message;
    throw error;
  }
  throw new Error(`not refused: ${argv.join(" ")}`);
};

const dir = mkdtempSync(join(tmpdir(), "bout-duel-cli-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe("npm run duel", () => {
  it("refuses an unknown option and names the options it knows", () => {
    expect(refusal(["wolf", "archer", "--round", "5"])).toMatch(/unknown option --round .*--rounds/s);
    expect(refusal(["wolf", "archer", "--verbose"])).toMatch(/unknown option --verbose/);
    expect(refusal(["wolf", "archer", "--json=yes"])).toMatch(/--json takes no value/);
    expect(refusal(["wolf", "archer", "--n"])).toMatch(/--n needs a value/);
    expect(refusal(["wolf", "archer", "--n", "5", "--n", "6"])).toMatch(/--n given twice/);
  });

  it("refuses --rounds 0, a negative or fractional count, and text for a number", () => {
    expect(refusal(["wolf", "archer", "--rounds", "0"])).toMatch(/--rounds must be at least 1/);
    expect(refusal(["wolf", "archer", "--rounds=-3"])).toMatch(/--rounds must be at least 1/);
    expect(refusal(["wolf", "archer", "--n", "2.5"])).toMatch(/--n must be a whole number/);
    expect(refusal(["wolf", "archer", "--n", "0"])).toMatch(/--n must be at least 1/);
    expect(refusal(["wolf", "archer", "--seed", "abc"])).toMatch(/--seed must be a whole number/);
  });

  it("lists the rulesets when the ruleset is wrong, and the ruleset's policies when a policy is wrong", () => {
    expect(refusal(["wolf", "archer", "--ruleset", "chess"])).toBe('unknown ruleset "chess" (rulesets: steel, actionpoints, opposed, phases, pulse)');
    expect(refusal(["wolf", "archer", "--ruleset", "steel", "--policy-a", "berserk"])).toBe(
      'unknown policy "berserk" for steel (policies: balanced, all-out-attack, defend-and-riposte, shield-wall; default balanced)',
    );
    expect(refusal(["wolf", "archer", "--ruleset", "pulse", "--policy-b", "balanced"])).toMatch(/policies: evade-and-parry, stand-fast/);
  });

  it("refuses a file that is not an actor: an item, a JSON list, broken JSON, a missing file; and an unknown name lists the shipped fighters", () => {
    expect(refusal([file("item.json", JSON.stringify({ name: "Dagger", type: "weapon", system: {} })), "archer"])).toMatch(/item\.json is not an actor: its type is "weapon"/);
    expect(refusal([file("list.json", "[1, 2]"), "archer"])).toMatch(/is not an actor: it holds no JSON object/);
    expect(refusal([file("broken.json", "{ nope"), "archer"])).toMatch(/is not an actor: it is not JSON/);
    expect(refusal([join(dir, "missing.json"), "archer"])).toMatch(/no file/);
    expect(refusal(["dragon", "archer"])).toMatch(/no actor "dragon": give a shipped fighter \(.*town-guard.*wolf.*aldric/);
  });

  it("runs an exported actor file and a shipped fighter, naming the weapon each used and why the duels ended", () => {
    const out = runDuelCli(["wolf", "Archer", "--n", "200", "--seed", "4"]);
    expect(out).toMatch(/Wolf \(balanced\) vs Archer \(balanced\): steel, 200 duels/);
    expect(out).toContain("Wolf fights with Jaws; Archer with Arming sword");
    expect(out).toMatch(/How the duels ended:\n {2}Wolf won: the foe /);
    const exported = file("guard.json", JSON.stringify({ name: "Exported guard", type: "npc", system: {}, items: [] }));
    const json = JSON.parse(runDuelCli([exported, "aldric-sellsword", "--ruleset", "opposed", "--n", "50", "--json"]));
    expect(json.names).toEqual({ a: "Exported guard", b: "Aldric, sellsword" });
    expect(json.weapons).toEqual({ a: "", b: "Arming sword" });
    expect(json.wins.a + json.wins.b + json.wins.draw).toBe(50);
  });
});
