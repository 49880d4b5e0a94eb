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
import { chatModeSetting, CONNECT_RULES, metRules, resetMetRules, V14_READING_CHOICES } from "../harness/version";
import { openingTests, type V14SameList } from "../harness/v14-same";
import { REPO_ROOT, TestWorld } from "../harness/world";
import { scriptDraws, scriptFaces, settle, steelSwordsmen, tableOfThree } from "./support";

const list = JSON.parse(readFileSync(join(REPO_ROOT, "test/shell/v14-same.json"), "utf8")) as V14SameList;

describe("the v14 run's skip list", () => {
  it("names only shell test files that exist, once each, in order, and none that asks which version it runs on", () => {
    expect(list.files).toEqual([...new Set(list.files)].sort());
    for (const file of list.files) {
      expect(file).toMatch(/^test\/shell\/[\w-]+\.test\.ts$/);
      expect(existsSync(join(REPO_ROOT, file)), file).toBe(true);
      // A file that imports the version switch asks it (and meets a rule): it can never be listed.
      expect(readFileSync(join(REPO_ROOT, file), "utf8"), file).not.toMatch(/harness\/version/);
    }
    // The opening tests of other files: each file once, in order, none of the whole files, each name once.
    const files = Object.keys(list.tests);
    expect(files).toEqual([...files].sort());
    for (const file of files) {
      expect(existsSync(join(REPO_ROOT, file)), file).toBe(true);
      expect(list.files, file).not.toContain(file);
      expect(list.tests[file]!.length, file).toBeGreaterThan(0);
      expect(new Set(list.tests[file]).size, file).toBe(list.tests[file]!.length);
    }
  });

  it("skips a file's opening tests only up to the first that meets a rule or leaves a message on its way, none after code outside the tests met one, and no name two tests share", () => {
    const free = (name: string) => ({ name, met: [], settled: true });
    expect(openingTests([], [free("a"), free("b"), { name: "c", met: ["a Token document"], settled: true }, free("d")])).toEqual(["a", "b"]);
    expect(openingTests([], [free("a"), { name: "b", met: [], settled: false }, free("c")])).toEqual(["a"]);
    expect(openingTests(["the generation asked"], [free("a"), free("b")])).toEqual([]);
    expect(openingTests([], [free("a"), free("b"), free("a")])).toEqual(["b"]);
    expect(openingTests([], [])).toEqual([]);
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
    expect(met(() => gm.ui.combat._getEntryContextOptions())).toEqual(["a context menu entry's shape (compat contextEntry)", "core's combatant menu"]);
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
    // The public mode on a public message is the same in both (proved below); on a whispered one it is not.
    resetMetRules();
    await gm.CONFIG.ChatMessage.documentClass.create({ content: "open" }, { rollMode: "publicroll" });
    await gm.CONFIG.ChatMessage.documentClass.create({ content: "open" }, { messageMode: "public" });
    expect(metRules()).toEqual([]);
    await gm.CONFIG.ChatMessage.documentClass.create({ content: "aside", whisper: [gm.game.user.id] }, { rollMode: "publicroll" });
    expect(metRules()).toEqual(["a message's mode option"]);
    // What a connect may meet: only writes into CONFIG.statusEffects (the system's own statuses, added at init).
    expect([...CONNECT_RULES]).toEqual(["CONFIG.statusEffects"]);
  });

  it("a decision of several writes meets batched writes when the system asks compat's modifyBatch (v13: one request each; v14: one batch)", async () => {
    const { gm, alice, bob, own, Actor } = await tableOfThree("phases");
    // Seed 001's melee blow: Ada (Alice's) at Bran (Bob's); Bob defends, Alice applies two wound levels to Bran.
    const ada = await Actor.create({ name: "Ada", type: "character", ownership: own("Alice"), system: { phases: { attack: 3 } } });
    const bran = await Actor.create({ name: "Bran", type: "character", ownership: own("Bob"), system: { phases: { defense: 2, soak: 2 } } });
    const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } }]);
    await settle();
    alice.runtime.dialogs.responder = () => ({ defender: bran.id });
    await alice.game.actors.get(ada.id).sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
    await settle();
    const id = gm.game.messages.contents.at(-1).id as string;
    bob.runtime.dialogs.responder = () => ({ defence: "defend" });
    scriptDraws(gm, [[8, 10], [4, 10]]);
    await bob.evaluate<any>("globalThis.__boutTest").defendFromCard(bob.game.messages.get(id));
    await settle();
    resetMetRules();
    await alice.evaluate<any>("globalThis.__boutTest").applyFromCard(alice.game.messages.get(id));
    await settle();
    expect(gm.game.messages.get(id).system.state).toBe("applied");
    expect(metRules()).toContain("batched writes (compat modifyBatch)");
    expect(metRules()).not.toContain("game.release");
  });

  it("builds the v14 model unrecorded (modelsV14) only where what it builds records its rule when read", () => {
    // Each place: what it builds, and where reading it records (runtime.ts unless named).
    const reviewed: Record<string, number> = {
      // statusEffectsConfig (the CONFIG.statusEffects accessor), core.messageMode's registration (its get/set and
      // SettingsMap), core's sheets under the readings (a world's own readings record; BOUT_V14_READINGS skips no file),
      // modifyBatch's enumerability (its getter records), ChatMessage#_preCreate's public mode on a public message
      // (the same message in both modes: "the identities the skip list rests on" below).
      "runtime.ts": 5,
      // ActiveEffect's changes and Token's level fields (the document records when it is made).
      "schemas.ts": 2,
      // a waypoint's level (only tokens move, and a Token document records).
      "token-movement.ts": 1,
      // The recorder itself (v14Rule returns it, releaseData builds `game.release`, whose getters record).
      "version.ts": 3,
      // The v13-only record and check of the list (after each test, after the file), and the v14 run's skip of a listed test.
      "setup.ts": 3,
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

/** A message as every client keeps it, without what differs between any two messages (id, time). */
const comparable = (message: { toObject(): Record<string, unknown> }) => {
  const { _id, timestamp, _stats, ...rest } = message.toObject();
  return rest;
};

// What the recorder lets pass unrecorded must be the same in both modes by construction (docs/dev/testing.md,
// "What the v14 run skips, and why"). Each test below runs in the shell and the shell-v14 project with the same
// expectations, and under each v14 reading of the message mode (version.ts `V14Readings.messageMode`; the v13
// mode ignores it): passing in both proves the identity, and each checks that the recorder met nothing for it.
describe("the identities the skip list rests on", () => {
  it("src uses compat's messageModeOption only where its public answer is the same in both modes: a card's poster mode (cards.ts posterRollMode, in v13 words either way) and a result card's creation option (ChatMessage#_preCreate's identity below)", () => {
    const uses: Record<string, number> = {};
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith(".ts") && path !== "src/compat.ts") {
          const count = readFileSync(join(REPO_ROOT, path), "utf8").match(/messageModeOption\(\)/g)?.length ?? 0;
          if (count > 0) uses[path] = count;
        }
      }
    };
    walk("src");
    expect(uses).toEqual({ "src/table/cards.ts": 1, "src/applications/results/result-card.ts": 1 });
    const cards = readFileSync(join(REPO_ROOT, "src/table/cards.ts"), "utf8");
    expect(cards).toMatch(/const option = messageModeOption\(\);\n\s+const mode = option\.rollMode \?\? FROM_MESSAGE_MODE\[option\.messageMode \?\? ""\] \?\? "publicroll";/);
    expect(readFileSync(join(REPO_ROOT, "src/applications/results/result-card.ts"), "utf8")).toMatch(/ChatMessage\.implementation\.create\(\{[^}]*\}, messageModeOption\(\)\)/);
  });

  for (const messageMode of V14_READING_CHOICES.messageMode) {
    describe(`v14 message mode reading "${messageMode}"`, () => {
      it("the public mode, in this generation's words or the v13 ones, on a message that is not whispered or blind, with rolls or without, gives the message made with no mode, and meets no rule", async () => {
        const world = new TestWorld({ latency: 0, v14: { messageMode }, users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
        const gm = await world.connect("GM");
        const Message = gm.CONFIG.ChatMessage.documentClass;
        const [key, value] = chatModeSetting("publicroll");
        const roll = JSON.stringify(await new gm.context.Roll("1d10").evaluate());
        for (const data of [{ content: "words" }, { content: "dice", rolls: [roll] }]) {
          const bare = comparable(await Message.create(data));
          for (const option of [{ [key]: value }, { rollMode: "publicroll" }]) {
            resetMetRules();
            const named = await Message.create(data, option);
            expect(metRules(), JSON.stringify(option)).toEqual([]);
            expect(comparable(named), JSON.stringify(option)).toEqual(bare);
          }
        }
      });

      it("under the default chat mode, a player's card and a roll's result card are public and meet no rule; any other mode the player picks is met", async () => {
        const table = async (ruleset: string) => {
          const world = new TestWorld({ v14: { messageMode }, users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }, { name: "Carol", role: ROLES.PLAYER }] });
          const gm = await world.connect("GM");
          await gm.game.settings.set("bout", "ruleset", ruleset);
          const alice = await world.connect("Alice");
          const carol = await world.connect("Carol");
          await world.connect("Bob");
          await settle();
          return { world, gm, alice, carol };
        };
        // The card: steel's exchange, posted by Alice with the chat mode she never changed.
        let { world, gm, alice, carol } = await table("steel");
        const { adaId, branId, swordId } = await steelSwordsmen(world, gm);
        await settle();
        const post = async () => {
          const outcome = await alice.evaluate<any>("globalThis.__boutTest").postCard("steel.exchange", alice.game.actors.get(adaId), alice.game.actors.get(branId), { weaponId: swordId, maneuverId: "cut", zone: 5, dice: 2 });
          expect(outcome.ok).toBe(true);
          await settle();
          return gm.game.messages.contents.at(-1);
        };
        resetMetRules();
        const open = await post();
        expect(metRules()).toEqual([]);
        expect([open.whisper, open.blind, carol.game.messages.get(open.id)?.visible]).toEqual([[], false, true]);
        // The result card of a skill test (it carries its roll, and result-card.ts names the user's mode).
        ({ world, gm, alice, carol } = await table("opposed"));
        const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Ilse", type: "character", ownership: { default: 0, [world.userId("Alice")]: 3 }, system: { opposed: { ag: 42 } } });
        const [skill] = await actor.createEmbeddedDocuments("Item", [{ name: "Climb", type: "skill", system: { opposed: { characteristic: "ag", advances: 10 } } }]);
        await settle();
        alice.runtime.dialogs.responder = () => ({ difficulty: "hard" });
        scriptFaces(alice, 100, [23]);
        resetMetRules();
        await alice.game.actors.get(actor.id).sheet.runAction("rollItem", {}, { row: { itemId: skill.id } });
        await settle();
        expect(metRules()).toEqual([]);
        const result = alice.game.messages.contents.at(-1);
        expect([result.isRoll, result.whisper, result.blind, carol.game.messages.get(result.id)?.visible]).toEqual([true, [], false, true]);
        // A mode Alice picks is recorded when she sets it and when the system reads it.
        await alice.game.settings.set("core", ...chatModeSetting("gmroll"));
        resetMetRules();
        scriptFaces(alice, 100, [23]);
        await alice.game.actors.get(actor.id).sheet.runAction("rollItem", {}, { row: { itemId: skill.id } });
        await settle();
        expect(metRules()).toEqual(["a message's mode option", "the user's chat mode setting"]);
        expect(alice.game.messages.contents.at(-1).whisper).toEqual([world.userId("GM")]);
      });
    });
  }
});
