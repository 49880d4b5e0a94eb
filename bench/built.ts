// The bundled engine the benchmarks run (see ./engine.ts). `npm run bench` builds
// it first; run `npx vite build --config vite.bench.config.ts` before a single
// `npx vitest bench` file.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type * as Engine from "./engine";

const url = new URL("../dist/bench/engine.mjs", import.meta.url);
if (!existsSync(fileURLToPath(url))) throw new Error("dist/bench/engine.mjs is missing: run `npx vite build --config vite.bench.config.ts` (npm run bench does)");
export const engine = (await import(/* @vite-ignore */ url.href)) as typeof Engine;
