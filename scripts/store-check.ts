/**
 * npm run store:check [-- --repair] [--dir <store>]
 * Checks the config service's store (CONFIG_DIR, as the server reads it) for damaged, missing or changed
 * files; one line per problem. Exit 0 when clean, 1 when a problem is found (with --repair: when one is
 * left that needs a person), 2 on bad usage. Run --repair with the server stopped: the server keeps the
 * records in memory, and repairs the same things itself at its next start (docs/operations.md#repair).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { EnvError, readEnv } from '../server/env';
import { checkStore } from '../server/storage/store-check';
import { StoreLockedError } from '../server/storage/store-lock';
import { failFor, parseCliArgs, type Fail } from './cli-args';

const USAGE = 'usage: npm run store:check -- [--repair] [--dir <store directory, default CONFIG_DIR or its default>]';

const fail: Fail = failFor('store:check');
const args = parseCliArgs('store:check', USAGE, process.argv.slice(2), ['--repair']);
let dir: string;
try {
  dir = args.dir ? path.resolve(args.dir) : readEnv().configDir;
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  fail(error.message);
}
const info = await stat(dir).catch(() => undefined);
if (!info?.isDirectory()) fail(`no store at ${dir}: set CONFIG_DIR or pass --dir <store directory>`);
const result = await checkStore(dir, { repair: args.switches.has('--repair') }).catch((error: unknown) => {
  // --repair writes, so it takes the store's lock; a running service holds it (docs/operations.md#one-owner).
  if (error instanceof StoreLockedError) fail(`--repair needs the store to itself: ${error.message}`);
  throw error;
});
for (const line of result.lines) console.log(line);
process.exit(result.exitCode);
