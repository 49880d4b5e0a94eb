// The suite's cost per test file, from a BOUT_TEST_COST file (test/harness/cost.ts): each project's CPU seconds,
// then the costliest files. Usage: node tools/test-cost.mjs <file> [how many files, default 30]
import { readFileSync } from "node:fs";

const [file, top = "30"] = process.argv.slice(2);
if (!file) {
  console.error("usage: node tools/test-cost.mjs <BOUT_TEST_COST file> [files to list]");
  process.exit(2);
}
const lines = readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));
const projects = new Map();
for (const l of lines) {
  const p = projects.get(l.project) ?? { cpu: 0, idle: 0, files: 0 };
  p.cpu += l.cpu;
  p.idle += l.idle ?? 0;
  p.files++;
  projects.set(l.project, p);
}
console.log("project       files    CPU s   idle s");
for (const [name, p] of projects) console.log(`${name.padEnd(12)} ${String(p.files).padStart(6)} ${p.cpu.toFixed(1).padStart(8)} ${p.idle.toFixed(1).padStart(8)}`);
console.log(`\nthe ${top} costliest files (CPU s, idle s)`);
for (const l of [...lines].sort((a, b) => b.cpu - a.cpu).slice(0, Number(top))) {
  console.log(`${l.project.padEnd(12)} ${l.cpu.toFixed(2).padStart(6)} ${(l.idle ?? 0).toFixed(2).padStart(6)}  ${l.file.replace(/^.*?\/(test\/)/, "$1")}`);
}
