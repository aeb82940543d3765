/**
 * Production: files from `vite build`'s output (dist/client). Vite's hashed /assets/ are cached
 * for a year; other files and the HTML are revalidated on each load.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../http/errors';
import { IMMUTABLE } from '../routes/published-routes';
import { contentTypeFor } from './content-types';
import { ENTRY_HTML, type Frontend } from './frontend';

export function createStaticFrontend(distDir: string): Frontend {
  const root = path.resolve(distDir);
  return {
    mode: 'production',
    async sendFile(pathname, _request, reply) {
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
        throw new ApiError(503, 'not-built', `${ENTRY_HTML[page]} is not built`, 'run npm run build, then start the server again');
      }
    },
    async close() {},
  };
}

/** The file a URL path names under root, or undefined when it would leave root. */
export function fileInside(root: string, pathname: string): string | undefined {
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  const resolved = path.join(root, path.posix.normalize(`/${pathname}`));
  return resolved.startsWith(root + path.sep) ? resolved : undefined;
}
