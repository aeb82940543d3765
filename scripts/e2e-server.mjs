#!/usr/bin/env node
/**
 * node scripts/e2e-server.mjs <port>: the server Playwright's webServer starts (playwright.config.ts).
 *
 * 1. Builds the client with `npx vite build` into E2E_DIST_DIR (default dist/client; skipped when E2E_SKIP_BUILD=1).
 * 2. Creates a fresh temp CONFIG_DIR, so every run starts from the seed in config/.
 * 3. Starts the production server on 127.0.0.1:<port>. Seeding publishes every valid document
 *    (draft v1 = published v1, author "seed"), so /configs/manifest.json and the hashed files exist
 *    before /healthz answers.
 *
 * Demo passwords default to editor-pass-123 / viewer-pass-123 (override with DEMO_EDITOR_PASSWORD /
 * DEMO_VIEWER_PASSWORD). The sign-in rate limit is raised, since every test signs in from 127.0.0.1.
 * The temp directory is removed when the server exits.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.argv[2] ?? process.env.E2E_PORT ?? '4319';
if (!/^\d+$/.test(port)) {
  console.error(`e2e-server: port must be a number, not ${JSON.stringify(port)}\nusage: node scripts/e2e-server.mjs <port>`);
  process.exit(2);
}

// E2E_DIST_DIR lets two Playwright runs on one machine build and serve without overwriting each other.
const distDir = path.resolve(root, process.env.E2E_DIST_DIR || 'dist/client');
if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('e2e-server: vite build failed');
    process.exit(build.status ?? 1);
  }
}

const configDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-store-'));
const env = {
  ...process.env,
  PORT: port,
  HOST: '127.0.0.1',
  CONFIG_DIR: configDir,
  DIST_DIR: distDir,
  DEMO_EDITOR_PASSWORD: process.env.DEMO_EDITOR_PASSWORD || 'editor-pass-123',
  DEMO_VIEWER_PASSWORD: process.env.DEMO_VIEWER_PASSWORD || 'viewer-pass-123',
  SIGNIN_RATE_LIMIT: process.env.SIGNIN_RATE_LIMIT || '10000',
  NODE_ENV: 'production',
};

// node --import tsx runs the server in this child itself (no npx wrapper), so signals reach it.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: 'inherit' });
const cleanup = () => rmSync(configDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 1 : 0));
});
