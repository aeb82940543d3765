/**
 * The server render's budgets (docs/rendering.md): one portal page rendered by the config service's own
 * render code (server/render/page-render.ts's renderHtml: renderShell's page and the template, what a render
 * thread runs before it adds the headers and the compressed forms, which bench/serve-load.bench.ts times with
 * the rest of a response), on this machine, in this process, i.e. one core:
 * - p95 per page ≤ 5 ms, over every locale × {visitor home, visitor login, logged-in dashboard frame};
 * - pages per second ≥ 300 with the hashed configs cached (parsed once per hash, as the render threads keep them).
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
import type { Manifest } from '../schemas/contracts/index';
import { ACCOUNT_MENU_FALLBACK } from '../schemas/locale-registry';
import { planPortalPage } from '../runtime/render/portal-request';
import { buildConfigs } from '../server/publish/build-configs';
import { renderHtml, type DocumentText, type RenderTask } from '../server/render/page-render';
import { describeQuietCpu, waitForQuietCpu } from './quiet-cpu';
import { percentile, type BudgetRow } from './stats';

const ROUNDS = 20;
const P95_BUDGET_MS = 5;
const PAGES_PER_SECOND_BUDGET = 300;

async function publishedFilesInMemory(): Promise<Map<string, Uint8Array>> {
  const out = await mkdtemp(path.join(tmpdir(), 'bench-ssr-'));
  try {
    const built = await buildConfigs('config', out);
    if (!built.ok)
      throw new Error(`config/ does not build: ${built.problems.length} problem(s); npm run validate names them`);
    const names = (await readdir(out, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(out, path.join(e.parentPath, e.name)));
    return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(out, name))] as const)));
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** Runs the measurement below in a production-mode child process and returns its rows. */
export function benchSsrRender(): BudgetRow[] {
  const run = spawnSync('npx', ['tsx', 'bench/ssr-render.bench.ts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run.status !== 0)
    throw new Error('the server-render bench failed; run npx tsx bench/ssr-render.bench.ts to see why');
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as BudgetRow[];
}

async function measureSsrRender(): Promise<BudgetRow[]> {
  const files = await publishedFilesInMemory();
  const template = await readFile('portal.html', 'utf8');
  const manifest = JSON.parse(Buffer.from(files.get('manifest.json')!).toString('utf8')) as Manifest;
  const documentText = (id: keyof Manifest['documents']): DocumentText => {
    const { file } = manifest.documents[id]!;
    return { file, text: Buffer.from(files.get(file)!).toString('utf8') };
  };
  // The tasks PortalPages hands a render thread for these requests (server/render/portal-pages.ts).
  const tasks: RenderTask[] = LOCALE_CONFIG_IDS.filter((id) => id !== 'en').flatMap((id) =>
    (['/', '/login/', '/dashboard/'] as const).map((page): RenderTask => {
      const pathname = `/${id.toLowerCase()}${page}`;
      const loggedIn = page === '/dashboard/';
      const plan = planPortalPage(pathname, loggedIn);
      if (!plan)
        throw new Error(`${pathname} is no server-rendered page; the bench needs every page it times rendered`);
      const config = documentText(plan.configId);
      const fallback =
        (JSON.parse(config.text) as { accountMenu?: unknown }).accountMenu || plan.configId === ACCOUNT_MENU_FALLBACK
          ? {}
          : { fallback: documentText(ACCOUNT_MENU_FALLBACK) };
      return {
        kind: 'page',
        facts: { pathname, page: plan.page, configId: plan.configId, loggedIn },
        documents: { config, ...fallback, markets: documentText('markets'), flags: documentText('flags') },
        now: Date.now(),
        template,
        dev: false,
      };
    }),
  );
  const render = async (task: RenderTask) => renderHtml(task);
  // Warm-up: the JIT, and the parsed documents per hash.
  for (let i = 0; i < 5; i++) for (const task of tasks) await render(task);

  const quiet = await waitForQuietCpu(0.8, 20_000);
  const perPage: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    for (const task of tasks) {
      const start = performance.now();
      await render(task);
      perPage.push(performance.now() - start);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  // One core's worth of work: the process's CPU time, which other processes on a busy machine do not inflate.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const pagesPerSecond = perPage.length / cpuSeconds;
  const cases = `${tasks.length} pages: ${tasks.length / 3} locales × visitor home, visitor login, logged-in dashboard frame; ${ROUNDS} rounds`;
  return [
    {
      area: 'server render',
      metric: "portal page render p95 (renderShell's page and the template, as a render thread runs them)",
      value: Number(percentile(perPage, 95).toFixed(2)),
      unit: 'ms',
      budget: P95_BUDGET_MS,
      kind: 'max',
      note: `median ${percentile(perPage, 50).toFixed(2)} ms, max ${Math.max(...perPage).toFixed(1)} ms, wall clock; ${cases}; ${describeQuietCpu(quiet)}; the client-only host renders nothing on the server, so there is no ratio`,
    },
    {
      area: 'server render',
      metric: 'pages per second on one core, hashed configs cached',
      value: Math.round(pagesPerSecond),
      unit: 'pages/s',
      budget: PAGES_PER_SECOND_BUDGET,
      kind: 'min',
      note: `${perPage.length} pages in ${cpuSeconds.toFixed(2)} s of CPU time (${seconds.toFixed(2)} s wall clock), one after another in one process`,
    },
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]))
  console.log(JSON.stringify(await measureSsrRender()));
