// Every other card kind a ruleset registers, beside its attack card (issue 20,
// "Proof"): each posted through the table's own flow on real documents with
// scripted dice (the cases in test/shell/card-kind-cases.ts: a bout thrown, a
// rider marked, a net's Entangled condition, an earlier card's follow-up taken),
// in the states it passes through (the checks a fighter makes on themself
// resolve as they are posted, so they have no waiting state), framed at the chat
// sidebar's width in both themes, screenshotted as
// `card-<ruleset>-<kind>-<state>-<theme>.png`, and checked that nothing spills
// out of its box, every button is reached with the keyboard, and small text
// keeps 4.5:1. test/shell/card-headlines.test.ts fails when a registered kind
// has no case here.
import { describe, expect, it } from "vitest";
import { openPage, screenshot, sharedBrowser } from "./chromium";
import { SHOTS, shotPath } from "./shots";
import { expectKeyboardReachable, expectReadable, sheetPage } from "./sheet-page";
import { CASES, cardStates, headlineOf, shotName } from "../shell/card-kind-cases";

const THEMES = ["light", "dark"] as const;
const browser = sharedBrowser(SHOTS);

describe("every other card kind in chromium (issue 20, Proof)", () => {
  for (const c of CASES) {
    it(`${c.kind}: each state it reaches fits the chat sidebar in both themes`, async () => {
      const cards = await cardStates(c);
      // A card whose result changes nothing is done as it resolves: no resolved state waiting for Apply (issue 34).
      expect(Object.keys(cards), c.kind).toEqual([...(c.answer ? ["waiting"] : []), ...(c.nothingToApply ? [] : ["resolved"]), "applied"]);
      for (const [state, content] of Object.entries(cards)) {
        for (const theme of THEMES) {
          const html = sheetPage({ title: "Chat", classes: ["sidebar-tab", "chat-sidebar"], width: 300, height: 520, parts: { content }, theme });
          const page = await openPage(browser(), html, { width: 332, height: 552 });
          try {
            expect(await page.locator(".bout-card").count()).toBe(1);
            await expectReadable(page, `${c.kind} ${state} ${theme}`);
            const text = await page.locator("form.application").innerText();
            expect(text).not.toMatch(/\bseed\b|§|BOUT\./i);
            if (state !== "waiting") expect(text, `${c.kind} ${state}`).toContain(c.headline);
            else expect(headlineOf(content)).not.toBe(c.headline);
            await screenshot(page, "form.application", shotPath(shotName(c, state, theme)));
            // Every button on the card (Defend, Apply, a follow-up) is reached with Tab.
            await expectKeyboardReachable(page, `${c.kind} ${state} ${theme}`);
          } finally {
            await page.close();
          }
        }
      }
    });
  }
});
