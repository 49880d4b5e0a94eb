#!/usr/bin/env node
// `npm test`: every check, arranged for the two-core machine CI runs on.
//
// The browser project is the longest chain that cannot be split (one chromium at a
// time, using about half a core), so it starts as soon as the bundle is built, and the
// type check (started with the build: it needs none) and the engine and shell suites
// (CPU-bound, two workers) run beside it, taking what chromium leaves of the two cores.
// (A lower priority for them kept chromium's pace on a quiet machine but starved them on
// a shared one, past a test's 30 s timeout: all run at the same priority.) Every step runs
// to its end whatever the others do; the summary lists each step's time and the exit code
// is 1 if any failed.
//
// The browser step's output is held and printed when it ends, so the suites' output
// (the terminal's, live) is not interleaved with it.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => join(root, "node_modules/.bin", name);

/** Linux's clock ticks a second (USER_HZ), the unit of /proc's CPU times. */
const TICKS = 100;

/** CPU seconds of this process's finished children (Linux /proc; null elsewhere). */
function childrenCpu() {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
    // After "pid (comm) ": state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return null;
  }
}

/**
 * The whole machine's CPU seconds so far, busy and idle (Linux /proc/stat; null elsewhere). The steps' own figures
 * count only the processes reaped through them: chromium's renderers and browser process, which playwright ends
 * when the browser worker exits, are not among them. The machine's figure over the run counts them, and anything
 * else running on the machine: on a quiet machine it is the run's whole cost, and its idle share says how quiet.
 */
function machineCpu() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    return { busy: (user + nice + system + irq + softirq + steal) / TICKS, idle: (idle + iowait) / TICKS };
  } catch {
    return null;
  }
}

const machineStart = machineCpu();
const started = Date.now();
const results = [];
const running = new Set();

/**
 * Run one step; resolves with its exit code. `held`: keep its output and print it at the end of the step.
 * The CPU time is what /proc says this process's children used when the step ended, less the
 * figure at the previous step's end: exact unless two steps end at the same moment.
 */
let cpuMark = childrenCpu();
function run(name, command, args, { held = false } = {}) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const child = spawn(command, args, { cwd: root, stdio: held ? ["ignore", "pipe", "pipe"] : "inherit", env: process.env });
    running.add(child);
    const chunks = [];
    if (held) {
      child.stdout.on("data", (c) => chunks.push(c));
      child.stderr.on("data", (c) => chunks.push(c));
    }
    let done = false;
    const finish = (code) => {
      if (done) return;
      done = true;
      running.delete(child);
      const cpuNow = childrenCpu();
      const cpu = cpuNow === null || cpuMark === null ? null : cpuNow - cpuMark;
      cpuMark = cpuNow;
      if (held) process.stdout.write(`\n── ${name} ──\n${Buffer.concat(chunks).toString("utf8")}\n`);
      results.push({ name, code, wall: (Date.now() - t0) / 1000, cpu });
      resolve(code);
    };
    child.on("error", (error) => {
      process.stderr.write(`${name}: ${error.message}\n`);
      finish(127);
    });
    child.on("close", (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

// Stopped: stop the steps still running (each passes it on to its own workers), then stop.
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(130);
  });

// --singleThreaded: TypeScript 7 checks on several threads by default; on two cores shared with the suites that cost about 14 CPU seconds against 7 on one thread, and alone it was no faster.
const typecheck = run("typecheck", bin("tsc"), ["--noEmit", "--singleThreaded", "-p", "tsconfig.json"]);
const built = await run("build", bin("vite"), ["build"]);
const lanes = [typecheck];
if (built === 0) {
  lanes.push(run("browser", bin("vitest"), ["run", "--project", "browser"], { held: true }));
  lanes.push(run("engine + shell + shell-v14", bin("vitest"), ["run", "--project", "engine", "--project", "shell", "--project", "shell-v14"]));
}
await Promise.all(lanes);

const wall = (Date.now() - started) / 1000;
const cpu = childrenCpu();
const pad = (s, n) => String(s).padEnd(n);
const secs = (s) => (s === null ? "    ?" : s.toFixed(1).padStart(6));
console.log("\nnpm test: time per step (wall and CPU seconds; the steps overlap)");
for (const r of results) console.log(`  ${pad(r.name, 28)} ${secs(r.wall)} s wall ${secs(r.cpu)} s CPU  ${r.code === 0 ? "ok" : `FAILED (exit ${r.code})`}`);
console.log(`  ${pad("all", 28)} ${secs(wall)} s wall ${secs(cpu)} s CPU`);
const machineEnd = machineCpu();
if (machineStart && machineEnd)
  console.log(`  ${pad("the machine, all processes", 28)} ${secs(machineEnd.busy - machineStart.busy)} s CPU busy, ${(machineEnd.idle - machineStart.idle).toFixed(1)} s idle (chromium's processes included; on a quiet machine, the run's whole cost)`);
// Said at every run: what the v14 run skips by evidence (docs/dev/testing.md, "Foundry v14 mode").
const v14Same = JSON.parse(readFileSync(join(root, "test/shell/v14-same.json"), "utf8"));
const opening = Object.values(v14Same.tests).reduce((n, names) => n + names.length, 0);
if (!process.env.BOUT_V14_READINGS)
  console.log(`  (shell-v14 skipped the ${v14Same.files.length} files of test/shell/v14-same.json whose v13 run meets no v14 rule, and ${opening} opening tests of ${Object.keys(v14Same.tests).length} others that meet none)`);
const failed = results.filter((r) => r.code !== 0).map((r) => r.name);
if (built !== 0) failed.push("(tests not run: the build failed)");
if (failed.length) {
  console.log(`npm test failed: ${failed.join(", ")}`);
  process.exit(1);
}
