// The GM's tools in a real browser (issue 20, "Proof"): the duel simulator for
// every ruleset that simulates duels, before and after a run, and the settings
// table editors, in both themes, framed at their default width and as tall as
// their content, screenshotted and checked that nothing spills out of its box and
// that small text keeps 4.5:1.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { duelRulesets } from "../../src/engine/duel";
import { DEFAULT_MISSILE_CHART } from "../../src/engine/rulesets/steel";
import { openPage, screenshot, sharedBrowser } from "./chromium";
import { SHOTS, shotPath } from "./shots";
import { expectKeyboardReachable, expectReadable, sheetPage } from "./sheet-page";
import { packSources } from "../pack-sources";

const THEMES = ["light", "dark"] as const;
const browser = sharedBrowser(SHOTS);

describe("duel simulator in chromium", () => {
  for (const theme of THEMES) {
    it(`${theme} theme: before and after a run, for every ruleset that simulates duels`, async () => {
      for (const ruleset of duelRulesets()) {
        dist();
        const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
        const gm = await world.connect("GM");
        await gm.game.settings.set("bout", "ruleset", ruleset);
        const Actor = gm.CONFIG.Actor.documentClass;
        const a = await Actor.create({ name: "Ada of the Western March", type: "character" });
        const b = await Actor.create({ name: "Bryn", type: "npc" });
        for (const actor of [a, b]) await actor.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true } }]);
        const app = await a.sheet.runAction("duelSimulator");
        for (const state of ["ready", "run"]) {
          if (state === "run") {
            app.run({ actorA: a.id, actorB: b.id, policyA: undefined, policyB: undefined, n: 200, seed: 3 });
            await app.render();
          }
          const { width } = app.options.position;
          const html = sheetPage({ title: gm.game.i18n.localize(app.options.window.title), classes: app.options.classes, width, height: "auto", parts: app.renderedParts, theme });
          const page = await openPage(browser(), html, { width: width + 32, height: 1000 });
          try {
            await expectReadable(page, `${ruleset} ${state} ${theme}`);
            await screenshot(page, ".application", shotPath(`duel-${ruleset}-${state}-${theme}.png`));
            await expectKeyboardReachable(page, `${ruleset} ${state} ${theme}`);
          } finally {
            await page.close();
          }
        }
      }
    });
  }
});

describe("settings table editors in chromium", () => {
  // <view>-<ruleset>-<state>-<theme>.png: the forms of labelled cells, the steel editor's
  // pointer to the roll tables (empty, and naming an older world's saved table), steel's range bands and pulse's ranks.
  const EDITORS = [
    ["tables", "steel", "pointer", "bout.steelTablesMenu"],
    ["tables", "steel", "legacy", "bout.steelTablesMenu"],
    ["costs", "actionpoints", "form", "bout.apTablesMenu"],
    ["tracks", "phases", "form", "bout.phasesTracksMenu"],
    ["tie", "opposed", "form", "bout.opposedTieMenu"],
    ["bands", "steel", "form", "bout.steelRangeBandsMenu"],
    ["tables", "pulse", "form", "bout.pulseTablesMenu"],
  ] as const;
  for (const theme of THEMES) {
    it(`${theme} theme: the roll tables the cards read, the world's ruleset first, empty, with a table chosen that is gone, and with steel's imported in one step, fit the window and scroll inside it`, async () => {
      dist();
      const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
      world.server.addPack({ id: "bout.tables", label: "Bout: Tables", type: "RollTable", packageType: "system" }, packSources("tables", (f) => !f.startsWith("folder-")));
      const gm = await world.connect("GM");
      for (const [ruleset, state, chosen] of [
        ["steel", "empty", {}],
        ["opposed", "chosen", { "opposed.oops": "RollTable.q3Zb8WnKx1LcV7pe" }],
        ["steel", "imported", null],
      ] as const) {
        await gm.game.settings.set("bout", "ruleset", ruleset);
        if (chosen) await gm.game.settings.set("bout", "rollTables", chosen);
        // Every steel lookup reads its world copy; the other rulesets' still read ours.
        else expect((await gm.evaluate<any>("globalThis.__boutTest").importRulesetTables("steel")).ok).toBe(true);
        const app = new (gm.game.settings.menus.get("bout.rollTablesMenu").type)();
        await app.render({ force: true });
        const { width, height } = app.options.position;
        const html = sheetPage({ title: gm.game.i18n.localize(app.options.window.title), classes: app.options.classes, width, height, parts: app.renderedParts, theme });
        const page = await openPage(browser(), html, { width: width + 32, height: height + 32 });
        try {
          expect(await page.locator("fieldset legend").first().innerText(), ruleset).toBe(gm.game.i18n.localize(`BOUT.RollTables.Folder.${ruleset}`));
          await expectReadable(page, `roll tables ${ruleset} ${theme}`);
          // The groups scroll inside the window; Save and Reset stay in view.
          const fit = await page.evaluate(() => {
            const groups = document.querySelector(".roll-tables-groups")!;
            const footer = document.querySelector(".roll-tables .form-footer")!.getBoundingClientRect();
            return { inside: groups.scrollHeight > groups.clientHeight, footer: footer.bottom <= document.querySelector(".window-content")!.getBoundingClientRect().bottom + 1 };
          });
          expect(fit).toEqual({ inside: true, footer: true });
          await screenshot(page, ".application", shotPath(`rolltables-${ruleset}-${state}-${theme}.png`));
          await expectKeyboardReachable(page, `roll tables ${ruleset} ${theme}`);
        } finally {
          await page.close();
        }
      }
    });

    it(`${theme} theme: the steel pointer and range bands, the action-point costs, the phases tracks, the opposed tie rule and the pulse ranks fit their width`, async () => {
      dist();
      const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
      const gm = await world.connect("GM");
      for (const [view, ruleset, state, menuId] of EDITORS) {
        await gm.game.settings.set("bout", "steelTables", state === "legacy" ? JSON.stringify({ missileChart: [...DEFAULT_MISSILE_CHART].reverse() }) : "");
        const menu = gm.game.settings.menus.get(menuId);
        const app = new menu.type();
        await app.render({ force: true });
        const { width } = app.options.position;
        const html = sheetPage({ title: gm.game.i18n.localize(app.options.window.title), classes: app.options.classes, width, height: "auto", parts: app.renderedParts, theme });
        const page = await openPage(browser(), html, { width: width + 32, height: 1000 });
        try {
          await expectReadable(page, `${ruleset} ${state} ${theme}`);
          await screenshot(page, ".application", shotPath(`${view}-${ruleset}-${state}-${theme}.png`));
          await expectKeyboardReachable(page, `${ruleset} ${state} ${theme}`);
        } finally {
          await page.close();
        }
      }
    });
  }
});
