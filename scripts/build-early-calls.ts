/**
 * Compiles the inline early-calls script (runtime/host/early-calls.ts, docs/rendering.md#the-customers-first-load)
 * to one self-contained classic script: the customer build writes it beside its pages (vite.config.ts), the server
 * inlines it into a logged-in customer's page, and scripts/build-early-calls.test.ts runs it. Also the classic-script
 * bundler the mock service worker is built with.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const EARLY_CALLS_ENTRY = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../runtime/host/early-calls.ts',
);

/** Rolldown's tree-shaking options (build.rollupOptions.treeshake). */
export interface TreeshakeOptions {
  moduleSideEffects?: (id: string) => boolean;
  propertyReadSideEffects?: false;
  unknownGlobalSideEffects?: boolean;
}

export interface ClassicScriptOptions {
  minify: boolean;
  /** The IIFE's global name (unused by scripts that export nothing). */
  name: string;
  fileName: string;
  /** Exact module ids replaced by other files. */
  alias?: Record<string, string>;
  treeshake?: TreeshakeOptions;
}

/** Bundles `entry` into one self-contained classic script (an IIFE) and returns its code. */
export async function bundleClassicScript(entry: string, options: ClassicScriptOptions): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'warn',
    resolve: {
      alias: Object.entries(options.alias ?? {}).map(([find, replacement]) => ({
        find: new RegExp(`^${find}$`),
        replacement,
      })),
    },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: options.minify,
      sourcemap: options.minify ? false : 'inline',
      rollupOptions: {
        ...(options.treeshake ? { treeshake: options.treeshake } : {}),
        // React libraries mark their modules 'use client', which means nothing in a classic script.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
      lib: { entry, formats: ['iife'], name: options.name, fileName: () => options.fileName },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as { output: { type: string; code?: string }[] }[];
  const chunk = outputs[0]?.output.find((item) => item.type === 'chunk');
  if (!chunk?.code) throw new Error(`Bundling ${entry} gave no script.`);
  return chunk.code;
}

/**
 * The early-calls script, minified. Tree-shaking: the script imports runtime/session's index, which also re-exports
 * its React hook; React's CommonJS entry looks side-effectful to the bundler but does nothing on import, and the
 * registry's derived schema constants (schemas/locale-registry.ts) spread JSON imports, which no getter can observe.
 * Declaring both lets them go: 18 KB minified instead of 21 KB, 6.1 KB gzip instead of 7.3 KB.
 */
export function bundleEarlyCalls(fileName: string): Promise<string> {
  return bundleClassicScript(EARLY_CALLS_ENTRY, {
    minify: true,
    name: 'portalShellEarlyCalls',
    fileName,
    treeshake: {
      moduleSideEffects: (id) => !/[\\/]node_modules[\\/]react[\\/]/.test(id),
      propertyReadSideEffects: false,
      unknownGlobalSideEffects: false,
    },
  });
}
