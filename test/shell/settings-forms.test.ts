// The GM's settings forms for tables that are not rolls (issue 21, "Tables as
// Foundry RollTables": a form with labelled cells, not raw JSON) and the old
// JSON editors the rolled tables left. A player's client is hostile: it may
// build any form itself, render it, submit it, press its buttons and call the
// save functions; every one is refused and no world setting moves. A world that
// saved rolled tables in the old editors keeps playing with them, and its GM is
// told once.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { DEFAULT_AP_TABLES } from "../../src/engine/rulesets/actionpoints";
import { DEFAULT_WOUND_TABLE } from "../../src/engine/rulesets/steel";
import { formCells, settle, tableOfThree } from "./support";

const FORMS = ["bout.apTablesMenu", "bout.phasesTracksMenu", "bout.opposedTieMenu", "bout.steelTablesMenu", "bout.pulseTablesMenu", "bout.steelRangeBandsMenu"] as const;
const SETTINGS = ["apTables", "phasesTracks", "opposedTie", "steelTables", "pulseTables", "steelRangeBands"] as const;

describe("GM only: a player's client is refused on open, render, save, reset and the save functions", () => {
  it("Alice builds each form herself: nothing renders, a warning says why; submitting, resetting and dropping write nothing", async () => {
    const { world, gm, alice } = await tableOfThree("phases");
    const before = SETTINGS.map((k) => gm.game.settings.get("bout", k));
    // The GM's own forms, to borrow their cells.
    const cellsOf: Record<string, Record<string, unknown>> = {};
    for (const id of FORMS) {
      const app = new (gm.game.settings.menus.get(id).type)();
      await app.render({ force: true });
      cellsOf[id] = formCells(app.renderedParts.form ?? "");
    }
    const mark = world.server.writes.length;
    for (const id of FORMS) {
      const menu = alice.game.settings.menus.get(id);
      // Foundry hides a restricted menu from players; the form refuses her anyway.
      expect(menu.restricted).toBe(true);
      const app = new menu.type();
      alice.notices.length = 0;
      await app.render({ force: true });
      expect(app.rendered, id).toBe(false);
      expect(app.renderedParts, id).toEqual({});
      expect(alice.notices.at(-1), id).toEqual({ type: "warning", message: "Only a gamemaster can open or change this form." });
      alice.notices.length = 0;
      await app.submit({ ...cellsOf[id], wound__1__penalty: -3, defenceFatigue__dodge: 9, tie: "attacker", twoHanded: 2, medium__tnModifier: 3 });
      await app.runAction("reset");
      if (id === "bout.steelTablesMenu" || id === "bout.apTablesMenu") await app.runAction("forgetLegacy");
      expect(alice.notices.map((n: any) => n.message), id).toEqual(Array(id === "bout.steelTablesMenu" || id === "bout.apTablesMenu" ? 3 : 2).fill("Only a gamemaster can open or change this form."));
    }
    // The save functions a macro could call.
    const hooks = alice.evaluate<any>("globalThis.__boutTest");
    for (const save of ["saveApTables", "savePhasesTracks", "saveOpposedTie", "savePulseTables", "saveSteelRangeBands"]) {
      const r = await hooks[save]({ ...cellsOf["bout.apTablesMenu"], ...cellsOf["bout.phasesTracksMenu"], ...cellsOf["bout.pulseTablesMenu"], ...cellsOf["bout.steelRangeBandsMenu"], tie: "attacker", medium__tnModifier: 3 });
      expect(r.ok ? "ok" : r.refusal.code, save).toBe("settings.gmOnly");
    }
    // And the setting itself: the server refuses a player's write to a world setting.
    await expect(alice.game.settings.set("bout", "opposedTie", "attacker")).rejects.toThrow();
    await expect(alice.game.settings.set("bout", "steelRangeBands", JSON.stringify({ medium: { tnModifier: 3, stepsPerAimDie: 1 } }))).rejects.toThrow();
    await settle();
    expect(world.writesSince(mark)).toEqual([]);
    expect(SETTINGS.map((k) => gm.game.settings.get("bout", k))).toEqual(before);
  });
});

describe("an older world's rolled tables saved in the old JSON editors", () => {
  it("keep playing where no RollTable is chosen; the active GM is told once, naming them; the actionpoints form keeps them when its cells are saved, and can drop them", async () => {
    dist();
    const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
    const old = await world.connect("GM");
    const wounds = structuredClone(DEFAULT_WOUND_TABLE) as any;
    wounds.cut.shoulder[4].shock = 3;
    await old.game.settings.set("bout", "steelTables", JSON.stringify({ woundTable: wounds }));
    const effects = { ...DEFAULT_AP_TABLES.criticalEffects, head: { ...DEFAULT_AP_TABLES.criticalEffects.head, extraBody: 5 } };
    await old.game.settings.set("bout", "apTables", JSON.stringify({ criticalEffects: effects }));
    expect(old.notices.some((n: any) => /old table editors/.test(n.message))).toBe(false);
    old.disconnect();

    const gm = await world.connect("GM");
    await settle();
    const told = gm.notices.filter((n: any) => /old table editors/.test(n.message));
    expect(told).toEqual([
      {
        type: "info",
        message:
          "This world still plays with tables saved in the old table editors: steel wound tables, action-point critical effects. They apply wherever no roll table is chosen. From now on these tables are roll tables: import ours from the Bout: Tables compendium, edit them there, and choose them under Roll tables the cards read. The old editors can drop the saved ones.",
      },
    ]);
    expect(gm.game.settings.get("bout", "legacyTablesNoticed")).toBe(true);
    gm.disconnect();
    const again = await world.connect("GM");
    await settle();
    expect(again.notices.filter((n: any) => /old table editors/.test(n.message))).toEqual([]);

    // The actionpoints form: saving its cells keeps the older critical effects; dropping them leaves the cells.
    await again.game.settings.set("bout", "ruleset", "actionpoints");
    const app = new (again.game.settings.menus.get("bout.apTablesMenu").type)();
    await app.render({ force: true });
    expect(app.renderedParts.form).toContain("This world still plays with tables saved here earlier: action-point critical effects.");
    await app.submit({ ...formCells(app.renderedParts.form), defenceFatigue__dodge: 4 });
    const saved = JSON.parse(again.game.settings.get("bout", "apTables"));
    expect([saved.criticalEffects.head.extraBody, saved.defenceFatigue.dodge]).toEqual([5, 4]);
    await app.runAction("forgetLegacy");
    const left = JSON.parse(again.game.settings.get("bout", "apTables"));
    expect([left.criticalEffects, left.defenceFatigue.dodge]).toEqual([undefined, 4]);
    expect(app.renderedParts.form).not.toContain("This world still plays");
    // Reset: the cells go back to ours and nothing is left stored.
    await app.runAction("reset");
    expect(again.game.settings.get("bout", "apTables")).toBe("");
  });
});
