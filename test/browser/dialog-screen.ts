/**
 * A DialogV2 the harness drew (in its client's DOM, where the system's code runs) shown in
 * chromium, where a person uses it: chromium is the screen and the keyboard, the harness's
 * DOM the page the code holds. What the person does in chromium travels to the harness's
 * form as it happens (each field's `input` and `change`, with the field's value as chromium
 * holds it), a button's click presses that button there (the form's whole state goes first,
 * so the two never differ when the callback reads the form), and whatever the code redraws
 * in the dialog (the live odds) travels back to chromium. So the dialog's own render callback
 * hears the person's typing, and its own button callback reads the form through
 * FormDataExtended, as in Foundry; chromium draws, focuses and sanitizes the fields (a number
 * field holding "abc" is empty) as a browser does.
 */
import type { Browser, Page } from "playwright-core";
import { clickElement } from "../harness/forms";
import { FONT_AWESOME_CSS, openPage } from "./chromium";
import { FRAME_CSS, SYSTEM_CSS } from "./sheet-page";

type AnyObject = Record<string, any>;

/** A field's state as chromium holds it. */
interface FieldState {
  readonly value: string;
  readonly checked: boolean;
}

/** Where an element is inside the form: the index of each ancestor among its siblings, from the form down. */
type Path = number[];

export interface DialogScreen {
  readonly page: Page;
  /** Waits until the harness has acted on everything sent to it and chromium shows what it redrew. */
  idle(): Promise<void>;
  /** The odds table's rows as chromium shows them: "label: percent". */
  odds(): Promise<string[]>;
  /** Hands the page back (the dialog itself closes through its buttons). */
  close(): Promise<void>;
}

/** The page's half: report fields and button clicks to the harness, take redrawn parts back. */
// An IIFE: a pooled page keeps its window (and any top-level const) from one dialog to the next.
const BRIDGE = `(() => {
const form = document.querySelector("form.dialog-form");
const pathOf = (el) => { const path = []; for (let e = el; e !== form; e = e.parentElement) path.unshift(Array.prototype.indexOf.call(e.parentElement.children, e)); return path; };
const at = (path) => path.reduce((el, i) => el.children[i], form);
const stateOf = (el) => ({ value: String(el.value ?? ""), checked: Boolean(el.checked) });
// Calls to the harness still on their way, for the test's idle().
const sent = new Set();
const send = (call) => { sent.add(call); call.finally(() => sent.delete(call)); };
window.boutSent = () => Promise.all([...sent]);
for (const type of ["input", "change"]) form.addEventListener(type, (event) => { if (event.target.name) send(window.boutField(pathOf(event.target), stateOf(event.target), type)); }, true);
form.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-action]");
  if (!button) return;
  event.preventDefault();
  send(window.boutPress(pathOf(button), Array.from(form.elements).filter((el) => el.name).map((el) => [pathOf(el), stateOf(el)])));
});
window.boutRedraw = (path, html) => { at(path).innerHTML = html; };
})();`;

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The bridge's handlers for the dialog on show; one page may show several dialogs in turn. */
const handlers = new WeakMap<object, { field(path: Path, state: FieldState, type: string): void; press(path: Path, states: [Path, FieldState][]): void }>();
/** Pages (by their browser context) that hold the bridge's bindings. */
const bridged = new WeakSet<object>();

function elementAt(form: AnyObject, path: Path): AnyObject {
  return path.reduce((el, i) => el.children[i], form);
}

function pathOf(form: AnyObject, element: AnyObject): Path {
  const path: Path = [];
  for (let e = element; e !== form; e = e.parentElement) path.unshift(Array.prototype.indexOf.call(e.parentElement.children, e));
  return path;
}

/** Puts chromium's state of a field into the harness's copy. */
function apply(field: AnyObject, state: FieldState): void {
  if (field.type === "checkbox" || field.type === "radio") field.checked = state.checked;
  else field.value = state.value;
}

/** Shows `dialog` (a harness DialogV2, drawn) in chromium in `theme`, ready for a person's hands. */
export async function showDialog(browser: Browser, dialog: AnyObject, theme: "light" | "dark" = "light"): Promise<DialogScreen> {
  const form = dialog.element.querySelector("form.dialog-form");
  const view = form.ownerDocument.defaultView;
  const width = Number(dialog.options.position?.width ?? 400);
  const classes = ["application", ...(dialog.options.classes as string[]), `theme-${theme}`].join(" ");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(dialog.title)}</title>
<link rel="stylesheet" href="${FONT_AWESOME_CSS}"><style>${FRAME_CSS}</style><style>${SYSTEM_CSS}</style></head>
<body class="theme-${theme}">
<div class="${classes}" style="width:${width}px">
<header class="window-header"><h1 class="window-title">${escapeHtml(dialog.title)}</h1></header>
<section class="window-content">${form.outerHTML}</section>
</div>
<script>${BRIDGE}</script>
</body></html>`;
  const page = await openPage(browser, "<!doctype html><title>-</title>", { width: width + 32, height: 1000 });
  // The bindings live as long as the page (a pooled page keeps them): register them once, aimed at the dialog on show.
  const key = page.context();
  if (!bridged.has(key)) {
    bridged.add(key);
    await page.exposeFunction("boutField", (path: Path, state: FieldState, type: string) => handlers.get(key)?.field(path, state, type));
    await page.exposeFunction("boutPress", (path: Path, states: [Path, FieldState][]) => handlers.get(key)?.press(path, states));
  }
  const pending = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  handlers.set(key, {
    field(path, state, type) {
      const field = elementAt(form, path);
      apply(field, state);
      field.dispatchEvent(new view.Event(type, { bubbles: true }));
    },
    press(path, states) {
      for (const [p, state] of states) apply(elementAt(form, p), state);
      clickElement(elementAt(form, path));
    },
  });
  // What the code redraws inside the form goes back to chromium (fields the person holds are chromium's).
  const observer = new view.MutationObserver((records: AnyObject[]) => {
    const redrawn = new Set<AnyObject>();
    for (const record of records) {
      if (record.type !== "childList" && record.type !== "characterData") continue;
      const target = record.type === "characterData" ? record.target.parentElement : record.target;
      if (target && form.contains(target)) redrawn.add(target);
    }
    for (const target of redrawn) {
      if ([...redrawn].some((other) => other !== target && other.contains(target))) continue;
      track(page.evaluate(([p, h]) => (window as unknown as { boutRedraw(p: number[], h: string): void }).boutRedraw(p, h), [pathOf(form, target), target.innerHTML] as const));
    }
  });
  observer.observe(form, { childList: true, subtree: true, characterData: true });
  await page.setContent(html, { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const idle = async () => {
    await page.evaluate(() => (window as unknown as { boutSent(): Promise<unknown> }).boutSent());
    do {
      await Promise.all([...pending]);
      await view.happyDOM.waitUntilComplete();
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    } while (pending.size);
  };
  return {
    page,
    idle,
    async odds() {
      return page.locator("[data-odds] tr").evaluateAll((rows) => rows.map((row) => `${row.querySelector("th")?.textContent?.trim()}: ${row.querySelector(".odds-percent")?.textContent?.trim()}`));
    },
    async close() {
      observer.disconnect();
      handlers.delete(key);
      await page.close();
    },
  };
}

/** The next DialogV2 a client opens, handed to the test instead of being answered: it resolves once the dialog is drawn; the dialog stays open until its own buttons close it. */
export function nextDialog(client: { runtime: { dialogs: { responder: unknown } } }): Promise<{ kind: string; config: AnyObject; dialog: AnyObject }> {
  return new Promise((resolve) => {
    client.runtime.dialogs.responder = (kind: string, config: AnyObject, dialog: AnyObject) => {
      resolve({ kind, config, dialog });
      return new Promise<void>((closed) => dialog.addEventListener("close", () => closed(), { once: true }));
    };
  });
}
