/**
 * npm run build:lib [-- --dir <dir>]: writes the React package to <dir> (default dist/lib), ready for `npm pack`
 * (docs/embedding.md#react-package):
 *   index.js     PortalHeader, PortalFooter, PortalShell (runtime/index.ts), ESM for browsers and bundlers
 *   server.js    renderShell (runtime/render/render-shell.tsx), ESM for Node
 *   styles.css   runtime/styles/index.css with its imports inlined, minified
 *   types/       the .d.ts files, emitted by tsc from tsconfig.lib.json
 *   package.json name, version, exports, peer dependencies; README.md is docs/embedding.md
 * react and react-dom stay outside (peer dependencies); everything else the shell imports is bundled, so the
 * package has no dependencies of its own (why: docs/embedding.md#react-package).
 */
import react from '@vitejs/plugin-react';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type InlineConfig, type Plugin } from 'vite';
import { parseCliArgs } from './cli-args';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_LIB_DIR = path.join(root, 'dist/lib');
export const LIB_NAME = '@depona/portal-shell';
/** The peers a host brings; every module under them stays an import in the package. */
const PEERS = ['react', 'react-dom'] as const;
const isPeer = (id: string) => PEERS.some((peer) => id === peer || id.startsWith(`${peer}/`));

/** The entries and their files; the declarations keep the repository's layout under types/. */
const ENTRIES = {
  index: { source: 'runtime/index.ts', types: './types/runtime/index.d.ts' },
  server: { source: 'runtime/render/render-shell.tsx', types: './types/runtime/render/render-shell.d.ts' },
} as const;

const OWN_STORE = '\0portal-shell:use-sync-external-store';
/**
 * SWR imports use-sync-external-store/shim, a CommonJS module that calls require('react'). With react left to the
 * host that require cannot work in an ES module (in a browser or in Node); React 19, the peer, has the hook itself.
 */
const reactsOwnStore: Plugin = {
  name: 'portal-shell:reacts-own-use-sync-external-store',
  enforce: 'pre',
  resolveId: (id) =>
    id === 'use-sync-external-store/shim' || id === 'use-sync-external-store/shim/index.js' ? OWN_STORE : undefined,
  load: (id) => (id === OWN_STORE ? "export { useSyncExternalStore } from 'react';" : undefined),
};

const common = (outDir: string): InlineConfig => ({
  configFile: false,
  root,
  logLevel: 'warn',
  // Production mode: import.meta.env.DEV is false, so the dev-only validator check (and Ajv) is dropped.
  mode: 'production',
  // The portal's public/ (favicon, logos) is the portal's, not the package's.
  publicDir: false,
  build: { outDir, emptyOutDir: false, sourcemap: false },
});

/** index.js for browsers and bundlers: minified; lazy parts (the rich-text sanitiser) stay chunks under chunks/. */
function browserBundle(outDir: string): InlineConfig {
  const base = common(outDir);
  return {
    ...base,
    plugins: [reactsOwnStore, react()],
    build: {
      ...base.build,
      minify: true,
      lib: { entry: path.join(root, ENTRIES.index.source), formats: ['es'], fileName: () => 'index.js' },
      rollupOptions: { external: isPeer, output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  };
}

/** server.js for Node: one file, its dependencies inside (Vite's SSR build would leave them as imports). */
function serverBundle(outDir: string): InlineConfig {
  const base = common(outDir);
  return {
    ...base,
    plugins: [reactsOwnStore, react()],
    ssr: { noExternal: true, external: [...PEERS] },
    build: {
      ...base.build,
      ssr: path.join(root, ENTRIES.server.source),
      target: 'node20',
      rollupOptions: { external: isPeer, output: { entryFileNames: 'server.js', codeSplitting: false } },
    },
  };
}

/** styles.css: runtime/styles/index.css with its imports inlined and minified, as the portal's own build does it. */
function stylesBundle(outDir: string): InlineConfig {
  const base = common(outDir);
  return {
    ...base,
    build: {
      ...base.build,
      rollupOptions: {
        input: { styles: path.join(root, 'runtime/styles/index.css') },
        output: { assetFileNames: '[name][extname]' },
      },
    },
  };
}

function manifest(): Record<string, unknown> {
  const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
    description: string;
    engines: unknown;
    dependencies: Record<string, string>;
  };
  return {
    name: LIB_NAME,
    version: rootPackage.version,
    description:
      "The portal's config-driven header and footer for React pages: <PortalHeader>, <PortalFooter>, <PortalShell>.",
    type: 'module',
    exports: {
      '.': { types: ENTRIES.index.types, import: './index.js' },
      './server': { types: ENTRIES.server.types, import: './server.js' },
      './styles.css': './styles.css',
    },
    types: ENTRIES.index.types,
    sideEffects: ['*.css'],
    files: ['index.js', 'server.js', 'chunks', 'styles.css', 'types', 'README.md'],
    // The range the shell is tested with: the repository's own React is 19.
    peerDependencies: Object.fromEntries(
      PEERS.map((peer) => [peer, `^${rootPackage.dependencies[peer]!.split('.')[0]}`]),
    ),
    engines: rootPackage.engines,
  };
}

/** Builds the package into `outDir` (emptied first); returns the gzip sizes of its entry and stylesheet. */
export async function buildLib(outDir: string = DEFAULT_LIB_DIR): Promise<{ jsGzip: number; cssGzip: number }> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build(browserBundle(outDir));
  await build(serverBundle(outDir));
  await build(stylesBundle(outDir));
  const tsc = spawnSync(
    'npx',
    ['tsc', '-p', path.join(root, 'tsconfig.lib.json'), '--outDir', path.join(outDir, 'types')],
    { cwd: root, stdio: 'inherit' },
  );
  if (tsc.status !== 0)
    throw new Error(
      'build:lib: tsc could not emit the declarations (see above); run `npx tsc -p tsconfig.lib.json --noEmit` to see the same errors',
    );
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify(manifest(), null, 2)}\n`);
  copyFileSync(path.join(root, 'docs/embedding.md'), path.join(outDir, 'README.md'));
  const gzip = (file: string) => gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
  return { jsGzip: gzip('index.js'), cssGzip: gzip('styles.css') };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { dir } = parseCliArgs(
    'build:lib',
    'usage: npm run build:lib [-- --dir <output directory, default dist/lib>]',
    process.argv.slice(2),
    [],
  );
  const outDir = dir ? path.resolve(dir) : DEFAULT_LIB_DIR;
  const { jsGzip, cssGzip } = await buildLib(outDir);
  // The budget (with the chunks index.js imports) is npm run size's.
  console.log(
    `${path.relative(process.cwd(), outDir)}: index.js ${(jsGzip / 1024).toFixed(1)} KB + styles.css ${(cssGzip / 1024).toFixed(1)} KB gzip, react and react-dom not included`,
  );
}
