/**
 * Process entry for the production server (dist/client statics). Spawned by scripts/e2e-server.mjs
 * and the bench; people use `npm run serve`, which does the same and insists on a build.
 */
import { runServer } from './run-server';

await runServer('production');
