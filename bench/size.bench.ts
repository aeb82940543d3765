import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { validateDocument, type DocumentId } from '../schemas/validator/index';
import type { BudgetRow } from './stats';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  src?: string;
}

const DIST = 'dist/client';
const gz = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

/** Files an entry loads before first render: its own chunk plus static imports, recursively, and their stylesheets. */
function initialFiles(manifest: Record<string, ManifestChunk>, entryKey: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const sheet of chunk.css ?? []) seen.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...seen].filter((f) => f.endsWith('.js') || f.endsWith('.css'));
}

const LIB = 'dist/lib';

/** A package file and the files it imports statically (`import … from "./x.js"`), recursively: lazy chunks wait. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, imported] of readFileSync(`${LIB}/${file}`, 'utf8').matchAll(/^import[^;]*?from\s*"\.\/([^"]+)"/gm))
    staticImports(path.posix.join(path.posix.dirname(file), imported!), seen);
  return seen;
}

/** The React package (npm run build:lib): index.js with its static chunks, and styles.css; react and react-dom are the host's. */
function libraryBytes(build: boolean): { js: number; css: number } {
  if (build || !existsSync(`${LIB}/index.js`)) {
    const built = spawnSync('npx', ['tsx', 'scripts/build-lib.ts'], { stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build:lib failed');
  }
  return {
    js: [...staticImports('index.js')].reduce((sum, f) => sum + gz(readFileSync(`${LIB}/${f}`)), 0),
    css: gz(readFileSync(`${LIB}/styles.css`)),
  };
}

export function buildClient(): void {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_MOCKS: 'off' },
  });
  if (build.status !== 0) throw new Error('vite build failed');
}

/** Size budgets: shell JS without React, MSW absent, the editor's first load without Monaco, one locale's config payload. */
export function benchSize(options: { build: boolean } = { build: true }): BudgetRow[] {
  if (options.build) buildClient();
  const manifest = JSON.parse(readFileSync(`${DIST}/.vite/manifest.json`, 'utf8')) as Record<string, ManifestChunk>;
  const portal = initialFiles(manifest, 'portal.html');
  const isReact = (f: string) => f.includes('react-vendor');
  const portalBytes = portal.filter((f) => !isReact(f)).reduce((sum, f) => sum + gz(readFileSync(`${DIST}/${f}`)), 0);
  // What a customer's browser must download and run before the shell renders (or hydrates the server's markup).
  const portalJsBytes = portal
    .filter((f) => !isReact(f) && f.endsWith('.js'))
    .reduce((sum, f) => sum + gz(readFileSync(`${DIST}/${f}`)), 0);
  const reactBytes = portal.filter(isReact).reduce((sum, f) => sum + gz(readFileSync(`${DIST}/${f}`)), 0);
  // The customer build (VITE_MOCKS=off) must hold no MSW anywhere, not just outside the first load.
  const allJs = readdirSync(`${DIST}/assets`).filter((f) => f.endsWith('.js'));
  const mentionsMsw = (file: string) =>
    /mock-service-worker|mockServiceWorker|msw\/|setupWorker|startMockWorker/.test(
      readFileSync(`${DIST}/${file}`, 'utf8'),
    );
  const mswHits = [...allJs.map((f) => `assets/${f}`), 'portal.html'].filter(mentionsMsw);

  // The editor's entry with React (the app shell and router; each page is its own chunk; the weight to an
  // editable document: docs/editor-bundle.md#the-budget), and no Monaco in it: its chunks (about 1 MB gzip) load
  // only when the JSON view opens. Monaco's sources carry "vs/editor/" module ids.
  const editor = initialFiles(manifest, 'index.html');
  const editorBytes = editor.reduce((sum, f) => sum + gz(readFileSync(`${DIST}/${f}`)), 0);
  const monacoInFirstLoad = editor.filter((f) => /vs\/editor\//.test(readFileSync(`${DIST}/${f}`, 'utf8')));
  const monacoChunks = allJs.filter((f) => /vs\/editor\//.test(readFileSync(`${DIST}/assets/${f}`, 'utf8')));

  const locales = readdirSync('config')
    .filter((f) => /^[a-z]{2}(-[A-Z]{2})?\.json$/.test(f))
    .map((f) => f.replace('.json', '') as DocumentId);
  const payloads = locales.map((id) => {
    const { value } = validateDocument({
      id,
      file: `config/${id}.json`,
      text: readFileSync(`config/${id}.json`, 'utf8'),
    });
    const { $schema: _s, ...published } = value as Record<string, unknown>;
    return { id, bytes: gz(Buffer.from(JSON.stringify(published))) };
  });
  const largest = payloads.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const library = libraryBytes(options.build);

  return [
    {
      area: 'size',
      metric: 'customer JavaScript before the first render, without react/react-dom (gzip)',
      value: kb(portalJsBytes),
      unit: 'KB',
      budget: 60,
      kind: 'max',
      note: `react+react-dom ${kb(reactBytes)} KB extra; 94.8 KB while the components used Chakra UI`,
    },
    {
      area: 'size',
      metric: 'portal shell JS and CSS before first render, without react/react-dom (gzip)',
      value: kb(portalBytes),
      unit: 'KB',
      budget: 110,
      kind: 'max',
      note: `the CSS is ${kb(portalBytes - portalJsBytes)} KB of it`,
    },
    {
      area: 'size',
      metric: 'React package (npm run build:lib) JS and CSS, without react/react-dom (gzip)',
      value: kb(library.js + library.css),
      unit: 'KB',
      budget: 60,
      kind: 'max',
      note: `index.js and its static chunks ${kb(library.js)} KB, styles.css ${kb(library.css)} KB`,
    },
    {
      area: 'size',
      metric: 'files mentioning MSW in the customer build (VITE_MOCKS=off)',
      value: mswHits.length,
      unit: 'files',
      budget: 0,
      kind: 'max',
      note: mswHits.join(', ') || 'none',
    },
    {
      area: 'size',
      metric: 'editor first load JS and CSS, react included (gzip)',
      value: kb(editorBytes),
      unit: 'KB',
      budget: 350,
      kind: 'max',
      note: `${editor.length} files; pages load as their own chunks`,
    },
    {
      area: 'size',
      metric: 'Monaco files in the editor first load',
      value: monacoInFirstLoad.length,
      unit: 'files',
      budget: 0,
      kind: 'max',
      note: `${monacoChunks.length} Monaco chunk(s) in the build, all loaded with the JSON view`,
    },
    {
      area: 'size',
      metric: `largest locale config payload (${largest.id}, gzip)`,
      value: kb(largest.bytes),
      unit: 'KB',
      budget: 10,
      kind: 'max',
    },
  ];
}
