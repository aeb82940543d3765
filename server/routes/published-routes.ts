/**
 * /configs/: what customers load. Hashed files never change, so caches may keep them for a year;
 * the manifest must be revalidated every time, since it is what moves a locale to a new file.
 * The prerendered fragments under fragments/ are hashed files too (docs/rendering.md#caching).
 * In production a CDN or object store serves the same files (npm run build:configs).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { MANIFEST_FILE } from '../../schemas/contracts/index';
import type { DocumentStore } from '../storage/store';
import { ApiError } from '../http/errors';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What each kind of published file is, by its extension; readPublished accepts no other. */
const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export function registerPublishedRoutes(app: FastifyInstance, store: DocumentStore): void {
  app.get<{ Params: { '*': string } }>('/configs/*', { config: { access: 'public' } }, async (request, reply) => {
    const name = request.params['*'];
    // readPublished accepts only manifest.json, <known id>.<hash>.json and the fragment names, never any other path, and never
    // returns bytes that do not match the hash in their name (it renders them again, or raises).
    const bytes = await store.readPublished(name);
    if (!bytes)
      throw new ApiError(
        404,
        'not-found',
        `no published file ${JSON.stringify(name)}`,
        'GET /configs/manifest.json lists the current files',
      );
    const isManifest = name === MANIFEST_FILE;
    const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`;
    reply
      .header('content-type', CONTENT_TYPES[name.slice(name.lastIndexOf('.'))]!)
      .header('cache-control', isManifest ? 'no-cache' : IMMUTABLE)
      .header('etag', etag)
      // Public data; lets a portal on another host (or a local dev server) read it.
      .header('access-control-allow-origin', '*');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(Buffer.from(bytes));
  });
}
