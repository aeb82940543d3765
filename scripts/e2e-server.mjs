#!/usr/bin/env node
/**
 * node scripts/e2e-server.mjs <port>: the server Playwright's webServer starts (playwright.config.ts).
 *
 * 1. Builds the client with `npx vite build` into E2E_DIST_DIR (default dist/client; skipped when E2E_SKIP_BUILD=1),
 *    and the custom elements' script into its embed/ folder (scripts/build-embed.ts); copies examples/ into it.
 * 2. Creates a fresh temp CONFIG_DIR, so every run starts from the seed in config/.
 * 3. Starts the production server on 127.0.0.1:<port>. Seeding publishes every valid document
 *    (draft v1 = published v1, author "seed"), so /configs/manifest.json and the hashed files exist
 *    before /healthz answers.
 *
 * Demo passwords default to editor-pass-123 / viewer-pass-123 / approver-pass-123 (override with
 * DEMO_EDITOR_PASSWORD / DEMO_VIEWER_PASSWORD / DEMO_APPROVER_PASSWORD). The sign-in rate limit is raised,
 * since every test signs in from 127.0.0.1. The temp directory is removed when the server exits.
 *
 * The main server runs with REQUIRE_APPROVAL=0: the editor specs publish single documents.
 *
 * E2E_BASELINE_PORT=<port> also starts a second server on that port, on a store of its own that no test
 * writes to: the screenshot baselines (tests/render-everything.spec.ts) must see the seed's published
 * configs, while the editor specs publish edits on the main server (approval off too).
 *
 * E2E_WORKFLOW_PORT=<port> starts a third, with approval on (REQUIRE_APPROVAL=1), for the editorial workflow's
 * specs (tests/support/workflow-server.ts has its URL and the three users).
 *
 * The extra servers start first, so the main server's /healthz (what Playwright waits for) answers only once
 * every server is up.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.argv[2] ?? process.env.E2E_PORT ?? '4319';
if (!/^\d+$/.test(port)) {
  console.error(
    `e2e-server: port must be a number, not ${JSON.stringify(port)}\nusage: node scripts/e2e-server.mjs <port>`,
  );
  process.exit(2);
}

// E2E_DIST_DIR lets two Playwright runs on one machine build and serve without overwriting each other.
const distDir = path.resolve(root, process.env.E2E_DIST_DIR || 'dist/client');
if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', distDir, '--emptyOutDir'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('e2e-server: vite build failed');
    process.exit(build.status ?? 1);
  }
  // The custom elements' script, for the example hosts (tests/embed-hosts.spec.ts): served at /embed/portal-shell.js.
  const embed = spawnSync('npx', ['tsx', 'scripts/build-embed.ts', '--dir', path.join(distDir, 'embed')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (embed.status !== 0) {
    console.error('e2e-server: npm run build:embed failed');
    process.exit(embed.status ?? 1);
  }
}
// The example hosts (examples/), served at /examples/*.html; copied on every start, since they change without a build.
cpSync(path.join(root, 'examples'), path.join(distDir, 'examples'), { recursive: true });

/** An optional extra server's port from the environment; anything but a number stops the run. */
function portFromEnv(name) {
  const value = process.env[name];
  if (value !== undefined && !/^\d+$/.test(value)) {
    console.error(`e2e-server: ${name} must be a number, not ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return value;
}
const baselinePort = portFromEnv('E2E_BASELINE_PORT');
const workflowPort = portFromEnv('E2E_WORKFLOW_PORT');

const children = new Set();
const storeDirs = [];

/** One production server on `serverPort` with a fresh temp store seeded (and published) from config/. */
function startServer(serverPort, { requireApproval }) {
  const configDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-store-'));
  storeDirs.push(configDir);
  const env = {
    ...process.env,
    PORT: serverPort,
    HOST: '127.0.0.1',
    CONFIG_DIR: configDir,
    DIST_DIR: distDir,
    DEMO_EDITOR_PASSWORD: process.env.DEMO_EDITOR_PASSWORD || 'editor-pass-123',
    DEMO_VIEWER_PASSWORD: process.env.DEMO_VIEWER_PASSWORD || 'viewer-pass-123',
    DEMO_APPROVER_PASSWORD: process.env.DEMO_APPROVER_PASSWORD || 'approver-pass-123',
    REQUIRE_APPROVAL: requireApproval ? '1' : '0',
    SIGNIN_RATE_LIMIT: process.env.SIGNIN_RATE_LIMIT || '10000',
    NODE_ENV: 'production',
  };
  // node --import tsx runs the server in this child itself (no npx wrapper), so signals reach it.
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: 'inherit' });
  children.add(server);
  server.on('exit', (code, signal) => {
    children.delete(server);
    shutdown(code ?? (signal ? 1 : 0));
  });
  return server;
}

let exiting = false;
/** When one server ends, the run is over: stop the other and remove every temp store. */
function shutdown(code) {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill('SIGTERM');
  for (const dir of storeDirs) rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

async function waitForHealth(serverPort, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${serverPort}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.error(`e2e-server: the server on port ${serverPort} did not answer /healthz within ${timeoutMs} ms`);
  shutdown(1);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => shutdown(1));
const extra = [
  ...(baselinePort ? [{ port: baselinePort, requireApproval: false }] : []),
  ...(workflowPort ? [{ port: workflowPort, requireApproval: true }] : []),
];
for (const server of extra) startServer(server.port, server);
await Promise.all(extra.map((server) => waitForHealth(server.port)));
startServer(port, { requireApproval: false });
