// Dialogs run through their buttons (issue 29): each kind of dialog the system opens, opened
// by the table's own flow, shown in chromium and used there as a person does (a slider moved
// with the keyboard, a number typed, an option picked, a button clicked); the dialog's own
// render callback hears the fields change and redraws the odds, its own button callback reads
// the form through FormDataExtended, and what the flow then writes is what the person chose.
// Kinds: the odds dialog with live odds (a steel attack), the odds dialog as a plain form (the
// steel throw, a player's secret choice), the one-button-per-choice question (the throw when
// the GM allows no postures) and the confirmation (deleting an item from a sheet).
import { describe, expect, it } from "vitest";
import { screenshot, sharedBrowser } from "./chromium";
import { nextDialog, showDialog, type DialogScreen } from "./dialog-screen";
import { SHOTS, shotPath } from "./shots";
import { settle, steelSwordsmen, tableOfThree } from "../shell/support";

const browser = sharedBrowser(SHOTS);

const percent = (row: string | undefined) => Number(/([\d.]+)%$/.exec(row ?? "")?.[1] ?? NaN);

/** Shows the dialog in chromium for `act`, then hands the page back. */
async function onScreen(dialog: Record<string, any>, act: (screen: DialogScreen) => Promise<void>): Promise<void> {
  const screen = await showDialog(browser(), dialog);
  try {
    await act(screen);
  } finally {
    await screen.close();
  }
}

/** Steel's swordsmen, Ada (Alice's) and Bran (Bob's), known to every client. */
async function swordsmen() {
  const t = await tableOfThree("steel");
  const s = await steelSwordsmen(t.world, t.gm);
  await settle();
  return { ...t, ...s };
}

/** Steel: Ada (Alice's) and Bran (Bob's) in one bout of a started fight, no throw asked yet. */
async function steelBout() {
  const t = await tableOfThree("steel");
  const s = await steelSwordsmen(t.world, t.gm);
  const combat = await t.gm.CONFIG.Combat.documentClass.create({ active: true });
  const [group] = await combat.createEmbeddedDocuments("CombatantGroup", [{ name: "Deck" }]);
  const [ca, cb] = (await combat.createEmbeddedDocuments("Combatant", [
    { actorId: s.adaId, name: "Ada", group: group.id },
    { actorId: s.branId, name: "Bran", group: group.id },
  ])).map((c: any) => c.id as string);
  await combat.startCombat();
  await settle();
  return { ...t, ...s, combatId: combat.id as string, groupId: group.id as string, ca, cb };
}

describe("dialogs driven in chromium through their own buttons", () => {
  it("the attack dialog: the odds shown follow the dice slider and the expected defence as the person changes them; Declare posts what the form holds", async () => {
    const { gm, adaId, branId, swordId } = await swordsmen();
    const opened = nextDialog(gm);
    const flow = gm.game.actors.get(adaId).sheet.runAction("rollItem", {}, { row: { itemId: swordId } });
    const { dialog } = await opened;
    await onScreen(dialog, async (screen) => {
      const { page } = screen;
      const at = async () => (await screen.odds())[0];
      const opening = await at();
      const startDice = Number(await page.locator('[name="dice"]').inputValue());
      expect(startDice).toBeGreaterThan(2);
      // Two presses of the left arrow on the slider: two dice fewer, a lower chance to land the blow.
      await page.locator('[name="dice"]').focus();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await screen.idle();
      const fewer = await at();
      expect(percent(fewer), `${opening} → ${fewer}`).toBeLessThan(percent(opening));
      // The slider's number follows its thumb (the render callback's listener).
      expect((await page.locator('[name="dice"] + output').textContent())?.trim()).toBe(String(startDice - 2));
      // Expecting no defence at all: the chance rises again.
      await page.locator('[name="defenceDice"]').fill("0");
      await screen.idle();
      const undefended = await at();
      expect(percent(undefended), `${fewer} → ${undefended}`).toBeGreaterThan(percent(fewer));
      await page.locator('[name="press"]').fill("1");
      await screenshot(page, ".application", shotPath("dialog-steel-attack-changed-light.png"));
      await page.locator('button[data-action="confirm"]').click();
      await flow;
      await settle();
    });
    const card = gm.game.messages.contents.at(-1);
    expect(card.system.kind).toBe("steel.exchange");
    expect(card.system.defenderId).toBe(branId);
    expect(JSON.parse(card.system.declaration)).toMatchObject({ weaponId: swordId, dice: expect.any(Number), press: 1 });
    expect(JSON.parse(card.system.declaration).dice).toBe(Number(dialog.options.content.match(/name="dice" value="(\d+)"/)[1]) - 2);
  });

  it("the throw, a player's secret choice in a plain form: Alice picks white and aggressive, and that is what the GM reveals", async () => {
    const t = await steelBout();
    const opened = nextDialog(t.alice);
    t.bob.runtime.dialogs.responder = () => ({ throw: "red", posture: "neutral" });
    await t.gm.evaluate<any>("globalThis.__boutTest").openDeclaration(t.gm.game.combats.get(t.combatId), "throw", t.groupId, [t.ca, t.cb], ["red", "white"]);
    const { dialog } = await opened;
    expect(dialog.element.querySelector("[data-odds]")).toBeNull();
    await onScreen(dialog, async (screen) => {
      await screen.page.locator('[name="throw"]').selectOption("white");
      await screen.page.locator('[name="posture"]').selectOption("aggressive");
      await screen.page.locator('button[data-action="confirm"]').click();
      await screen.idle();
    });
    await settle();
    await settle();
    const me = t.gm.game.combats.get(t.combatId).machineState.combatants.find((c: any) => c.id === t.ca);
    expect([me.thrown, me.posture]).toEqual(["white", "aggressive"]);
  });

  it("one button per choice (the throw without postures): Alice clicks White", async () => {
    const t = await steelBout();
    await t.gm.game.settings.set("bout", "steelPostures", false);
    await settle();
    const opened = nextDialog(t.alice);
    t.bob.runtime.dialogs.responder = () => "red";
    await t.gm.evaluate<any>("globalThis.__boutTest").openDeclaration(t.gm.game.combats.get(t.combatId), "throw", t.groupId, [t.ca, t.cb], ["red", "white"]);
    const { dialog } = await opened;
    await onScreen(dialog, async (screen) => {
      expect(await screen.page.locator(".form-footer button").evaluateAll((bs) => bs.map((b) => (b as HTMLElement).dataset.action))).toEqual(["red", "white"]);
      await screen.page.locator('button[data-action="white"]').click();
      await screen.idle();
    });
    await settle();
    await settle();
    expect(t.gm.game.combats.get(t.combatId).machineState.combatants.find((c: any) => c.id === t.ca).thrown).toBe("white");
  });

  it("the confirmation: deleting an item from the sheet asks first; No keeps it, Yes deletes it", async () => {
    const { gm, alice, adaId, swordId } = await swordsmen();
    const sheet = alice.game.actors.get(adaId).sheet;
    await sheet.render({ force: true });
    for (const [button, kept] of [["no", true], ["yes", false]] as const) {
      const opened = nextDialog(alice);
      const flow = sheet.runAction("deleteItem", {}, { row: { itemId: swordId } });
      const { kind, dialog } = await opened;
      expect(kind).toBe("confirm");
      await onScreen(dialog, async (screen) => {
        // No is the default (it has the focus first); the person clicks the one named.
        expect(await screen.page.locator("button[autofocus]").getAttribute("data-action")).toBe("no");
        await screen.page.locator(`button[data-action="${button}"]`).click();
        await flow;
        await settle();
      });
      expect(Boolean(gm.game.actors.get(adaId).items.get(swordId)), button).toBe(kept);
    }
  });
});
