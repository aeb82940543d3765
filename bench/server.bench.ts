import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { BudgetRow } from './stats';

interface ServerResults {
  concurrency: {
    lostUpdates: number;
    acceptedSaves: number;
    saveLatencyMs: { p50: number; p95: number };
    throughputSavesPerSecond: number;
  };
  crash: { kills: number; killsSurvived: number };
  /** Both stores side by side (bench/server-postgres.bench.ts). */
  stores?: { rows: BudgetRow[] };
}

/** Runs scripts/bench-server.ts (real server processes) and turns its figures into budget rows. */
export function benchServer(): BudgetRow[] {
  const run = spawnSync('npx', ['tsx', 'scripts/bench-server.ts'], { stdio: ['ignore', 'ignore', 'inherit'] });
  // Exit 1 is a missed budget with the results written; the rows below show which. Anything else is a crash.
  if (run.status !== 0 && run.status !== 1) throw new Error('bench-server failed; run npm run bench:server to see why');
  const r = JSON.parse(readFileSync('bench/server-results.json', 'utf8')) as ServerResults;
  const c = r.concurrency;
  return [
    {
      area: 'service',
      metric: `lost updates, 20 writers × 50 saves (${c.acceptedSaves} accepted)`,
      value: c.lostUpdates,
      unit: '',
      budget: 0,
      kind: 'max',
    },
    {
      area: 'service',
      metric: 'save latency p50 (incl. 412 retries)',
      value: c.saveLatencyMs.p50,
      unit: 'ms',
      budget: 1000,
      kind: 'max',
      note: 'reported; sanity bar',
    },
    {
      area: 'service',
      metric: 'save latency p95 (incl. 412 retries)',
      value: c.saveLatencyMs.p95,
      unit: 'ms',
      budget: 2000,
      kind: 'max',
      note: 'reported; sanity bar',
    },
    {
      area: 'service',
      metric: 'throughput, accepted saves/s',
      value: c.throughputSavesPerSecond,
      unit: '/s',
      budget: 1,
      kind: 'min',
      note: 'reported',
    },
    {
      area: 'service',
      metric: `SIGKILLs survived of ${r.crash.kills}`,
      value: r.crash.killsSurvived,
      unit: '',
      budget: r.crash.kills,
      kind: 'min',
    },
    ...(r.stores?.rows ?? []),
  ];
}
