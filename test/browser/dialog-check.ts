/**
 * A dialog the harness captured (DialogV2's title, classes, width, content and
 * buttons), drawn in chromium as Foundry draws it and put through the checks
 * every dialog passes: nothing overflows, small text keeps 4.5:1, no lang key or
 * "seed" shows, every control is reached with Tab, and a screenshot.
 */
import { expect } from "vitest";
import type { Browser, Page } from "playwright-core";
import { openPage, screenshot } from "./chromium";
import { dialogPage, expectKeyboardReachable, expectReadable } from "./sheet-page";
import { shotPath } from "./shots";

export const THEMES = ["light", "dark"] as const;

export interface CapturedDialog {
  readonly title: string;
  readonly classes: readonly string[];
  readonly width: number;
  readonly content: string;
  readonly buttons: readonly { label: string }[];
}

/** Draws `dialog` in `theme` and checks it; `more` adds a view's own checks before the screenshot (named `shot`). */
export async function checkDialog(browser: Browser, dialog: CapturedDialog, theme: (typeof THEMES)[number], label: string, shot: string, more?: (page: Page) => Promise<void>): Promise<void> {
  const html = dialogPage({ title: dialog.title, classes: ["bout", ...dialog.classes.filter((c) => c !== "bout")], width: dialog.width, content: dialog.content, buttons: dialog.buttons, theme });
  const page = await openPage(browser, html, { width: dialog.width + 32, height: 1000 });
  try {
    await expectReadable(page, label);
    await more?.(page);
    expect(`${dialog.title}\n${await page.locator(".dialog-content").innerText()}`).not.toMatch(/BOUT\.|\bseed\b/i);
    await screenshot(page, ".application", shotPath(shot));
    await expectKeyboardReachable(page, label);
  } finally {
    await page.close();
  }
}
