// The combat tracker in a real browser (issue 4): a steel bout in the middle of
// its secret throw, as the GM and as a player see it, at the sidebar's width in
// both themes, screenshotted and checked that nothing spills out of its box.
import { describe, expect, it } from "vitest";
import { openPage, screenshot, sharedBrowser } from "./chromium";
import { SHOTS, shotPath } from "./shots";
import { expectKeyboardReachable, expectReadable, findLowContrast, findOverflow, sheetPage } from "./sheet-page";
import { formCells, noSurprise, settle, tableOfThree } from "../shell/support";


const browser = sharedBrowser(SHOTS);

async function midThrow() {
  const { world, gm, alice } = await tableOfThree("steel");
  const Actor = gm.CONFIG.Actor.documentClass;
  const names = ["Ser Aldric of the Long Causeway", "Bran", "Town guard", "Mercenary crossbowman"];
  const actors = [];
  for (const [i, name] of names.entries()) actors.push(await Actor.create({ name, type: i === 0 ? "character" : "npc", ownership: i === 0 ? { default: 0, [world.userId("Alice")]: 3 } : { default: 0 } }));
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const groups = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Bridge" }, { name: "Gate" }]);
  await combat.createEmbeddedDocuments("Combatant", actors.map((a: any, i: number) => ({ actorId: a.id, name: a.name, group: groups[i < 2 ? 0 : 1].id })));
  await combat.startCombat();
  alice.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
  gm.runtime.dialogs.responder = () => null;
  await gm.ui.combat.runAction("boutGroupAction", { groupId: groups[0].id, actionId: "throw" });
  await settle();
  return { gm, alice };
}

/** A started fight of four under a ruleset's own time structure, ungrouped; Alice owns Ser Aldric. */
async function started(ruleset: string) {
  const { world, gm, alice } = await tableOfThree(ruleset);
  const Actor = gm.CONFIG.Actor.documentClass;
  const actors = [];
  for (const [i, name] of ["Ser Aldric of the Long Causeway", "Bran", "Town guard", "Wolf"].entries()) actors.push(await Actor.create({ name, type: i < 2 ? "character" : "npc", ownership: i === 0 ? { default: 0, [world.userId("Alice")]: 3 } : { default: 0 } }));
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments("Combatant", actors.map((a: any) => ({ actorId: a.id, name: a.name })));
  // Pulse asks the GM who is surprised: nobody.
  gm.runtime.dialogs.responder = noSurprise;
  await combat.startCombat();
  await settle();
  expect(gm.notices).toEqual([]);
  return { gm, alice };
}

/** Runs in the page: visible buttons with neither text nor an accessible name (an icon a screen reader cannot name). */
function unnamedButtons(): string[] {
  return Array.from(document.querySelectorAll<HTMLButtonElement>(".window-content button"))
    .filter((b) => b.offsetParent !== null && !b.textContent?.trim() && !b.getAttribute("aria-label"))
    .map((b) => b.outerHTML.slice(0, 120));
}

/** The header's words for the fight's time, as each structure says them (issue 20). */
const TITLES: Record<string, RegExp> = {
  steel: /^Exchange 1 of round 1$/,
  opposed: /^Round 1$/,
  actionpoints: /^Round 1 · Action phase 1$/,
  pulse: /^Pulse 1$/,
};

/**
 * A phased round after Initiative (seed 001): four fighters declare (Alice for
 * Ser Aldric, whom she owns; the GM for the rest), two engagements form, and the
 * round is in its Movement phase. Returns both clients and the declaration
 * dialog's content as first shown.
 */
async function phasedRound() {
  const { world, gm, alice } = await tableOfThree("phases");
  const Actor = gm.CONFIG.Actor.documentClass;
  const names = ["Ser Aldric of the Long Causeway", "Bran", "Town guard", "Mercenary crossbowman"];
  const ids: string[] = [];
  const weapons: string[] = [];
  for (const [i, name] of names.entries()) {
    const actor = await Actor.create({ name, type: i < 2 ? "character" : "npc", ownership: i === 0 ? { default: 0, [world.userId("Alice")]: 3 } : { default: 0 } });
    const [weapon] = await actor.createEmbeddedDocuments("Item", [
      i === 3
        ? { name: "Heavy crossbow", type: "weapon", system: { phases: { initiative: -12, range: "far", minRange: "close", missile: true } } }
        : { name: i === 1 ? "Long spear" : "Arming sword", type: "weapon", system: { phases: { initiative: i === 1 ? 3 : 1, range: i === 1 ? "close" : "reach", minRange: i === 1 ? "reach" : "touch" } } },
    ]);
    ids.push(actor.id);
    weapons.push(weapon.id);
  }
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  const combatants = await combat.createEmbeddedDocuments("Combatant", ids.map((actorId, i) => ({ actorId, name: names[i] })));
  const cid = combatants.map((c: any) => c.id as string);
  const forms = [
    { action: "melee", movement: "walk", weaponId: weapons[0], range: "reach", [`opponent-${cid[2]}`]: true },
    { action: "melee", movement: "hustle", weaponId: weapons[1], range: "close", [`opponent-${cid[2]}`]: true, charging: true, runUpRoom: true },
    { action: "melee", weaponId: weapons[2], range: "touch", [`opponent-${cid[0]}`]: true },
    { action: "missile", weaponId: weapons[3], range: "near", [`opponent-${cid[1]}`]: true, highGround: true },
  ];
  let content = "";
  // Whoever is asked, the answer is the named fighter's (the dialog's title names who declares).
  const respond = (_kind: string, config: any) => {
    // The GM's fighters are rows of one round form (issue 33): each row (named by its combatant) gets its fighter's answer.
    if (String(config.content ?? "").includes('class="bout-round"')) {
      const cells = formCells(String(config.content));
      for (const key of Object.keys(cells)) {
        const [row, name] = [key.slice(0, key.indexOf(".")), key.slice(key.indexOf(".") + 1)];
        const form = forms[cid.indexOf(row)];
        if (!form) continue;
        if (name in form) cells[key] = form[name as keyof typeof form];
        else if (name === "engage") cells[key] = Object.keys(form).find((k) => k.startsWith("opponent-"))?.slice("opponent-".length) ?? "";
      }
      return cells;
    }
    const i = names.findIndex((n) => String(config.window?.title ?? "").includes(n));
    if (i === 0) content ||= config.content;
    return i < 0 ? null : forms[i];
  };
  gm.runtime.dialogs.responder = respond;
  alice.runtime.dialogs.responder = respond;
  await combat.startCombat();
  await settle();
  expect(gm.notices).toEqual([]);
  expect(alice.notices).toEqual([]);
  await gm.ui.combat.runAction("boutNextStep", {});
  await settle();
  return { gm, alice, content };
}

describe("combat tracker in chromium", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`phases (${theme}): a round's engagements, totals and the declaration dialog fit their boxes, for the GM and a player`, async () => {
      const { gm, alice, content } = await phasedRound();
      expect(content, "Alice declared for Ser Aldric").not.toBe("");
      for (const [who, client] of [["gm", gm], ["player", alice]] as const) {
        await client.ui.combat.render({ force: true });
        expect(client.ui.combat.renderedParts.tracker).toContain("First strike");
        const html = sheetPage({ title: "Combat", classes: ["sidebar-tab", "combat-sidebar"], width: 300, height: 640, parts: client.ui.combat.renderedParts, theme });
        const page = await openPage(browser(), html, { width: 332, height: 672 });
        try {
          expect(await page.locator(".combatant").count()).toBe(4);
          expect((await page.locator(".encounter-title").innerText()).trim()).toBe("Round 1 · Phase: Movement");
          await expectReadable(page, `phases tracker ${who} ${theme}`);
          expect(await page.evaluate(unnamedButtons), `phases tracker ${who} ${theme}`).toEqual([]);
          await screenshot(page, "form.application", shotPath(`tracker-phases-running-${who}-${theme}.png`));
          await expectKeyboardReachable(page, `phases tracker ${who} ${theme}`);
        } finally {
          await page.close();
        }
      }
      const dialog = sheetPage({ title: "Declare", classes: ["dialog", "bout", "bout-odds-dialog"], width: 420, height: 720, parts: { content }, theme });
      const dialogPage = await openPage(browser(), dialog, { width: 452, height: 752 });
      try {
        expect(await dialogPage.locator("select[name=weaponId] option").count()).toBe(2);
        expect(await dialogPage.evaluate(findOverflow), `phases declaration ${theme}`).toEqual([]);
        expect(await dialogPage.evaluate(findLowContrast), `phases declaration ${theme}`).toEqual([]);
        await screenshot(dialogPage, "form.application", shotPath(`dialog-phases-declare-open-${theme}.png`));
        await expectKeyboardReachable(dialogPage, `phases declaration ${theme}`);
      } finally {
        await dialogPage.close();
      }
    });
  }

  for (const ruleset of ["steel", "opposed", "actionpoints", "pulse"]) {
    for (const theme of ["light", "dark"] as const) {
      it(`${ruleset} (${theme}): a running fight in the structure's own words, for the GM and a player, fits the sidebar`, async () => {
        const { gm, alice } = await started(ruleset);
        for (const [who, client] of [["gm", gm], ["player", alice]] as const) {
          await client.ui.combat.render({ force: true });
          const html = sheetPage({ title: "Combat", classes: ["sidebar-tab", "combat-sidebar"], width: 300, height: 640, parts: client.ui.combat.renderedParts, theme });
          const page = await openPage(browser(), html, { width: 332, height: 672 });
          try {
            expect(await page.locator(".combatant").count()).toBe(4);
            expect((await page.locator(".encounter-title").innerText()).trim()).toMatch(TITLES[ruleset]!);
            if (ruleset === "pulse") expect(await page.locator(".window-content").innerText()).not.toMatch(/\bround\b/i);
            await expectReadable(page, `${ruleset} ${who} ${theme}`);
            expect(await page.evaluate(unnamedButtons), `${ruleset} ${who} ${theme}`).toEqual([]);
            await screenshot(page, "form.application", shotPath(`tracker-${ruleset}-running-${who}-${theme}.png`));
            await expectKeyboardReachable(page, `${ruleset} ${who} ${theme}`);
          } finally {
            await page.close();
          }
        }
      });
    }
  }

  for (const theme of ["light", "dark"] as const) {
    it(`${theme} theme: GM and player views of a bout mid-throw fit the sidebar`, async () => {
      const { gm, alice } = await midThrow();
      for (const [who, client] of [["gm", gm], ["player", alice]] as const) {
        await client.ui.combat.render({ force: true });
        const html = sheetPage({ title: "Combat", classes: ["sidebar-tab", "combat-sidebar"], width: 300, height: 640, parts: client.ui.combat.renderedParts, theme });
        const page = await openPage(browser(), html, { width: 332, height: 672 });
        try {
          expect(await page.locator(".tracker-group").count()).toBe(2);
          await expectReadable(page, `${who} ${theme}`);
          expect(await page.evaluate(unnamedButtons), `${who} ${theme}`).toEqual([]);
          await screenshot(page, "form.application", shotPath(`tracker-steel-throw-${who}-${theme}.png`));
          await expectKeyboardReachable(page, `${who} ${theme}`);
        } finally {
          await page.close();
        }
      }
    });
  }
});
