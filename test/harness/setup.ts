// Shell tests import modules from src/ that extend Foundry classes at load time:
// give this realm a connected GM client's globals before any test file runs.
// vitest runs this file again before every test file, also when the worker's module
// cache is shared (isolate: false): each file gets a fresh client and the id sequence
// from its start, as if it ran alone.
import { appendFileSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { resetIds } from "./utils";
import { metRules, modelsV14, resetMetRules } from "./version";
import { installGlobalClient, LIVE_WORLDS, REPO_ROOT } from "./world";
import { openingTests, testName, type TestRecord, type V14SameList } from "./v14-same";

resetIds();
// The worlds of earlier files are done with: `settle()` waits only for this file's, and none is kept alive.
LIVE_WORLDS.clear();
// The v14 rules this file meets (version.ts), from its first line: the global client's set-up is the harness's, not the file's.
installGlobalClient();
resetMetRules();

// What the v14 run skips because its v13 run meets no v14 rule (docs/dev/testing.md): whole files, and the
// opening tests of others (`openingTests`). If one starts meeting a rule, its v13 run fails here, and
// `node tools/v14-same.mjs` makes the list again. A run with v14 readings of its own skips nothing.
const V14_SAME = join(REPO_ROOT, "test/shell/v14-same.json");
const same = JSON.parse(readFileSync(V14_SAME, "utf8")) as V14SameList;
const probe = process.env.BOUT_V14_PROBE;
const remake = "Run `node tools/v14-same.mjs` to make the list again.";
let file = "";
let listed = new Set<string>();
// The rules the file meets outside its tests (its module, hooks around all tests, anything after a test
// ended), and each test's own, from the set-up's beforeEach to its afterEach, in the order they ran.
const outside = new Set<string>();
const tests: TestRecord[] = [];
beforeAll(({}, suite) => {
  file = relative(REPO_ROOT, (suite as { filepath?: string }).filepath ?? "");
  listed = new Set(process.env.BOUT_V14_READINGS ? [] : (same.tests[file] ?? []));
});
beforeEach((context) => {
  for (const rule of metRules()) outside.add(rule);
  resetMetRules();
  if (modelsV14() && listed.has(testName(context.task))) context.skip();
});
afterEach((context) => {
  if (modelsV14() || !file.startsWith("test/shell/")) return;
  const name = testName(context.task);
  // A world with a message still on its way may meet a rule after the test: the test is not the same by its record alone.
  const settled = [...LIVE_WORLDS].every((world) => world.server.network.inFlight === 0);
  const record: TestRecord = { name, met: metRules(), settled };
  resetMetRules();
  tests.push(record);
  if (!probe && listed.has(name) && !openingTests([...outside], tests).includes(name))
    throw new Error(`"${name}" (${file}) is in test/shell/v14-same.json (the v14 run skips it) but its v13 run meets v14 rules (${record.met.join("; ") || "none of its own"}), or one before it does, or it left a message on its way. ${remake}`);
});
afterAll(() => {
  if (modelsV14() || !file.startsWith("test/shell/")) return;
  for (const rule of metRules()) outside.add(rule);
  const met = [...new Set([...outside, ...tests.flatMap((t) => t.met)])].sort();
  if (probe) appendFileSync(probe, `${JSON.stringify({ file, met, outside: [...outside].sort(), opening: openingTests([...outside], tests), tests })}\n`);
  if (probe) return;
  if (met.length > 0 && same.files.includes(file))
    throw new Error(`${file} is in test/shell/v14-same.json (the v14 run skips it) but its v13 run meets v14 rules: ${met.join("; ")}. ${remake}`);
  // Only the tests that ran are held to the list (a run of some tests, `-t`, leaves the others unrecorded).
  const still = new Set(openingTests([...outside], tests));
  const lost = tests.map((t) => t.name).filter((name) => listed.has(name) && !still.has(name));
  if (lost.length) throw new Error(`${file}: the v14 run skips tests (test/shell/v14-same.json) that no longer open the file free of v14 rules${outside.size ? ` (met outside its tests: ${[...outside].join("; ")})` : ""}: ${lost.join(" | ")}. ${remake}`);
});
