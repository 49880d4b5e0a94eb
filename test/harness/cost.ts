// Opt-in (BOUT_TEST_COST=<file>): each test file's CPU seconds (this worker process's,
// from the setup files to the file's last afterAll) appended to <file> as one JSON line,
// so the suite's cost can be read per file (`node tools/test-cost.mjs <file>`). vitest's
// own durations are wall time, which on a shared machine says little.
import { appendFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll } from "vitest";

const out = process.env.BOUT_TEST_COST;
if (out) {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  // Time the worker's event loop sat waiting (timers, files): wall time that neither computes nor waits for the CPU.
  const elu0 = performance.eventLoopUtilization();
  let file = "";
  let project = "";
  beforeAll(({}, suite) => {
    const task = suite as { filepath?: string; projectName?: string; name: string };
    file = task.filepath ?? task.name;
    project = task.projectName ?? "";
  });
  afterAll(() => {
    const cpu = process.cpuUsage(cpu0);
    const idle = performance.eventLoopUtilization(elu0).idle / 1000;
    const line = { project, file, cpu: (cpu.user + cpu.system) / 1e6, idle, wall: (performance.now() - wall0) / 1000, pid: process.pid };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  });
}
