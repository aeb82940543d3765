/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { execSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
// `.js` names the .ts files: Vite's coming native config loader needs an extension, and tsc accepts only this one.
import { bundleClassicScript, bundleEarlyCalls } from './scripts/build-early-calls.js';
import { EARLY_CALLS_FILE } from './server/frontend/early-calls-file.js';
import { scaled } from './tests/support/time-factor.js';

/**
 * The build id the preview shows and reports (runtime/host/build-id.ts): git short sha + build time, so a
 * product owner can say which build a screenshot came from. Vitest gets a fixed "test".
 */
function buildId(): string {
  if (process.env.VITEST) return 'test';
  let sha = 'nogit';
  try {
    sha =
      execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || sha;
  } catch {
    // Not a git checkout (a source tarball): the time alone still tells builds apart.
  }
  return `${sha} ${new Date().toISOString().slice(0, 16)}Z`;
}

/** Served at the origin's root, so its scope is every page; mocks/service-worker/protocol.ts names the same URL. */
const MOCK_WORKER_FILE = 'mock-service-worker.js';

/**
 * A fresh browser profile needs ~100 ms to install the mock service worker. Registering it from the portal
 * page's first (inline) script lets that happen while the bundle downloads and evaluates; the page's side
 * of the mocks (mocks/browser.ts) then finds it installed, and mocks/until-controlled.ts reads the kept
 * registration without another round-trip to the browser. The customer build (VITE_MOCKS=off) gets nothing.
 */
function registerMockWorkerEarly(mocksEnabled: boolean): Plugin {
  return {
    name: 'portal-shell:register-mock-worker-early',
    transformIndexHtml(_html, context) {
      if (!mocksEnabled || !context.filename.endsWith('portal.html')) return [];
      return [
        {
          tag: 'script',
          children: `window.__mockWorkerRegistration = navigator.serviceWorker && navigator.serviceWorker.register('/${MOCK_WORKER_FILE}').catch(function () {});`,
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}

const MOCK_WORKER_ENTRY = fileURLToPath(new URL('./mocks/service-worker/mock-service-worker.ts', import.meta.url));
const TLDTS_LITE = fileURLToPath(new URL('./mocks/vendor/tldts-lite.ts', import.meta.url));

/**
 * The worker as one classic script: a service worker at a fixed URL, whose scope is the whole origin.
 * MSW's cookie jar asks tldts, whose public suffix list (257 KB) the lite stand-in replaces (mocks/vendor/).
 */
function bundleWorker(minify: boolean): Promise<string> {
  return bundleClassicScript(MOCK_WORKER_ENTRY, {
    minify,
    name: 'portalShellMockWorker',
    fileName: MOCK_WORKER_FILE,
    alias: { tldts: TLDTS_LITE },
  });
}

/**
 * Serves the mock service worker at /mock-service-worker.js: bundled on first request in development (and
 * again after a change under mocks/, runtime/, schemas/ or config/, which the handlers read: the call table,
 * the locale registry), emitted into the build otherwise. Mocks builds only: the
 * customer build (VITE_MOCKS=off) gets no worker.
 */
function mockServiceWorker(enabled: boolean): Plugin {
  let bundled: Promise<string> | undefined;
  return {
    name: 'portal-shell:mock-service-worker',
    apply: () => enabled && !process.env.VITEST,
    configureServer(server) {
      server.watcher.on('change', (file) => {
        if (/[\\/](mocks|runtime|schemas|config)[\\/]/.test(file)) bundled = undefined;
      });
      server.middlewares.use((request, response, next) => {
        if (request.url?.split('?')[0] !== `/${MOCK_WORKER_FILE}`) return next();
        bundled ??= bundleWorker(false);
        bundled.then(
          (code) => {
            response.setHeader('content-type', 'text/javascript; charset=utf-8');
            response.setHeader('cache-control', 'no-cache');
            response.end(code);
          },
          (error: unknown) => {
            bundled = undefined;
            next(error);
          },
        );
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: MOCK_WORKER_FILE, source: await bundleWorker(true) });
    },
  };
}

function mockPlugins(mocksEnabled: boolean): Plugin[] {
  return [registerMockWorkerEarly(mocksEnabled), mockServiceWorker(mocksEnabled), earlyCallsScript(!mocksEnabled)];
}

/**
 * The inline early-calls script (docs/rendering.md#the-customers-first-load), written beside the pages of the
 * customer build only (VITE_MOCKS=off; a mocks build's calls must wait for the mock worker), where the server reads
 * it once and puts it into a logged-in customer's page. Development writes nothing: the bundle's early start makes
 * the calls there.
 */
function earlyCallsScript(customerBuild: boolean): Plugin {
  return {
    name: 'portal-shell:early-calls-script',
    apply: (_config, env) => customerBuild && env.command === 'build' && !process.env.VITEST,
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: EARLY_CALLS_FILE, source: await bundleEarlyCalls(EARLY_CALLS_FILE) });
    },
  };
}

/** The folders whose unit tests Vitest runs; tests/*.spec.ts are the browser tests (Playwright), tests/support their helpers. */
const TEST_FOLDERS = ['runtime', 'editor', 'schemas', 'mocks', 'server', 'scripts', 'bench', 'tests/support'];

/**
 * Two entry pages: index.html is the editor SPA, portal.html the customer portal host (/preview and the
 * page routes). The config service serves both; see server/.
 * VITE_MOCKS=off builds the customer bundle without MSW (the size report checks it is absent).
 */
export default defineConfig(({ mode }) => ({
  // The same VITE_MOCKS the bundle reads as import.meta.env (runtime/host/start-mocks.ts), .env files included.
  plugins: [react(), ...mockPlugins(loadEnv(mode, process.cwd(), 'VITE_').VITE_MOCKS !== 'off')],
  define: { __PORTAL_BUILD_ID__: JSON.stringify(buildId()) },
  // Vite skips only build.outDir; the benches and the browser tests build into other folders under dist/, and
  // their HTML files changing would reload an open `npm start` page in the middle of an edit.
  server: { watch: { ignored: ['**/dist/**'] } },
  build: {
    outDir: 'dist/client',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      input: { editor: 'index.html', portal: 'portal.html' },
      output: {
        // React gets its own chunk so the size report can state the shell's weight without it.
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react-vendor';
          return undefined;
        },
      },
    },
  },
  worker: { format: 'es' },
  test: {
    globals: true,
    // Every worker the machine has: Vitest's default leaves one core idle, which on CI's 2-core runner meant one
    // worker for the whole suite. Many files wait on servers, child processes and the disk rather than the CPU.
    maxWorkers: availableParallelism(),
    setupFiles: ['tests/setup/vitest.setup.ts'],
    // The shell's stylesheet is processed (@imports inlined) so the setup file can apply it in jsdom: hidden-below-lg
    // parts stay hidden in tests, as in a phone's browser.
    css: { include: [/\.css($|\?)/] },
    restoreMocks: true,
    // TEST_TIME_FACTOR lets a slow or loaded machine wait longer (docs/testing.md#slow-machines).
    testTimeout: scaled(20_000),
    hookTimeout: scaled(10_000),
    // Where each file runs (docs/testing.md#environments): components (.test.tsx) in jsdom, everything else in Node,
    // which starts in a fraction of jsdom's time. A file that needs the other says so in its first line
    // (`// @vitest-environment jsdom` or `node`).
    projects: [
      {
        extends: true,
        test: { name: 'node', environment: 'node', include: TEST_FOLDERS.map((folder) => `${folder}/**/*.test.ts`) },
      },
      {
        extends: true,
        test: { name: 'dom', environment: 'jsdom', include: TEST_FOLDERS.map((folder) => `${folder}/**/*.test.tsx`) },
      },
    ],
  },
}));
