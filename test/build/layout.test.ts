// The layout DESIGN.md asks for (issue 18 "Layout"): folders of src/ import
// downwards only. The workplace's own checker (../shared/tools/folder-cycles.mjs,
// beside the repository as CI has it) lists any cycle between folders.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repo } from "./dist";

const TOOL = join(repo(), "../shared/tools/folder-cycles.mjs");

describe("layout", () => {
  it("has no import cycles between folders of src/", () => {
    expect(existsSync(TOOL), `${TOOL} (the shared folder beside the repository)`).toBe(true);
    const out = execFileSync(process.execPath, [TOOL, "src"], { cwd: repo(), encoding: "utf8" });
    expect(out).not.toMatch(/cycle among/);
    expect(out).toMatch(/no import cycles/);
  });
});
