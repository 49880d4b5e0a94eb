// Sheets in a real browser (issue 3, "Sheets" and "Done when"): the character
// sheet for every ruleset and the weapon sheet, each in the light and the dark
// theme, rendered from real documents with the real handlebars, framed at their
// default sizes, screenshotted, and checked that no field spills out of its box
// and that the keyboard reaches every control.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { RULESET_IDS } from "../../src/engine/rulesets/ruleset";
import { dist } from "../build/dist";
import { openPage, pressTab, screenshot, sharedBrowser } from "./chromium";
import { SHOTS, shotPath } from "./shots";
import { expectKeyboardReachable, expectReadable, findLowContrast, findOverflow, sheetPage, unreachedControls } from "./sheet-page";

const THEMES = ["light", "dark"] as const;

const pack = (folder: string, slug: string) => {
  const { _id, _key, folder: _f, sort: _s, ownership: _o, ...source } = JSON.parse(readFileSync(join("packs/_source", folder, `${slug}.json`), "utf8"));
  return source;
};

const browser = sharedBrowser(SHOTS);

/** A GM's world with a fully kitted character from the compendium sources. */
async function world(ruleset: string) {
  dist();
  const w = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await w.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  const duellist = pack("npcs", "duellist");
  const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Ser Aldric of the Long Causeway", type: "character", system: duellist.system });
  await actor.createEmbeddedDocuments("Item", [
    pack("weapons", "longsword"),
    pack("weapons", "arming-sword"),
    pack("weapons", "dagger"),
    pack("weapons", "composite-bow"),
    pack("armor", "mail-hauberk"),
    pack("armor", "great-helm"),
    pack("armor", "kite-shield"),
    pack("skills", "acrobatics"),
    pack("maneuvers", "counter"),
  ]);
  return { gm, actor };
}

/** A window as tall as its content is framed in a viewport this tall (a 1080p screen less Foundry's chrome). */
const AUTO_VIEWPORT = 1000;

async function framed(sheet: any, theme: "light" | "dark") {
  await sheet.render({ force: true });
  const { width, height } = sheet.options.position;
  const html = sheetPage({ title: sheet.title ?? sheet.document.name, classes: sheet.options.classes, width, height, parts: sheet.renderedParts, theme });
  return { page: await openPage(browser(), html, { width: width + 32, height: height === "auto" ? AUTO_VIEWPORT : height + 32 }), width, height };
}

describe("character sheet in chromium", () => {
  for (const ruleset of RULESET_IDS) {
    for (const theme of THEMES) {
      it(`${ruleset}, ${theme} theme: every tab fits its box at the default size, every control reached with the keyboard`, async () => {
        const { actor } = await world(ruleset);
        const { page } = await framed(actor.sheet, theme);
        try {
          for (const tab of ["stats", "items", "biography"]) {
            await page.click(`[data-action="tab"][data-tab="${tab}"]`);
            expect(await page.locator(`section.tab[data-tab="${tab}"]`).isVisible()).toBe(true);
            await expectReadable(page, `${ruleset} ${theme} ${tab}`);
            await screenshot(page, "form.application", shotPath(`character-${ruleset}-${tab}-${theme}.png`));
            // Every control of the tab (and the header's) is reached with Tab.
            const controls = await expectKeyboardReachable(page, `${ruleset} ${theme} ${tab}`);
            if (tab !== "biography") expect(controls, tab).toBeGreaterThan(5);
          }
        } finally {
          await page.close();
        }
      });
    }
  }
});

describe("NPC sheet and a player's observer view in chromium", () => {
  for (const theme of THEMES) {
    it(`${theme} theme: an NPC's sheet for every ruleset, and a player who may only observe, fit their boxes`, async () => {
      for (const ruleset of RULESET_IDS) {
        const { gm } = await world(ruleset);
        const npc = await gm.CONFIG.Actor.documentClass.create({ name: "Bandit of the Old Road", type: "npc", system: pack("npcs", "duellist").system });
        await npc.createEmbeddedDocuments("Item", [pack("weapons", "dagger"), pack("armor", "mail-hauberk")]);
        const { page } = await framed(npc.sheet, theme);
        try {
          for (const tab of ["stats", "items"]) {
            await page.click(`[data-action="tab"][data-tab="${tab}"]`);
            await expectReadable(page, `npc ${ruleset} ${theme} ${tab}`);
            await screenshot(page, "form.application", shotPath(`npc-${ruleset}-${tab}-${theme}.png`));
            await expectKeyboardReachable(page, `npc ${ruleset} ${theme} ${tab}`);
          }
        } finally {
          await page.close();
        }
      }
      // A player with observer rights: read-only fields, no add or remove buttons, the toggles disabled.
      const w = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }, { name: "Alice", role: ROLES.PLAYER }] });
      const gm = await w.connect("GM");
      const alice = await w.connect("Alice");
      const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Ser Aldric", type: "character", system: pack("npcs", "duellist").system, ownership: { default: 0, [w.userId("Alice")]: 2 } });
      await actor.createEmbeddedDocuments("Item", [pack("weapons", "longsword"), pack("armor", "kite-shield")]);
      const { page } = await framed(alice.game.actors.get(actor.id).sheet, theme);
      try {
        for (const tab of ["stats", "items"]) {
          await page.click(`[data-action="tab"][data-tab="${tab}"]`);
          await expectReadable(page, `observer ${theme} ${tab}`);
          await screenshot(page, "form.application", shotPath(`observer-steel-${tab}-${theme}.png`));
          await expectKeyboardReachable(page, `observer ${theme} ${tab}`);
        }
        expect(await page.locator('[data-action="deleteItem"], [data-action="createItem"], [data-action="rollItem"]').count()).toBe(0);
        expect(await page.locator("button.equip-toggle:not([disabled])").count()).toBe(0);
      } finally {
        await page.close();
      }
    });
  }
});

describe("item sheets in chromium", () => {
  // Issue 20, "Sheets": each ruleset's item sheets at their own size (as tall as the tab shown), both themes.
  for (const ruleset of RULESET_IDS) {
    for (const theme of THEMES) {
      it(`${ruleset}, ${theme} theme: weapon, armour and shield sheets fit their content, the ruleset in play first`, async () => {
        const { actor } = await world(ruleset);
        for (const name of ["Longsword", "Mail hauberk", "Kite shield"]) {
          const item = actor.items.find((i: any) => i.name === name);
          const { page } = await framed(item.sheet, theme);
          try {
            const tabs = await page.locator('[role="tab"]').evaluateAll((links) => links.map((a) => (a as HTMLElement).dataset.tab!));
            expect(tabs[0]).toBe(ruleset);
            expect(await page.getAttribute(`[role="tab"][data-tab="${ruleset}"]`, "aria-selected")).toBe("true");
            await expectReadable(page, `${ruleset} ${theme} ${name}`);
            // Sized to its content: the window neither scrolls nor leaves a tall empty band below the figures.
            const fit = await page.evaluate(() => {
              const content = document.querySelector(".window-content") as HTMLElement;
              const last = Array.from(content.querySelectorAll<HTMLElement>(".tab.active > *")).at(-1)!;
              return { scrolls: content.scrollHeight > content.clientHeight + 1, gap: content.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom };
            });
            expect(fit.scrolls, name).toBe(false);
            expect(fit.gap, name).toBeLessThan(40);
            await screenshot(page, "form.application", shotPath(`item-${ruleset}-${item.type}-${theme}.png`));
            await expectKeyboardReachable(page, `${ruleset} ${theme} ${name}`);
          } finally {
            await page.close();
          }
        }
      });
    }
  }

  for (const theme of THEMES) {
    it(`${theme} theme: a compendium longsword's figures for all five rulesets fit their boxes, and the tabs say which is selected`, async () => {
      const { actor } = await world("steel");
      const sword = actor.items.find((i: any) => i.name === "Longsword");
      const { page } = await framed(sword.sheet, theme);
      try {
        expect(await page.locator("input[type=number]").count()).toBeGreaterThan(10);
        const tabs = await page.locator('[data-action="tab"]').evaluateAll((links) => links.map((a) => (a as HTMLElement).dataset.tab!));
        expect(tabs).toEqual(expect.arrayContaining(["steel", "phases", "actionpoints", "opposed", "pulse"]));
        for (const tab of tabs) {
          await page.click(`[data-action="tab"][data-tab="${tab}"]`);
          const selected = await page.locator('[role="tab"][aria-selected="true"]').evaluateAll((links) => links.map((a) => (a as HTMLElement).dataset.tab));
          expect(selected).toEqual([tab]);
          const panel = await page.getAttribute(`[role="tab"][data-tab="${tab}"]`, "aria-controls");
          expect(await page.locator(`#${panel}`).isVisible()).toBe(true);
          expect(await page.evaluate(findOverflow), `${theme} ${tab}`).toEqual([]);
          // A ruleset's tab under that ruleset's name, the tabs every ruleset shares under "all".
          const shot = RULESET_IDS.includes(tab as never) ? `item-${tab}-longsword-${theme}.png` : `item-all-longsword-${tab}-${theme}.png`;
          await screenshot(page, "form.application", shotPath(shot));
          await expectKeyboardReachable(page, `longsword ${theme} ${tab}`);
        }
      } finally {
        await page.close();
      }
    });
  }
});

describe("an equipped item in chromium (issue 34, Proof)", () => {
  for (const theme of THEMES) {
    it(`${theme} theme: the Equipment tab marks what is worn and carried in hand, and the equipped shield's sheet says so`, async () => {
      const { actor } = await world("steel");
      const shield = actor.items.getName("Kite shield");
      await shield.update({ "system.equipped": true });
      const { page } = await framed(actor.sheet, theme);
      try {
        await page.click('[data-action="tab"][data-tab="items"]');
        const row = page.locator(`tr.item-row[data-item-id="${shield.id}"]`);
        expect(await row.getAttribute("class")).toContain("equipped");
        expect(await row.locator("button.equip-toggle").getAttribute("aria-pressed")).toBe("true");
        await expectReadable(page, `equipped items ${theme}`);
        await screenshot(page, "form.application", shotPath(`character-steel-items-equipped-${theme}.png`));
        await expectKeyboardReachable(page, `equipped items ${theme}`);
      } finally {
        await page.close();
      }
      const sheet = await framed(shield.sheet, theme);
      try {
        expect(await sheet.page.locator('input[name="system.equipped"]').isChecked()).toBe(true);
        await expectReadable(sheet.page, `equipped shield ${theme}`);
        await screenshot(sheet.page, "form.application", shotPath(`item-steel-shield-equipped-${theme}.png`));
        await expectKeyboardReachable(sheet.page, `equipped shield ${theme}`);
      } finally {
        await sheet.page.close();
      }
    });
  }
});

describe("the layout checks themselves", () => {
  it("catch a footer the window cuts off at its bottom (the phases tracker's End the fight at 640 px)", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `<p>Fighter ${i + 1}</p>`).join("");
    const html = sheetPage({ title: "cut", classes: ["bout"], width: 300, height: 240, theme: "light", parts: { a: `<div>${rows}</div>`, b: `<nav class="combat-controls"><button type="button">End the fight</button></nav>` } });
    const page = await openPage(browser(), html, { width: 332, height: 272 });
    try {
      expect(await page.evaluate(findOverflow)).toEqual([expect.stringMatching(/^nav\.combat-controls "End the fight" is cut off by the window/)]);
    } finally {
      await page.close();
    }
  });

  it("draw icon buttons with Font Awesome's free set, as Foundry draws them with its own", async () => {
    const html = sheetPage({ title: "icons", classes: ["bout"], width: 300, height: 200, theme: "light", parts: { a: `<button type="button" class="inline-control icon fa-solid fa-skull" aria-label="Defeated"></button><i class="fa-solid fa-shield-halved"></i>` } });
    const page = await openPage(browser(), html, { width: 332, height: 232 });
    try {
      const icons = await page.evaluate(() => ({
        loaded: Array.from(document.fonts).some((f) => f.family.replace(/"/g, "") === "Font Awesome 7 Free" && f.weight === "900" && f.status === "loaded"),
        faces: Array.from(document.querySelectorAll(".window-content .fa-solid")).map((el) => getComputedStyle(el).fontFamily.replace(/"/g, "")),
        glyphs: Array.from(document.querySelectorAll(".window-content .fa-solid")).map((el) => getComputedStyle(el, "::before").content !== "none"),
      }));
      expect(icons).toEqual({ loaded: true, faces: ["Font Awesome 7 Free", "Font Awesome 7 Free"], glyphs: [true, true] });
    } finally {
      await page.close();
    }
  });

  it("catch a control Tab never reaches (a link with an action but no href)", async () => {
    const html = sheetPage({ title: "keys", classes: ["bout"], width: 300, height: 200, theme: "light", parts: { a: `<button type="button">Roll</button><a data-action="rollItem">Longsword</a>` } });
    const page = await openPage(browser(), html, { width: 332, height: 232 });
    try {
      const { missed, controls } = await unreachedControls(page);
      expect(controls).toBe(2);
      expect(missed).toEqual([expect.stringContaining('data-action="rollItem"')]);
    } finally {
      await page.close();
    }
  });

  // The two helpers that stand in for playwright's own calls (chromium.ts): each against the call it replaces.
  const MIXED = `<button type="button">Roll</button><input type="text" value="Aldric"><label><input type="radio" name="g" value="a" checked>A</label><label><input type="radio" name="g" value="b">B</label><select><option>one</option></select><div style="height:40px;overflow:auto"><p style="height:120px">long</p></div><button type="button" disabled>Off</button><a href="#x">link</a><textarea>notes</textarea><input type="number" value="3">`;

  it("pressTab reaches what one press at a time reaches, in the same order", async () => {
    const html = sheetPage({ title: "keys", classes: ["bout"], width: 300, height: 400, theme: "light", parts: { a: MIXED } });
    const page = await openPage(browser(), html, { width: 332, height: 432 });
    const visits = async (press: (n: number) => Promise<void>) => {
      await page.locator("body").focus();
      await page.evaluate(() => {
        const w = window as unknown as { __seen: string[] };
        w.__seen = [];
        window.addEventListener("keyup", () => w.__seen.push(document.activeElement?.outerHTML.slice(0, 60) ?? ""), true);
      });
      // As many presses as the page has stops: past the last, the focus leaves the document for the browser,
      // and whether a press lands on the document's body on the way back depends on timing, one at a time or not.
      await press(8);
      return page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
    };
    try {
      const oneByOne = await visits(async (n) => {
        for (let i = 0; i < n; i++) await page.keyboard.press("Tab");
      });
      await page.setContent(html);
      const together = await visits((n) => pressTab(page, n));
      expect(new Set(oneByOne).size).toBe(8);
      expect(together).toEqual(oneByOne);
    } finally {
      await page.close();
    }
  });

  it("screenshot takes the picture playwright's element screenshot takes, and refuses what a locator refuses", async () => {
    const html = sheetPage({ title: "shot", classes: ["bout"], width: 300, height: 700, theme: "dark", parts: { a: MIXED } });
    const page = await openPage(browser(), html, { width: 332, height: 500 });
    const shot = (name: string) => shotPath(`contract-none-${name}-dark.png`);
    // In the page: the two PNGs' sizes, how many pixels differ, and by how much at most in one channel.
    const compare = (x: string, y: string) =>
      page.evaluate(
        async ([x, y]) => {
          const read = async (src: string) => {
            const img = new Image();
            img.src = src;
            await img.decode();
            const canvas = document.createElement("canvas");
            [canvas.width, canvas.height] = [img.width, img.height];
            const ctx = canvas.getContext("2d")!;
            ctx.drawImage(img, 0, 0);
            return { size: [img.width, img.height], data: ctx.getImageData(0, 0, img.width, img.height).data };
          };
          const [p, q] = [await read(x!), await read(y!)];
          let pixels = 0;
          let most = 0;
          for (let i = 0; i < Math.min(p.data.length, q.data.length); i += 4) {
            const delta = Math.max(...[0, 1, 2, 3].map((c) => Math.abs(p.data[i + c]! - q.data[i + c]!)));
            if (delta > 0) pixels++;
            most = Math.max(most, delta);
          }
          return { sizes: [p.size, q.size], pixels, most };
        },
        [x, y].map((file) => `data:image/png;base64,${readFileSync(file).toString("base64")}`),
      );
    try {
      // A focused text field (its caret hidden by both) in a window taller than the viewport, then one that fits.
      await page.locator('input[type="text"]').focus();
      for (const height of [500, 800]) {
        await page.setViewportSize({ width: 332, height });
        await page.locator("form.application").screenshot({ path: shotPath("contract-none-playwright-dark.png") });
        await screenshot(page, "form.application", shotPath("contract-none-helper-dark.png"));
        const same = await compare(shot("playwright"), shot("helper"));
        expect(same.sizes).toEqual([[300, 700], [300, 700]]);
        // Chromium may paint the edge of a native control a shade apart from one frame to the next: a few pixels, by a few levels.
        expect(same.pixels, `viewport ${height}`).toBeLessThan(60);
        expect(same.most, `viewport ${height}`).toBeLessThanOrEqual(16);
      }
      // The comparison sees a real change: one digit of a field.
      await page.locator('input[type="number"]').fill("4");
      await screenshot(page, "form.application", shotPath("contract-none-changed-dark.png"));
      expect((await compare(shot("playwright"), shot("changed"))).most).toBeGreaterThan(64);
      await expect(screenshot(page, "input", shot("helper"))).rejects.toThrow(/holds \d+ elements/);
      await expect(screenshot(page, ".nothing", shot("helper"))).rejects.toThrow(/holds 0 elements/);
    } finally {
      await page.close();
      for (const name of ["playwright", "helper", "changed"]) rmSync(shot(name), { force: true });
    }
  });

  it("catch small text below 4.5:1 (the checks above could not fail otherwise)", async () => {
    const html = sheetPage({
      title: "check",
      classes: ["bout"],
      width: 300,
      height: 200,
      theme: "light",
      parts: { a: `<p class="faint" style="color:#9a9a9a">faint</p><p class="dim" style="opacity:0.4">dimmed</p><p class="fine">plain</p>` },
    });
    const page = await openPage(browser(), html, { width: 332, height: 232 });
    try {
      const low = await page.evaluate(findLowContrast);
      expect(low.map((p) => p.split(" ")[0])).toEqual(["p.faint", "p.dim"]);
    } finally {
      await page.close();
    }
  });
});
