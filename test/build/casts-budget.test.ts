// Issue 29, "Less trust in our own casts": a cast that silences the type checker hides exactly
// the Foundry differences the checker exists to catch. `as never` and `as unknown as` are the
// two that check nothing; their counts in src/ may only go down. A change that truly needs one
// more raises the ceiling here in the same commit and says why.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../harness/world";

/**
 * Set on 2026-11-28 at 55 and 43, lowered to 53 and 40 the same day (from 105 and 139 that morning, and 120 and 127 when issue 29 was
 * filed): `actorView` takes Foundry's actors and a stats type itself, hook
 * arguments are used as fvtt-types declares them, and a double cast became a single checked one
 * wherever both the v13 declarations and the v14 ones (`npm run typecheck:v14`) accept it.
 */
const CEILING = { never: 53, unknownAs: 40 } as const;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.ts$/.test(name) ? [path] : [];
  });
}

function count(pattern: RegExp): { total: number; where: string[] } {
  const where: string[] = [];
  for (const file of sources(join(REPO_ROOT, "src"))) {
    readFileSync(file, "utf8").split("\n").forEach((line, i) => {
      if (pattern.test(line)) where.push(`${file.slice(REPO_ROOT.length + 1)}:${i + 1}`);
    });
  }
  return { total: where.length, where };
}

describe("casts that check nothing (issue 29)", () => {
  it(`'as never' in src/: at most ${CEILING.never} lines`, () => {
    const found = count(/\bas never\b/);
    expect(found.total, `${found.total} lines: ${found.where.slice(-5).join(", ")} ...`).toBeLessThanOrEqual(CEILING.never);
  });

  it(`'as unknown as' in src/: at most ${CEILING.unknownAs} lines`, () => {
    const found = count(/\bas unknown as\b/);
    expect(found.total, `${found.total} lines: ${found.where.slice(-5).join(", ")} ...`).toBeLessThanOrEqual(CEILING.unknownAs);
  });
});
