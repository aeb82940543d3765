/** npm run serve: the config service on the production build (run npm run build first). */
import { runServer } from '../server/run-server';

await runServer('production', { requireBuild: true });
