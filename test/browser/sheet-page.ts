/**
 * Builds a page that holds one rendered sheet the way Foundry v13 frames it:
 * a `form.application` of the sheet's classes and default size, a window
 * header, and the rendered parts in `.window-content`. The system's own CSS is
 * inlined with its @imports resolved, after the core stand-in.
 */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { syncTabAria, tabKeydown } from "../../src/applications/sheets/tab-aria";
import { FONT_AWESOME_CSS, pressTab } from "./chromium";
import { expect } from "vitest";
import type { Page } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../..");

function inlineCss(file: string): string {
  const text = readFileSync(file, "utf8");
  return text.replace(/@import\s+"([^"]+)";/g, (_m, rel: string) => inlineCss(join(dirname(file), rel)));
}

export const SYSTEM_CSS = inlineCss(join(root, "styles/bout.css"));
export const FRAME_CSS = readFileSync(join(here, "fixtures/foundry-frame.css"), "utf8");

export interface SheetPage {
  readonly title: string;
  readonly classes: readonly string[];
  readonly width: number;
  /** "auto": as tall as the content, as Foundry sizes such a window. */
  readonly height: number | "auto";
  readonly parts: Readonly<Record<string, string>>;
  readonly theme: "light" | "dark";
}

// v13 changes tabs by toggling `active` on the nav link and the section of a group;
// our sheets' changeTab then runs syncTabAria, and their tablists take tabKeydown.
const TAB_SCRIPT = `
${syncTabAria.toString()}
${tabKeydown.toString()}
document.addEventListener("click", (event) => {
  const link = event.target.closest('[data-action="tab"]');
  if (!link) return;
  const group = link.dataset.group;
  for (const el of document.querySelectorAll('[data-group="' + group + '"]')) el.classList.toggle("active", el.dataset.tab === link.dataset.tab);
  syncTabAria(document, group, link.dataset.tab);
});
for (const list of document.querySelectorAll('[role="tablist"]')) list.addEventListener("keydown", tabKeydown);`;

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

export function sheetPage(sheet: SheetPage): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(sheet.title)}</title>
<link rel="stylesheet" href="${FONT_AWESOME_CSS}"><style>${FRAME_CSS}</style><style>${SYSTEM_CSS}</style></head>
<body class="theme-${sheet.theme}">
<form class="application sheet ${sheet.classes.join(" ")} theme-${sheet.theme}" style="width:${sheet.width}px;height:${sheet.height === "auto" ? "auto" : `${sheet.height}px`}" autocomplete="off">
<header class="window-header"><h1 class="window-title">${escapeHtml(sheet.title)}</h1></header>
<section class="window-content">${Object.values(sheet.parts).join("\n")}</section>
</form>
<script>${TAB_SCRIPT}</script>
</body></html>`;
}

export interface DialogPage {
  readonly title: string;
  readonly classes: readonly string[];
  readonly width: number;
  /** The dialog's content as the code passed it to DialogV2. */
  readonly content: string;
  readonly buttons: readonly { readonly label: string }[];
  readonly theme: "light" | "dark";
}

/** A DialogV2 as v13 draws it: `dialog.application`, a form with `.dialog-content` and a footer of buttons, height auto. */
export function dialogPage(dialog: DialogPage): string {
  const buttons = dialog.buttons.map((b) => `<button type="button">${escapeHtml(b.label)}</button>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(dialog.title)}</title>
<link rel="stylesheet" href="${FONT_AWESOME_CSS}"><style>${FRAME_CSS}</style><style>${SYSTEM_CSS}</style></head>
<body class="theme-${dialog.theme}">
<div class="application dialog ${dialog.classes.join(" ")} theme-${dialog.theme}" style="width:${dialog.width}px">
<header class="window-header"><h1 class="window-title">${escapeHtml(dialog.title)}</h1></header>
<section class="window-content"><form class="dialog-form standard-form" autocomplete="off">
<div class="dialog-content standard-form">${dialog.content}</div>
<footer class="form-footer">${buttons}</footer>
</form></section>
</div>
</body></html>`;
}

/**
 * Runs in the page: every box whose content spills out of it. A field
 * overflows when its text is wider than the field, or when it pokes out of the
 * box that holds it; the window's content may scroll down but never sideways.
 */
export function findOverflow(): string[] {
  const content = document.querySelector(".window-content") as HTMLElement;
  const problems: string[] = [];
  const name = (el: Element) => {
    const stat = el.closest("[data-stat]")?.getAttribute("data-stat");
    const text = (el as HTMLInputElement).value ?? el.textContent ?? "";
    return `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? "." + el.className.trim().split(/\s+/).join(".") : ""}${stat ? `[${stat}]` : ""} "${String(text).trim().slice(0, 30)}"`;
  };
  const visible = (el: Element) => (el as HTMLElement).offsetParent !== null && getComputedStyle(el).visibility !== "hidden";
  // A select shows its chosen option's text beside the arrow; scrollWidth does not tell when it is cut.
  const ctx = document.createElement("canvas").getContext("2d")!;
  const ARROW = 20;
  for (const select of Array.from(content.querySelectorAll<HTMLSelectElement>("select"))) {
    if (!visible(select)) continue;
    const style = getComputedStyle(select);
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = select.selectedOptions[0]?.textContent ?? "";
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - ARROW;
    const needed = ctx.measureText(text).width;
    if (needed > room + 1) problems.push(`${name(select)} cuts its choice "${text}" (${Math.round(needed)} > ${Math.round(room)})`);
  }
  if (content.scrollWidth > content.clientWidth + 1) problems.push(`window content scrolls sideways (${content.scrollWidth} > ${content.clientWidth})`);
  // A window's footer (the tracker's step buttons, a form's save row) stays in view: one the window
  // cuts at its bottom, or that only scrolling the whole window reaches, is out of reach at a glance.
  const frame = (content.closest(".application") ?? content).getBoundingClientRect();
  for (const footer of Array.from(content.querySelectorAll<HTMLElement>("footer, nav.combat-controls, .form-footer, .sheet-footer"))) {
    if (!visible(footer)) continue;
    const box = footer.getBoundingClientRect();
    if (box.height > 0 && (box.bottom > frame.bottom + 1 || box.top < frame.top - 1)) problems.push(`${name(footer)} is cut off by the window (its bottom at ${Math.round(box.bottom)}, the window's at ${Math.round(frame.bottom)})`);
  }
  for (const el of Array.from(content.querySelectorAll<HTMLElement>("*"))) {
    if (!visible(el)) continue;
    const style = getComputedStyle(el);
    // Text for screen readers only is clipped to 1px on purpose.
    if (el.getBoundingClientRect().width <= 1) continue;
    const scrolls = style.overflowX === "auto" || style.overflowX === "scroll";
    const isField = el.matches("input[type=text], input[type=number], select, textarea");
    if (!scrolls && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1 && (isField || style.display !== "inline")) problems.push(`${name(el)} is wider inside than its box (${el.scrollWidth} > ${el.clientWidth})`);
    if (el.matches("input, select, button, label, legend, .stat, .item-row, .vitality")) {
      const box = el.getBoundingClientRect();
      const parent = el.parentElement!.getBoundingClientRect();
      if (box.width > 0 && (box.right > parent.right + 1 || box.left < parent.left - 1)) problems.push(`${name(el)} sticks out of its box by ${Math.round(Math.max(box.right - parent.right, parent.left - box.left))}px`);
    }
  }
  return problems;
}

/**
 * Runs in the page: the visible controls a keyboard user should reach, as selectors-ish labels.
 * A group of radio buttons is one stop for Tab (the arrows move inside it), so it counts once.
 */
export function focusableControls(): string[] {
  const content = document.querySelector(".application") as HTMLElement;
  const label = (el: HTMLElement) => (el.matches("input[type=radio][name]") ? `radio group ${(el as HTMLInputElement).name}` : el.outerHTML.slice(0, 120));
  return Array.from(new Set(Array.from(content.querySelectorAll<HTMLElement>("input, select, textarea, button, a[data-action], [tabindex]"))
    // checkVisibility also leaves out what a closed <details> hides.
    .filter((el) => el.offsetParent !== null && el.checkVisibility() && !(el as HTMLInputElement).disabled && el.tabIndex >= 0 && !el.closest("[inert]"))
    .map(label)));
}

/** Runs in the page: what has the focus now, in the same form as `focusableControls`. */
export function focused(): string {
  const el = document.activeElement as HTMLElement | null;
  if (!el) return "";
  return el.matches("input[type=radio][name]") ? `radio group ${(el as HTMLInputElement).name}` : el.outerHTML.slice(0, 120);
}

/**
 * Runs in the page: text smaller than 18.66px (24px bold) whose contrast with what
 * is behind it is below 4.5:1 (WCAG 2 AA). Colours are composed with the opacity of
 * the element and its ancestors over the nearest backgrounds, down to the body's.
 */
export function findLowContrast(): string[] {
  const parse = (c: string): [number, number, number, number] => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return [0, 0, 0, 0];
    const p = m[1]!.split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0]!, p[1]!, p[2]!, p[3] ?? 1];
  };
  const over = (top: [number, number, number, number], under: [number, number, number]): [number, number, number] => [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])) as [number, number, number];
  const lum = ([r, g, b]: [number, number, number]) => {
    const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const backdrop = (el: Element): [number, number, number] => {
    const layers: [number, number, number, number][] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const bg = parse(getComputedStyle(e).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let colour: [number, number, number] = [255, 255, 255];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const opacity = (el: Element) => {
    let o = 1;
    for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  const problems: string[] = [];
  const root = document.querySelector(".window-content") as HTMLElement;
  for (const el of Array.from(root.querySelectorAll<HTMLElement>("*"))) {
    const own = Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent!.trim());
    if (!own || el.offsetParent === null || el.getBoundingClientRect().width <= 1) continue;
    const style = getComputedStyle(el);
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    if (size >= 24 || (bold && size >= 18.66)) continue;
    if ((el as HTMLInputElement).disabled || el.closest("[disabled]")) continue;
    const back = backdrop(el);
    const fg = parse(style.color);
    const text = over([fg[0], fg[1], fg[2], fg[3] * opacity(el)], back);
    const [a, b] = [lum(text), lum(back)].sort((x, y) => y - x);
    const ratio = (a! + 0.05) / (b! + 0.05);
    if (ratio < 4.5) problems.push(`${el.tagName.toLowerCase()}.${String(el.className).trim().split(/\s+/).join(".")} "${el.textContent!.trim().slice(0, 30)}" ${ratio.toFixed(2)}:1`);
  }
  return problems;
}

/** The layout checks every screenshot passes: nothing overflows, and small text keeps 4.5:1 contrast. */
export async function expectReadable(page: Page, label: string): Promise<void> {
  expect(await page.evaluate(findOverflow), label).toEqual([]);
  expect(await page.evaluate(findLowContrast), label).toEqual([]);
}

/**
 * The visible controls of the page (`focusableControls`) that pressing Tab from
 * the top of the page never reaches. Chromium also stops on boxes that scroll, so
 * Tab is pressed until all are reached, up to twice as often as there are
 * controls and some. Returns those missed and how many there were.
 */
export async function unreachedControls(page: Page): Promise<{ missed: string[]; controls: number }> {
  const wanted = await page.evaluate(focusableControls);
  // What has the focus after each Tab, noted in the page as each press ends (its keyup, in the same form as
  // `focused`), so the presses need no look of their own: a run of presses, then one look at what they reached.
  await page.evaluate(() => {
    const w = window as unknown as { __tabbed: string[]; __tabNoter?: (e: KeyboardEvent) => void };
    w.__tabbed = [];
    // Added at every look: a page whose content was written anew (document.open) has lost its window's listeners.
    // The same function twice is one listener.
    w.__tabNoter ??= (e) => {
      if (e.key !== "Tab") return;
      // As `focused` says it (a function handed to the page must carry its own code).
      const el = document.activeElement as HTMLElement | null;
      w.__tabbed.push(!el ? "" : el.matches("input[type=radio][name]") ? `radio group ${(el as HTMLInputElement).name}` : el.outerHTML.slice(0, 120));
    };
    window.addEventListener("keyup", w.__tabNoter, true);
  });
  const reached = new Set<string>();
  const most = 2 * wanted.length + 10;
  await page.locator("body").focus();
  // Press as often as there are controls still unreached (no fewer presses can reach them), look, and again,
  // until all are reached or Tab was pressed `most` times: the same presses as looking after each one would make.
  for (let pressed = 0; pressed < most; ) {
    const missing = wanted.filter((w) => !reached.has(w)).length;
    if (!missing) break;
    const presses = Math.min(most, pressed + missing) - pressed;
    await pressTab(page, presses);
    pressed += presses;
    for (const key of await page.evaluate(() => (window as unknown as { __tabbed: string[] }).__tabbed.splice(0))) reached.add(key);
  }
  return { missed: wanted.filter((w) => !reached.has(w)), controls: wanted.length };
}

/** Every visible control of the page is reached with Tab; returns how many there were. */
export async function expectKeyboardReachable(page: Page, label: string): Promise<number> {
  const { missed, controls } = await unreachedControls(page);
  expect(missed, `${label}: reached by keyboard`).toEqual([]);
  return controls;
}
