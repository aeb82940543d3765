/**
 * npm run serve: the config service on the production build (run npm run build first).
 *
 * React picks its build from NODE_ENV when it is first imported, and its development build renders pages several
 * times slower, so the production server defaults to NODE_ENV=production before anything imports React; an
 * explicit value is kept (docs/operations.md#serving-under-load).
 */
process.env.NODE_ENV ??= 'production';
const { runServer } = await import('../server/run-server');

await runServer('production', { requireBuild: true });

// A module, for the top-level awaits: the import above must stay dynamic to follow the line before it.
export {};
