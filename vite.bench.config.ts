// Bundles the engine the benchmarks measure (bench/engine.ts) into one module,
// dist/bench/engine.mjs, minified as the system bundle is (vite.config.ts), so
// `npm run bench` times code like what players load.
import { defineConfig } from "vite";

export default defineConfig({
  logLevel: "warn",
  publicDir: false,
  build: {
    ssr: true,
    outDir: "dist/bench",
    emptyOutDir: true,
    target: "es2022",
    minify: "oxc",
    rolldownOptions: {
      input: { engine: "bench/engine.ts" },
      output: {
        entryFileNames: "[name].mjs",
        format: "es",
        minify: { compress: { keepNames: { function: true, class: true } }, mangle: { keepNames: true }, codegen: { removeWhitespace: true } },
      },
    },
  },
});
