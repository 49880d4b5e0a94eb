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
    // Foundry registers sheets and documents by class name: keep names readable.
    minify: false,
    target: "es2022",
    lib: {
      entry: resolve(root, "src/index.ts"),
      formats: ["es"],
      fileName: () => "bout.mjs",
      cssFileName: "bout",
    },
  },
  plugins: [boutSystem({ root, outDir })],
});
