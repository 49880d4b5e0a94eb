// Chat cards in a real browser: an action-point exchange resolved with its
// Combat Advantages offered as buttons (issue 7, seed 002 VI), and a pulse blow
// parried for a riposte (issue 9, seed 004 [17.4]), at the chat sidebar's width
// in both themes, screenshotted and checked that nothing spills out of its box.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { openPage, sharedBrowser } from "./chromium";
import { findOverflow, sheetPage } from "./sheet-page";
import { scriptDraws, settle } from "../shell/support";

const SHOTS = join(process.cwd(), "test-results", "screenshots");

const browser = sharedBrowser(SHOTS);

/** Ser Aldric's failed cut, parried by Bran: the card as it stands with the advantages open. */
async function parriedCard() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", "actionpoints");
  const Actor = gm.CONFIG.Actor.documentClass;
  const aldric = await Actor.create({ name: "Ser Aldric of the Long Causeway", type: "character" });
  const bran = await Actor.create({ name: "Bran", type: "character" });
  const [sword] = await aldric.createEmbeddedDocuments("Item", [
    { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Sword" } } },
    { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15 } } },
  ]);
  await bran.createEmbeddedDocuments("Item", [
    { name: "Arming sword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Sword" } } },
    { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 50, psf: 10 } } },
  ]);
  gm.runtime.dialogs.responder = () => ({ defender: bran.id, modifier: 0 });
  await aldric.sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
  await settle();
  const card = gm.game.messages.contents.at(-1);
  gm.runtime.dialogs.responder = () => ({ defence: "activeParry" });
  scriptDraws(gm, [[20, 100], [80, 100]]);
  await gm.evaluate<any>("globalThis.__boutTest").defendFromCard(gm.game.messages.get(card.id));
  await settle();
  return gm.game.messages.get(card.id).content as string;
}

/** Ada's wide miss, parried by Bran for 8: the pulse card with his Riposte offered (seed 004 [17.4]). */
async function ripostedCard() {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", "pulse");
  const Actor = gm.CONFIG.Actor.documentClass;
  const ada = await Actor.create({ name: "Ada of the Western March", type: "character", system: { pulse: { md: 15, ps: 15, ag: 15 } } });
  const bran = await Actor.create({ name: "Bran", type: "character", system: { pulse: { ag: 12 } } });
  const [sword] = await ada.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2, poisoned: true, weaponClass: "B" } } }]);
  await bran.createEmbeddedDocuments("Item", [{ name: "Mace", type: "weapon", system: { equipped: true, pulse: { baseChance: 45, ranked: true, rank: 4, damage: 3 } } }]);
  gm.runtime.dialogs.responder = () => ({ defender: bran.id, kind: "normal", modifier: 0 });
  await ada.sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
  await settle();
  const card = gm.game.messages.contents.at(-1);
  gm.runtime.dialogs.responder = () => ({ answer: "evade", grievous: "armor" });
  // Two handling checks for the poisoned blade, then the 95, then the parry's D10 6.
  scriptDraws(gm, [[20, 100], [60, 100], [95, 100], [6, 10]]);
  await gm.evaluate<any>("globalThis.__boutTest").defendFromCard(gm.game.messages.get(card.id));
  await settle();
  return gm.game.messages.get(card.id).content as string;
}

describe("chat cards in chromium", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`${theme} theme: a pulse blow parried for a riposte, the poisoned blade's handling shown, fits the chat sidebar`, async () => {
      const content = await ripostedCard();
      const html = sheetPage({ title: "Chat", classes: ["sidebar-tab", "chat-sidebar"], width: 300, height: 520, parts: { content }, theme });
      const page = await openPage(browser(), html, { width: 332, height: 552 });
      try {
        expect(await page.locator("button[data-bout-action=followUp]").count()).toBe(1);
        expect(await page.locator("form.application").innerText()).toContain("Nicked by the poisoned blade");
        expect(await page.evaluate(findOverflow), `riposte card ${theme}`).toEqual([]);
        await page.locator("form.application").screenshot({ path: join(SHOTS, `card-pulse-riposte-${theme}.png`) });
      } finally {
        await page.close();
      }
    });
  }

  for (const theme of ["light", "dark"] as const) {
    it(`${theme} theme: a parried exchange with its Combat Advantages fits the chat sidebar`, async () => {
      const content = await parriedCard();
      const html = sheetPage({ title: "Chat", classes: ["sidebar-tab", "chat-sidebar"], width: 300, height: 520, parts: { content }, theme });
      const page = await openPage(browser(), html, { width: 332, height: 552 });
      try {
        expect(await page.locator("button[data-bout-action=followUp]").count()).toBe(2);
        expect(await page.evaluate(findOverflow), `advantage card ${theme}`).toEqual([]);
        await page.locator("form.application").screenshot({ path: join(SHOTS, `card-actionpoints-advantage-${theme}.png`) });
      } finally {
        await page.close();
      }
    });
  }
});
