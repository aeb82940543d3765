import type { FastifyInstance } from 'fastify';

/** Liveness for load balancers and Playwright's webServer: answers once the store is open. */
export function registerHealthRoutes(app: FastifyInstance): void {
  app.get('/healthz', { config: { access: 'public' } }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
}
