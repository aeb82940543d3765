/** npm start: the config service in development, with Vite in middleware mode, on one port. */
import { runServer } from '../server/run-server';

await runServer('dev');
