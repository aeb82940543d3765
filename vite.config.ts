/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/**
 * The build id the preview shows and reports (runtime/host/build-id.ts): git short sha + build time, so a
 * product owner can say which build a screenshot came from. Vitest gets a fixed "test".
 */
function buildId(): string {
  if (process.env.VITEST) return 'test';
  let sha = 'nogit';
  try {
    sha = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || sha;
  } catch {
    // Not a git checkout (a source tarball): the time alone still tells builds apart.
  }
  return `${sha} ${new Date().toISOString().slice(0, 16)}Z`;
}

/**
 * A fresh browser profile needs ~100 ms to install the mock service worker. Registering it from the portal
 * page's first (inline) script lets that happen while the bundle downloads and evaluates; MSW's own start
 * (runtime/host/start-mocks.ts) then finds it installed, and mocks/until-controlled.ts reads the kept
 * registration without another round-trip to the browser. The customer build (VITE_MOCKS=off) gets nothing.
 */
function registerMockWorkerEarly(mocksEnabled: boolean): Plugin {
  return {
    name: 'portal-shell:register-mock-worker-early',
    transformIndexHtml(_html, context) {
      if (!mocksEnabled || !context.filename.endsWith('portal.html')) return [];
      return [{ tag: 'script', children: "window.__mockWorkerRegistration = navigator.serviceWorker && navigator.serviceWorker.register('/mockServiceWorker.js').catch(function () {});", injectTo: 'head-prepend' }];
    },
  };
}

/**
 * The mock worker's bundle takes a small stand-in for tldts (the public suffix list, 257 KB) that covers
 * the hosts the mocks see; see mocks/vendor/tldts-lite.ts. Vitest keeps the real one, which the stand-in's
 * test compares against.
 */
const MOCK_BUNDLE_ALIASES = process.env.VITEST ? [] : [{ find: /^tldts$/, replacement: fileURLToPath(new URL('./mocks/vendor/tldts-lite.ts', import.meta.url)) }];

/**
 * Two entry pages: index.html is the editor SPA, portal.html the customer portal host (/preview and the
 * page routes). The config service serves both; see server/.
 * VITE_MOCKS=off builds the customer bundle without MSW (the size report checks it is absent).
 */
export default defineConfig(({ mode }) => ({
  // The same VITE_MOCKS the bundle reads as import.meta.env (runtime/host/start-mocks.ts), .env files included.
  plugins: [react(), registerMockWorkerEarly(loadEnv(mode, process.cwd(), 'VITE_').VITE_MOCKS !== 'off')],
  resolve: { alias: MOCK_BUNDLE_ALIASES },
  define: { __PORTAL_BUILD_ID__: JSON.stringify(buildId()) },
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
    environment: 'jsdom',
    globals: true,
    include: ['runtime/**/*.test.{ts,tsx}', 'editor/**/*.test.{ts,tsx}', 'schemas/**/*.test.ts', 'mocks/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    setupFiles: ['tests/setup/vitest.setup.ts'],
    restoreMocks: true,
    testTimeout: 20_000,
  },
}));
