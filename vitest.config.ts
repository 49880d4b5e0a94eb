import { readFileSync } from "node:fs";
import { configDefaults, defineConfig } from "vitest/config";

// Three projects: the pure engine runs with no Foundry globals at all (proving it
// needs none); the shell runs with the Foundry test harness installed; the browser
// project drives Debian's chromium and runs last (a group of its own).
// BOUT_TEST_COST=<file>: every project records each test file's CPU seconds there (test/harness/cost.ts).
const cost = process.env.BOUT_TEST_COST ? ["test/harness/cost.ts"] : [];

// The shell files whose v13 run meets no v14 rule (test/harness/version.ts): the v14 run skips them, as
// docs/dev/testing.md says; test/harness/setup.ts fails a listed file's v13 run once it meets one. A run
// with v14 readings of its own (BOUT_V14_READINGS) skips none: the list is made under the default readings.
const v14Same: string[] = process.env.BOUT_V14_READINGS ? [] : (JSON.parse(readFileSync(new URL("test/shell/v14-same.json", import.meta.url), "utf8")) as { files: string[] }).files;

export default defineConfig({
  test: {
    globals: true,
    // vitest's default is one worker fewer than the cores: one on the two-core CI
    // machine. The engine and shell files share nothing between files: two at once.
    maxWorkers: 2,
    // One module cache per worker, not one per file (vitest's isolate): each file is
    // still imported anew and the shell's setup file runs again before each one, but the
    // harness, the engine and vitest itself load once per worker instead of once per file
    // (about half the CPU time of the shell suite went to that). What this shares was
    // checked project by project: the test files keep no state outside themselves; the
    // harness's only running state is its id sequence, restarted by test/harness/setup.ts;
    // each connected client's bundle runs in a realm of its own (test/harness/world.ts);
    // src/ modules a test imports itself keep registries that are filled once, except the
    // duel adapters, which test/engine/duel/simulate.test.ts puts back after its toy; the browser project
    // keeps one chromium and its idle pages for all its files (test/browser/chromium.ts), each page's
    // document replaced at each use and what a file leaves open closed after it.
    isolate: false,
    // A young generation of 128 MB a half instead of node's 16: a shell test keeps most of what it makes
    // (worlds, realms, documents) until it ends, so each of the many small scavenges copied it again. Over
    // the shell project (--trace-gc): 1310 scavenges, 21.7 s of pauses → 197, 9.7 s; its CPU about 5% less
    // (three runs each, alternated). Workers only: vitest's own process keeps node's default.
    execArgv: ["--max-semi-space-size=128"],
    // Every project extends this. The 10^6-roll simulations, long property runs and
    // tests that set up several worlds (the duel simulator's, about 3 s alone) take
    // seconds; on a shared two-core machine with both workers busy, 5 s is not a safe
    // upper bound. (Speed is measured by the benchmarks, never by a test's timeout.)
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "engine",
          include: ["test/engine/**/*.test.ts"],
          sequence: { groupOrder: 0 },
          environment: "node",
          setupFiles: [...cost],
          benchmark: { include: ["bench/*.bench.ts"] },
        },
      },
      {
        extends: true,
        test: {
          name: "shell",
          include: ["test/shell/**/*.test.ts", "test/build/**/*.test.ts"],
          sequence: { groupOrder: 0 },
          environment: "node",
          setupFiles: ["test/harness/setup.ts", ...cost],
          benchmark: { include: ["bench/shell/*.bench.ts"] },
        },
      },
      // The shell suite again with the harness modelling Foundry v14 (test/harness/version.ts).
      {
        extends: true,
        test: {
          name: "shell-v14",
          include: ["test/shell/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...v14Same],
          environment: "node",
          setupFiles: ["test/harness/setup.ts", ...cost],
          env: { BOUT_FOUNDRY: "14" },
          // After the v13 run, not beside it: the two-core machine runs one shell suite at a time.
          sequence: { groupOrder: 1 },
          // No benchmarks of its own.
          benchmark: { include: [] },
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/harness/setup.ts", ...cost],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // After the other projects, one chromium at a time keeps the two-core CI machine steady.
          sequence: { groupOrder: 2 },
          maxWorkers: 1,
          fileParallelism: false,
          // No benchmarks of its own (without this it would run the engine's again).
          benchmark: { include: [] },
        },
      },
    ],
  },
});
