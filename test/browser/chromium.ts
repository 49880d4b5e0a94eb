/**
 * Debian's chromium driven by playwright-core: headless, sandbox off (CI runs
 * as root) and every background connection off (the machine has no network).
 * Pages are served from memory through request routing, never from the net.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, normalize } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { chromium, type Browser, type CDPSession, type Page } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function chromiumInstalled(): boolean {
  return existsSync(CHROMIUM);
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--font-render-hinting=none"],
  });
}

const PLACEHOLDER_IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" fill="#8a8172"/><circle cx="48" cy="36" r="18" fill="#d8d2c4"/><rect x="18" y="60" width="60" height="30" rx="14" fill="#d8d2c4"/></svg>`;

/**
 * Font Awesome's free set, served at /fa/ so the pages' icon buttons draw as icons.
 * Foundry ships its own Font Awesome; the system never bundles it, so only the tests load it.
 */
const FA_ROOT = join(process.cwd(), "node_modules/@fortawesome/fontawesome-free");
export const FONT_AWESOME_CSS = "http://bout.test/fa/css/all.min.css";

function fontAwesome(path: string): { contentType: string; body: Buffer } | null {
  const file = normalize(join(FA_ROOT, path));
  if (!file.startsWith(FA_ROOT) || !existsSync(file)) return null;
  return { contentType: file.endsWith(".css") ? "text/css" : "font/woff2", body: readFileSync(file) };
}

/** The pages a browser keeps open for reuse, and the HTML each one serves at the made-up origin. */
const idle = new WeakMap<Browser, Page[]>();
const served = new WeakMap<Page, string>();

/** A new page at the made-up origin: Font Awesome from node_modules, images a neutral portrait, anything else a 404. */
async function freshPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 800, height: 600 }, deviceScaleFactor: 1 });
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url === "http://bout.test/") return route.fulfill({ contentType: "text/html", body: served.get(page) ?? "" });
    if (url.startsWith("http://bout.test/fa/")) {
      const asset = fontAwesome(new URL(url).pathname.slice("/fa/".length));
      return asset ? route.fulfill(asset) : route.fulfill({ status: 404, body: "" });
    }
    if (/\.(svg|png|webp|jpe?g)$/i.test(url)) return route.fulfill({ contentType: "image/svg+xml", body: PLACEHOLDER_IMAGE });
    return route.fulfill({ status: 404, body: "" });
  });
  await page.goto("http://bout.test/");
  return page;
}

/**
 * Opens `html` at the made-up origin, at `size`. A new page costs about half a second (its
 * context, then Font Awesome's stylesheet and fonts); a page closed earlier is reused instead,
 * its document replaced (about 25 ms), so `close()` on the page returned hands it back.
 */
export async function openPage(browser: Browser, html: string, size: { width: number; height: number }): Promise<Page> {
  const pool = idle.get(browser) ?? [];
  idle.set(browser, pool);
  let page = pool.pop();
  while (page?.isClosed()) page = pool.pop();
  page ??= await freshPage(browser);
  served.set(page, html);
  await page.setViewportSize(size);
  await page.setContent(html, { waitUntil: "load" });
  // Icon glyphs come from a web font: wait for it so screenshots show icons, not blanks.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const real = page;
  return new Proxy(real, {
    get(target, prop) {
      if (prop === "close") return async () => void (pool.includes(real) || pool.push(real));
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The worker's chromium, launched at its first use and kept for the files after (the browser project runs
 * its files one after another in one worker, sharing modules: vitest.config.ts). A launch costs about a
 * CPU second and a fresh page half of one; ten files each with a chromium of their own spent that ten
 * times over. A chromium that went away (a crash) is launched again. It is not closed: playwright ends
 * the browsers it launched when the worker's process exits, and chromium ends when its DevTools pipe closes.
 */
let running: Promise<Browser> | undefined;
function workerBrowser(): Promise<Browser> {
  if (!running) {
    const launched = launch();
    running = launched;
    void launched.then(
      (b) => b.on("disconnected", () => void (running === launched && (running = undefined))),
      () => void (running === launched && (running = undefined)),
    );
  }
  return running;
}

/**
 * The chromium for a test file's tests (the worker's: `workerBrowser`); the getter gives it to each test.
 * What a file leaves open (a page it never handed back) is closed after the file, so the next starts clean.
 */
export function sharedBrowser(shots: string): () => Browser {
  let browser: Browser;
  beforeAll(async () => {
    expect(chromiumInstalled(), `chromium at ${CHROMIUM} (.ci/run installs Debian's chromium)`).toBe(true);
    browser = await workerBrowser();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    if (!browser) return;
    // Every page but those handed back for reuse (each `freshPage` is a page of a context of its own).
    const kept = idle.get(browser) ?? [];
    const left = browser.contexts().flatMap((context) => context.pages()).filter((page) => !kept.includes(page));
    await Promise.all(left.map((page) => page.close()));
  });
  return () => browser;
}

/** The page's own DevTools session, opened at its first use (by the page's main frame: `openPage` hands out proxies). */
const sessions = new WeakMap<object, Promise<CDPSession>>();
function devtools(page: Page): Promise<CDPSession> {
  const frame = page.mainFrame();
  let session = sessions.get(frame);
  if (!session) sessions.set(frame, (session = page.context().newCDPSession(page)));
  return session;
}

/**
 * Presses Tab `count` times, each press the key down and up that `page.keyboard.press("Tab")` sends
 * (DevTools' Input.dispatchKeyEvent, as playwright sends it), but sent together: the renderer handles
 * a page's input events one after another in the order sent, each Tab moving the focus before the next
 * is handled, so the presses reach what the same presses one at a time would (test/browser/sheets:
 * "pressTab reaches what one press at a time reaches"). Past the page's last control the focus leaves
 * the document for the browser, and whether the next press stops on the document's body first depends
 * on timing either way; the body is no control, so the keyboard check is the same. Awaiting each press
 * cost a round trip to chromium (about 10 ms on a quiet machine, much more beside the suites); sent
 * together about 2 ms.
 */
const TAB = { windowsVirtualKeyCode: 9, code: "Tab", key: "Tab", modifiers: 0, location: 0, isKeypad: false } as const;

export async function pressTab(page: Page, count: number): Promise<void> {
  if (count <= 0) return;
  const cdp = await devtools(page);
  const sent: Promise<unknown>[] = [];
  for (let i = 0; i < count; i++) {
    sent.push(cdp.send("Input.dispatchKeyEvent", { type: "rawKeyDown", text: "", unmodifiedText: "", autoRepeat: false, ...TAB }));
    sent.push(cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...TAB }));
  }
  await Promise.all(sent);
}

/**
 * A PNG of the one element `selector` matches, written to `path`: what `locator(selector).screenshot()`
 * takes (the element's box widened to whole pixels, text carets hidden, the fonts loaded), as a page
 * screenshot clipped to that box: one look for the box and playwright's page screenshot, about half
 * the round trips to chromium of an element screenshot, which also waits for the element to be
 * visible and stable and scrolls to it. test/browser/sheets ("screenshot takes the picture playwright's
 * element screenshot takes") holds the two to the same size and the same pixels (it allows a few a
 * shade apart at a native control's edge, as two of chromium's frames may differ; none did in our
 * runs). Like a locator, it refuses a selector that matches no element, several, or one not shown.
 */
export async function screenshot(page: Page, selector: string, path: string): Promise<void> {
  const found = await page.evaluate((selector) => {
    const matches = document.querySelectorAll(selector);
    if (matches.length !== 1) return `${matches.length} elements`;
    const box = matches[0]!.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return "an element not shown";
    // playwright's enclosingIntRect, in the document's coordinates.
    const [x, y] = [Math.floor(box.left + scrollX + 1e-3), Math.floor(box.top + scrollY + 1e-3)];
    const [right, bottom] = [Math.ceil(box.right + scrollX - 1e-3), Math.ceil(box.bottom + scrollY - 1e-3)];
    return { x, y, width: right - x, height: bottom - y };
  }, selector);
  if (typeof found === "string") throw new Error(`screenshot of ${selector}: the page holds ${found}`);
  await page.screenshot({ path, clip: found, fullPage: true });
}
