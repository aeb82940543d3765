/**
 * The custom elements' budgets (docs/embedding.md#custom-elements): the size of the embed script with React;
 * 100 mount/unmount cycles of <portal-header> leaving no listeners, timers, DOM nodes or documents behind,
 * counted with the Chrome DevTools Protocol after a forced garbage collection (timers by wrapping
 * setTimeout/setInterval in the page before any script runs); and style isolation on the hostile example host
 * (docs/embedding.md#style-isolation), measured as tests/embed-hosts.spec.ts asserts it (examples/isolation.ts).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { compareWithStandalone, hostPixelsOutsideElements, PARTS } from '../examples/isolation';
import { startBenchApp } from './browser';
import type { BudgetRow } from './stats';

const CYCLES = 100;
const WARM_UP = 10;
/** Screenshots repeat pixel for pixel in one browser; the rows report the worst of a few runs all the same. */
const ISOLATION_RUNS = 3;
/** The widths docs/embedding.md#style-isolation names, with the test suite's viewport heights. */
const ISOLATION_VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
] as const;
const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

/** Pending timers (set, not yet fired or cleared), on window.__pendingTimers(). */
function countTimers() {
  const pending = new Set<unknown>();
  const { setTimeout: set, clearTimeout: clear, setInterval: every, clearInterval: stop } = window;
  window.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const id = set(() => {
      pending.delete(id);
      if (typeof handler === 'function') handler(...args);
    }, ms);
    pending.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id: number) => (pending.delete(id), clear(id))) as typeof window.clearTimeout;
  window.setInterval = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id = every(handler, ms, ...args);
    pending.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id: number) => (pending.delete(id), stop(id))) as typeof window.clearInterval;
  (window as unknown as { __pendingTimers: () => number }).__pendingTimers = () => pending.size;
}

export async function benchEmbed(): Promise<BudgetRow[]> {
  const file = buildEmbedScript();
  const bytes = gzipSync(readFileSync(file), { level: 9 }).length;
  const rows: BudgetRow[] = [
    { area: 'embed', metric: `${file}, React included (gzip)`, value: kb(bytes), unit: 'KB', budget: 130, kind: 'max' },
  ];

  const app = await startBenchApp(Number(process.env.BENCH_EMBED_PORT ?? 4331));
  try {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    await page.addInitScript(countTimers);
    await page.goto(`${app.baseURL}/examples/plain.html`);
    await page.locator('portal-header header').waitFor();
    const cdp = await context.newCDPSession(page);
    const cycle = (count: number) =>
      page.evaluate(async (count) => {
        for (let i = 0; i < count; i++) {
          const element = document.createElement('portal-header');
          element.setAttribute('locale', 'de-DE');
          document.body.prepend(element);
          while (!element.shadowRoot?.querySelector('header'))
            await new Promise((resolve) => requestAnimationFrame(resolve));
          element.remove();
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      }, count);
    const counters = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const dom = await cdp.send('Memory.getDOMCounters');
      return {
        ...dom,
        timers: await page.evaluate(() => (window as unknown as { __pendingTimers: () => number }).__pendingTimers()),
      };
    };
    await cycle(WARM_UP);
    const before = await counters();
    await cycle(CYCLES);
    const after = await counters();
    const growth = (key: keyof typeof before) => after[key] - before[key];
    const note = `${CYCLES} cycles after ${WARM_UP} warm-up`;
    rows.push(
      {
        area: 'embed',
        metric: '<portal-header> mount/unmount: growth in JS event listeners',
        value: growth('jsEventListeners'),
        unit: 'listeners',
        budget: 0,
        kind: 'max',
        note,
      },
      {
        area: 'embed',
        metric: '<portal-header> mount/unmount: growth in pending timers',
        value: growth('timers'),
        unit: 'timers',
        budget: 0,
        kind: 'max',
        note,
      },
      {
        area: 'embed',
        metric: '<portal-header> mount/unmount: growth in DOM nodes after GC',
        value: growth('nodes'),
        unit: 'nodes',
        budget: 0,
        kind: 'max',
        note,
      },
      {
        area: 'embed',
        metric: '<portal-header> mount/unmount: growth in documents after GC',
        value: growth('documents'),
        unit: 'documents',
        budget: 0,
        kind: 'max',
        note,
      },
    );
    await context.close();
    rows.push(...(await isolationRows(app.browser, app.baseURL)));
  } finally {
    await app.close();
  }
  return rows;
}

/**
 * Builds through the CLI, as the size bench builds the library (bench/ imports nothing from scripts/), and
 * returns the file the script says it wrote: its last line is `<file>: <size> KB` (scripts/build-embed.ts).
 */
function buildEmbedScript(): string {
  const built = spawnSync('npx', ['tsx', 'scripts/build-embed.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error('npm run build:embed failed; run it alone to see why');
  const file = /^(.+\.js): [\d.]+ KB$/m.exec(built.stdout)?.[1];
  if (!file)
    throw new Error(
      `npm run build:embed did not say which file it wrote (expected a line "<file>.js: <size> KB"), it printed: ${JSON.stringify(built.stdout)}`,
    );
  return file;
}

/** The isolation budgets: the worst of ISOLATION_RUNS runs of examples/isolation.ts's measurements. */
async function isolationRows(browser: Browser, baseURL: string): Promise<BudgetRow[]> {
  const context = await browser.newContext({ baseURL });
  const rows: BudgetRow[] = [];
  try {
    const [page, scratch] = [await context.newPage(), await context.newPage()];
    const note = `header and footer, worst of ${ISOLATION_RUNS} runs`;
    for (const viewport of ISOLATION_VIEWPORTS) {
      await page.setViewportSize(viewport);
      let worst = 0;
      for (let run = 0; run < ISOLATION_RUNS; run++) {
        const diffs = await compareWithStandalone(page, scratch);
        // A part whose size differs counts every pixel as differing (differingPixels).
        for (const part of PARTS) worst = Math.max(worst, (diffs[part].differing / diffs[part].total) * 100);
      }
      rows.push({
        area: 'embed',
        metric: `hostile host vs standalone render at ${viewport.width} px: pixels that differ`,
        value: worst,
        unit: '%',
        budget: 0.1,
        kind: 'max',
        note,
      });
    }
    await page.setViewportSize(ISOLATION_VIEWPORTS[1]);
    let changed = 0;
    for (let run = 0; run < ISOLATION_RUNS; run++) {
      const diff = await hostPixelsOutsideElements(page, scratch);
      changed = Math.max(changed, diff.sameSize ? diff.differing : diff.total);
    }
    rows.push({
      area: 'embed',
      metric: "host pixels changed outside the elements' boxes (hostile host, full page)",
      value: changed,
      unit: 'pixels',
      budget: 0,
      kind: 'max',
      note: `at ${ISOLATION_VIEWPORTS[1].width} px, worst of ${ISOLATION_RUNS} runs`,
    });
  } finally {
    await context.close();
  }
  return rows;
}
