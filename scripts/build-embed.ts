/**
 * npm run build:embed [-- --dir <dir>]: writes <dir>/portal-shell.js (default dist/embed), the one script a page
 * that is not React loads to get <portal-header> and <portal-footer> (docs/embedding.md#custom-elements).
 *
 * One classic script (IIFE), React and the shell's CSS inside, nothing fetched from a CDN: it works with a plain
 * <script src defer>, in pages whose framework predates modules. The CSS is inlined into the script for the
 * shadow roots (runtime/embed/index.ts), so no stylesheet is written.
 *
 * What an element never needs stays out: the rules of blocks no element renders (runtime/embed/unrendered-styles.ts)
 * and SWR's useSyncExternalStore shim for React before 18 (runtime/embed/use-sync-external-store.ts).
 *
 * Its last line, `<file>: <size> KB`, names the file written; bench/embed.bench.ts reads the path from it.
 */
import react from '@vitejs/plugin-react';
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { unrenderedClassesIn, withoutUnrenderedBlocks } from '../runtime/embed/unrendered-styles';
import { parseCliArgs } from './cli-args';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const EMBED_ENTRY = path.join(root, 'runtime/embed/index.ts');
export const EMBED_FILE = 'portal-shell.js';
export const DEFAULT_EMBED_DIR = path.join(root, 'dist/embed');
const STYLES_INDEX = path.join(root, 'runtime/styles/index.css');

/** Leaves the unrendered blocks' rules out of the inlined shell CSS, and refuses a script that names their classes. */
function leaveOutUnrenderedStyles(): Plugin {
  return {
    name: 'portal-shell:embed-unrendered-styles',
    // Before Vite's CSS plugin inlines the @imports.
    enforce: 'pre',
    transform(code, id) {
      return path.resolve(id.split('?')[0]!) === STYLES_INDEX ? withoutUnrenderedBlocks(code) : undefined;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        const named = chunk.type === 'chunk' ? unrenderedClassesIn(chunk.code) : [];
        if (named.length > 0)
          this.error(
            `${chunk.fileName} renders ${named.map((c) => `.${c}`).join(', ')}, whose rules the embed leaves out: take the block off UNRENDERED_BLOCKS in runtime/embed/unrendered-styles.ts`,
          );
      }
    },
  };
}

/** Builds the embed script into `outDir` (emptied first) and returns its path. */
export async function buildEmbed(outDir: string = DEFAULT_EMBED_DIR): Promise<string> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react(), leaveOutUnrenderedStyles()],
    resolve: {
      alias: [
        {
          find: /^use-sync-external-store\/shim(\/index\.js)?$/,
          replacement: path.join(root, 'runtime/embed/use-sync-external-store.ts'),
        },
      ],
    },
    // React reads process.env.NODE_ENV, which a browser does not have; the production build drops its dev checks.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      sourcemap: false,
      lib: { entry: EMBED_ENTRY, formats: ['iife'], name: 'portalShellEmbed', fileName: () => EMBED_FILE },
    },
  });
  return path.join(outDir, EMBED_FILE);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { dir } = parseCliArgs(
    'build:embed',
    'usage: npm run build:embed [-- --dir <output directory, default dist/embed>]',
    process.argv.slice(2),
    [],
  );
  const file = await buildEmbed(dir ? path.resolve(dir) : DEFAULT_EMBED_DIR);
  console.log(`${path.relative(process.cwd(), file)}: ${(statSync(file).size / 1024).toFixed(1)} KB`);
}
