// Foundry v13 and v14 (docs/foundry-v14.md): this file runs in both harness modes
// (the `shell` and `shell-v14` vitest projects) and asserts, for each difference the
// system meets at run time, what each version does and that the system copes.
// The harness half checks the v14 model itself against the v14 API as documented.
import { describe, expect, it } from "vitest";
import { dist } from "../build/dist";
import { ROLES } from "../harness/server";
import { chatModeSetting, foundryGeneration, v14Readings } from "../harness/version";
import { type ConnectedClient, REPO_ROOT, TestWorld } from "../harness/world";

const v14 = foundryGeneration() === 14;

async function table({ bundle = true } = {}) {
  if (bundle) dist();
  const world = new TestWorld({
    ...(bundle ? {} : { systemRoot: REPO_ROOT }),
    users: [
      { name: "GM", role: ROLES.GAMEMASTER },
      { name: "Alice", role: ROLES.PLAYER },
    ],
  });
  const options = bundle ? {} : { bundle: null };
  const gm = await world.connect("GM", options);
  const alice = await world.connect("Alice", options);
  return { world, gm, alice };
}

/** The configured status ids, whichever shape CONFIG.statusEffects has. */
const statusIds = (c: ConnectedClient): string[] => {
  const list = c.CONFIG.statusEffects;
  return Array.isArray(list) ? list.map((e: { id: string }) => e.id) : Object.keys(list);
};

describe(`harness: Foundry ${foundryGeneration()} model`, () => {
  it("game.release.generation says which generation the client is", async () => {
    const { gm } = await table({ bundle: false });
    expect(gm.game.release.generation).toBe(v14 ? 14 : 13);
  });

  it("CONFIG.statusEffects is an array in v13 and an object keyed by id in v14; toggleStatusEffect finds a status either way", async () => {
    const { gm } = await table({ bundle: false });
    expect(Array.isArray(gm.CONFIG.statusEffects)).toBe(!v14 || v14Readings().statusEffects === "array");
    const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Ada", type: "character" });
    await actor.toggleStatusEffect("prone", { active: true });
    expect([...actor.statuses]).toEqual(["prone"]);
    await expect(actor.toggleStatusEffect("nonesuch", { active: true })).rejects.toThrow(/Invalid status ID/);
  });

  it("Active Effects v2: a status's changes land in system.changes with a type and a phase in v14, in changes with a mode in v13", async () => {
    const { gm } = await table({ bundle: false });
    const entry = { id: "slowed", name: "Slowed", img: "icons/svg/downgrade.svg", changes: [{ key: "system.speed", mode: 2, value: "-1" }] };
    if (Array.isArray(gm.CONFIG.statusEffects)) gm.CONFIG.statusEffects.push(entry);
    else gm.CONFIG.statusEffects[entry.id] = entry;
    const effect = await gm.CONFIG.ActiveEffect.documentClass.fromStatusEffect("slowed");
    const source = effect.toObject();
    if (v14) {
      expect(source.changes).toBeUndefined();
      expect(source.system.changes).toEqual([{ type: "add", phase: "initial", key: "system.speed", value: "-1" }]);
    } else expect(source.changes).toEqual([{ key: "system.speed", mode: 2, value: "-1" }]);
  });

  it("the user's chat visibility is core.rollMode in v13 and core.messageMode in v14; a roll follows it", async () => {
    const { world, alice } = await table({ bundle: false });
    expect(() => alice.game.settings.get("core", v14 ? "rollMode" : "messageMode")).toThrow(/not a registered/);
    await alice.game.settings.set("core", ...chatModeSetting("gmroll"));
    const message = await (await new alice.context.Roll("1d10").evaluate()).toMessage({});
    expect(message.whisper).toEqual([world.userId("GM")]);
  });

  it("the combat tracker's combatant menu names entries by `name` in v13 and by `label` in v14 (as the run reads core's v14 entries)", async () => {
    const { gm } = await table({ bundle: false });
    const Tracker = gm.context.foundry.applications.sidebar.tabs.CombatTracker;
    const entries = new Tracker()._getEntryContextOptions();
    const byLabel = v14 && v14Readings().contextMenu === "label";
    const keys = entries.map((e: { name?: string; label?: string }) => (byLabel ? e.label : e.name));
    expect(keys).toContain(byLabel ? "COMBATANT.ACTIONS.Reroll" : "COMBAT.CombatantReroll");
    expect(entries.every((e: { name?: string; label?: string }) => (byLabel ? e.name === undefined : e.label === undefined))).toBe(true);
  });

  it("a token stands on a scene level in v14 and a change of level is a movement; v13 has no level", async () => {
    const { gm } = await table({ bundle: false });
    const scene = await gm.CONFIG.Scene.documentClass.create({ name: "Keep", active: true });
    const [token] = await scene.createEmbeddedDocuments("Token", [{ name: "Ada", x: 0, y: 0, level: "cellar" }]);
    const heard: unknown[] = [];
    gm.Hooks.on("preMoveToken", (_doc: unknown, movement: { destination: Record<string, unknown> }) => void heard.push(movement.destination.level));
    await token.update({ level: "hall" });
    if (v14) {
      expect(token.level).toBe("hall");
      expect(heard).toEqual(["hall"]);
    } else {
      expect(token.level).toBeUndefined();
      expect(heard).toEqual([]);
    }
  });
});

describe(`the system on Foundry ${foundryGeneration()}`, () => {
  it("registers its conditions beside core's in either shape of CONFIG.statusEffects, once each", async () => {
    const { gm } = await table();
    const ids = statusIds(gm);
    for (const id of ["dead", "prone", "surprised", "knockedDown", "engaged", "entangled"]) expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("the token bar's track is declared per actor type in CONFIG.Actor.trackableAttributes", async () => {
    const { gm } = await table();
    expect(gm.CONFIG.Actor.trackableAttributes).toEqual({ character: { bar: ["vitality"], value: [] }, npc: { bar: ["vitality"], value: [] } });
  });

  it("the combat tracker drops core's Reroll and Clear Initiative under either version's entry names", async () => {
    const { gm } = await table();
    const keys = gm.ui.combat._getEntryContextOptions().map((e: { name?: string; label?: string }) => e.label ?? e.name);
    expect(keys.length).toBeGreaterThan(0);
    for (const gone of ["COMBAT.CombatantReroll", "COMBAT.CombatantClear", "COMBATANT.ACTIONS.Reroll", "COMBATANT.ACTIONS.Clear"]) expect(keys).not.toContain(gone);
  });
});

describe("pop-out windows (v14): sheets, dialogs and the tracker assume no main window", () => {
  it("src/applications and src/table use no window-bound global (document, window, frames, timers of the DOM, getComputedStyle); they go through the element's own window (compat windowOf)", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
    const bare = /(?<![.\w])(document|window)\.\w|(?<![.\w])(requestAnimationFrame|cancelAnimationFrame|getComputedStyle|matchMedia|getSelection)\s*\(|instanceof\s+(HTML\w*Element|Element|Node|Event)\b/;
    const found: string[] = [];
    for (const file of [...files(join(REPO_ROOT, "src/applications")), ...files(join(REPO_ROOT, "src/table"))]) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, i) => {
          const code = line.replace(/\/\*.*?\*\//g, "").replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
          if (bare.test(code)) found.push(`${file.slice(REPO_ROOT.length + 1)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});

describe("namespaced globals (v14 removed the v13 aliases)", () => {
  it("src/ calls no global alias v14 removed: only the foundry.* namespaces", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
    const aliases = ["renderTemplate", "loadTemplates", "getTemplate", "mergeObject", "duplicate", "setProperty", "getProperty", "expandObject", "flattenObject", "randomID", "debounce", "isNewerVersion", "TextEditor", "FilePicker", "DocumentSheetConfig", "ContextMenu", "DragDrop", "SortingHelpers", "ImagePopout"];
    // A bare alias: not a property (foundry.utils.x, obj.x), not a destructured name or a type.
    const bare = new RegExp(`(?<![.\\w])(${aliases.join("|")})\\s*[.(]`);
    const found: string[] = [];
    for (const file of files(join(REPO_ROOT, "src"))) {
      if (file.includes("/engine/")) continue;
      const text = readFileSync(file, "utf8");
      // Names taken from a namespace (`const { renderTemplate } = foundry.applications.handlebars`) are fine.
      const destructured = new Set([...text.matchAll(/const \{([^}]+)\} = foundry\./g)].flatMap((m) => m[1]!.split(",").map((n) => n.trim().split(":")[0]!.trim())));
      text.split("\n").forEach((line, i) => {
        const code = line.replace(/\/\*.*?\*\//g, "").replace(/\/\/.*$/, "").replace(/^\s*\*.*$/, "");
        const m = bare.exec(code);
        if (m && !destructured.has(m[1]!)) found.push(`${file.slice(REPO_ROOT.length + 1)}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
