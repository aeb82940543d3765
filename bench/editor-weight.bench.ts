/**
 * The editor's JavaScript to an editable document, as a person meets it (docs/editor-bundle.md#the-budget):
 * sign in, open /documents/de-DE by its address (the form view), and note in the page when its form is in the DOM.
 * Every JavaScript file the top page had requested by then, and every worker it started, is counted at its gzip
 * size (the dist file, gzipped as a CDN would serve it). Left out: what the preview iframe loads (the customer's
 * own bundle, measured by the size section) and Monaco's chunks, which load only with the JSON view. The bench
 * then proves the form takes typing, and reports what loaded in the seconds after as a diagnostic row.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Request } from '@playwright/test';
import { signInEditor, startBenchApp } from './browser';
import type { BudgetRow } from './stats';

const BUDGET_KB = 300;
/** How long the bench keeps listening after the form is editable, to name what loads right after (the validator). */
const AFTER_MS = 3000;

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Monaco's sources carry their "vs/editor/" module ids. */
const isMonaco = (source: string) => /vs\/editor\//.test(source);

export interface LoadedFile {
  file: string;
  gzipBytes: number;
  /** Requested by a worker the top page started (the frame is unknown for those). */
  fromWorker: boolean;
}

/**
 * Installed before any page script: notes (in the page's own clock) when the form labelled `label` is first in
 * the DOM, the moment the document is editable; resource timing then says which files had been requested by then.
 */
const FORM_CLOCK = (label: string) => `
  performance.setResourceTimingBufferSize(2000);
  new MutationObserver((_, observer) => {
    if (window.top !== window || !document.querySelector('form[aria-label="${label}"]')) return;
    window.__formShownAt = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true });
`;

declare global {
  interface Window {
    __formShownAt?: number;
  }
}

/** The top page's scripts from its resource timing (the preview iframe has its own): path and request start. */
async function topPageScripts(page: Page): Promise<{ path: string; startTime: number }[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => ({ path: new URL(e.name).pathname, startTime: e.startTime }))
      .filter((e) => /\.m?js$/.test(e.path)),
  );
}

/** Workers the top page starts, and the scripts they request (Playwright gives their requests no frame). */
function recordWorkerScripts(page: Page): { seen: Set<string>; stop: () => void } {
  const seen = new Set<string>();
  const onRequest = (request: Request) => {
    if (request.serviceWorker()) return;
    try {
      request.frame();
    } catch {
      const url = new URL(request.url());
      if (/\.m?js$/.test(url.pathname)) seen.add(url.pathname);
    }
  };
  const onWorker = (worker: { url: () => string }) => void seen.add(new URL(worker.url()).pathname);
  page.on('request', onRequest);
  page.on('worker', onWorker);
  return {
    seen,
    stop: () => {
      page.off('request', onRequest);
      page.off('worker', onWorker);
    },
  };
}

/** The dist files behind request paths, gzipped; Monaco's chunks are returned apart. */
export function weigh(
  distDir: string,
  paths: Iterable<[string, boolean]>,
): { counted: LoadedFile[]; monaco: string[]; missing: string[] } {
  const counted: LoadedFile[] = [];
  const monaco: string[] = [];
  const missing: string[] = [];
  for (const [urlPath, fromWorker] of paths) {
    const file = path.join(distDir, decodeURIComponent(urlPath));
    if (!existsSync(file)) {
      missing.push(urlPath);
      continue;
    }
    const bytes = readFileSync(file);
    if (isMonaco(bytes.toString('utf8'))) monaco.push(urlPath);
    else
      counted.push({ file: urlPath.replace(/^\//, ''), gzipBytes: gzipSync(bytes, { level: 9 }).length, fromWorker });
  }
  return { counted, monaco, missing };
}

const total = (files: readonly LoadedFile[]) => files.reduce((sum, f) => sum + f.gzipBytes, 0);
const largest = (files: readonly LoadedFile[], n: number) =>
  [...files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, n)
    .map((f) => `${f.file.replace(/^assets\//, '')} ${kb(f.gzipBytes)}`)
    .join(', ');

/**
 * Opens de-DE and waits for its form; then proves the form takes typing: on the keystroke benches' path
 * (Public header › Sparen), the title field is editable (Playwright's check: visible, enabled, not read-only).
 */
async function openForm(page: Page, baseURL: string): Promise<void> {
  await page.goto(`${baseURL}/documents/de-DE`);
  const form = page.getByRole('form', { name: 'de-DE form' });
  await form.waitFor({ timeout: 60_000 });
  for (const group of [/^Public header/, /^Sparen/])
    await form.getByRole('button', { name: group, expanded: false }).first().click({ timeout: 60_000 });
  const title = form
    .getByRole('group', { name: /^Sparen/ })
    .getByLabel('Title')
    .first();
  await title.waitFor({ timeout: 60_000 });
  if (!(await title.isEditable()))
    throw new Error('the de-DE form is on screen, but its Sparen title field does not take typing');
}

export async function benchEditorWeight(): Promise<BudgetRow[]> {
  const distDir = process.env.E2E_DIST_DIR || 'dist/client';
  const app = await startBenchApp(Number(process.env.BENCH_WEIGHT_PORT ?? process.env.BENCH_PORT ?? 4329));
  try {
    const context = await app.browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await page.addInitScript(FORM_CLOCK('de-DE form'));
    const workers = recordWorkerScripts(page);
    await signInEditor(page, app.baseURL);
    await openForm(page, app.baseURL);
    await page.waitForTimeout(AFTER_MS);
    workers.stop();
    const formShownAt = await page.evaluate(() => window.__formShownAt);
    if (formShownAt === undefined) throw new Error('the page did not note when the form appeared');
    // The document is opened by its address, as a bookmark or a link opens it: resource timing starts with that
    // page load and lists every script it requested (from the cache or not), with when each request started.
    const scripts = await topPageScripts(page);
    const atEditable = new Map<string, boolean>(
      scripts.filter((s) => s.startTime <= formShownAt).map((s) => [s.path, false]),
    );
    const after = new Map<string, boolean>(
      scripts.filter((s) => s.startTime > formShownAt && !atEditable.has(s.path)).map((s) => [s.path, false]),
    );
    for (const worker of workers.seen) atEditable.set(worker, true);
    await context.close();

    const first = weigh(distDir, atEditable);
    const later = weigh(distDir, after);
    if (first.missing.length > 0 || later.missing.length > 0)
      throw new Error(`requested scripts not in ${distDir}: ${[...first.missing, ...later.missing].join(', ')}`);
    const workerFiles = first.counted.filter((f) => f.fromWorker);
    return [
      {
        area: 'editor size',
        metric: 'editor JavaScript to an editable de-DE form, Monaco and the preview frame excluded (gzip)',
        value: kb(total(first.counted)),
        unit: 'KB',
        budget: BUDGET_KB,
        kind: 'max',
        note: `${first.counted.length} files, largest: ${largest(first.counted, 5)} KB; workers: ${workerFiles.map((w) => w.file).join(', ') || 'none'}; Monaco files: ${first.monaco.length}; 418 KB in an earlier measurement, 554.6 KB last session`,
      },
      {
        area: 'editor size',
        metric: `editor JavaScript loaded in the ${AFTER_MS / 1000} s after the form is editable (gzip)`,
        value: kb(total(later.counted)),
        unit: 'KB',
        budget: BUDGET_KB,
        kind: 'info',
        note: `${later.counted.length} files: ${largest(later.counted, 8) || 'none'}`,
      },
    ];
  } finally {
    await app.close();
  }
}
