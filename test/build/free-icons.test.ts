// Every Font Awesome icon the system names is in the free set. Foundry v13 ships
// Font Awesome 6 and draws Pro icons only where it has Pro; an icon outside the
// free set draws blank for most tables and in the browser tests (which load the
// free set from node_modules). The class names are read from the templates and
// the code and looked up in the free set's stylesheet.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** The `fa-…` class names in a text (icons and the style and size classes beside them). */
function iconClasses(text: string): string[] {
  return Array.from(text.matchAll(/(?<![\w-])fa-[a-z0-9]+(?:-[a-z0-9]+)*/g), (m) => m[0]);
}

const FREE_CSS = readFileSync(join(process.cwd(), "node_modules/@fortawesome/fontawesome-free/css/all.css"), "utf8");
const FREE = new Set(Array.from(FREE_CSS.matchAll(/\.(fa-[a-z0-9-]+)/g), (m) => m[1]!));

/** Those of `names` the free set's stylesheet does not define. */
const notFree = (names: Iterable<string>) => [...new Set(names)].filter((n) => !FREE.has(n)).sort();

describe("Font Awesome icons", () => {
  it("every fa- class in templates/ and src/ is in the free set", () => {
    const used = new Map<string, string>();
    for (const file of [...files("templates"), ...files("src")]) for (const name of iconClasses(readFileSync(file, "utf8"))) if (!used.has(name)) used.set(name, file);
    expect(used.size).toBeGreaterThan(40);
    expect(notFree(used.keys()).map((n) => `${n} (${used.get(n)})`)).toEqual([]);
  });

  it("the lookup tells Pro-only icons from free ones (fa-swords and fa-dice-d10 are Pro)", () => {
    expect(iconClasses(`<i class="fa-solid fa-swords" inert></i> icon: "fa-solid fa-dice-d10", sofa-bed`)).toEqual(["fa-solid", "fa-swords", "fa-solid", "fa-dice-d10"]);
    expect(notFree(["fa-solid", "fa-swords", "fa-dice-d10", "fa-dice", "fa-play", "fa-fw"])).toEqual(["fa-dice-d10", "fa-swords"]);
  });
});
