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

const USAGE = 'usage: npm run store:check -- [--repair] [--dir <store directory, default CONFIG_DIR or its default>]';

function fail(message: string): never {
  console.error(`store:check: ${message}`);
  process.exit(2);
}

function parseArgs(argv: string[]): { dir: string | undefined; repair: boolean } {
  let dir: string | undefined;
  let repair = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--repair') repair = true;
    else if (arg === '--dir') {
      const value = argv[++i];
      if (!value) fail(`--dir needs a path\n${USAGE}`);
      dir = value;
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else fail(`unknown argument "${arg}"\n${USAGE}`);
  }
  return { dir, repair };
}

const args = parseArgs(process.argv.slice(2));
let dir: string;
try {
  dir = args.dir ? path.resolve(args.dir) : readEnv().configDir;
} catch (error) {
  if (!(error instanceof EnvError)) throw error;
  fail(error.message);
}
const info = await stat(dir).catch(() => undefined);
if (!info?.isDirectory()) fail(`no store at ${dir}: set CONFIG_DIR or pass --dir <store directory>`);
const result = await checkStore(dir, { repair: args.repair });
for (const line of result.lines) console.log(line);
process.exit(result.exitCode);
