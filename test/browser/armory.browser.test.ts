// The armory in a real browser (issue 24): the grid of 30 weapons for every
// ruleset in the light and the dark theme, framed at its default size,
// screenshotted, with the layout checks of the sheets (nothing spills out of its
// box; the grid scrolls inside itself, the window never sideways), and the
// keyboard moving between cells as in a spreadsheet.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { RULESET_IDS } from "../../src/engine/rulesets/ruleset";
import { nextCell } from "../../src/applications/armory/navigation";
import { gridKeydown } from "../../src/applications/armory/grid-keys";
import { dist } from "../build/dist";
import { openPage, screenshot, sharedBrowser } from "./chromium";
import { SHOTS, shotPath } from "./shots";
import { expectReadable, sheetPage } from "./sheet-page";
import { creationData, packSources } from "../pack-sources";

const THEMES = ["light", "dark"] as const;
const browser = sharedBrowser(SHOTS);

const shippedWeapons = (): Record<string, unknown>[] => packSources("weapons").map(creationData);

/** The armory of a GM's world holding the shipped weapons, with one edited cell so the mark shows. */
async function armory(ruleset: string) {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM");
  await gm.CONFIG.Item.documentClass.createDocuments(shippedWeapons());
  const app = await gm.CONFIG.BOUT.openArmory({ ruleset });
  const row = app.rows[1];
  const first = app.columns[0];
  const stat = first.stat;
  const value = stat.kind === "integer" ? (row.values[first.key] === stat.max ? stat.min : stat.max) : stat.kind === "boolean" ? !row.values[first.key] : stat.kind === "choice" ? stat.choices.find((c: string) => c !== row.values[first.key]) : "Edited";
  expect(app.setCell(row.key, first.key, value).ok).toBe(true);
  await app.render();
  return app;
}

/** The page the armory draws, with its keyboard handler running as it does in Foundry. */
async function framed(app: any, theme: "light" | "dark"): Promise<Page> {
  const { width, height } = app.options.position;
  const html = sheetPage({ title: app.title, classes: app.options.classes, width, height, parts: app.renderedParts, theme });
  const page = await openPage(browser(), html, { width: width + 32, height: height + 32 });
  // In a block: a reused page keeps its window, where a second top-level const would not declare again.
  await page.addScriptTag({ content: `{\nconst nextCell = ${nextCell.toString()};\nconst gridKeydown = ${gridKeydown.toString()};\ndocument.addEventListener("keydown", (e) => gridKeydown(e, nextCell));\n}` });
  return page;
}

describe("armory grid in chromium", () => {
  for (const ruleset of RULESET_IDS) {
    for (const theme of THEMES) {
      it(`${ruleset}, ${theme} theme: the grid fits its window, every cell in its box`, async () => {
        const app = await armory(ruleset);
        const page = await framed(app, theme);
        try {
          expect(await page.locator("td.changed").count()).toBeGreaterThan(0);
          expect(await page.locator("tbody tr").count()).toBe(app.rows.length);
          await expectReadable(page, `${ruleset} ${theme}`);
          // The grid scrolls inside itself; the window's content does not.
          const scroll = await page.evaluate(() => {
            const s = document.querySelector(".armory-scroll")!;
            return { inside: s.scrollHeight > s.clientHeight, footer: document.querySelector(".armory-footer")!.getBoundingClientRect().bottom <= document.querySelector(".window-content")!.getBoundingClientRect().bottom + 1 };
          });
          expect(scroll).toEqual({ inside: true, footer: true });
          await screenshot(page, ".application", shotPath(`armory-${ruleset}-grid-${theme}.png`));
        } finally {
          await page.close();
        }
      });
    }
  }

  for (const theme of THEMES) {
    it(`${theme} theme: an import's plan (new, changed old → new, refused and why) fits above the grid`, async () => {
      const app = await armory("steel");
      await app.load();
      await app.importText("name,steel.reach,steel.swingType\nEstoc,3,cut\nLongsword,4,blunt\nKopis,9,cut\nFalchion,2,sideways", "csv");
      const page = await framed(app, theme);
      try {
        expect(await page.locator(".armory-preview").isVisible()).toBe(true);
        expect(await page.locator(".armory-refused li[data-line]").count()).toBe(2);
        // The GM can read the plan and reach its buttons without scrolling the window.
        const box = await page.evaluate(() => {
          const preview = document.querySelector(".armory-preview")!.getBoundingClientRect();
          const content = document.querySelector(".window-content")!.getBoundingClientRect();
          return { tall: preview.height >= 200, inside: preview.bottom <= content.bottom + 1 };
        });
        expect(box).toEqual({ tall: true, inside: true });
        await expectReadable(page, theme);
        await screenshot(page, ".application", shotPath(`armory-steel-import-${theme}.png`));
      } finally {
        await page.close();
      }
    });
  }

  it("moves between cells with the arrow keys and Enter, without stepping numbers or choices", async () => {
    const app = await armory("steel");
    const page = await framed(app, "light");
    const at = () => page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      return [Number(el.dataset.r), Number(el.dataset.c)];
    });
    try {
      await page.locator('[data-r="0"][data-c="2"]').focus();
      const before = await page.locator('[data-r="0"][data-c="2"]').inputValue();
      await page.keyboard.press("ArrowDown");
      expect(await at()).toEqual([1, 2]);
      await page.keyboard.press("ArrowUp");
      expect(await at()).toEqual([0, 2]);
      expect(await page.locator('[data-r="0"][data-c="2"]').inputValue()).toBe(before);
      await page.keyboard.press("ArrowRight");
      expect(await at()).toEqual([0, 3]);
      await page.keyboard.press("Enter");
      await page.keyboard.press("Enter");
      expect(await at()).toEqual([2, 3]);
      await page.keyboard.press("Shift+Enter");
      expect(await at()).toEqual([1, 3]);
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      expect(await at()).toEqual([1, 1]);
      // In a text box the caret moves first: left leaves only from the start.
      await page.locator('[data-r="1"][data-c="0"]').focus();
      await page.keyboard.press("End");
      await page.keyboard.press("ArrowLeft");
      expect(await at()).toEqual([1, 0]);
      await page.keyboard.press("End");
      await page.keyboard.press("ArrowRight");
      expect(await at()).toEqual([1, 1]);
      // The picture cell is a button (Space opens Foundry's file picker): Tab and the arrows reach it like any cell.
      await page.locator('[data-r="0"][data-c="0"]').focus();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.action)).toBe("pickImage");
      expect(await at()).toEqual([0, 1]);
      expect(await page.evaluate(() => document.activeElement!.getAttribute("aria-label"))).toBe(`Choose the image: ${app.visibleRows[0].name}`);
      await page.keyboard.press("ArrowDown");
      expect(await at()).toEqual([1, 1]);
      // A choice cell keeps its choice when the arrows move on from it.
      const choice = page.locator('select[data-r="3"]').first();
      const c = Number(await choice.getAttribute("data-c"));
      const chosen = await choice.inputValue();
      await choice.focus();
      await page.keyboard.press("ArrowDown");
      expect(await at()).toEqual([4, c]);
      expect(await choice.inputValue()).toBe(chosen);
    } finally {
      await page.close();
    }
  });
});
