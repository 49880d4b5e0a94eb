// Chat cards in a real browser: an action-point exchange resolved with its
// Combat Advantages offered as buttons (issue 7, seed 002 VI), and a pulse blow
// parried for a riposte (issue 9, seed 004 [17.4]), at the chat sidebar's width
// in both themes, screenshotted and checked that nothing spills out of its box.
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { dist } from "../build/dist";
import { openPage, screenshot, sharedBrowser } from "./chromium";
import { SHOTS, shotPath, identicalShots } from "./shots";
import { expectKeyboardReachable, expectReadable, findLowContrast, findOverflow, sheetPage } from "./sheet-page";
import { scriptDraws, settle, tableOfThree } from "../shell/support";
import { ATTACK_KINDS } from "../shell/card-kind-cases";


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
  gm.runtime.dialogs.responder = () => ({ defender: bran.id });
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
  gm.runtime.dialogs.responder = () => ({ defender: bran.id, kind: "normal" });
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

/** A token image as a data URL, so the screenshot shows the portraits without a server. */
const face = (fill: string) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><circle cx="18" cy="18" r="16" fill="${fill}"/></svg>`)}`;

/** A GM-only world under a ruleset with Ada (blue) and Bran (brown). */
async function duo(ruleset: string, ada: Record<string, unknown>, bran: Record<string, unknown>) {
  const { world, gm, alice } = await tableOfThree(ruleset);
  const Actor = gm.CONFIG.Actor.documentClass;
  const a = await Actor.create({ name: "Ada", type: "character", img: face("#3b6ea5"), ownership: { default: 0, [world.userId("Alice")]: 3 }, system: ada });
  const b = await Actor.create({ name: "Bran", type: "character", img: face("#8a5a2b"), system: bran });
  await settle();
  return { gm, alice, ada: a, bran: b };
}

/** Posts Ada's attack with `weapon` from her sheet, answers it for Bran with `answer` on the scripted dice; the card's content in each state. */
async function exchange(t: Awaited<ReturnType<typeof duo>>, weaponId: string, declaration: Record<string, unknown>, answer: Record<string, unknown>, draws: [number, number][]) {
  // Alice, Ada's player, attacks from her sheet (once her client has heard of the weapons); the GM answers for Bran.
  await settle();
  t.alice.runtime.dialogs.responder = () => ({ defender: t.bran.id, ...declaration });
  await t.alice.game.actors.get(t.ada.id).sheet.runAction("rollItem", {}, { row: { itemId: weaponId } });
  await settle();
  expect(t.alice.notices, "the attack is posted").toEqual([]);
  const id = t.gm.game.messages.contents.at(-1).id;
  const waiting = t.gm.game.messages.get(id).content as string;
  t.gm.runtime.dialogs.responder = () => answer;
  scriptDraws(t.gm, draws);
  await t.gm.evaluate<any>("globalThis.__boutTest").defendFromCard(t.gm.game.messages.get(id));
  await settle();
  const resolved = t.gm.game.messages.get(id).content as string;
  await t.gm.evaluate<any>("globalThis.__boutTest").applyFromCard(t.gm.game.messages.get(id));
  await settle();
  return { kind: t.gm.game.messages.get(id).system.kind as string, states: { waiting, resolved, applied: t.gm.game.messages.get(id).content as string } };
}

const STEEL_SWORD = { reach: 3, atnSwing: 6, atnThrust: 7, dtn: 6, swingDamage: 1, swingType: "cut", thrustDamage: 0, thrustType: "puncture", addStrength: true };

/** Steel: Ada's 4-dice cut beats Bran's 3-dice parry by 2 (seed 000 'Melee Combat'); the blow lands. */
async function steelCards() {
  const t = await duo("steel", { steel: { agility: 6, wit: 5, proficiency: 6, strength: 5 } }, { steel: { agility: 5, wit: 5, proficiency: 5, toughness: 4 } });
  const [sword] = await t.ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: STEEL_SWORD } }]);
  await t.bran.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { equipped: true, steel: STEEL_SWORD } }]);
  const d10 = (n: number): [number, number] => [n, 10];
  return exchange(t, sword.id, { maneuver: "cut", zone: "5", dice: 4, defenceDice: 3 }, { maneuver: "parry", dice: 3 }, [9, 8, 7, 2, 2, 3, 9, 4, 4, 4, 4, 4, 4].map(d10));
}

/** Phases: Ada's sword blow against Bran defending (seed 001, the melee procedure). */
async function phasesCards() {
  const t = await duo("phases", { phases: { attack: 3 } }, { phases: { defense: 2, soak: 2 } });
  const [sword] = await t.ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } }]);
  return exchange(t, sword.id, {}, { defence: "defend" }, [[8, 10], [4, 10]]);
}

/** Opposed: Ada's 21 against Bran's parry of 38; the blow lands on his left arm for 5 Wounds (seed 003 'Combat'). */
async function opposedCards() {
  const t = await duo("opposed", { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35 } }, { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } });
  const [sword] = await t.ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  return exchange(t, sword.id, { difficulty: "challenging" }, { skill: "melee", difficulty: "challenging" }, [[21, 100], [38, 100]]);
}

/** Action points: Ada's sword cut at 20 against Bran's failed active parry at 80; the blow lands (seed 002 'Combat'). */
async function actionpointsCards() {
  const t = await duo("actionpoints", {}, {});
  const [sword] = await t.ada.createEmbeddedDocuments("Item", [
    { name: "Broadsword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Sword" } } },
    { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 60, psf: 15 } } },
  ]);
  await t.bran.createEmbeddedDocuments("Item", [
    { name: "Arming sword", type: "weapon", system: { equipped: true, actionpoints: { baseDamage: 6, size: 3, skill: "Sword" } } },
    { name: "Sword", type: "skill", system: { actionpoints: { kind: "weapon", tsc: 50, psf: 10 } } },
  ]);
  return exchange(t, sword.id, {}, { defence: "activeParry" }, [[20, 100], [80, 100]]);
}

/** Pulse: Ada's broadsword strikes at 20 while Bran stands (seed 004 [17]); the blow lands. */
async function pulseCards() {
  const t = await duo("pulse", { pulse: { md: 15, ps: 15, ag: 15 } }, { pulse: { ag: 12 } });
  const [sword] = await t.ada.createEmbeddedDocuments("Item", [{ name: "Broadsword", type: "weapon", system: { equipped: true, pulse: { baseChance: 50, ranked: true, rank: 2, damage: 2, weaponClass: "B" } } }]);
  await t.bran.createEmbeddedDocuments("Item", [{ name: "Mace", type: "weapon", system: { equipped: true, pulse: { baseChance: 45, ranked: true, rank: 4, damage: 3 } } }]);
  return exchange(t, sword.id, { kind: "normal" }, { answer: "stand", grievous: "armor" }, [[20, 100], [6, 10]]);
}

/** Runs in the page: the card's headline comes right after its header, fits the card, and the detail is folded. */
function headlineLayout(): string[] {
  const problems: string[] = [];
  const card = document.querySelector(".bout-card")!;
  const headline = card.querySelector(".card-headline");
  if (!headline) return ["no headline"];
  if (headline.previousElementSibling !== card.querySelector(".card-header")) problems.push("the headline is not first after the header");
  const box = headline.getBoundingClientRect();
  const outer = card.getBoundingClientRect();
  if (box.right > outer.right + 1 || box.left < outer.left - 1) problems.push("the headline sticks out of the card");
  if (!headline.querySelector(".card-outcome-word")?.textContent?.trim()) problems.push("the outcome has no word");
  const details = card.querySelector("details");
  if (details?.open && !card.classList.contains("state-waiting")) problems.push("the detail is open on a resolved card");
  for (const img of Array.from(card.querySelectorAll<HTMLImageElement>("img.card-portrait"))) if (!img.complete || img.naturalWidth === 0) problems.push(`portrait ${img.title} did not load`);
  return problems;
}

describe("each ruleset's attack card in chromium: headline, portraits, folded detail (issue 20)", () => {
  const written: string[] = [];
  const builds: Record<string, typeof steelCards> = { steel: steelCards, phases: phasesCards, actionpoints: actionpointsCards, opposed: opposedCards, pulse: pulseCards };
  // The attack kinds the screenshot-coverage test counts (test/shell/card-headlines.test.ts).
  for (const [ruleset, kind] of Object.entries(ATTACK_KINDS)) {
    const build = builds[ruleset]!;
    for (const theme of ["light", "dark"] as const) {
      it(`${ruleset}, ${theme} theme: waiting, resolved and applied fit the chat sidebar with the headline first`, async () => {
        const { kind: posted, states } = await build();
        expect(posted).toBe(kind);
        for (const [state, content] of Object.entries(states)) {
          const html = sheetPage({ title: "Chat", classes: ["sidebar-tab", "chat-sidebar"], width: 300, height: 520, parts: { content }, theme });
          const page = await openPage(browser(), html, { width: 332, height: 552 });
          try {
            expect(await page.evaluate(findOverflow), `${ruleset} ${state} ${theme}`).toEqual([]);
            expect(await page.evaluate(headlineLayout), `${ruleset} ${state} ${theme}`).toEqual([]);
            expect(await page.evaluate(findLowContrast), `${ruleset} ${state} ${theme}`).toEqual([]);
            expect(await page.locator(".card-portrait").count()).toBe(2);
            expect(await page.locator("form.application").innerText()).not.toMatch(/\bseed\b|§|BOUT\./i);
            await screenshot(page, "form.application", shotPath(`card-${ruleset}-attack-${state}-${theme}.png`));
            written.push(`card-${ruleset}-attack-${state}-${theme}.png`);
            // Defend, Apply and the detail's fold are reached with Tab.
            await expectKeyboardReachable(page, `${ruleset} ${state} ${theme}`);
            if (state === "applied") {
              // The dice rows are named by fighter and purpose ("Ada: attack, TN 6"), each name shown in full.
              const rows = await page.locator(".card-die-group.named .card-die-label").allInnerTexts();
              expect(rows.length, `${ruleset} ${theme} named rows`).toBeGreaterThanOrEqual(2);
              for (const row of rows) expect(row, `${ruleset} ${theme}`).toMatch(/^(Ada|Bran): \S/);
              // The Details list unfolded: every step, still fitting the sidebar, readable and reached with Tab.
              await page.locator("details.card-detail > summary").click();
              expect(await page.locator("details.card-detail").evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
              expect(await page.locator("details.card-detail li").count(), `${ruleset} ${theme} details`).toBeGreaterThan(0);
              expect(await page.evaluate(findOverflow), `${ruleset} details ${theme}`).toEqual([]);
              expect(await page.evaluate(findLowContrast), `${ruleset} details ${theme}`).toEqual([]);
              await screenshot(page, "form.application", shotPath(`card-${ruleset}-attack-details-open-${theme}.png`));
              written.push(`card-${ruleset}-attack-details-open-${theme}.png`);
              await expectKeyboardReachable(page, `${ruleset} details ${theme}`);
            }
          } finally {
            await page.close();
          }
        }
      });
    }
  }
  it("no two of these cards drew the same image (waiting, resolved, applied and unfolded differ)", () => {
    expect(written.length).toBeGreaterThanOrEqual(30);
    expect(identicalShots(written)).toEqual([]);
  });
});

describe("chat cards in chromium", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`${theme} theme: a pulse blow parried for a riposte, the poisoned blade's handling shown, fits the chat sidebar`, async () => {
      const content = await ripostedCard();
      const html = sheetPage({ title: "Chat", classes: ["sidebar-tab", "chat-sidebar"], width: 300, height: 520, parts: { content }, theme });
      const page = await openPage(browser(), html, { width: 332, height: 552 });
      try {
        expect(await page.locator("button[data-bout-action=followUp]").count()).toBe(1);
        expect(await page.locator("form.application").textContent()).toContain("Nicked by the poisoned blade");
        await expectReadable(page, `riposte card ${theme}`);
        await screenshot(page, "form.application", shotPath(`card-pulse-attack-riposte-${theme}.png`));
        await expectKeyboardReachable(page, `riposte card ${theme}`);
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
        await expectReadable(page, `advantage card ${theme}`);
        await screenshot(page, "form.application", shotPath(`card-actionpoints-attack-advantage-${theme}.png`));
        await expectKeyboardReachable(page, `advantage card ${theme}`);
      } finally {
        await page.close();
      }
    });
  }
});

/** A skill test from Ilse's sheet under a ruleset: the result card's content (the dice partial with the engine's marks). */
async function skillCard(ruleset: "steel" | "opposed" | "actionpoints", answer: Record<string, unknown>, draws: [number, number][]) {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  const actor = await gm.CONFIG.Actor.documentClass.create({ name: "Ilse", type: "character", img: face("#5b7f3a"), prototypeToken: { texture: { src: face("#5b7f3a") } }, system: { steel: { agility: 5 }, opposed: { ag: 42 } } });
  const [skill] = await actor.createEmbeddedDocuments("Item", [
    { name: "Climb", type: "skill", system: { steel: { attribute: "agility", tn: 6 }, opposed: { characteristic: "ag", advances: 10 }, actionpoints: { tsc: 55 } } },
  ]);
  gm.runtime.dialogs.responder = () => answer;
  scriptDraws(gm, draws);
  await actor.sheet.runAction("rollItem", {}, { row: { itemId: skill.id } });
  await settle();
  return gm.game.messages.contents.at(-1).content as string;
}

/** Phases: Ada's stress die runs 1, 1, 7 (x4 = 28) against Bran's 4: the chain shown as one. */
async function phasesChainCard() {
  const t = await duo("phases", { phases: { attack: 3 } }, { phases: { defense: 2, soak: 2 } });
  const [sword] = await t.ada.createEmbeddedDocuments("Item", [{ name: "Arming sword", type: "weapon", system: { phases: { attack: 3, damage: 7 } } }]);
  return (await exchange(t, sword.id, {}, { defence: "defend" }, [[1, 10], [1, 10], [7, 10], [4, 10]])).states.resolved;
}

/** Opposed: Ada's 77 fumbles and the Oops! d100 65 names its row beside the die (seed 003 'Oops!'). */
async function opposedOopsCard() {
  const t = await duo("opposed", { opposed: { ws: 45, bs: 40, s: 35, i: 40, ag: 35 } }, { opposed: { ws: 40, t: 30, i: 30, ag: 30, wounds: 12, woundsNow: 12 } });
  const [sword] = await t.ada.createEmbeddedDocuments("Item", [{ name: "Hand weapon", type: "weapon", system: { equipped: true, opposed: { kind: "melee", damage: 4, addStrengthBonus: true } } }]);
  return (await exchange(t, sword.id, { difficulty: "challenging" }, { skill: "melee", difficulty: "challenging" }, [[77, 100], [38, 100], [65, 100]])).states.resolved;
}

describe("cards with the engine's marks on their dice in chromium (issue 20)", () => {
  const builds = {
    "card-steel-skill-resolved": () => skillCard("steel", { bonusDice: 1, tnModifier: 0 }, [2, 3, 9, 1, 6, 5].map((f) => [f, 10] as [number, number])),
    "card-opposed-skill-resolved": () => skillCard("opposed", { difficulty: "challenging" }, [[23, 100]]),
    "card-actionpoints-skill-resolved": () => skillCard("actionpoints", {}, [[96, 100]]),
    "card-phases-attack-chain": phasesChainCard,
    "card-opposed-attack-oops": opposedOopsCard,
  } as const;
  // The skill tests' result cards open with a headline as the attack cards do: the outcome word, then the engine's result in words.
  const headlines: Partial<Record<keyof typeof builds, string>> = {
    "card-steel-skill-resolved": "Success Ilse's Climb succeeds: 2 successes.",
    "card-opposed-skill-resolved": "Success Ilse's Climb succeeds: 3 Success Levels.",
    "card-actionpoints-skill-resolved": "Failure Ilse's Climb is a critical failure: 96 against 55.",
  };
  for (const [name, build] of Object.entries(builds) as [keyof typeof builds, (typeof builds)[keyof typeof builds]][]) {
    for (const theme of ["light", "dark"] as const) {
      it(`${name}, ${theme} theme: the marked dice fit the chat sidebar and read clearly`, async () => {
        const content = await build();
        const html = sheetPage({ title: "Chat", classes: ["sidebar-tab", "chat-sidebar"], width: 300, height: 520, parts: { content }, theme });
        const page = await openPage(browser(), html, { width: 332, height: 552 });
        try {
          expect(await page.locator(".bout-dice .card-die").count(), name).toBeGreaterThan(0);
          expect(await page.locator(".bout-dice .card-die.success, .bout-dice .card-die.failure, .bout-dice .card-die.lookup, .bout-dice .card-die.note-doubles").count(), `${name}: some die is marked`).toBeGreaterThan(0);
          // The mark in words is for screen readers: clipped to a pixel, not printed beside the face.
          expect(await page.evaluate(() => Array.from(document.querySelectorAll(".bout-dice .visually-hidden")).every((e) => e.getBoundingClientRect().width <= 1)), `${name}: words hidden`).toBe(true);
          await expectReadable(page, `${name} ${theme}`);
          expect(await page.locator("form.application").innerText()).not.toMatch(/\bseed\b|§|BOUT\./i);
          // Headline first under the header, the detail folded, the token image loaded.
          expect(await page.evaluate(headlineLayout), `${name} ${theme}`).toEqual([]);
          const headline = headlines[name];
          if (headline) {
            expect((await page.locator(".card-headline").textContent())?.replace(/\s+/g, " ").trim()).toBe(headline);
            expect(await page.locator(".card-portrait").count(), `${name}: the roller's token`).toBe(1);
          }
          await screenshot(page, "form.application", shotPath(`${name}-${theme}.png`));
        } finally {
          await page.close();
        }
      });
    }
  }

  for (const theme of ["light", "dark"] as const) {
    it(`${theme} theme: while Dice So Nice rolls, the card shows only that the dice are rolling`, async () => {
      const content = (await phasesChainCard()).replace('class="bout bout-card', 'class="bout-dice-landing bout bout-card');
      const html = sheetPage({ title: "Chat", classes: ["sidebar-tab", "chat-sidebar"], width: 300, height: 520, parts: { content }, theme });
      const page = await openPage(browser(), html, { width: 332, height: 552 });
      try {
        expect(await page.locator(".card-landing").isVisible()).toBe(true);
        for (const hidden of [".card-headline", ".bout-dice", ".card-detail", "button[data-bout-action=apply]"]) expect(await page.locator(hidden).isVisible(), hidden).toBe(false);
        expect(await page.evaluate(findLowContrast), theme).toEqual([]);
        await screenshot(page, "form.application", shotPath(`card-phases-attack-rolling-${theme}.png`));
      } finally {
        await page.close();
      }
    });
  }
});
