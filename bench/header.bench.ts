/**
 * The header's budgets on the built /preview (median of 5 each):
 * - latency=100: navigation start → complete private header (the LiveShell User Timing mark) ≤ 3 × 100 + 200 ms,
 *   on a first visit (a fresh browser profile: the mock service worker installs, no script is cached) and on
 *   a repeat visit (a full page load in the same profile, as a product owner reopening a link);
 * - two diagnostic rows without a verdict, which say where a first visit's time goes: the same first visit
 *   at latency=0 (start-up and rendering alone), and a first visit whose profile already has the mock worker
 *   (installed by an earlier page; HTTP cache cleared, new page), i.e. the product's cold start without the
 *   preview's one-time worker install, which a customer's visit never has;
 * - moving between 5 pages repeats zero calls (the mocks' request log);
 * - CLS while the header loads ≤ 0.01 (a layout-shift PerformanceObserver installed before navigation).
 */
import type { Browser, Page } from '@playwright/test';
import { startBenchApp } from './browser';
import { describeQuietCpu, waitForQuietCpu } from './quiet-cpu';
import { median, type BudgetRow } from './stats';

const RUNS = 5;
const LATENCY = 100;
const DASHBOARD = `/preview?locale=de-DE&persona=customer&page=dashboard&latency=${LATENCY}`;
/** The same first visit without simulated latency: what the machine needs for everything but the calls' wait. */
const DASHBOARD_NO_LATENCY = '/preview?locale=de-DE&persona=customer&page=dashboard&latency=0';
const MARK = 'portal-shell:header-complete';

import type {} from '../mocks/request-log';

declare global {
  interface Window {
    __cls?: number;
  }
}

async function headerCompleteMs(page: Page): Promise<number> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, MARK, { timeout: 15_000 });
  return page.evaluate((mark) => performance.getEntriesByName(mark)[0]!.startTime, MARK);
}

async function observeCls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // When the mock worker controls the page: no mocked call can be answered before it (a first visit installs it).
    navigator.serviceWorker?.ready.then(() => performance.mark('bench:mock-worker-ready'));
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) window.__cls! += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** When the first mocked data call arrived: what comes before it is start-up (scripts, mock worker, tokens). */
const firstCallAt = (page: Page) =>
  page.evaluate(
    () => Math.min(...(window.__portalShellMocks?.requests ?? []).map((r) => r.at)) - performance.timeOrigin,
  );

/**
 * A first visit without the mock worker's install in it: a visitor's preview installs the worker, the HTTP
 * cache is cleared (scripts are fetched and compiled again), and a new page opens the dashboard.
 */
async function firstVisitWithWorker(browser: Browser, baseURL: string): Promise<{ ms: number; firstCall: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const installer = await context.newPage();
    await installer.goto(`${baseURL}/preview?locale=de-DE&persona=visitor&page=home`);
    await installer.waitForFunction(() => !!navigator.serviceWorker.controller);
    const cdp = await context.newCDPSession(installer);
    await cdp.send('Network.clearBrowserCache');
    await installer.close();
    const page = await context.newPage();
    await page.goto(`${baseURL}${DASHBOARD}`);
    const ms = await headerCompleteMs(page);
    return { ms, firstCall: await firstCallAt(page) };
  } finally {
    await context.close();
  }
}

async function warmUp(browser: Browser, baseURL: string): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}${DASHBOARD}`);
    await headerCompleteMs(page);
  } finally {
    await context.close();
  }
}

/** In-app navigation, as a header link would do it: history + popstate, no reload. */
async function goInApp(page: Page, url: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-testid="header-skeleton"]') && !!document.querySelector('header, [role="banner"]'),
  );
}

export async function benchHeader(): Promise<BudgetRow[]> {
  const app = await startBenchApp();
  try {
    const times: number[] = [];
    const repeatVisits: number[] = [];
    const firstCalls: number[] = [];
    const repeatFirstCalls: number[] = [];
    const workerReadies: number[] = [];
    /** Main-thread task time up to the complete header (CDP Performance.getMetrics): how CPU-bound a first visit is. */
    const busy: number[] = [];
    /** Per run: the first visit at latency=0, taken right after the one at latency=100 so both see the same machine. */
    const noLatency: number[] = [];
    /** Per run: a first visit in a profile whose mock worker an earlier page installed (no HTTP cache, new page). */
    const workerInstalled: number[] = [];
    const workerInstalledFirstCalls: number[] = [];
    const workerReadyAt = (page: Page) =>
      page.evaluate(() => performance.getEntriesByName('bench:mock-worker-ready')[0]?.startTime ?? Number.NaN);
    const shifts: Record<'375' | '1280', number[]> = { '375': [], '1280': [] };
    const repeats: number[] = [];
    let calls = 0;
    const quietBefore: number[] = [];
    // One unmeasured first visit: the first page after the server and the browser start is slower for reasons of
    // their own (the server's JIT, the browser's and the OS's caches), which a customer's visit to a running
    // service never meets.
    await warmUp(app.browser, app.baseURL);
    for (let run = 0; run < RUNS; run++) {
      for (const width of [1280, 375] as const) {
        // Every measured first visit starts on a quiet machine: the previous run's pages, workers and contexts
        // are still being torn down when close() returns, and on 2 cores that work lands in the next visit.
        if (width === 1280) quietBefore.push((await waitForQuietCpu(0.8, 10_000)).idle);
        const context = await app.browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await observeCls(page);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        const taskSeconds = async () =>
          (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ??
          Number.NaN;
        const busyBefore = await taskSeconds();
        await page.goto(`${app.baseURL}${DASHBOARD}`);
        const ms = await headerCompleteMs(page);
        if (width === 1280) {
          busy.push((await taskSeconds()) - busyBefore);
          times.push(ms);
          firstCalls.push(await firstCallAt(page));
          workerReadies.push(await workerReadyAt(page));
        }
        await page.waitForTimeout(500);
        shifts[width].push(await page.evaluate(() => window.__cls ?? 0));
        if (width === 1280) {
          const before = await page.evaluate(() => window.__portalShellMocks?.requests.length ?? 0);
          for (const pageKind of ['home', 'financial-info', 'reference-account', 'cdvc', 'dashboard'])
            await goInApp(page, `/preview?locale=de-DE&persona=customer&page=${pageKind}&latency=${LATENCY}`);
          await page.waitForTimeout(500);
          const requests = await page.evaluate(() => window.__portalShellMocks?.requests ?? []);
          const after = requests.slice(before);
          calls = before;
          repeats.push(after.length);
          await page.goto(`${app.baseURL}${DASHBOARD}`);
          repeatVisits.push(await headerCompleteMs(page));
          repeatFirstCalls.push(await firstCallAt(page));
        }
        await context.close();
      }
      await waitForQuietCpu(0.8, 10_000);
      const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${app.baseURL}${DASHBOARD_NO_LATENCY}`);
      noLatency.push(await headerCompleteMs(page));
      await context.close();
      await waitForQuietCpu(0.8, 10_000);
      const installed = await firstVisitWithWorker(app.browser, app.baseURL);
      workerInstalled.push(installed.ms);
      workerInstalledFirstCalls.push(installed.firstCall);
    }
    return [
      {
        area: 'live data',
        metric: `navigation → complete private header, latency=${LATENCY} ms, first visit (median of ${RUNS})`,
        value: Math.round(median(times)),
        unit: 'ms',
        budget: 3 * LATENCY + 200,
        kind: 'max',
        note: `runs ${times.map(Math.round).join('/')}; mock worker ready at ${Math.round(median(workerReadies))} ms, first data call at ${Math.round(median(firstCalls))} ms, main thread busy for ${Math.round(median(busy) * 1000)} ms of it (medians); a fresh browser profile per run: the mock service worker installs and every script compiles; a waterfall of all calls would be > 800 ms; ${describeQuietCpu(app.quiet)}; each first visit began after ≥ 80 % idle for 1 s (median ${Math.round(median(quietBefore) * 100)} %)`,
      },
      {
        area: 'live data',
        metric: `first visit: start-up and rendering alone (latency=0, median of ${RUNS})`,
        value: Math.round(median(noLatency)),
        unit: 'ms',
        budget: 3 * LATENCY + 200,
        kind: 'info',
        note: `diagnostic: the same first visit with every answer at once, taken right after each run above; runs ${noLatency.map(Math.round).join('/')}; first visit at latency=${LATENCY} minus this: ${Math.round(median(times) - median(noLatency))} ms, where 2 round-trips that nothing overlapped would add ${2 * LATENCY} ms, so the rest of the first visit is start-up and rendering on this machine`,
      },
      {
        area: 'live data',
        metric: `first visit with the mock worker already installed, latency=${LATENCY} ms (median of ${RUNS})`,
        value: Math.round(median(workerInstalled)),
        unit: 'ms',
        budget: 3 * LATENCY + 200,
        kind: 'info',
        note: `diagnostic: a fresh profile where an earlier page installed the worker, then the HTTP cache cleared and a new page opened, i.e. a cold start without the preview's one-time worker install, as a customer's first visit (no worker) would be; runs ${workerInstalled.map(Math.round).join('/')}; first data call at ${Math.round(median(workerInstalledFirstCalls))} ms`,
      },
      {
        area: 'live data',
        metric: `navigation → complete private header, latency=${LATENCY} ms, repeat visit (median of ${RUNS})`,
        value: Math.round(median(repeatVisits)),
        unit: 'ms',
        budget: 3 * LATENCY + 200,
        kind: 'max',
        note: `runs ${repeatVisits.map(Math.round).join('/')}; first data call at ${Math.round(median(repeatFirstCalls))} ms (median); a full page load in the same profile: worker installed, scripts cached`,
      },
      {
        area: 'live data',
        metric: 'calls repeated while moving between 5 pages (median)',
        value: median(repeats),
        unit: 'calls',
        budget: 0,
        kind: 'max',
        note: `${calls} calls for the first dashboard load`,
      },
      {
        area: 'live data',
        metric: 'CLS during header load at 1280 px (median)',
        value: Number(median(shifts['1280']).toFixed(4)),
        unit: '',
        budget: 0.01,
        kind: 'max',
      },
      {
        area: 'live data',
        metric: 'CLS during header load at 375 px (median)',
        value: Number(median(shifts['375']).toFixed(4)),
        unit: '',
        budget: 0.01,
        kind: 'max',
      },
    ];
  } finally {
    await app.close();
  }
}
