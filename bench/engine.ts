// What the benchmarks measure, as one entry: `npm run bench` bundles it into
// dist/bench/engine.mjs (vite.bench.config.ts), so the figures are for bundled
// code like the system players load, not for vitest's module-per-file loader
// (about three times slower on the duel loops).
export * as dice from "../src/engine/dice";
export * as duel from "../src/engine/duel";
export * as steel from "../src/engine/rulesets/steel";
export * as phases from "../src/engine/rulesets/phases";
export * as actionpoints from "../src/engine/rulesets/actionpoints";
export * as opposed from "../src/engine/rulesets/opposed";
export * as pulse from "../src/engine/rulesets/pulse";
export * as bouts from "../src/engine/time/bouts";
export * as phaseTime from "../src/engine/time/phases";
export * as actionPhases from "../src/engine/time/action-phases";
export * as pulses from "../src/engine/time/pulses";
// The hand-written yardstick of pulse duels (issue 35), bundled like the engine it is held against.
export * as pulseTight from "./pulse-tight";
