// Foundry v14 where the evidence is split (issue 29, "The v14 mode follows evidence";
// docs/foundry-v14.md). Each behaviour below has more than one reading the evidence
// allows (test/harness/version.ts `V14Readings`, each reading's evidence there); the
// system must be right under every one, so each test runs once per reading. v14 only:
// the v13 project has no such split.
import { describe, expect, it } from "vitest";
import { dist } from "../build/dist";
import { ROLES } from "../harness/server";
import { chatModeSetting, isV14, V14_READING_CHOICES, type V14Readings } from "../harness/version";
import { TestWorld } from "../harness/world";
import { scriptFaces, settle, steelSwordsmen } from "./support";

async function table(ruleset: string, v14: Partial<V14Readings>) {
  dist();
  const world = new TestWorld({ v14, users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }, { name: "Bob", role: ROLES.PLAYER }, { name: "Carol", role: ROLES.PLAYER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  const alice = await world.connect("Alice");
  const bob = await world.connect("Bob");
  const carol = await world.connect("Carol");
  await settle();
  return { world, gm, alice, bob, carol, Actor: gm.CONFIG.Actor.documentClass };
}

describe.skipIf(!isV14())("v14: a message's messageMode option, to rolls only or to every message", () => {
  for (const messageMode of V14_READING_CHOICES.messageMode) {
    describe(`reading "${messageMode}"`, () => {
      it("harness: a message without rolls takes the mode it names only when the mode applies to every message; a message naming none takes none", async () => {
        const t = await table("steel", { messageMode });
        const Message = t.alice.CONFIG.ChatMessage.documentClass;
        const named = await Message.create({ content: "a word" }, { messageMode: "gm" });
        expect(named.whisper).toEqual(messageMode === "all" ? [t.world.userId("GM")] : []);
        await t.alice.game.settings.set("core", "messageMode", "gm");
        const unnamed = await Message.create({ content: "another" });
        expect(unnamed.whisper).toEqual([]);
      });

      it("a card keeps the poster's visibility (the GM and both fighters' owners, never Carol) and never takes the creating GM's own mode", async () => {
        const t = await table("steel", { messageMode });
        const { adaId, branId, swordId } = await steelSwordsmen(t.world, t.gm);
        const post = async (mode: string) => {
          await t.alice.game.settings.set("core", ...chatModeSetting(mode));
          const outcome = await t.alice.evaluate<any>("globalThis.__boutTest").postCard("steel.exchange", t.alice.game.actors.get(adaId), t.alice.game.actors.get(branId), { weaponId: swordId, maneuverId: "cut", zone: 5, dice: 2 });
          expect(outcome.ok).toBe(true);
          await settle();
          return t.gm.game.messages.contents.at(-1);
        };
        // The active GM writes the card, with its own chat mode set to GM only: that must not reach the card.
        await t.gm.game.settings.set("core", "messageMode", "gm");
        const open = await post("publicroll");
        expect(open.whisper).toEqual([]);
        expect(t.carol.game.messages.get(open.id)?.visible).toBe(true);
        const secret = await post("gmroll");
        expect([...secret.whisper].sort()).toEqual([t.world.userId("GM"), t.world.userId("Alice"), t.world.userId("Bob")].sort());
        expect(t.bob.game.messages.get(secret.id).visible).toBe(true);
        expect(t.carol.game.messages.get(secret.id)?.visible ?? false).toBe(false);
      });

      it("a skill test's result card (it carries its roll) follows the roller's mode", async () => {
        const t = await table("opposed", { messageMode });
        const actor = await t.Actor.create({ name: "Ilse", type: "character", ownership: { default: 0, [t.world.userId("Alice")]: 3 }, system: { opposed: { ag: 42 } } });
        const [skill] = await actor.createEmbeddedDocuments("Item", [{ name: "Climb", type: "skill", system: { opposed: { characteristic: "ag", advances: 10 } } }]);
        await settle();
        await t.alice.game.settings.set("core", ...chatModeSetting("gmroll"));
        t.alice.runtime.dialogs.responder = () => ({ difficulty: "hard" });
        scriptFaces(t.alice, 100, [23]);
        await t.alice.game.actors.get(actor.id).sheet.runAction("rollItem", {}, { row: { itemId: skill.id } });
        expect(t.alice.game.messages.contents.at(-1).whisper).toEqual([t.world.userId("GM")]);
      });
    });
  }
});

describe.skipIf(!isV14())("v14: CONFIG.statusEffects keyed by id, with or without the array methods, or an array a package assigned", () => {
  for (const statusEffects of V14_READING_CHOICES.statusEffects) {
    it(`reading "${statusEffects}": our conditions are registered once each beside core's, and a card's condition and the Token HUD's toggle both land`, async () => {
      const t = await table("opposed", { statusEffects });
      const list = t.gm.CONFIG.statusEffects;
      expect(Array.isArray(list)).toBe(statusEffects === "array");
      const ids: string[] = Array.isArray(list) ? list.map((e: { id: string }) => e.id) : Object.keys(list);
      for (const id of ["dead", "prone", "surprised", "knockedDown", "broken", "engaged"]) expect(ids.filter((i) => i === id), id).toHaveLength(1);
      // Core's own entries are kept as core made them.
      expect(Array.isArray(list) ? list.find((e: { id: string }) => e.id === "dead").name : list.dead.name).toBe("EFFECT.StatusDead");

      // Seed 003 "Flee": Ada fails her Cool with 75 and is Broken, applied from the card.
      const ada = await t.Actor.create({ name: "Ada", type: "character", ownership: { default: 0, [t.world.userId("Alice")]: 3 }, system: { opposed: { ws: 45, ag: 35, wp: 30, t: 30, i: 40, move: 4, wounds: 12, woundsNow: 12 } } });
      const bran = await t.Actor.create({ name: "Bran", type: "npc", system: { opposed: { ws: 40, s: 30, t: 30, i: 30, ag: 30, advantage: 1 } } });
      await bran.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
      await settle();
      scriptFaces(t.gm, 100, [21, 75]);
      t.alice.runtime.dialogs.responder = () => ({ opponentId: bran.id, yards: 0, runUp: false, test: false, move: "flee" });
      await t.alice.game.actors.get(ada.id).sheet.runAction("actorAction", { actorAction: "move" });
      await settle();
      const card = t.gm.game.messages.contents.at(-1);
      await t.alice.evaluate<any>("globalThis.__boutTest").applyFromCard(t.alice.game.messages.get(card.id));
      await settle();
      expect([...t.gm.game.actors.get(ada.id).statuses]).toEqual(["broken"]);
      // The GM's Token HUD toggles one of ours on the other fighter, as core's toggleStatusEffect finds it.
      await t.gm.game.actors.get(bran.id).toggleStatusEffect("knockedDown", { active: true });
      await settle(); // Alice's copy arrives over the network
      expect(t.alice.game.actors.get(bran.id).statuses.has("knockedDown")).toBe(true);
    });
  }
});

describe.skipIf(!isV14())("v14: core's own actor and item sheets, the legacy ones or none", () => {
  for (const coreSheets of V14_READING_CHOICES.coreSheets) {
    it(`reading "${coreSheets}": every actor and item type opens our sheet by default, and no core sheet is left to choose`, async () => {
      const t = await table("steel", { coreSheets });
      for (const [name, types, sheet] of [
        ["Actor", ["character", "npc"], "bout.BoutActorSheet"],
        ["Item", ["weapon", "armor", "shield", "maneuver", "skill"], "bout.BoutItemSheet"],
      ] as const) {
        for (const type of types) {
          const entries = Object.values(t.gm.CONFIG[name].sheetClasses[type] ?? {}) as { id: string; default: boolean }[];
          expect(entries.filter((e) => e.default).map((e) => e.id), `${name} ${type}`).toEqual([sheet]);
          expect(entries.filter((e) => e.id.startsWith("core.")), `${name} ${type}`).toEqual([]);
        }
      }
    });
  }
});

describe.skipIf(!isV14())("v14: core's combatant menu entries, by label under new keys or as in v13", () => {
  for (const contextMenu of V14_READING_CHOICES.contextMenu) {
    it(`reading "${contextMenu}": our tracker drops core's Reroll and Clear Initiative and keeps core's other entries`, async () => {
      const t = await table("steel", { contextMenu });
      const keys = t.gm.ui.combat._getEntryContextOptions().map((e: { name?: string; label?: string }) => e.label ?? e.name);
      for (const gone of ["COMBAT.CombatantReroll", "COMBAT.CombatantClear", "COMBATANT.ACTIONS.Reroll", "COMBATANT.ACTIONS.Clear"]) expect(keys).not.toContain(gone);
      expect(keys).toContain(contextMenu === "label" ? "COMBATANT.ACTIONS.Remove" : "COMBAT.CombatantRemove");
    });
  }
});
