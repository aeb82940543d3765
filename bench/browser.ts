/**
 * Shared by the browser benchmarks: the built app on the e2e server (scripts/e2e-server.mjs, temp store,
 * everything published) and Debian's Chromium with the same flags as playwright.config.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { waitForQuietCpu, type QuietCpu } from './quiet-cpu';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

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

/** Builds unless E2E_SKIP_BUILD=1 (npm run bench builds once in the size section and skips here). */
export async function startBenchApp(port = Number(process.env.BENCH_PORT ?? 4329)): Promise<BenchApp> {
  const child = spawn('node', ['scripts/e2e-server.mjs', String(port)], { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env } });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseURL}/healthz`, child, 180_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
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
