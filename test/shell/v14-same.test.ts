// The v14 run's skip list (test/shell/v14-same.json, docs/dev/testing.md "Foundry v14 mode"):
// the shell files whose v13 run meets no v14 rule (test/harness/version.ts `v14Rule`) run the
// same code on the same data in both modes, so shell-v14 skips them. What keeps that true:
// test/harness/setup.ts fails a listed file's v13 run once it meets a rule; this file checks the
// list itself, that the recorder sees each kind of difference, and that the harness builds the
// v14 model unrecorded (`modelsV14`) only in the places reviewed below.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { CONNECT_RULES, metRules, resetMetRules } from "../harness/version";
import { REPO_ROOT, TestWorld } from "../harness/world";

const list = JSON.parse(readFileSync(join(REPO_ROOT, "test/shell/v14-same.json"), "utf8")) as { files: string[] };

describe("the v14 run's skip list", () => {
  it("names only shell test files that exist, once each, in order, and none that asks which version it runs on", () => {
    expect(list.files).toEqual([...new Set(list.files)].sort());
    for (const file of list.files) {
      expect(file).toMatch(/^test\/shell\/[\w-]+\.test\.ts$/);
      expect(existsSync(join(REPO_ROOT, file)), file).toBe(true);
      // A file that imports the version switch asks it (and meets a rule): it can never be listed.
      expect(readFileSync(join(REPO_ROOT, file), "utf8"), file).not.toMatch(/harness\/version/);
    }
  });

  it("records each kind of difference: a connect with the bundle meets only what CONNECT_RULES allows; the release, statuses, a token, an effect, a mode, the chat setting, core's menu and modifyBatch each meet theirs", async () => {
    resetMetRules();
    const world = new TestWorld({ latency: 0, users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
    const gm = await world.connect("GM");
    expect(metRules()).toEqual([]);
    const met = (read: () => unknown): string[] => {
      resetMetRules();
      read();
      return metRules();
    };
    expect(met(() => gm.game.release.generation)).toEqual(["game.release"]);
    expect(met(() => gm.CONFIG.statusEffects)).toEqual(["CONFIG.statusEffects"]);
    expect(met(() => gm.game.settings.get("core", gm.game.settings.settings.has("core.rollMode") ? "rollMode" : "messageMode"))).toEqual(["the user's chat mode setting"]);
    expect(met(() => [...gm.game.settings.settings.values()])).toEqual(["every registered setting"]);
    expect(met(() => gm.evaluate("foundry.documents.modifyBatch"))).toEqual(["foundry.documents.modifyBatch"]);
    // The system's tracker adds its own entries in the running version's shape (src/compat.ts contextEntry asks the release).
    expect(met(() => gm.ui.combat._getEntryContextOptions())).toEqual(["core's combatant menu", "game.release"]);
    resetMetRules();
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Field", grid: { type: 1, size: 100 } });
    expect(metRules()).toEqual([]);
    await scene.createEmbeddedDocuments("Token", [{ name: "Ada", x: 0, y: 0 }]);
    expect(metRules()).toEqual(["a Token document"]);
    const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Ada", type: "character" });
    resetMetRules();
    await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessed" }]);
    expect(metRules()).toEqual(["a ActiveEffect document"]);
    resetMetRules();
    await gm.CONFIG.ChatMessage.documentClass.create({ content: "plain" });
    expect(metRules()).toEqual([]);
    await gm.CONFIG.ChatMessage.documentClass.create({ content: "hidden" }, { rollMode: "gmroll" });
    expect(metRules()).toEqual(["a message's mode option"]);
    // What a connect may meet: only writes into CONFIG.statusEffects (the system's own statuses, added at init).
    expect([...CONNECT_RULES]).toEqual(["CONFIG.statusEffects"]);
  });

  it("builds the v14 model unrecorded (modelsV14) only where what it builds records its rule when read", () => {
    // Each place: what it builds, and where reading it records (runtime.ts unless named).
    const reviewed: Record<string, number> = {
      // statusEffectsConfig (the CONFIG.statusEffects accessor), core.messageMode's registration (its get/set and
      // SettingsMap), core's sheets under the readings (a world's own readings record; BOUT_V14_READINGS skips no file),
      // modifyBatch's enumerability (its getter records).
      "runtime.ts": 4,
      // ActiveEffect's changes and Token's level fields (the document records when it is made).
      "schemas.ts": 2,
      // a waypoint's level (only tokens move, and a Token document records).
      "token-movement.ts": 1,
      // The recorder itself (v14Rule returns it, releaseData builds `game.release`, whose getters record).
      "version.ts": 3,
      // The v13-only check of the list.
      "setup.ts": 1,
    };
    const found: Record<string, number> = {};
    for (const name of readdirSync(join(REPO_ROOT, "test/harness"))) {
      const text = readFileSync(join(REPO_ROOT, "test/harness", name), "utf8");
      const count = text.match(/modelsV14\(\)/g)?.length ?? 0;
      if (count > 0) found[name] = count;
      // Nothing else reads the switch itself.
      if (name !== "version.ts") expect(text, name).not.toMatch(/BOUT_FOUNDRY/);
    }
    expect(found).toEqual(reviewed);
  });
});
