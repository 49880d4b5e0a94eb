// The browser tests' screenshots follow one naming rule (issue 20, "Proof"):
// `<view>-<ruleset>-<state>-<theme>.png`, checked by shotPath (test/browser/shots.ts)
// as each is written. Here: every screenshot the browser tests take goes through
// shotPath, and the rule takes the names it should and refuses the rest.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { identicalShots, SHOT_NAME, shotPath } from "../browser/shots";

const BROWSER = join(process.cwd(), "test/browser");

describe("screenshot names", () => {
  it("every screenshot a browser test takes is written through shotPath", () => {
    const calls: string[] = [];
    // chromium.ts is the helper itself: it writes the path its caller gave, and the callers are checked here.
    for (const file of readdirSync(BROWSER).filter((f) => f.endsWith(".ts") && f !== "chromium.ts")) {
      const text = readFileSync(join(BROWSER, file), "utf8");
      // playwright's own screenshot calls, and the helper that stands in for them (test/browser/chromium.ts `screenshot`).
      for (const m of text.matchAll(/\.screenshot\(([^)]*)/g)) calls.push(`${file}: ${m[1]}`);
      for (const m of text.matchAll(/await screenshot\(([^;]*)\);/g)) calls.push(`${file}: ${m[1]}`);
    }
    expect(calls.length).toBeGreaterThan(20);
    expect(calls.filter((c) => !/path: shotPath\(|^[^:]+: [\w.]+, "[^"]+", shotPath\(/.test(c))).toEqual([]);
  });

  it("take <view>-<ruleset>-<state>-<theme>.png with a ruleset, all or none, and light or dark", () => {
    for (const good of ["card-steel-attack-waiting-light.png", "dialog-phases-defence-dark.png", "tracker-pulse-running-player-dark.png", "item-all-longsword-description-light.png", "card-steel-ride-by-applied-dark.png", "rolltables-none-empty-light.png"]) expect(SHOT_NAME.test(good), good).toBe(true);
    for (const bad of ["weapon-description-longsword-light.png", "card-steel-attack-dim.png", "card-steel-light.png", "card-Steel-attack-light.png", "card-steel-attack_waiting-light.png", "dialog-steel-open-light.jpg"]) expect(SHOT_NAME.test(bad), bad).toBe(false);
    expect(() => shotPath("weapon-description-longsword-light.png")).toThrow(/<view>-<ruleset>-<state>-<theme>/);
  });

  it("two views that drew the same image are found, whatever their names", () => {
    const files: Record<string, Buffer> = {
      "dialog-steel-throw-light.png": Buffer.from("throw"),
      "dialog-steel-blow-order-light.png": Buffer.from("throw"),
      "dialog-steel-outnumbered-light.png": Buffer.from("throw"),
      "dialog-steel-throw-dark.png": Buffer.from("throw, dark"),
    };
    expect(identicalShots(Object.keys(files), (n) => files[n]!)).toEqual([["dialog-steel-throw-light.png", "dialog-steel-blow-order-light.png", "dialog-steel-outnumbered-light.png"]]);
    expect(identicalShots(["dialog-steel-throw-dark.png", "dialog-steel-throw-light.png"], (n) => files[n]!)).toEqual([]);
  });
});
