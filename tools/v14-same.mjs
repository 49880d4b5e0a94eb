#!/usr/bin/env node
// Makes test/shell/v14-same.json: the shell test files whose v13 run meets no v14 rule
// (test/harness/version.ts `v14Rule`), and the opening tests of the others that meet none
// (test/harness/v14-same.ts), which the shell-v14 project therefore skips
// (docs/dev/testing.md, "Foundry v14 mode"). Runs the `shell` project's test/shell files once
// with BOUT_V14_PROBE set (test/harness/setup.ts appends each file's rules there) and keeps
// the files that met none. Needs a built dist/bout (`npm run build`).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(join(tmpdir(), "v14-same-"));
const probe = join(dir, "probe.jsonl");
const run = spawnSync(join(root, "node_modules/.bin/vitest"), ["run", "--project", "shell", "test/shell/"], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, BOUT_V14_PROBE: probe },
});
if (run.status !== 0) {
  console.error("v14-same: the shell project failed; the list is made only from a passing run");
  process.exit(1);
}
const records = readFileSync(probe, "utf8").trim().split("\n").map((line) => JSON.parse(line));
rmSync(dir, { recursive: true, force: true });
const files = records.filter((r) => r.met.length === 0).map((r) => r.file).sort();
// The opening tests of the other files (test/harness/v14-same.ts `openingTests`, computed by the probe).
const tests = Object.fromEntries(records.filter((r) => r.met.length > 0 && r.opening.length > 0).sort((a, b) => a.file.localeCompare(b.file)).map((r) => [r.file, r.opening]));
const list = {
  about: "Made by `node tools/v14-same.mjs`: the test/shell files whose v13 run meets no v14 rule (test/harness/version.ts), and of the other files the opening tests that meet none before any test or the file's own code does (test/harness/v14-same.ts), so the shell-v14 project skips them (docs/dev/testing.md). test/harness/setup.ts fails a listed file's or test's v13 run when it meets one.",
  files,
  tests,
};
writeFileSync(join(root, "test/shell/v14-same.json"), `${JSON.stringify(list, null, 2)}\n`);
const opening = Object.values(tests).reduce((n, names) => n + names.length, 0);
console.log(`v14-same: ${files.length} of ${records.length} files meet no v14 rule; ${opening} opening tests of ${Object.keys(tests).length} other files meet none`);
for (const r of records.filter((r) => r.met.length > 0).sort((a, b) => a.file.localeCompare(b.file))) console.log(`  ${r.file}: ${r.met.join("; ")}${r.opening.length ? ` (${r.opening.length} of ${r.tests.length} tests skipped)` : ""}`);
