// Builds the command-line tools (duel simulator, guide generator) for Node from TypeScript.
import { defineConfig } from "vite";

export default defineConfig({
  logLevel: "warn",
  build: {
    ssr: true,
    outDir: "dist/tools",
    emptyOutDir: true,
    target: "node20",
    minify: false,
    rollupOptions: {
      input: { duel: "tools/duel/cli.ts", guide: "tools/guide/cli.ts", tables: "tools/tables/cli.ts" },
      output: { entryFileNames: "[name].mjs", format: "es" },
    },
  },
});
