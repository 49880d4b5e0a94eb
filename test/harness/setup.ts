// Shell tests import modules from src/ that extend Foundry classes at load time:
// give this realm a connected GM client's globals before any test file runs.
// vitest runs this file again before every test file, also when the worker's module
// cache is shared (isolate: false): each file gets a fresh client and the id sequence
// from its start, as if it ran alone.
import { appendFileSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { resetIds } from "./utils";
import { metRules, modelsV14, resetMetRules } from "./version";
import { installGlobalClient, LIVE_WORLDS, REPO_ROOT } from "./world";

resetIds();
// The worlds of earlier files are done with: `settle()` waits only for this file's, and none is kept alive.
LIVE_WORLDS.clear();
// The v14 rules this file meets (version.ts), from its first line: the global client's set-up is the harness's, not the file's.
installGlobalClient();
resetMetRules();

// The files the v14 run skips because their v13 run meets no v14 rule (docs/dev/testing.md): if one
// starts meeting one, its v13 run fails here, and `node tools/v14-same.mjs` makes the list again.
const V14_SAME = join(REPO_ROOT, "test/shell/v14-same.json");
let file = "";
beforeAll(({}, suite) => {
  file = relative(REPO_ROOT, (suite as { filepath?: string }).filepath ?? "");
});
afterAll(() => {
  if (modelsV14() || !file.startsWith("test/shell/")) return;
  const met = metRules();
  const probe = process.env.BOUT_V14_PROBE;
  if (probe) appendFileSync(probe, `${JSON.stringify({ file, met })}\n`);
  const same = (JSON.parse(readFileSync(V14_SAME, "utf8")) as { files: string[] }).files;
  if (!probe && met.length > 0 && same.includes(file))
    throw new Error(`${file} is in test/shell/v14-same.json (the v14 run skips it) but its v13 run meets v14 rules: ${met.join("; ")}. Run \`node tools/v14-same.mjs\` to make the list again.`);
});
