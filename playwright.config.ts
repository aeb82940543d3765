import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './bench/chromium';
import { scaled } from './tests/support/time-factor';

const port = Number(process.env.E2E_PORT ?? 4319);
/** A second server on a store no test writes to: the screenshot baselines must see the seed, not the editor specs' edits. */
const baselinePort = port + 1;
/** A third server with approval on, for the editorial workflow's specs (tests/support/workflow-server.ts). */
const workflowPort = port + 2;
const BASELINE_SPECS = '**/render-everything.spec.ts';

/** Debian's Chromium, never a downloaded browser. The app is built once and served by the config service. */
export default defineConfig({
  testDir: 'tests',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The HTML report (playwright-report/, or PLAYWRIGHT_HTML_OUTPUT_DIR) holds each failed screenshot's
  // expected, actual and diff images, locally as in CI: `npx playwright show-report` opens it.
  reporter: [['list'], ['html', { open: 'never' }], ['json', { outputFile: 'reports/playwright.json' }]],
  // Every timeout grows with TEST_TIME_FACTOR on a slow or loaded machine (docs/testing.md#slow-machines).
  timeout: scaled(30_000),
  // Baselines are named by spec and argument only (no platform or browser suffix): every machine and CI
  // runs the same Debian Chromium, so one set of PNGs serves all (tests/render-everything.spec.ts).
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  expect: {
    // Two workers on a 2-core machine: a save, a list refresh or a lazy chunk can outlast the default 5 s.
    timeout: scaled(10_000),
    // Same browser, fonts and frozen clock on every run, so pixels repeat; no tolerance beyond the
    // default per-pixel colour threshold until anti-aliasing noise shows up in practice.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'app', testIgnore: BASELINE_SPECS },
    { name: 'baselines', testMatch: BASELINE_SPECS, use: { baseURL: `http://127.0.0.1:${baselinePort}` } },
  ],
  webServer: {
    command: `node scripts/e2e-server.mjs ${port}`,
    env: { E2E_BASELINE_PORT: String(baselinePort), E2E_WORKFLOW_PORT: String(workflowPort) },
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: scaled(180_000),
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
