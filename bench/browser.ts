/**
 * Shared by the browser benchmarks: the built app on the e2e server (scripts/e2e-server.mjs, temp store,
 * everything published) and Debian's Chromium as the tests launch it (bench/chromium.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { waitForQuietCpu, type QuietCpu } from './quiet-cpu';

/** The e2e server's content manager (scripts/e2e-server.mjs creates it from these environment variables). */
export const EDITOR_LOGIN = {
  username: 'content-manager',
  password: process.env.DEMO_EDITOR_PASSWORD || 'editor-pass-123',
};

/** Signs the page in to the editor at `baseURL` as EDITOR_LOGIN and waits for the document list (a dev server may need longer). */
export async function signInEditor(page: Page, baseURL: string, timeout = 30_000): Promise<void> {
  await page.goto(`${baseURL}/signin`);
  await page.getByLabel('Username').fill(EDITOR_LOGIN.username);
  await page.getByLabel('Password').fill(EDITOR_LOGIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor({ timeout });
}

export interface BenchApp {
  baseURL: string;
  browser: Browser;
  /** How quiet the machine was once the build, server and browser had started (bench/quiet-cpu.ts). */
  quiet: QuietCpu;
  close: () => Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the e2e server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the e2e server did not answer ${url} within ${timeoutMs} ms`);
}

export interface BenchAppOptions {
  /**
   * Serve the customer build (VITE_MOCKS=off: no mock worker, the /api/ calls go to the network) instead of the
   * mocks build: built into `<E2E_DIST_DIR or dist/client>-customer`, so the mocks build beside it stays usable.
   */
  customerBuild?: boolean;
}

/** The customer build's directory: beside the mocks build, named after it. */
export const customerDistDir = () => `${process.env.E2E_DIST_DIR || 'dist/client'}-customer`;

/** VITE_MOCKS=off npx vite build into customerDistDir(), unless E2E_SKIP_BUILD=1 and a build is there. */
function buildCustomerBundle(): string {
  const distDir = customerDistDir();
  if (process.env.E2E_SKIP_BUILD === '1') {
    if (existsSync(`${distDir}/portal.html`)) return distDir;
    throw new Error(
      `E2E_SKIP_BUILD=1, but ${distDir}/portal.html does not exist: build it with VITE_MOCKS=off npx vite build --outDir ${distDir}, or unset E2E_SKIP_BUILD`,
    );
  }
  const build = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, VITE_MOCKS: 'off' },
  });
  if (build.status !== 0)
    throw new Error(
      `the customer build (VITE_MOCKS=off npx vite build --outDir ${distDir}) failed with ${build.status ?? build.signal}`,
    );
  return distDir;
}

/**
 * Builds unless E2E_SKIP_BUILD=1 (npm run bench builds once in the size section and skips here). With
 * `customerBuild`, builds and serves the customer bundle (BenchAppOptions).
 */
export async function startBenchApp(
  port = Number(process.env.BENCH_PORT ?? 4329),
  options: BenchAppOptions = {},
): Promise<BenchApp> {
  const env = options.customerBuild
    ? { ...process.env, E2E_DIST_DIR: buildCustomerBundle(), E2E_SKIP_BUILD: '1' }
    : { ...process.env };
  const child = spawn('node', ['scripts/e2e-server.mjs', String(port)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseURL}/healthz`, child, 180_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const quiet = await waitForQuietCpu();
  return {
    baseURL,
    browser,
    quiet,
    close: async () => {
      await browser.close();
      child.kill('SIGTERM');
    },
  };
}
