#!/usr/bin/env node
// Prints the median time of every benchmark in a `vitest bench --outputJson` report
// (bench/results.json by default): vitest's table shows means, and on a shared machine a
// few samples that waited for the CPU pull a mean 10 to 45 times above what a run takes
// (issue 35). The median is what docs/dev/benchmarks.md quotes; the mean stays beside it for comparison.
// Benchmarks named "... at N combatants" are also compared across N: the largest table's
// median over the smallest's, which is about 1 when a step does not grow with the crowd.
import { readFileSync } from "node:fs";

const file = process.argv[2] ?? new URL("./results.json", import.meta.url);
const report = JSON.parse(readFileSync(file, "utf8"));

/** A time in milliseconds, in the unit that reads best. */
function time(ms) {
  if (!Number.isFinite(ms)) return "?";
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  if (ms >= 0.001) return `${(ms * 1000).toFixed(2)} µs`;
  return `${(ms * 1e6).toFixed(0)} ns`;
}

const rows = [];
for (const f of report.files ?? []) {
  for (const group of f.groups ?? []) {
    for (const b of group.benchmarks ?? []) {
      rows.push({ group: group.fullName, name: b.name, median: b.median, mean: b.mean, samples: b.sampleCount ?? b.samples?.length ?? 0 });
    }
  }
}

const width = Math.min(90, Math.max(...rows.map((r) => r.name.length), 10));
let group = "";
console.log(`\nMedian time per iteration (mean beside it; ${rows.length} benchmarks, from ${String(file)})`);
for (const r of rows) {
  if (r.group !== group) console.log(`\n${(group = r.group)}`);
  const ratio = r.median > 0 ? r.mean / r.median : NaN;
  console.log(`  ${r.name.slice(0, width).padEnd(width)}  median ${time(r.median).padStart(10)}  mean ${time(r.mean).padStart(10)} (${Number.isFinite(ratio) ? ratio.toFixed(1) : "?"}×)  ${r.samples} samples`);
}

// The same benchmark at several table sizes: how the median grows from the smallest to the largest.
const sized = new Map();
for (const r of rows) {
  const m = /\bat (\d+) combatants\b/.exec(r.name);
  if (!m) continue;
  const key = r.name.replace(m[0], "at N combatants");
  sized.set(key, [...(sized.get(key) ?? []), { n: Number(m[1]), median: r.median }]);
}
if (sized.size) console.log("\nGrowth with the table (median at the largest size over the smallest):");
for (const [key, list] of sized) {
  if (list.length < 2) continue;
  list.sort((a, b) => a.n - b.n);
  const [small, large] = [list[0], list.at(-1)];
  console.log(`  ${key}: ${list.map((x) => `${x.n}: ${time(x.median)}`).join(", ")}; ${large.n}/${small.n} = ${(large.median / small.median).toFixed(2)}`);
}

// A group holding a benchmark marked "[tight loop]" (hand-written code doing the same arithmetic,
// bench/pulse-tight.ts): every other benchmark of the group over it, medians. Issue 35's goal (at most 5) is read
// on the paired figure bench/pulse.bench.ts prints ("side by side in 31 pairs"): these two were timed seconds apart.
const yardsticks = rows.filter((r) => r.name.includes("[tight loop]"));
if (yardsticks.length) console.log("\nAgainst a tight loop of the same arithmetic (median over the tight loop's median, timed one after the other; the goal is read on the paired figure printed by bench/pulse.bench.ts):");
for (const y of yardsticks) {
  for (const r of rows) {
    if (r.group !== y.group || r === y) continue;
    console.log(`  ${r.name}: ${time(r.median)} against ${time(y.median)}; ${(r.median / y.median).toFixed(1)}×`);
  }
}
