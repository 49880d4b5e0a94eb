// DESIGN.md: the engine is pure TypeScript. It never touches Foundry, the DOM or
// Math.random, and never imports from outside src/engine.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../../src/engine");
const files = readdirSync(root, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith(".ts"))
  .map((f) => join(root, f));

const FORBIDDEN: [RegExp, string][] = [
  [/\bgame\s*\./, "game"],
  [/\bCONFIG\s*\./, "CONFIG"],
  [/\bfoundry\s*\./, "foundry"],
  [/\bui\s*\.\s*notifications/, "ui.notifications"],
  [/\bHooks\s*\./, "Hooks"],
  [/\bMath\s*\.\s*random\b/, "Math.random"],
  [/\bnew\s+Roll\b/, "Roll"],
  [/\b(document|window)\s*\./, "DOM"],
];

const stripComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");

describe("src/engine stays pure", () => {
  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(5);
  });

  for (const file of files) {
    it(relative(root, file), () => {
      const code = stripComments(readFileSync(file, "utf8"));
      for (const [pattern, name] of FORBIDDEN) expect(pattern.test(code), `${name} in ${file}`).toBe(false);
      for (const [, spec] of code.matchAll(/from\s+"([^"]+)"/g)) {
        if (!spec!.startsWith(".")) throw new Error(`${file} imports package ${spec}`);
        const target = resolve(join(file, ".."), spec!);
        expect(target.startsWith(root), `${file} imports ${spec} from outside the engine`).toBe(true);
      }
    });
  }
});
