/**
 * Production: files from `vite build`'s output (dist/client). Vite's hashed /assets/ are cached
 * for a year; other files and the HTML are revalidated on each load.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../http/errors';
import { IMMUTABLE } from '../routes/published-routes';
import { inlineScript } from '../render/page-template';
import { contentTypeFor } from './content-types';
import { EARLY_CALLS_FILE } from './early-calls-file';
import { ENTRY_HTML, type Frontend } from './frontend';

export function createStaticFrontend(distDir: string): Frontend {
  const root = path.resolve(distDir);
  // Read once, at start: a build that holds a broken script is refused here rather than on a customer's page.
  const earlyScript = readEarlyScript(root);
  return {
    mode: 'production',
    async sendFile(pathname, _request, reply) {
      // A path that ends in / names a folder, never a file: the portal's pages ask no file system call.
      if (pathname.endsWith('/')) return false;
      const file = fileInside(root, pathname);
      if (!file) return false;
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return false;
      reply
        .header('content-type', contentTypeFor(file))
        .header('content-length', info.size)
        .header('cache-control', pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      await reply.send(createReadStream(file));
      return true;
    },
    async html(page) {
      try {
        return await readFile(path.join(root, ENTRY_HTML[page]), 'utf8');
      } catch {
        throw new ApiError(
          503,
          'not-built',
          `${ENTRY_HTML[page]} is not built`,
          'run npm run build, then start the server again',
        );
      }
    },
    earlyScript: async () => earlyScript,
    async close() {},
  };
}

/** The customer build's inline early-calls script as a <script> element; undefined for a mocks build, which has none. */
function readEarlyScript(root: string): string | undefined {
  const file = path.join(root, EARLY_CALLS_FILE);
  let code: string;
  try {
    code = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file} cannot be read (${(error as Error).message}); rebuild the client (npm run build)`, {
      cause: error,
    });
  }
  return inlineScript(code, file);
}

/** The file a URL path names under root, or undefined when it would leave root. */
export function fileInside(root: string, pathname: string): string | undefined {
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const resolved = path.join(root, path.posix.normalize(`/${pathname}`));
  return resolved.startsWith(root + path.sep) ? resolved : undefined;
}
