// Builds the command-line tools (the duel simulator) for Node from TypeScript.
import { defineConfig } from "vite";

export default defineConfig({
  logLevel: "warn",
  build: {
    ssr: "tools/duel/cli.ts",
    outDir: "dist/tools",
    emptyOutDir: true,
    target: "node20",
    minify: false,
    rollupOptions: { output: { entryFileNames: "duel.mjs", format: "es" } },
  },
});
