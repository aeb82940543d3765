/**
 * Development: Vite in middleware mode inside the same Fastify server, so `npm start` is one
 * process on one port. Vite's middlewares serve modules and assets (and its HMR websocket rides on
 * our HTTP server); the HTML pages are read from the repo and run through transformIndexHtml.
 */
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ENTRY_HTML, isServerPath, type Frontend } from './frontend';

export async function createViteFrontend(app: FastifyInstance, root: string): Promise<Frontend> {
  // Imported here so production never loads Vite.
  const { createServer } = await import('vite');
  const vite = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: app.server } },
  });
  await app.register(middie);
  app.use((req, res, next) => (isServerPath(req.url ?? '/') ? next() : vite.middlewares(req, res, next)));
  return {
    mode: 'dev',
    // Vite's middlewares already answered every file they know.
    sendFile: async () => false,
    html: async (page, url) => vite.transformIndexHtml(url, await readFile(path.join(root, ENTRY_HTML[page]), 'utf8')),
    // No inline early calls in development: the bundle's early start makes them (docs/rendering.md#the-customers-first-load).
    earlyScript: async () => undefined,
    close: () => vite.close(),
  };
}
