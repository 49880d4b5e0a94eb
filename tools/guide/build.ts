/**
 * The guide journal (pack `guide`) from the Markdown in docs/: docs/guide/*.md
 * first (in file-name order), then one page per ruleset from docs/rulesets/<id>.md.
 * Page ids are hashed from file names, so links survive regeneration.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { markdownToHtml } from "./markdown";

const RULESET_ORDER = ["steel", "phases", "actionpoints", "opposed", "pulse"];
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const GUIDE_ID = "W07sgCDJtIiwH4Ve";

export function stableId(name: string): string {
  const bytes = createHash("sha256").update(`bout:${name}`).digest();
  let id = "";
  for (let i = 0; i < 16; i++) id += ALPHABET[bytes[i]! % ALPHABET.length];
  return id;
}

function files(root: string, dir: string, order?: string[]): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  const found = readdirSync(full).filter((f) => f.endsWith(".md"));
  const rank = (f: string) => (order ? order.indexOf(f.replace(/\.md$/, "")) : 0);
  return found.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map((f) => join(dir, f));
}

export function buildGuide(root: string) {
  const sources = [...files(root, "docs/guide"), ...files(root, "docs/rulesets", RULESET_ORDER)];
  const pages = sources.map((path, index) => {
    const markdown = readFileSync(join(root, path), "utf8");
    const title = /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? path;
    const body = markdown.replace(/^#\s+.+\n/m, "");
    const _id = stableId(`guide:${path}`);
    return {
      _id,
      _key: `!journal.pages!${GUIDE_ID}.${_id}`,
      name: title,
      type: "text",
      title: { show: true, level: 1 },
      text: { format: 1, content: markdownToHtml(body) },
      sort: (index + 1) * 100000,
      ownership: { default: -1 },
      flags: {},
      category: null,
    };
  });
  return {
    _id: GUIDE_ID,
    _key: `!journal!${GUIDE_ID}`,
    name: "Bout: the five rulesets",
    folder: null,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
    categories: [],
    pages,
  };
}
