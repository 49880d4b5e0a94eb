import { resolve } from "node:path";
import { defineConfig } from "vite";
import { boutSystem } from "./tools/vite-plugin-bout.ts";

const root = import.meta.dirname;
const outDir = resolve(root, "dist/bout");

export default defineConfig({
  publicDir: false,
  build: {
    outDir,
    // A world open in Foundry keeps pack LOCK files in here: never wipe the folder.
    emptyOutDir: false,
    sourcemap: true,
    // Minified, but every function and class keeps its name: Foundry registers
    // sheets and documents by class name (and error stacks stay readable).
    minify: "oxc",
    target: "es2022",
    rolldownOptions: {
      output: {
        minify: {
          compress: { keepNames: { function: true, class: true } },
          mangle: { keepNames: true },
          codegen: { removeWhitespace: true },
        },
      },
    },
    lib: {
      entry: resolve(root, "src/index.ts"),
      formats: ["es"],
      fileName: () => "bout.mjs",
      cssFileName: "bout",
    },
  },
  plugins: [boutSystem({ root, outDir })],
});
