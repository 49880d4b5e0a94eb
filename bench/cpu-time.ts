// What the benchmarks that time by CPU rather than by the clock share (bench/pulse.bench.ts, bench/shell/fight-step.bench.ts).

/** This process's CPU time so far, user and system, in milliseconds: other jobs on a shared machine inflate it less than the clock. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
