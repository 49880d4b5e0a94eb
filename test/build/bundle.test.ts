// Loads the built bundle the way Foundry does (one realm per connected client) and
// runs init, i18nInit, setup and ready.
import { describe, expect, it, vi } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist, readJson } from "./dist";

const lang = readJson(dist("lang/en.json"));
const lookup = (key: string) => key.split(".").reduce<any>((o, k) => o?.[k], lang);

async function world() {
  dist();
  const w = new TestWorld({ latency: 0, users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
  const errors = vi.spyOn(console, "error");
  const gm = await w.connect("GM");
  const alice = await w.connect("Alice");
  return { w, gm, alice, errors };
}

describe("the built system in a Foundry client", () => {
  it("loads and runs every start-up hook without an error", async () => {
    const { gm, alice, errors } = await world();
    expect(errors).not.toHaveBeenCalled();
    expect(gm.Hooks.errors).toEqual([]);
    expect(alice.Hooks.errors).toEqual([]);
    errors.mockRestore();
  });

  it("registers its document classes and data models", async () => {
    const { gm } = await world();
    const names = Object.fromEntries(["Actor", "Item", "Combat", "Combatant", "CombatantGroup", "ChatMessage"].map((d) => [d, gm.CONFIG[d].documentClass.name]));
    expect(names).toEqual({
      Actor: "BoutActor",
      Item: "BoutItem",
      Combat: "BoutCombat",
      Combatant: "BoutCombatant",
      CombatantGroup: "BoutCombatantGroup",
      ChatMessage: "BoutChatMessage",
    });
    expect(Object.keys(gm.CONFIG.Actor.dataModels).sort()).toEqual(["character", "npc"]);
    expect(Object.keys(gm.CONFIG.Item.dataModels).sort()).toEqual(["armor", "maneuver", "shield", "skill", "weapon"]);
  });

  it("keeps its sheet classes' names in the minified bundle: Foundry files a sheet under scope.ClassName", async () => {
    const { gm } = await world();
    const ids = (doc: string, type: string) => Object.keys(gm.CONFIG[doc].sheetClasses[type] ?? {});
    expect(ids("Actor", "character")).toContain("bout.BoutActorSheet");
    expect(ids("Item", "weapon")).toContain("bout.BoutItemSheet");
    expect(gm.CONFIG.Actor.sheetClasses.character["bout.BoutActorSheet"].cls.name).toBe("BoutActorSheet");
  });

  it("offers the Combat ruleset world setting: five choices, steel by default, reload on change, localized", async () => {
    const { gm } = await world();
    const setting = gm.game.settings.settings.get("bout.ruleset");
    expect(setting).toMatchObject({ scope: "world", config: true, default: "steel", requiresReload: true });
    expect(Object.keys(setting.choices)).toEqual(["steel", "phases", "actionpoints", "opposed", "pulse"]);
    for (const key of [setting.name, setting.hint, ...Object.values<string>(setting.choices)]) expect(typeof lookup(key), key).toBe("string");
    expect(gm.game.settings.get("bout", "ruleset")).toBe("steel");
  });

  it("has a localized name and hint for each ruleset", () => {
    for (const id of ["Steel", "Phases", "ActionPoints", "Opposed", "Pulse"]) {
      expect(typeof lookup(`BOUT.Ruleset.${id}.Label`)).toBe("string");
      expect(typeof lookup(`BOUT.Ruleset.${id}.Hint`)).toBe("string");
    }
  });

  it("lets the GM switch the ruleset for everyone, and refuses a player", async () => {
    const { gm, alice } = await world();
    await gm.game.settings.set("bout", "ruleset", "pulse");
    expect(alice.game.settings.get("bout", "ruleset")).toBe("pulse");
    await expect(alice.game.settings.set("bout", "ruleset", "steel")).rejects.toThrow(/permission/);
    expect(gm.game.settings.get("bout", "ruleset")).toBe("pulse");
    await expect(gm.game.settings.set("bout", "ruleset", "chess")).rejects.toThrow(/not a valid choice/);
  });

  it("creates characters and items with the system's data models", async () => {
    const { gm, alice } = await world();
    const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Alan Thorton", type: "character" });
    expect(actor.constructor.name).toBe("BoutActor");
    expect(alice.game.actors.get(actor.id).system.constructor.name).toBe("CharacterData");
    const item = await gm.CONFIG.Item.documentClass.create({ name: "Arming sword", type: "weapon" });
    expect(item.system.constructor.name).toBe("WeaponData");
    // An unknown type fails validation as the actor is built: as v13 (ClientDatabaseBackend#preCreateDocumentArray), core shows the error and creates nothing.
    expect(await gm.CONFIG.Actor.documentClass.create({ name: "Ghost", type: "spirit" })).toBeUndefined();
    expect(gm.notices.at(-1)).toMatchObject({ type: "error", message: expect.stringMatching(/"spirit" is not a valid type/) });
    expect(gm.game.actors.getName("Ghost")).toBeUndefined();
  });
});
