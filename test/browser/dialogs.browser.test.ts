// Every action dialog in a real browser (issue 20, "Dialogs"): for each ruleset,
// the attack and test dialogs a character's items open, the fighter's own actions
// from the sheet header, the defence a card asks for, and the phases declaration,
// each captured as the code hands it to DialogV2, framed at the width it asks for
// (DialogV2's 400px unless it asks for more), in both themes: screenshotted, and
// checked that no field or choice is cut off and that the histograms show their values.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROLES } from "../harness/server";
import { TestWorld } from "../harness/world";
import { RULESET_IDS } from "../../src/engine/rulesets/ruleset";
import { dist } from "../build/dist";
import { sharedBrowser } from "./chromium";
import { checkDialog, THEMES, type CapturedDialog } from "./dialog-check";
import { SHOTS } from "./shots";
import { settle } from "../shell/support";

const DEFAULT_WIDTH = 400;

const browser = sharedBrowser(SHOTS);

const pack = (folder: string, slug: string) => {
  const { _id, _key, folder: _f, sort: _s, ownership: _o, ...source } = JSON.parse(readFileSync(join("packs/_source", folder, `${slug}.json`), "utf8"));
  return source;
};

const KIT = () => [
  { ...pack("weapons", "longsword"), system: { ...pack("weapons", "longsword").system, equipped: true } },
  pack("weapons", "composite-bow"),
  pack("armor", "mail-hauberk"),
  pack("armor", "kite-shield"),
  pack("skills", "acrobatics"),
  pack("skills", "sword"),
  pack("maneuvers", "counter"),
];

/** How each ruleset's attack dialog is answered so a card waits for the defence. */
const ATTACK: Record<string, Record<string, unknown>> = {
  steel: { maneuver: "cut", zone: "5", dice: 4, press: 0, defenceDice: 3 },
  phases: {},
  actionpoints: {},
  opposed: { difficulty: "challenging" },
  pulse: { kind: "normal" },
};

interface Captured extends CapturedDialog {
  readonly view: string;
}

/** Every DialogV2.wait a GM meets in one ruleset, each closed unanswered (but the attack that makes a card to defend). */
async function dialogsOf(ruleset: string): Promise<Captured[]> {
  dist();
  const world = new TestWorld({ users: [{ name: "GM", role: ROLES.GAMEMASTER }] });
  const gm = await world.connect("GM");
  await gm.game.settings.set("bout", "ruleset", ruleset);
  const Actor = gm.CONFIG.Actor.documentClass;
  const duellist = pack("npcs", "duellist");
  const aldric = await Actor.create({ name: "Ser Aldric of the Long Causeway", type: "character", system: duellist.system });
  const bran = await Actor.create({ name: "Bran", type: "character", system: duellist.system });
  await aldric.createEmbeddedDocuments("Item", KIT());
  await bran.createEmbeddedDocuments("Item", KIT());
  await settle();

  const i18n = gm.game.i18n;
  const captured: Captured[] = [];
  let view = "";
  const capture = (kind: string, config: any) => {
    if (kind !== "wait" || typeof config.content !== "string") return null;
    captured.push({
      view,
      // ApplicationV2 localizes its window title.
      title: i18n.localize(String(config.window?.title ?? "")),
      classes: config.classes ?? [],
      width: config.position?.width ?? DEFAULT_WIDTH,
      content: config.content,
      buttons: (config.buttons ?? []).map((b: any) => ({ label: i18n.localize(String(b.label ?? b.action)) })),
    });
    return null;
  };
  gm.runtime.dialogs.responder = capture;

  const sheet = aldric.sheet;
  await sheet.render({ force: true });
  for (const item of aldric.items.contents) {
    if (item.type !== "weapon" && item.type !== "skill") continue;
    view = `${item.type}-${item.name}`;
    await sheet.runAction("rollItem", {}, { row: { itemId: item.id } });
    await settle();
  }
  for (const [, id] of (sheet.renderedParts.header as string).matchAll(/data-actor-action="([A-Za-z]+)"/g)) {
    view = `action-${id}`;
    await sheet.runAction("actorAction", { actorAction: id! });
    await settle();
  }

  // An attack that waits on Bran: his defence dialog.
  const sword = aldric.items.find((i: any) => i.name === "Longsword");
  gm.runtime.dialogs.responder = () => ({ defender: bran.id, ...ATTACK[ruleset] });
  await sheet.runAction("rollItem", {}, { row: { itemId: sword.id } });
  await settle();
  gm.runtime.dialogs.responder = capture;
  const card = gm.game.messages.contents.at(-1);
  if (card) {
    view = "defence";
    await gm.evaluate<any>("globalThis.__boutTest").defendFromCard(gm.game.messages.get(card.id));
    await settle();
  }

  // A fight begun: whatever the round asks first (the phases declaration).
  const combat = await gm.CONFIG.Combat.documentClass.create({ active: true });
  await combat.createEmbeddedDocuments("Combatant", [
    { actorId: aldric.id, name: aldric.name },
    { actorId: bran.id, name: bran.name },
  ]);
  view = "round";
  await combat.startCombat();
  await settle();
  return captured;
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

describe("action dialogs in chromium", () => {
  for (const ruleset of RULESET_IDS) {
    it(`${ruleset}: every dialog's fields and choices fit its width in both themes, histograms labelled with their chances`, async () => {
      const dialogs = await dialogsOf(ruleset);
      const views = dialogs.map((d) => d.view);
      // Each ruleset's weapon opens its attack, its card a defence.
      expect(views.some((v) => v.startsWith("weapon-")), views.join()).toBe(true);
      // A phases card outside a declared round asks no defence here; fight-dialogs.browser.test.ts opens it from a blow.
      if (ruleset !== "phases") expect(views, views.join()).toContain("defence");
      const seen = new Set<string>();
      for (const dialog of dialogs) {
        const name = slug(`${dialog.view}`);
        if (seen.has(name)) continue;
        seen.add(name);
        for (const theme of THEMES) {
          await checkDialog(browser(), dialog, theme, `${ruleset} ${dialog.view} ${theme}`, `dialog-${ruleset}-${name}-${theme}.png`, async (page) => {
            // Every histogram column carries its chance as text.
            const columns = await page.locator(".odds-histogram li").evaluateAll((lis) => lis.map((li) => li.querySelector(".odds-y")?.textContent?.trim() ?? ""));
            expect(columns.every((text) => /%$/.test(text)), `${ruleset} ${dialog.view}`).toBe(true);
          });
        }
      }
    });
  }
});
