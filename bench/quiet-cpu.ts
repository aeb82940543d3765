/**
 * The browser benchmarks start right after a production build and a server start, whose tail (workers
 * exiting, the page cache settling) can keep both cores busy for a while and inflate the first runs'
 * times. Waiting until the machine is quiet measures the app, not the benchmark's own set-up.
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Idle and total CPU time over all cores since boot; /proc/stat where it exists, os.cpus() elsewhere. */
function cpuTimes(): { idle: number; total: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle time is idle + iowait.
    return { idle: fields[3]! + (fields[4] ?? 0), total: fields.slice(0, 8).reduce((a, b) => a + b, 0) };
  } catch {
    const all = cpus().map((cpu) => cpu.times);
    const idle = all.reduce((sum, t) => sum + t.idle, 0);
    return { idle, total: all.reduce((sum, t) => sum + t.idle + t.user + t.nice + t.sys + t.irq, 0) };
  }
}

export interface QuietCpu {
  /** Share of CPU time idle over the last one-second sample, 0–1. */
  idle: number;
  waitedMs: number;
}

/** Samples one second at a time until at least `idleShare` of the CPU is idle, or `maxWaitMs` has passed. */
export async function waitForQuietCpu(idleShare = 0.8, maxWaitMs = 60_000): Promise<QuietCpu> {
  const started = Date.now();
  for (;;) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const after = cpuTimes();
    const idle = (after.idle - before.idle) / Math.max(1, after.total - before.total);
    const waitedMs = Date.now() - started;
    if (idle >= idleShare || waitedMs >= maxWaitMs) return { idle, waitedMs };
  }
}

export function describeQuietCpu({ idle, waitedMs }: QuietCpu): string {
  return `CPU ${Math.round(idle * 100)} % idle when the runs began (waited ${(waitedMs / 1000).toFixed(0)} s)`;
}
