/**
 * The custom elements' budgets (docs/embedding.md#custom-elements): the size of dist/embed/portal-shell.js with
 * React, and 100 mount/unmount cycles of <portal-header> leaving no listeners, timers, DOM nodes or documents
 * behind, counted with the Chrome DevTools Protocol after a forced garbage collection. Timers are counted by
 * wrapping setTimeout/setInterval in the page before any script runs.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { startBenchApp } from './browser';
import type { BudgetRow } from './stats';

const CYCLES = 100;
const WARM_UP = 10;
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
  // Built through its CLI, as the size bench builds the library: bench/ imports nothing from scripts/.
  const built = spawnSync('npx', ['tsx', 'scripts/build-embed.ts'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build:embed failed; run it alone to see why');
  const file = 'dist/embed/portal-shell.js';
  const bytes = gzipSync(readFileSync(file), { level: 9 }).length;
  const rows: BudgetRow[] = [{ area: 'embed', metric: 'dist/embed/portal-shell.js, React included (gzip)', value: kb(bytes), unit: 'KB', budget: 130, kind: 'max' }];

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
          while (!element.shadowRoot?.querySelector('header')) await new Promise((resolve) => requestAnimationFrame(resolve));
          element.remove();
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      }, count);
    const counters = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      const dom = await cdp.send('Memory.getDOMCounters');
      return { ...dom, timers: await page.evaluate(() => (window as unknown as { __pendingTimers: () => number }).__pendingTimers()) };
    };
    await cycle(WARM_UP);
    const before = await counters();
    await cycle(CYCLES);
    const after = await counters();
    const growth = (key: keyof typeof before) => after[key] - before[key];
    const note = `${CYCLES} cycles after ${WARM_UP} warm-up`;
    rows.push(
      { area: 'embed', metric: '<portal-header> mount/unmount: growth in JS event listeners', value: growth('jsEventListeners'), unit: 'listeners', budget: 0, kind: 'max', note },
      { area: 'embed', metric: '<portal-header> mount/unmount: growth in pending timers', value: growth('timers'), unit: 'timers', budget: 0, kind: 'max', note },
      { area: 'embed', metric: '<portal-header> mount/unmount: growth in DOM nodes after GC', value: growth('nodes'), unit: 'nodes', budget: 0, kind: 'max', note },
      { area: 'embed', metric: '<portal-header> mount/unmount: growth in documents after GC', value: growth('documents'), unit: 'documents', budget: 0, kind: 'max', note },
    );
    await context.close();
  } finally {
    await app.close();
  }
  return rows;
}
