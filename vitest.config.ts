import { defineConfig } from "vitest/config";

// Three projects: the pure engine runs with no Foundry globals at all (proving it
// needs none); the shell runs with the Foundry test harness installed; the browser
// project drives Debian's chromium and runs last.
export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: "engine",
          include: ["test/engine/**/*.test.ts"],
          environment: "node",
          benchmark: { include: ["bench/*.bench.ts"] },
        },
      },
      {
        extends: true,
        test: {
          name: "shell",
          include: ["test/shell/**/*.test.ts", "test/build/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/harness/setup.ts"],
          benchmark: { include: ["bench/shell/*.bench.ts"] },
        },
      },
      // The shell suite again with the harness modelling Foundry v14 (test/harness/version.ts).
      {
        extends: true,
        test: {
          name: "shell-v14",
          include: ["test/shell/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/harness/setup.ts"],
          env: { BOUT_FOUNDRY: "14" },
          // After the other projects, not beside them: the two-core machine runs one shell suite at a time.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          environment: "node",
          setupFiles: ["test/harness/setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One chromium at a time keeps the two-core CI machine steady.
          fileParallelism: false,
        },
      },
    ],
  },
});
