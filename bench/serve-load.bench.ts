/**
 * The served page under load, over HTTP from outside the server (docs/operations.md#serving-under-load): the
 * production build (`npm run build`, into dist/client-serve-load) and the production server as `npm run serve`
 * starts it (scripts/serve.ts, NODE_ENV=production, the defaults of PAGE_CACHE_MB and RENDER_THREADS), each in a
 * process of its own, and autocannon in a third (bench/load-client.ts). Every request says
 * `Accept-Encoding: br, gzip`, as a browser does, so the service sends Brotli.
 *
 * - **Cached page:** /de-de/ pages per second with 8 connections, against a bare Node HTTP server that sends the
 *   same bytes and headers from memory (bench/bare-page-server.ts), measured in the same run: RUNS runs of each,
 *   alternating, once the CPU is quiet; medians. Budget: at least half the bare server's.
 * - **Flood:** 8 connections request /de-de/ with a `?distributor=` no request used before, for 15 s; meanwhile
 *   /healthz and a signed-in GET /api/documents are probed one request at a time, each on a new connection, every
 *   PROBE_PAUSE_MS. RUNS floods; the median of their p95s. Budgets: p95 ≤ 50 ms and ≤ 100 ms.
 * - **Size:** /de-de/ with Brotli ≤ 25 KB.
 * - Beside them, without a verdict: /healthz's p95 under a flood that renders (no page kept, PAGE_CACHE_MB=0, and
 *   each request another market's banner), with the render threads and with RENDER_THREADS=0 (the main thread
 *   renders): why pages render off the event loop.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import markets from '../config/markets.json';
import type { LoadResult, LoadRun } from './load-client';
import { describeQuietCpu, waitForQuietCpu } from './quiet-cpu';
import { freePort, signIn, startService, stopService, type ServiceProcess } from './service-process';
import { median, percentile, type BudgetRow } from './stats';

const PAGE = '/de-de/';
const ACCEPT_ENCODING = 'br, gzip';
const CONNECTIONS = 8;
const RUNS = 3;
const THROUGHPUT_SECONDS = 5;
const FLOOD_SECONDS = 15;
/** The comparison floods, where every request is a render. */
const RENDER_FLOOD_SECONDS = 10;
const PROBE_PAUSE_MS = 50;
const BUDGET = { cachedShareOfBare: 0.5, healthzP95Ms: 50, documentsP95Ms: 100, brotliKb: 25 } as const;
const DIST_DIR = `${process.env.E2E_DIST_DIR || 'dist/client'}-serve-load`;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

/** One GET on a new connection (as a load balancer's health check makes it), its body as sent. */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers, timeout: 30_000 }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error(`GET ${url} took over 30 s`));
      })
      .on('error', reject);
  });
}

/** `npm run build` into DIST_DIR, unless E2E_SKIP_BUILD=1 finds a build there. */
function build(): void {
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(`${DIST_DIR}/portal.html`)) return;
  const built = spawnSync('npx', ['vite', 'build', '--outDir', DIST_DIR, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0)
    throw new Error(`npm run build (npx vite build --outDir ${DIST_DIR}) failed with ${built.status ?? built.signal}`);
}

async function startServe(env: Record<string, string> = {}): Promise<{ service: ServiceProcess; configDir: string }> {
  const configDir = mkdtempSync(path.join(tmpdir(), 'bench-serve-load-'));
  const service = await startService({
    port: await freePort(),
    configDir,
    entry: 'scripts/serve.ts',
    env: { DIST_DIR, NODE_ENV: 'production', ...env },
  });
  // The first page starts the render thread, which loads the render tree: not what is measured.
  const first = await get(`${service.url}${PAGE}`, { 'accept-encoding': ACCEPT_ENCODING });
  if (first.status !== 200 || first.headers['content-encoding'] !== 'br')
    throw new Error(
      `${PAGE} answered ${first.status} (${first.headers['content-encoding'] ?? 'no coding'}); the bench needs the Brotli page`,
    );
  return { service, configDir };
}

async function stopServe({ service, configDir }: { service: ServiceProcess; configDir: string }): Promise<void> {
  await stopService(service, 'SIGTERM');
  rmSync(configDir, { recursive: true, force: true });
}

/** autocannon in its own process; `onStart` runs once it is about to send. */
function load(run: LoadRun, onStart: () => void = () => undefined): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-client.ts', JSON.stringify(run)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const before = out;
      out += chunk.toString();
      if (!before.includes('started\n') && out.includes('started\n')) onStart();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult)
        : reject(new Error(`the load client exited with ${code}`)),
    );
  });
}

/** The bare server, serving `page` as the service sent it. */
async function startBare(page: Raw): Promise<{ url: string; stop: () => void; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bare-page-'));
  const skip = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding', 'content-length']);
  const headers = Object.fromEntries(
    Object.entries(page.headers).filter(([name, value]) => !skip.has(name) && typeof value === 'string'),
  ) as Record<string, string>;
  writeFileSync(path.join(dir, 'page.json'), JSON.stringify({ headers, body: page.body.toString('base64') }));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/bare-page-server.ts', String(port), path.join(dir, 'page.json')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.on('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, dir, stop: () => child.kill('SIGTERM') };
}

/** GETs `url` one at a time, PROBE_PAUSE_MS apart, until `done()`; the latencies in ms. Any answer but 200 is an error. */
async function probe(url: string, headers: Record<string, string>, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!done()) {
    const answer = await get(url, headers);
    if (answer.status !== 200)
      throw new Error(`${url} answered ${answer.status} under load: ${answer.body.toString().slice(0, 200)}`);
    latencies.push(answer.ms);
    await new Promise((resolve) => setTimeout(resolve, PROBE_PAUSE_MS));
  }
  return latencies;
}

interface Flood {
  pages: LoadResult;
  healthz: number[];
  documents: number[];
}

/** The flood, with both probes running from its first request to its last. `cookies`: taken in turn by the flood's requests. */
async function flood(
  service: ServiceProcess,
  seconds: number,
  withDocuments: boolean,
  cookies?: string[],
): Promise<Flood> {
  const cookie = withDocuments ? await signIn(service.url) : '';
  // Each probe's first answer pays for what its route loads on first use: not what is measured.
  await get(`${service.url}/healthz`);
  if (withDocuments) await get(`${service.url}/api/documents`, { cookie });
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  let finished = false;
  const pages = load(
    {
      url: `${service.url}${PAGE}`,
      connections: CONNECTIONS,
      seconds,
      headers: { 'accept-encoding': ACCEPT_ENCODING },
      uniqueQuery: 'distributor',
      ...(cookies ? { cookies } : {}),
    },
    started,
  ).finally(() => (finished = true));
  await running;
  const [healthz, documents] = await Promise.all([
    probe(`${service.url}/healthz`, { 'accept-encoding': ACCEPT_ENCODING }, () => finished),
    withDocuments
      ? probe(`${service.url}/api/documents`, { cookie, 'accept-encoding': ACCEPT_ENCODING }, () => finished)
      : Promise.resolve([]),
  ]);
  return { pages: await pages, healthz, documents };
}

const ms = (values: readonly number[], p: number) => Math.round(percentile(values, p) * 10) / 10;
const describeProbes = (values: readonly number[]) =>
  `${values.length} probes, p50 ${ms(values, 50)} ms, max ${ms(values, 100)} ms`;
const describePages = (pages: LoadResult) =>
  `${pages.requestsPerSecond} pages/s, ${pages.non2xx} not 2xx, ${pages.errors + pages.timeouts} errors`;
const medianP95 = (floods: readonly Flood[], probe: 'healthz' | 'documents') =>
  median(floods.map((f) => ms(f[probe], 95)));
const describeFloods = (floods: readonly Flood[], probe: 'healthz' | 'documents') =>
  floods.map((f) => `p95 ${ms(f[probe], 95)} ms of ${describeProbes(f[probe])}`).join('; ');

export async function benchServeLoad(): Promise<BudgetRow[]> {
  build();
  const cached = await startServe();
  let rows: BudgetRow[];
  try {
    rows = await measureCached(cached.service);
  } finally {
    await stopServe(cached);
  }
  return [...rows, ...(await measureRenderFloods())];
}

async function measureCached(service: ServiceProcess): Promise<BudgetRow[]> {
  const page = await get(`${service.url}${PAGE}`, { 'accept-encoding': ACCEPT_ENCODING });
  const identity = await get(`${service.url}${PAGE}`);
  const gzip = await get(`${service.url}${PAGE}`, { 'accept-encoding': 'gzip' });
  const bare = await startBare(page);
  const served: number[] = [];
  const baseline: number[] = [];
  let quiet;
  try {
    quiet = await waitForQuietCpu(0.7, 30_000);
    const run = (url: string) =>
      load({
        url: `${url}${PAGE}`,
        connections: CONNECTIONS,
        seconds: THROUGHPUT_SECONDS,
        headers: { 'accept-encoding': ACCEPT_ENCODING },
      });
    for (let i = 0; i < RUNS; i++) {
      // Alternating which goes first, so a machine that gets busier or quieter favours neither.
      const order = i % 2 === 0 ? (['bare', 'served'] as const) : (['served', 'bare'] as const);
      for (const which of order)
        (which === 'bare' ? baseline : served).push(
          (await run(which === 'bare' ? bare.url : service.url)).requestsPerSecond,
        );
    }
  } finally {
    bare.stop();
    rmSync(bare.dir, { recursive: true, force: true });
  }
  const floods: Flood[] = [];
  const floodQuiet = await waitForQuietCpu(0.7, 30_000);
  for (let i = 0; i < RUNS; i++) floods.push(await flood(service, FLOOD_SECONDS, true));
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const bareMedian = median(baseline);
  const note = `${CONNECTIONS} connections, ${THROUGHPUT_SECONDS} s, medians of ${RUNS} runs each, alternating; Accept-Encoding: ${ACCEPT_ENCODING} (Brotli sent, ${kb(page.body.byteLength)} KB); ${describeQuietCpu(quiet)}`;
  return [
    {
      area: 'serve-load',
      metric: `cached ${PAGE} pages/s, production server (scripts/serve.ts)`,
      value: median(served),
      unit: 'pages/s',
      budget: Math.round(bareMedian * BUDGET.cachedShareOfBare),
      kind: 'min',
      note: `runs ${served.join(', ')}; budget ${BUDGET.cachedShareOfBare} × the bare server's ${bareMedian} pages/s; ${note}`,
    },
    {
      area: 'serve-load',
      metric: `bare Node HTTP server, the same ${PAGE} bytes from memory`,
      value: bareMedian,
      unit: 'pages/s',
      budget: bareMedian,
      kind: 'info',
      note: `runs ${baseline.join(', ')}; the baseline of the row above`,
    },
    {
      area: 'serve-load',
      metric: `flood: /healthz p95 while ${CONNECTIONS} connections request ${PAGE}?distributor=<unique> for ${FLOOD_SECONDS} s`,
      value: medianP95(floods, 'healthz'),
      unit: 'ms',
      budget: BUDGET.healthzP95Ms,
      kind: 'max',
      note: `median of ${RUNS} floods' p95 (${describeFloods(floods, 'healthz')}); the floods: ${floods.map((f) => describePages(f.pages)).join('; ')}; ${describeQuietCpu(floodQuiet)}`,
    },
    {
      area: 'serve-load',
      metric: 'flood: GET /api/documents (signed in) p95, the same floods',
      value: medianP95(floods, 'documents'),
      unit: 'ms',
      budget: BUDGET.documentsP95Ms,
      kind: 'max',
      note: `median of ${RUNS} floods' p95 (${describeFloods(floods, 'documents')})`,
    },
    {
      area: 'serve-load',
      metric: `${PAGE} HTML with Brotli`,
      value: kb(page.body.byteLength),
      unit: 'KB',
      budget: BUDGET.brotliKb,
      kind: 'max',
      note: `${kb(identity.body.byteLength)} KB uncompressed, ${kb(gzip.body.byteLength)} KB with gzip`,
    },
  ];
}

/**
 * Nearly every request a render: no page kept (PAGE_CACHE_MB=0), and the requests take the markets' banners in turn
 * (`country_choice`), so the 8 at a time are different pages and seldom share a render. /healthz under that flood
 * with the render threads, and with the main thread rendering.
 */
async function measureRenderFloods(): Promise<BudgetRow[]> {
  const cookies = markets.markets.map((market) => `country_choice=${market.id}`);
  const rows: BudgetRow[] = [];
  for (const [label, env] of [
    ['render threads (the default)', { PAGE_CACHE_MB: '0' }],
    ['RENDER_THREADS=0, the main thread renders', { PAGE_CACHE_MB: '0', RENDER_THREADS: '0' }],
  ] as const) {
    const started = await startServe(env);
    try {
      const flooded = await flood(started.service, RENDER_FLOOD_SECONDS, false, cookies);
      rows.push({
        area: 'serve-load',
        metric: `no page cache, ${cookies.length} market banners in turn (nearly every request a render), ${label}: /healthz p95 under the flood`,
        value: ms(flooded.healthz, 95),
        unit: 'ms',
        budget: BUDGET.healthzP95Ms,
        kind: 'info',
        note: `${RENDER_FLOOD_SECONDS} s; ${describeProbes(flooded.healthz)}; the flood: ${describePages(flooded.pages)}`,
      });
    } finally {
      await stopServe(started);
    }
  }
  return rows;
}
