/**
 * The server render's budgets (docs/rendering.md): one portal page rendered by the config service's own
 * route code (server/render/portal-pages.ts: manifest, documents, renderShell's page, the template), on this
 * machine, in this process, i.e. one core:
 * - p95 per page ≤ 5 ms, over every locale × {visitor home, visitor login, logged-in dashboard frame};
 * - pages per second ≥ 300 with the hashed configs cached (parsed once per hash, as the route keeps them).
 * The published files come from build:configs over config/ and are held in memory, as the page cache holds a
 * running service's; what is timed is the render, not the disk. It runs in a child process with
 * NODE_ENV=production, as the service runs (scripts/e2e-server.mjs): React's development build renders
 * several times slower and would measure the wrong thing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALE_CONFIG_IDS } from '../schemas/validator/index';
import { SESSION_HINT_COOKIE } from '../schemas/contracts/portal-state';
import { buildConfigs } from '../server/publish/build-configs';
import { PortalPages, type PortalRequest } from '../server/render/portal-pages';
import { describeQuietCpu, waitForQuietCpu } from './quiet-cpu';
import { percentile, type BudgetRow } from './stats';

const ROUNDS = 20;
const P95_BUDGET_MS = 5;
const PAGES_PER_SECOND_BUDGET = 300;

async function publishedFilesInMemory(): Promise<Map<string, Uint8Array>> {
  const out = await mkdtemp(path.join(tmpdir(), 'bench-ssr-'));
  try {
    const built = await buildConfigs('config', out);
    if (!built.ok) throw new Error(`config/ does not build: ${built.problems.length} problem(s); npm run validate names them`);
    const names = (await readdir(out, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(out, path.join(e.parentPath, e.name)));
    return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(out, name))] as const)));
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** Runs the measurement below in a production-mode child process and returns its rows. */
export function benchSsrRender(): BudgetRow[] {
  const run = spawnSync('npx', ['tsx', 'bench/ssr-render.bench.ts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  if (run.status !== 0) throw new Error('the server-render bench failed; run npx tsx bench/ssr-render.bench.ts to see why');
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as BudgetRow[];
}

async function measureSsrRender(): Promise<BudgetRow[]> {
  const files = await publishedFilesInMemory();
  const pages = new PortalPages({ readPublished: async (name) => files.get(name) }, { dev: false, now: () => new Date() });
  const template = await readFile('portal.html', 'utf8');
  const requests: PortalRequest[] = LOCALE_CONFIG_IDS.filter((id) => id !== 'en').flatMap((id) => {
    const base = `/${id.toLowerCase()}/`;
    return [
      { url: base, cookies: {} },
      { url: `${base}login/`, cookies: {} },
      { url: `${base}dashboard/`, cookies: { [SESSION_HINT_COOKIE]: '1' } },
    ];
  });
  const render = async (request: PortalRequest) => {
    const page = await pages.page(async () => template, request);
    if (!page) throw new Error(`${request.url} was not server-rendered; the bench needs every page it times rendered`);
    return page;
  };
  // Warm-up: the JIT, and the parsed documents per hash.
  for (let i = 0; i < 5; i++) for (const request of requests) await render(request);

  const quiet = await waitForQuietCpu(0.8, 20_000);
  const perPage: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    for (const request of requests) {
      const start = performance.now();
      await render(request);
      perPage.push(performance.now() - start);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // One core's worth of work: the process's CPU time, which other processes on a busy machine do not inflate.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const pagesPerSecond = perPage.length / cpuSeconds;
  const cases = `${requests.length} pages: ${requests.length / 3} locales × visitor home, visitor login, logged-in dashboard frame; ${ROUNDS} rounds`;
  return [
    { area: 'server render', metric: 'portal page render p95 (the route: manifest, documents, renderShell, template)', value: Number(percentile(perPage, 95).toFixed(2)), unit: 'ms', budget: P95_BUDGET_MS, kind: 'max', note: `median ${percentile(perPage, 50).toFixed(2)} ms, max ${Math.max(...perPage).toFixed(1)} ms, wall clock; ${cases}; ${describeQuietCpu(quiet)}; the client-only host renders nothing on the server, so there is no ratio` },
    { area: 'server render', metric: 'pages per second on one core, hashed configs cached', value: Math.round(pagesPerSecond), unit: 'pages/s', budget: PAGES_PER_SECOND_BUDGET, kind: 'min', note: `${perPage.length} pages in ${cpuSeconds.toFixed(2)} s of CPU time (${seconds.toFixed(2)} s wall clock), one after another in one process` },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) console.log(JSON.stringify(await measureSsrRender()));
