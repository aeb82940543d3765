/**
 * What the server render (docs/rendering.md#what-is-server-rendered) gives a first visit, against the client-only
 * page of the same build (`?ssr=0`, docs/rendering.md#client-only-mode) measured in the same process. Medians of
 * RUNS; every visit in a fresh browser context (no HTTP cache, no storage); a run takes both modes one after the
 * other (alternating which goes first) once the CPU is quiet (bench/quiet-cpu.ts). Everything runs on the
 * customer build (VITE_MOCKS=off, bench/browser.ts): no mock worker installs before the first render, and the
 * /api/ calls are answered from outside the page by the mocks' handlers: a visitor's through Playwright's routing
 * at once (mocks/answer-outside-page.ts), a customer's over HTTP after the latency (bench/customer-origin.ts).
 *
 * 1. A visitor's first visit at 1280 px, home page, de-DE and one more locale:
 *    - **complete header**, the same definition for both modes: the `<header>` element holds every link it holds
 *      once the page has settled (the same `href text` set, closed dropdowns' and the mobile menu's lists included:
 *      they are in the DOM), and it is painted: the later of the first contentful paint (the paint entry) and the
 *      animation frame after the DOM change that completed it (a rAF callback's timestamp). Both bounds are needed:
 *      a frame can begin before the render-blocking stylesheet has arrived, and nothing is on screen before FCP.
 *      DOM changes are recorded by a MutationObserver installed before any of the page's scripts (addInitScript),
 *      which sees the HTML parser's insertions as well as React's.
 *    - **header elements inserted after FCP**: nodes added into the header (or holding it) after the first
 *      contentful paint (the paint entry), counted as inserted subtrees; the server-rendered page should add none.
 *    - the ratio of the complete-header times, server-rendered ÷ client-only (medians).
 * 2. Without JavaScript, for every locale × {visitor, partner-visitor} × {home, login}: the share of the hydrated
 *    page's header and footer links (chromeLinks, mocks/visitor-pages.ts) that the server's HTML already holds.
 * 3. A logged-in customer's first visit to the de-DE dashboard, every /api/ call answered after LATENCY ms:
 *    navigation start → the User Timing mark HEADER_COMPLETE_MARK (runtime/host/LiveShell.tsx: the calls the
 *    menus wait for have settled and the model has a balance panel), server-rendered and client-only, with the
 *    calls' timeline (made, sent, each round answered) and what the account menu shows when it is opened as the mark is seen: the panel can
 *    be the "not available" one while the account's balance call is still out, so the note counts what it showed.
 *    Beside it, the floor: the same calls made by a page that is nothing but the inline early-calls script.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { HEADER_COMPLETE_MARK } from '../runtime/host/LiveShell';
import { PAGES } from '../runtime/resolver';
import { LOCALES, VISITOR_PAGES, VISITORS, chromeLinks, portalUrl, type VisitorPersona } from '../mocks/visitor-pages';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EARLY_CALLS_GLOBAL } from '../runtime/host/early-handoff';
import { EARLY_CALLS_FILE } from '../server/frontend/early-calls-file';
import { customerDistDir, startBenchApp } from './browser';
import { answerApiWithMocks, type ApiLog } from '../mocks/answer-outside-page';
import { logInCustomer } from './customer-api';
import { startCustomerOrigin, type CustomerOrigin } from './customer-origin';
import { describeQuietCpu, waitForQuietCpu } from './quiet-cpu';
import { median, type BudgetRow } from './stats';

const RUNS = 5;
const LATENCY = 100;
const VISITOR_LOCALES = ['de-DE', 'en-GB'] as const;
const CUSTOMER_LOCALE = 'de-DE';
/** The dashboard under the locale's path, as portalUrl builds a visitor's pages. */
const DASHBOARD = `/${CUSTOMER_LOCALE.toLowerCase()}${PAGES.dashboard.path}`;
const VIEWPORT = { width: 1280, height: 900 };
/** After the load event: long enough for the lists rendered after the first paint and the partner's logo call. */
const SETTLE_MS = 1500;

type Mode = 'server-rendered' | 'client-only';
const MODES: readonly Mode[] = ['server-rendered', 'client-only'];
const withMode = (url: string, mode: Mode) =>
  mode === 'server-rendered' ? url : `${url}${url.includes('?') ? '&' : '?'}ssr=0`;

/** One DOM change that touched the header: when, what it inserted, the header's links after it, when it was painted. */
interface HeaderBatch {
  at: number;
  inserted: number;
  elements: number;
  key: string;
  paintedAt: number;
}

declare global {
  interface Window {
    __headerBatches?: HeaderBatch[];
    __headerLinkKey?: () => string;
    __markSeen?: { markAt: number; seenAt: number; skeleton: boolean; avatar: boolean; balance: string };
  }
}

/*
 * The in-page recorders are plain JavaScript text: a function handed to the page would be serialised after the
 * TypeScript loader (tsx) has added its name-keeping helper calls, which do not exist in the page.
 */
const HEADER_RECORDER = `(() => {
  const batches = [];
  window.__headerBatches = batches;
  window.__headerLinkKey = () => {
    const header = document.querySelector('header');
    if (!header) return '';
    return [...new Set([...header.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') + ' ' + (a.textContent || '').replace(/\\s+/g, ' ').trim()))].sort().join('\\n');
  };
  new MutationObserver((records) => {
    const at = performance.now();
    let touched = false, inserted = 0, elements = 0;
    for (const record of records) {
      if (record.target.nodeType === 1 && record.target.closest('header')) touched = true;
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        const header = node.closest('header') ? node : node.querySelector('header');
        if (!header) continue;
        touched = true;
        inserted += 1;
        elements += 1 + header.querySelectorAll('*').length;
      }
    }
    if (!touched) return;
    const batch = { at, inserted, elements, key: window.__headerLinkKey(), paintedAt: NaN };
    batches.push(batch);
    requestAnimationFrame((frame) => { batch.paintedAt = frame; });
  }).observe(document, { childList: true, subtree: true });
})();`;

const MARK_WATCHER = `(() => {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== ${JSON.stringify(HEADER_COMPLETE_MARK)} || window.__markSeen) continue;
      const avatar = document.querySelector('[data-testid="avatar-button"]');
      const seen = { markAt: entry.startTime, seenAt: performance.now(), skeleton: !!document.querySelector('[data-testid="header-skeleton"]'), avatar: !!avatar, balance: '' };
      window.__markSeen = seen;
      if (!avatar) continue;
      avatar.click();
      requestAnimationFrame(() => {
        const panel = document.querySelector('[data-testid="balance-figures"], [data-testid="balance-unavailable"]');
        seen.balance = panel ? panel.getAttribute('data-testid') + ': ' + (panel.textContent || '').replace(/\\s+/g, ' ').trim() : 'no balance panel';
      });
    }
  }).observe({ type: 'mark', buffered: true });
})();`;

const ms = (values: readonly number[]) => values.map(Math.round).join('/');
const ratio = (a: number, b: number) => Number((a / b).toFixed(2));

async function quietPause(idle: number[]): Promise<void> {
  idle.push((await waitForQuietCpu(0.8, 10_000)).idle);
}

/** A fresh context with the visitor's /api/ calls answered at once; closed by the caller. */
async function visitorContext(
  browser: Browser,
  locale: string,
  persona: VisitorPersona,
  javaScriptEnabled = true,
): Promise<{ context: BrowserContext; api: ApiLog }> {
  const context = await browser.newContext({ viewport: VIEWPORT, javaScriptEnabled });
  return { context, api: await answerApiWithMocks(context, { persona, locale, latency: 0 }) };
}

interface VisitorVisit {
  fcp: number;
  complete: number;
  insertedAfterFcp: number;
  elementsAfterFcp: number;
}

async function visitorVisit(browser: Browser, baseURL: string, locale: string, mode: Mode): Promise<VisitorVisit> {
  const { context } = await visitorContext(browser, locale, 'visitor');
  try {
    await context.addInitScript({ content: HEADER_RECORDER });
    const page = await context.newPage();
    await page.goto(`${baseURL}${withMode(portalUrl(locale, 'home', 'visitor'), mode)}`, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const { batches, finalKey, fcp } = await page.evaluate(() => ({
      batches: window.__headerBatches ?? [],
      finalKey: window.__headerLinkKey?.() ?? '',
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    }));
    if (!finalKey)
      throw new Error(
        `${baseURL}${portalUrl(locale, 'home', 'visitor')} (${mode}): no header with links after ${SETTLE_MS} ms`,
      );
    // The last change that made the header's links what they are at the end (a later change could undo an earlier completion).
    let completedBy: HeaderBatch | undefined;
    batches.forEach((batch, index) => {
      if (batch.key === finalKey && (index === 0 || batches[index - 1]!.key !== finalKey)) completedBy = batch;
    });
    const after = batches.filter((batch) => batch.at > fcp);
    return {
      fcp,
      complete: Math.max(completedBy?.paintedAt ?? Number.NaN, fcp),
      insertedAfterFcp: after.reduce((sum, batch) => sum + batch.inserted, 0),
      elementsAfterFcp: after.reduce((sum, batch) => sum + batch.elements, 0),
    };
  } finally {
    await context.close();
  }
}

async function benchVisitorFirstVisit(browser: Browser, baseURL: string, idle: number[]): Promise<BudgetRow[]> {
  const rows: BudgetRow[] = [];
  for (const locale of VISITOR_LOCALES) {
    const visits: Record<Mode, VisitorVisit[]> = { 'server-rendered': [], 'client-only': [] };
    for (const mode of MODES) await visitorVisit(browser, baseURL, locale, mode); // unmeasured: the server's first render of the locale
    for (let run = 0; run < RUNS; run++) {
      await quietPause(idle);
      for (const mode of run % 2 === 0 ? MODES : [...MODES].reverse())
        visits[mode].push(await visitorVisit(browser, baseURL, locale, mode));
    }
    const of = (mode: Mode, pick: (visit: VisitorVisit) => number) => visits[mode].map(pick);
    const ssrComplete = median(of('server-rendered', (v) => v.complete));
    const csrComplete = median(of('client-only', (v) => v.complete));
    const page = portalUrl(locale, 'home', 'visitor');
    rows.push(
      {
        area: 'server render',
        metric: `visitor first visit ${page} at 1280 px: header elements inserted after FCP (median of ${RUNS})`,
        value: median(of('server-rendered', (v) => v.insertedAfterFcp)),
        unit: 'subtrees',
        budget: 0,
        kind: 'max',
        note: `runs ${of('server-rendered', (v) => v.insertedAfterFcp).join('/')} (${median(of('server-rendered', (v) => v.elementsAfterFcp))} elements); client-only ${median(of('client-only', (v) => v.insertedAfterFcp))} subtrees of ${median(of('client-only', (v) => v.elementsAfterFcp))} elements after its FCP; FCP ${Math.round(median(of('server-rendered', (v) => v.fcp)))} ms server-rendered, ${Math.round(median(of('client-only', (v) => v.fcp)))} ms client-only`,
      },
      {
        area: 'server render',
        metric: `visitor first visit ${page} at 1280 px: time to complete header, server-rendered ÷ client-only (medians of ${RUNS})`,
        value: ratio(ssrComplete, csrComplete),
        unit: '×',
        budget: 0.5,
        kind: 'max',
        note: `${Math.round(ssrComplete)} ms server-rendered (runs ${ms(of('server-rendered', (v) => v.complete))}) ÷ ${Math.round(csrComplete)} ms client-only (runs ${ms(of('client-only', (v) => v.complete))}); complete = every link the settled header holds is in it and painted (the later of FCP and the next frame)`,
      },
    );
  }
  return rows;
}

/** Row 2: the server's HTML without JavaScript against the hydrated page, for every locale × visitor × page. */
async function benchNoJsLinks(browser: Browser, baseURL: string): Promise<BudgetRow> {
  let hydratedLinks = 0;
  let pages = 0;
  const missing: string[] = [];
  const refused: string[] = [];
  const noScript = await browser.newContext({ viewport: VIEWPORT, javaScriptEnabled: false });
  try {
    const serverPage = await noScript.newPage();
    for (const locale of LOCALES) {
      for (const persona of Object.keys(VISITORS) as VisitorPersona[]) {
        for (const kind of VISITOR_PAGES) {
          const url = portalUrl(locale, kind, persona);
          const { context, api } = await visitorContext(browser, locale, persona);
          let hydrated: string[];
          try {
            const page = await context.newPage();
            await page.goto(`${baseURL}${url}`);
            await page.locator('footer').waitFor();
            // Hydrated and settled: the partner's logo (or its failure) is in, the lists after the first paint too.
            await page.waitForTimeout(1000);
            hydrated = await chromeLinks(page);
            refused.push(...api.refused.map((call) => `${url}: ${call}`));
          } finally {
            await context.close();
          }
          await serverPage.goto(`${baseURL}${url}`);
          const server = new Set(await chromeLinks(serverPage));
          if (hydrated.length === 0) throw new Error(`${url}: the hydrated page has no header or footer links`);
          pages++;
          hydratedLinks += hydrated.length;
          missing.push(...hydrated.filter((link) => !server.has(link)).map((link) => `${url}: ${link}`));
        }
      }
    }
  } finally {
    await noScript.close();
  }
  const share = (100 * (hydratedLinks - missing.length)) / hydratedLinks;
  return {
    area: 'server render',
    metric: `without JavaScript: % of the hydrated page's header and footer links in the server HTML (${LOCALES.length} locales × ${Object.keys(VISITORS).length} visitors × ${VISITOR_PAGES.length} pages)`,
    value: Number(share.toFixed(2)),
    unit: '%',
    budget: 100,
    kind: 'min',
    note: `${hydratedLinks - missing.length} of ${hydratedLinks} links on ${pages} pages; ${missing.length === 0 ? 'none missing' : `missing: ${missing.slice(0, 10).join('; ')}${missing.length > 10 ? ` and ${missing.length - 10} more` : ''}`}; hydrated on the customer build with /api/ answered by the mocks at once${refused.length ? `, which refused ${refused.join(', ')}` : ''}`,
  };
}

interface CustomerVisit {
  complete: number;
  /** When the first /api/ call was made, and when its request left (a call waits for a free connection in between). */
  firstCall: number;
  firstSent: number;
  /** The last answer of the calls made before the first answer arrived (round one), and of the rest (round two). */
  roundOneAnswered: number;
  roundTwoFirstCall: number;
  roundTwoAnswered: number;
  /** The median /api/ call's duration in the page, and the origin's median time to answer one (its latency). */
  callMs: number;
  answerMs: number;
  seenAfterMark: number;
  skeleton: boolean;
  balance: string;
  refused: string[];
}

interface ApiEntry {
  start: number;
  sent: number;
  end: number;
}

async function customerVisit(browser: Browser, origin: CustomerOrigin, mode: Mode): Promise<CustomerVisit> {
  const context = await browser.newContext({ viewport: VIEWPORT, ignoreHTTPSErrors: true });
  try {
    await origin.answerFor({ persona: 'customer', locale: CUSTOMER_LOCALE, latency: LATENCY });
    await logInCustomer(context, origin.baseURL);
    await context.addInitScript({ content: MARK_WATCHER });
    const page: Page = await context.newPage();
    await page.goto(`${origin.baseURL}${withMode(DASHBOARD, mode)}`);
    await page.waitForFunction(
      () => !!window.__markSeen?.balance || (window.__markSeen && !window.__markSeen.avatar),
      undefined,
      { timeout: 15_000 },
    );
    const seen = await page.evaluate(() => window.__markSeen!);
    const calls: ApiEntry[] = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
        .map((entry) => ({ start: entry.startTime, sent: entry.requestStart, end: entry.responseEnd })),
    );
    const log = await origin.log();
    if (calls.length === 0) throw new Error(`${DASHBOARD} (${mode}): the page made no /api/ call`);
    const firstAnswer = Math.min(...calls.map((call) => call.end));
    const roundOne = calls.filter((call) => call.start < firstAnswer);
    const roundTwo = calls.filter((call) => call.start >= firstAnswer);
    const latest = (entries: ApiEntry[], pick: (entry: ApiEntry) => number) =>
      entries.length ? Math.max(...entries.map(pick)) : Number.NaN;
    return {
      complete: seen.markAt,
      firstCall: Math.min(...calls.map((call) => call.start)),
      firstSent: Math.min(...calls.map((call) => call.sent)),
      roundOneAnswered: latest(roundOne, (call) => call.end),
      roundTwoFirstCall: roundTwo.length ? Math.min(...roundTwo.map((call) => call.start)) : Number.NaN,
      roundTwoAnswered: latest(roundTwo, (call) => call.end),
      callMs: median(calls.map((call) => call.end - call.start)),
      answerMs: median(log.answers.map((answer) => answer.answeredAt - answer.arrivedAt)),
      seenAfterMark: seen.seenAt - seen.markAt,
      skeleton: seen.skeleton,
      balance: seen.balance,
      refused: log.refused,
    };
  } finally {
    await context.close();
  }
}

const FLOOR_MARK = 'bench:calls-settled';
/** The floor page's URL: the dashboard's path, which the early-calls script reads, with a query only the floor has. */
const FLOOR_URL = `${DASHBOARD}?bench=floor`;

/**
 * The floor under the customer's row: a page that is nothing but the inline early-calls script (the customer
 * build's own file) and a few lines that take its hand-off, as the bundle does, and mark when every call, round
 * two included, has settled. What this page needs is the machine, the browser and the origin; what the real page
 * needs beyond it is ours. The origin serves it at the dashboard's path (FLOOR_URL), so its calls share the
 * connection its document opened, as the real page's do.
 */
function floorPage(earlyScript: string): string {
  const adopter = `(function () {
  var calls = window[${JSON.stringify(EARLY_CALLS_GLOBAL)}], out = 0;
  if (!calls) return;
  calls.adopt({ put: function (key, start) {
    var call = start();
    out++;
    function settled() { if (--out === 0) setTimeout(function () { if (out === 0 && performance.getEntriesByName(${JSON.stringify(FLOOR_MARK)}).length === 0) performance.mark(${JSON.stringify(FLOOR_MARK)}); }, 0); }
    call.then(settled, settled);
    return call;
  } });
})();`;
  return `<!doctype html><html><head><script>${earlyScript}</script><script>${adopter}</script></head><body><p>calls only</p></body></html>`;
}

async function floorVisit(
  browser: Browser,
  origin: CustomerOrigin,
): Promise<{ settled: number; firstCall: number; calls: number }> {
  const context = await browser.newContext({ viewport: VIEWPORT, ignoreHTTPSErrors: true });
  try {
    await origin.answerFor({ persona: 'customer', locale: CUSTOMER_LOCALE, latency: LATENCY });
    await logInCustomer(context, origin.baseURL);
    const tab = await context.newPage();
    await tab.goto(`${origin.baseURL}${FLOOR_URL}`);
    await tab.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, FLOOR_MARK, { timeout: 15_000 });
    return await tab.evaluate((mark) => {
      const calls = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((entry) =>
        new URL(entry.name).pathname.startsWith('/api/'),
      );
      return {
        settled: performance.getEntriesByName(mark)[0]!.startTime,
        firstCall: Math.min(...calls.map((call) => call.startTime)),
        calls: calls.length,
      };
    }, FLOOR_MARK);
  } finally {
    await context.close();
  }
}

async function benchCustomerFirstVisit(browser: Browser, origin: CustomerOrigin, idle: number[]): Promise<BudgetRow[]> {
  const visits: Record<Mode, CustomerVisit[]> = { 'server-rendered': [], 'client-only': [] };
  const floor: { settled: number; firstCall: number; calls: number }[] = [];
  await origin.servePage(FLOOR_URL, floorPage(readFileSync(path.join(customerDistDir(), EARLY_CALLS_FILE), 'utf8')));
  for (const mode of MODES) await customerVisit(browser, origin, mode); // unmeasured, as for the visitor
  for (let run = 0; run < RUNS; run++) {
    await quietPause(idle);
    for (const mode of run % 2 === 0 ? MODES : [...MODES].reverse())
      visits[mode].push(await customerVisit(browser, origin, mode));
    floor.push(await floorVisit(browser, origin));
  }
  const of = (mode: Mode, pick: (visit: CustomerVisit) => number) => visits[mode].map(pick);
  const at = (mode: Mode, pick: (visit: CustomerVisit) => number) => Math.round(median(of(mode, pick)));
  const ssr = median(of('server-rendered', (v) => v.complete));
  const csr = median(of('client-only', (v) => v.complete));
  const all = [...visits['server-rendered'], ...visits['client-only']];
  const shown = new Map<string, number>();
  for (const visit of all)
    shown.set(visit.balance || 'no account menu', (shown.get(visit.balance || 'no account menu') ?? 0) + 1);
  const refused = [...new Set(all.flatMap((v) => v.refused))];
  const timeline = (mode: Mode) =>
    `first call made at ${at(mode, (v) => v.firstCall)} ms and sent at ${at(mode, (v) => v.firstSent)}, round one answered by ${at(mode, (v) => v.roundOneAnswered)}, round two made from ${at(mode, (v) => v.roundTwoFirstCall)} and answered by ${at(mode, (v) => v.roundTwoAnswered)}, header complete at ${at(mode, (v) => v.complete)}`;
  const floorMs = median(floor.map((visit) => visit.settled));
  const row: BudgetRow = {
    area: 'server render',
    metric: `customer first visit ${DASHBOARD}, latency=${LATENCY} ms: navigation → complete private header, server-rendered (median of ${RUNS})`,
    value: Math.round(ssr),
    unit: 'ms',
    budget: 2 * LATENCY + 120,
    kind: 'max',
    note:
      `runs ${ms(of('server-rendered', (v) => v.complete))}; client-only ${Math.round(csr)} ms (runs ${ms(of('client-only', (v) => v.complete))}), ratio ${ratio(ssr, csr)}; ` +
      `medians, server-rendered: ${timeline('server-rendered')}; client-only: ${timeline('client-only')}; ` +
      `customer build; /api/ answered over HTTPS and HTTP/2 by the mocks' handlers in a process of their own after ${LATENCY} ms (bench/customer-origin.ts: the origin answered in ${Math.round(median(all.map((v) => v.answerMs)))} ms, a call took ${Math.round(median(all.map((v) => v.callMs)))} ms in the page, medians), the page passed through to the app and the build's hashed files served from memory, as a CDN would, both without added latency; ` +
      `the mark means the menus' calls settled and the model has a balance panel: opening the account menu as the mark was seen (median ${Math.round(median(all.map((v) => v.seenAfterMark)))} ms after it) showed, in ${all.length} visits: ${[...shown].map(([text, count]) => `${count}× "${text}"`).join(', ')}; the header skeleton was gone at the mark in ${all.filter((v) => !v.skeleton).length}` +
      (refused.length ? `; calls the mocks refused: ${refused.join(', ')}` : ''),
  };
  return [
    row,
    {
      area: 'server render',
      metric: `… the floor under it: the same calls from a page that is only the inline early-calls script, navigation → every call settled (median of ${RUNS})`,
      value: Math.round(floorMs),
      unit: 'ms',
      budget: 2 * LATENCY + 120,
      kind: 'info',
      note: `diagnostic: runs ${ms(floor.map((visit) => visit.settled))}; first call made at ${Math.round(median(floor.map((visit) => visit.firstCall)))} ms, ${median(floor.map((visit) => visit.calls))} calls; what the machine, the browser and the origin take for the two rounds with no page around them; the server-rendered page took ${Math.abs(Math.round(ssr - floorMs))} ms ${ssr >= floorMs ? 'more' : 'less'}`,
    },
  ];
}

export async function benchSsrFirstVisit(): Promise<BudgetRow[]> {
  const app = await startBenchApp(undefined, { customerBuild: true });
  try {
    const idle: number[] = [];
    const visitor = await benchVisitorFirstVisit(app.browser, app.baseURL, idle);
    const noJs = await benchNoJsLinks(app.browser, app.baseURL);
    const origin = await startCustomerOrigin(app.baseURL, customerDistDir());
    const [customer, customerFloor] = await benchCustomerFirstVisit(app.browser, origin, idle).finally(() =>
      origin.close(),
    );
    const machine = `${describeQuietCpu(app.quiet)}; each run began after ≥ 80 % idle for 1 s or 10 s of waiting (median ${Math.round(median(idle) * 100)} % idle)`;
    return [
      ...visitor.map((row) =>
        row.kind === 'max' && row.unit === '×' ? { ...row, note: `${row.note}; ${machine}` } : row,
      ),
      noJs,
      { ...customer!, note: `${customer!.note}; ${machine}` },
      customerFloor!,
    ];
  } finally {
    await app.close();
  }
}
