// The guide journal is generated from docs/ (tools/guide): the converter's output
// and the pack source agreeing with the docs.
import { describe, expect, it } from "vitest";
import { inline, markdownToHtml } from "../../tools/guide/markdown";

describe("guide markdown", () => {
  it("converts headings, paragraphs, lists, tables and code, escaping HTML", () => {
    const html = markdownToHtml(
      ["## Rounds", "", "A round has *two* exchanges and", "**one** refresh.", "", "- first <b>", "- second", "", "| a | b |", "|---|---|", "| 1 | `x` |", "", "```", "<tag>", "```"].join("\n"),
    );
    expect(html).toBe(
      [
        "<h2>Rounds</h2>",
        "<p>A round has <em>two</em> exchanges and <strong>one</strong> refresh.</p>",
        "<ul><li>first &lt;b&gt;</li><li>second</li></ul>",
        "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td><code>x</code></td></tr></tbody></table>",
        "<pre><code>&lt;tag&gt;</code></pre>",
      ].join("\n"),
    );
  });

  it("makes a picture whose path ends in pictures/<file> a shipped guide picture, and leaves other addresses alone", () => {
    expect(inline("![Ada's blow lands](../guide/pictures/first-fight-steel.png)")).toBe('<img src="systems/bout/guide/pictures/first-fight-steel.png" alt="Ada\'s blow lands">');
    expect(inline("![a map](https://example.org/map.png) and [a link](x.md)")).toBe('<img src="https://example.org/map.png" alt="a map"> and <a href="x.md">a link</a>');
  });

  it("keeps code spans literal and makes links", () => {
    expect(inline("run `npm run **duel**` or see [the README](README.md)")).toBe('run <code>npm run **duel**</code> or see <a href="README.md">the README</a>');
    expect(markdownToHtml("1. one\n2. two\n   continued")).toBe("<ol><li>one</li><li>two continued</li></ol>");
  });
});

describe("guide pack", () => {
  it("the committed pack source is what `npm run guide` makes from docs/ (regenerate after editing the docs)", async () => {
    const { readFileSync } = await import("node:fs");
    const { buildGuide } = await import("../../tools/guide/build");
    const committed = JSON.parse(readFileSync("packs/_source/guide/bout-the-five-rulesets.json", "utf8"));
    const built = buildGuide(".");
    expect(committed.pages.map((p: any) => p.name)).toEqual(built.pages.map((p: any) => p.name));
    expect(committed).toEqual(built);
  });
});

describe("guide pages are for the table (issue 21)", () => {
  // Developer material (file paths, source and test files) lives in docs/dev/, which
  // `npm run guide` does not publish; the journal a GM opens in Foundry names none.
  const PATH = /(?:\b(?:src|test|tools|docs|packs|templates|lang|dist)\/|\.\.\/|\b[\w-]+\.(?:ts|mjs|js|hbs|json|txt)\b)/;

  it("the path check catches paths and spares game text", () => {
    for (const bad of ["see src/engine", "in attack.ts", "`engine/a.test.ts`", "../shared/seeds", "the 002_e3c6.txt seed", "tools/guide"]) expect(bad).toMatch(PATH);
    for (const good of ["1d10 + 3", "a 2.5 m spear", "Hexagonal Rows - Odd", "Configure Settings → System"]) expect(good).not.toMatch(PATH);
  });

  it("no guide page sends the table to a developer command (npm run …); the duel simulator is named by its button", async () => {
    const { buildGuide } = await import("../../tools/guide/build");
    const pages = buildGuide(".").pages.map((page: any) => ({ name: page.name, text: String(page.text.content) }));
    expect(pages.filter((p: { text: string }) => /\bnpm (run|test|ci)\b/.test(p.text)).map((p: { name: string }) => p.name)).toEqual([]);
    expect(pages.filter((p: { text: string }) => p.text.includes("<strong>Duel simulator</strong>")).length).toBeGreaterThanOrEqual(4);
  });

  it("pulse's first fight puts the tokens on the scene before it places and turns them", async () => {
    const steps = (await import("node:fs")).readFileSync("docs/rulesets/pulse.md", "utf8").replace(/\s+/g, " ");
    const drag = steps.indexOf("Drag both actors onto the scene");
    expect(drag).toBeGreaterThan(0);
    expect(drag).toBeLessThan(steps.indexOf("place the tokens so that each faces its foe"));
  });

  it("no generated guide page names a file path", async () => {
    const { buildGuide } = await import("../../tools/guide/build");
    const found = buildGuide(".").pages.flatMap((page: any) =>
      String(page.text.content)
        .replace(/<[^>]+>/g, " ")
        .split(/(?<=[.!?])\s+/)
        .filter((sentence) => PATH.test(sentence))
        .map((sentence) => `${page.name}: ${sentence.slice(0, 160)}`),
    );
    expect(found).toEqual([]);
  });
});

describe("guide and README name what ships (issue 21)", () => {
  const read = async (path: string) => (await import("node:fs")).readFileSync(path, "utf8");
  const packLabels = async () => (JSON.parse(await read("system.json")).packs as { label: string }[]).map((p) => p.label);

  it("every ruleset page opens with 'Your first fight'", async () => {
    const { buildGuide } = await import("../../tools/guide/build");
    const pages = buildGuide(".").pages.slice(1);
    expect(pages).toHaveLength(5);
    for (const page of pages) expect(String(page.text.content), page.name).toContain("<h2>Your first fight</h2>");
  });

  it("the guide's compendium list names every pack system.json ships", async () => {
    const guide = await read("docs/guide/01-using-bout.md");
    const listed = [...guide.matchAll(/^- \*\*(Bout: [^*]+)\*\*/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual((await packLabels()).sort());
  });

  it("the README's pack table is the packs system.json ships", async () => {
    const readme = await read("README.md");
    const listed = [...readme.matchAll(/^\| (Bout: [^|]+?) \|/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual((await packLabels()).sort());
  });

  it("the README's Bout: Tables row states as many roll tables as the pack holds", async () => {
    const { readdirSync } = await import("node:fs");
    const sources = readdirSync("packs/_source/tables").filter((f) => f.endsWith(".json"));
    const tables = await Promise.all(sources.map(async (f) => JSON.parse(await read(`packs/_source/tables/${f}`))));
    // The pack holds its ruleset folders too; only the RollTables are counted.
    const rollTables = tables.filter((doc) => String(doc._key).startsWith("!tables!")).length;
    expect(rollTables).toBeGreaterThan(tables.length / 2);
    const row = (await read("README.md")).match(/^\| Bout: Tables \| (.*)$/m)?.[1] ?? "";
    expect(row.match(/\b(\d+) roll tables\b/)?.[1], row).toBe(String(rollTables));
  });

  it("README, guide pages and UI text name the settings tab as Foundry does: the system's title", async () => {
    // Foundry v13's Configure Settings (SettingsConfig._categorizeEntry) labels the
    // system's tab with game.system.title, which is system.json's title.
    const { readdirSync } = await import("node:fs");
    const title = JSON.parse(await read("system.json")).title as string;
    expect(title).toBe("Bout");
    const lang = JSON.stringify(JSON.parse(await read("lang/en.json")));
    const texts: Record<string, string> = { "README.md": await read("README.md"), "lang/en.json": lang, "docs/guide/01-using-bout.md": await read("docs/guide/01-using-bout.md") };
    for (const f of readdirSync("docs/rulesets")) texts[`docs/rulesets/${f}`] = await read(`docs/rulesets/${f}`);
    const tabs: string[] = [];
    for (const [file, text] of Object.entries(texts)) {
      const flat = text.replace(/\s+/g, " ");
      expect(flat, file).not.toMatch(/System Settings|system's settings/i);
      for (const m of flat.matchAll(/Configure Settings → \**([\w ]+?)\**(?: →|\*\*|\)|\.|,|$)/g)) tabs.push(`${file}: ${m[1]}`);
    }
    expect(tabs.some((t) => t.startsWith("lang/en.json"))).toBe(true);
    expect(tabs.filter((t) => t.startsWith("docs/rulesets/")).length).toBeGreaterThanOrEqual(5);
    expect(tabs.filter((t) => !t.endsWith(`: ${title}`))).toEqual([]);
  });

  it("the README's user sections name no path outside the repository", async () => {
    const readme = await read("README.md");
    const user = readme.slice(0, readme.indexOf("\n## Test"));
    expect(user.length).toBeGreaterThan(1000);
    expect(user.match(/\.\.\/[\w-]+/g) ?? []).toEqual([]);
  });
});

describe("guide pictures (issue 34: one picture per ruleset's first fight)", () => {
  const fs = () => import("node:fs");
  const sources = async () => {
    const { buildGuide } = await import("../../tools/guide/build");
    return buildGuide(".").pages.map((page: any) => ({ name: String(page.name), html: String(page.text.content) }));
  };
  const pictures = (html: string) => [...html.matchAll(/<img src="([^"]+)" alt="([^"]*)">/g)].map((m) => ({ src: m[1]!, alt: m[2]! }));

  it("every ruleset page shows one picture inside 'Your first fight', with words saying what it shows", async () => {
    const pages = (await sources()).slice(1);
    expect(pages).toHaveLength(5);
    for (const page of pages) {
      const first = page.html.slice(page.html.indexOf("<h2>Your first fight</h2>"), page.html.indexOf("<h2>", page.html.indexOf("<h2>Your first fight</h2>") + 5));
      const shown = pictures(first);
      expect(shown.length, page.name).toBe(1);
      expect(shown[0]!.alt.length, page.name).toBeGreaterThan(30);
    }
  });

  it("every picture a guide page shows is a file the system ships (dist/bout and the zip), and every shipped guide picture is shown", async () => {
    const { readdirSync, existsSync, readFileSync } = await fs();
    const { unzipSync } = await import("fflate");
    const { dist } = await import("./dist");
    const { GUIDE_PICTURES } = await import("../../tools/guide/markdown");
    const shown = (await sources()).flatMap((p) => pictures(p.html).map((pic) => pic.src));
    expect(shown.length).toBeGreaterThanOrEqual(5);
    const zip = Object.keys(unzipSync(readFileSync(dist("../bout.zip"))));
    for (const src of shown) {
      expect(src, src).toMatch(new RegExp(`^${GUIDE_PICTURES}[\\w.-]+\\.(png|webp|jpg)$`));
      const inSystem = src.slice("systems/bout/".length);
      expect(existsSync(dist(inSystem)), src).toBe(true);
      expect(zip, src).toContain(inSystem);
    }
    const files = readdirSync("docs/guide/pictures");
    expect(files.map((f) => `${GUIDE_PICTURES}${f}`).sort()).toEqual([...new Set(shown)].sort());
  });
});

describe("the README serves a group; developer material lives in docs/dev and CONTRIBUTING (issue 34)", () => {
  const read = async (path: string) => (await import("node:fs")).readFileSync(path, "utf8");

  it("reads in the order a group needs: what it is, install, a first fight, the guide; building and developers last", async () => {
    const headings = [...(await read("README.md")).matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    const at = (h: string) => headings.indexOf(h);
    for (const h of ["Install", "Your first fight", "The guide", "Build from source", "Test", "For developers"]) expect(at(h), h).toBeGreaterThan(-1);
    expect(at("Install")).toBe(0);
    expect(at("Your first fight")).toBe(1);
    expect(at("The guide")).toBe(2);
    expect(headings.slice(-3)).toEqual(["Build from source", "Test", "For developers"]);
  });

  it("its table sections hold no developer material: no issue numbers, test files, write counts or byte figures", async () => {
    const readme = await read("README.md");
    const table = readme.slice(0, readme.indexOf("\n## Build from source"));
    expect(table.length).toBeGreaterThan(1000);
    for (const bad of [/\bissue \d+/i, /\btest\/(shell|engine|build|browser)\//, /\.test\.ts\b/, /\bwrites per (decision|step|round)\b|\bdatabase writes\b/i, /\b\d[\d,]* (bytes|B)\b/, /\bbench\//]) expect(table, String(bad)).not.toMatch(bad);
  });

  it("says how to build: npm ci and its install scripts, what npm run build writes, npm run guide, and the test command CI runs", async () => {
    const readme = (await read("README.md")).replace(/\s+/g, " ");
    for (const words of ["npm ci", "install scripts", "classic-level", "dist/bout/", "dist/bout.zip", "npm run guide", "npm test", ".ci/run"]) expect(readme, words).toContain(words);
    // .ci/run runs the README's test command.
    expect(await read(".ci/run")).toMatch(/^npm test$/m);
  });

  it("every local file the README, CONTRIBUTING and docs/dev link to exists", async () => {
    const { existsSync, readdirSync } = await import("node:fs");
    const { dirname, join } = await import("node:path");
    const files = ["README.md", "CONTRIBUTING.md", ...readdirSync("docs/dev").map((f) => `docs/dev/${f}`)];
    const missing: string[] = [];
    for (const file of files)
      for (const m of (await read(file)).replace(/`[^`\n]*`/g, "").matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g))
        if (!/^https?:/.test(m[1]!) && !existsSync(join(dirname(file), m[1]!))) missing.push(`${file}: ${m[1]}`);
    expect(missing).toEqual([]);
  });
});
