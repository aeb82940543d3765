/**
 * The customer build (VITE_MOCKS=off) as a logged-in customer's browser meets it: the only build in which a
 * server-rendered page carries the inline early-calls script (docs/rendering.md#the-customers-first-load). The
 * header's first calls leave from that script before the bundle is requested, the bundle's entry is requested once
 * their first round is answered, the bundle adopts the calls instead of calling again, and the page hydrates without
 * a warning into the complete private header.
 *
 * The suite's own server serves the mocks build, so this spec builds the customer build beside it and starts a
 * server of its own on it (scripts/e2e-server.mjs, port E2E_PORT + 3). No mock worker runs in this build: the
 * page's /api/ calls are answered by the mocks' handlers through Playwright's routing (mocks/answer-outside-page.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, test } from './support/fixtures';
import { answerPortalApi, signInToPortal } from './support/portal-session';
import { scaled } from './support/time-factor';

const PORT = Number(process.env.E2E_PORT ?? 4319) + 3;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DIST = `${process.env.E2E_DIST_DIR || 'dist/client'}-customer`;
const HYDRATION_WARNING = /hydrat|did not match|server rendered/i;

test.describe.configure({ mode: 'serial', timeout: scaled(180_000) });

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(scaled(240_000));
  if (process.env.E2E_SKIP_BUILD !== '1' || !existsSync(`${DIST}/portal.html`)) {
    const build = spawnSync('npx', ['vite', 'build', '--outDir', DIST, '--emptyOutDir', '--logLevel', 'warn'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, VITE_MOCKS: 'off' },
    });
    if (build.status !== 0)
      throw new Error(
        `the customer build (VITE_MOCKS=off npx vite build --outDir ${DIST}) failed with ${build.status ?? build.signal}`,
      );
  }
  // One server: none of the suite's extra ones (baselines, workflow) that the environment may ask for.
  const { E2E_BASELINE_PORT: _baseline, E2E_WORKFLOW_PORT: _workflow, ...env } = process.env;
  server = spawn('node', ['scripts/e2e-server.mjs', String(PORT)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, E2E_DIST_DIR: DIST, E2E_SKIP_BUILD: '1' },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the customer build's server exited with ${server.exitCode}`);
    if (
      await fetch(`${BASE_URL}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline)
      throw new Error(`the customer build's server did not answer ${BASE_URL}/healthz within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('the first calls leave from the inline script before the bundle, which evaluates once they are answered; none is repeated, and the page hydrates into the complete header', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
  try {
    await signInToPortal(context, 'customer', { baseURL: BASE_URL, locale: 'de-DE' });
    const api = await answerPortalApi(context, 'customer', 'de-DE');
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || (message.type() === 'warning' && HYDRATION_WARNING.test(message.text())))
        problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    const response = await page.goto('/de-de/dashboard/');
    const html = await response!.text();
    expect(html, 'the early-calls script is in the page').toContain('__portalEarlyCalls');
    expect(html, 'no module script for the preload scanner to request first').not.toContain('<script type="module"');

    // The complete private header: the avatar's account menu shows the balance.
    await page.getByTestId('avatar-button').click();
    await expect(page.getByTestId('balance-figures')).toBeVisible();

    const timing = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        path: new URL(entry.name).pathname,
        start: entry.startTime,
        end: entry.responseEnd,
        initiator: entry.initiatorType,
      })),
    );
    const firstCall = Math.min(...timing.filter((entry) => entry.path.startsWith('/api/')).map((entry) => entry.start));
    const firstModule = Math.min(
      ...timing
        .filter((entry) => entry.path.startsWith('/assets/') && entry.path.endsWith('.js'))
        .map((entry) => entry.start),
    );
    expect(firstCall, 'the first call is made before any module is requested').toBeLessThan(firstModule);
    // The entries the loader adds (its first argument) are requested once the first round is answered; their imports were preloaded before.
    const entries = JSON.parse(/\((\["[^\]]*\]),\[[^\]]*\],"first-answers"\)/.exec(html)?.[1] ?? '[]') as string[];
    expect(entries.length, 'the loader names the entry').toBeGreaterThan(0);
    const calls = timing.filter((entry) => entry.path.startsWith('/api/'));
    const firstAnswer = Math.min(...calls.map((entry) => entry.end));
    const roundOneAnswered = Math.max(...calls.filter((entry) => entry.start < firstAnswer).map((entry) => entry.end));
    const entryRequested = Math.min(
      ...timing.filter((entry) => entries.includes(entry.path)).map((entry) => entry.start),
    );
    expect(entryRequested, 'the entry is requested after the first round of calls is answered').toBeGreaterThanOrEqual(
      roundOneAnswered,
    );
    expect(api.calls.length, 'calls were answered').toBeGreaterThan(0);
    expect(
      api.calls.filter((call, index) => api.calls.indexOf(call) !== index),
      'calls made twice (the bundle repeating the script)',
    ).toEqual([]);
    expect(api.refused, 'calls the mocks refused').toEqual([]);
    expect(problems, 'console errors and hydration warnings').toEqual([]);
  } finally {
    await context.close();
  }
});
