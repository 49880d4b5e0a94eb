/**
 * Just enough of `Element#querySelector(".class")` for rendered template HTML, so
 * the harness can follow what core's applications look up in their element
 * without a DOM (a DOM per render costs more than the tests it serves). The
 * input is the output of our own Handlebars templates: well-formed tags, quoted
 * attributes; comments are skipped and void elements close themselves.
 */

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const TAG = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

/** An element found by class: its opening tag's attributes and its inner HTML. */
export interface FoundElement {
  readonly tag: string;
  readonly attributes: string;
  readonly inner: string;
}

const classesOf = (attributes: string): string[] => /\bclass\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(attributes)?.slice(1).find((v) => v !== undefined)?.split(/\s+/) ?? [];

/** The first element (document order) whose class list holds every one of `classes`, or null: `querySelector(".a.b")`. */
export function queryClass(html: string, ...classes: string[]): FoundElement | null {
  const open: { tag: string; attributes: string; innerStart: number; match: boolean }[] = [];
  let found: (typeof open)[number] | null = null;
  for (const m of html.matchAll(TAG)) {
    if (m[2] === undefined) continue; // a comment
    const [whole, closing, rawTag, attributes = ""] = m;
    const tag = rawTag!.toLowerCase();
    const end = m.index! + whole.length;
    if (!closing) {
      const has = classesOf(attributes);
      const entry = { tag, attributes, innerStart: end, match: classes.every((c) => has.includes(c)) };
      if (entry.match && !found) found = entry;
      if (VOID.has(tag) || attributes.trimEnd().endsWith("/")) {
        if (entry === found) return { tag, attributes, inner: "" };
        continue;
      }
      open.push(entry);
      continue;
    }
    // A closing tag closes the innermost open element of its name (and any left open inside it).
    const at = open.map((e) => e.tag).lastIndexOf(tag);
    if (at < 0) continue;
    const [closed] = open.splice(at);
    if (closed === found) return { tag, attributes: closed.attributes, inner: html.slice(closed.innerStart, m.index) };
  }
  return found ? { tag: found.tag, attributes: found.attributes, inner: html.slice(found.innerStart) } : null;
}

/** The value of a `data-*` attribute in an element's opening-tag attributes (`data-combatant-id` → its id). */
export function dataAttribute(attributes: string, name: string): string | undefined {
  return new RegExp(`\\bdata-${name}\\s*=\\s*"([^"]*)"`).exec(attributes)?.[1];
}
