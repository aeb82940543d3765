/**
 * npm run store:migrate -- --from <store directory> [--to <postgresql://…>]
 * Copies a file store (CONFIG_DIR) into PostgreSQL (--to, default DATABASE_URL): every version, publication and
 * published file, the manifest, change sets and the share-links key; one line per document and record, then a
 * total. The file store is only read (no lock, no write), and a damaged one is refused with store:check's lines.
 * Safe to run again: what is already copied is skipped, what is missing is appended, and a database that went its
 * own way is refused, never overwritten (docs/operations.md#migrating-from-the-file-store).
 * Exit 0 when everything is copied or up to date, 1 when something is refused or the store is damaged, 2 on bad usage.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { maskDatabaseUrl } from '../server/env';
import { FileStore } from '../server/storage/file-store';
import { importFileStore } from '../server/storage/postgres/import-store';
import { importSessions } from '../server/auth/session-import';
import { PostgresStore } from '../server/storage/postgres/index';
import { checkStore } from '../server/storage/store-check';
import { failFor, type Fail } from './cli-args';

const USAGE =
  'usage: npm run store:migrate -- --from <store directory> [--to <postgresql://user@host/database, default DATABASE_URL>]';
const fail: Fail = failFor('store:migrate');

const options: Partial<Record<'--from' | '--to', string>> = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i]!;
  if (arg === '--help' || arg === '-h') {
    console.log(USAGE);
    process.exit(0);
  }
  if (arg !== '--from' && arg !== '--to') fail(`unknown argument "${arg}"\n${USAGE}`);
  const value = argv[++i];
  // `--from --to` is a forgotten value, not a directory named --to.
  if (!value || value.startsWith('--')) fail(`${arg} needs a value\n${USAGE}`);
  options[arg] = value;
}
if (!options['--from']) fail(`--from <store directory> is required\n${USAGE}`);
const dir = path.resolve(options['--from']);
const to = options['--to'] ?? process.env.DATABASE_URL;
if (!to) fail(`no database: pass --to postgresql://… or set DATABASE_URL\n${USAGE}`);
if (!/^postgres(ql)?:\/\//.test(to))
  fail(`--to must start with postgres:// or postgresql:// (got "${to.split(':')[0]}:…")\n${USAGE}`);
const info = await stat(dir).catch(() => undefined);
if (!info?.isDirectory()) fail(`no store at ${dir}: pass --from <store directory>`);

// The same read-only check as store:check: a damaged store is repaired first (store:check --repair), never copied half.
const check = await checkStore(dir, { repair: false });
if (check.exitCode !== 0) {
  for (const line of check.lines) console.log(line);
  console.log(`✗ not copied: repair the store first (npm run store:check -- --repair --dir ${dir})`);
  process.exit(1);
}

const { store } = await FileStore.open({ dir, repair: false });
try {
  // Opening the Postgres store applies the migrations the database lacks (server/storage/postgres/migrate.ts).
  await (await PostgresStore.open({ connectionString: to })).close();
  const client = new pg.Client({ connectionString: to });
  await client.connect();
  try {
    const report = await importFileStore(store, client, [importSessions]);
    for (const line of report.lines) console.log(line);
    process.exitCode = report.exitCode;
  } finally {
    await client.end();
  }
} catch (error) {
  // One line, never a stack trace, and never the password; what was committed before it stays (each document is one transaction).
  console.error(
    `store:migrate: the database at ${maskDatabaseUrl(to)} failed: ${error instanceof Error ? error.message : String(error)}; run again once it is fixed`,
  );
  process.exitCode = 1;
} finally {
  await store.close();
}
