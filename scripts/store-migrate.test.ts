/**
 * `npm run store:migrate` (docs/operations.md#migrating-from-the-file-store): the command's arguments and exit
 * codes, a damaged store refused with store:check's lines, and the file store left exactly as it was (no lock, no
 * write). What is copied, and how re-runs behave, is in server/storage/postgres/import-store.test.ts.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../server/storage/file-store';
import { PostgresStore } from '../server/storage/postgres/postgres-store';
import { versionFilePath } from '../server/storage/store-layout';
import { markedPublication, markedText } from '../server/test-support/batch-fixture';
import { startPgCluster, type PgCluster } from '../server/test-support/pg-cluster';

const run = promisify(execFile);
let cluster: PgCluster;
const root = mkdtempSync(path.join(tmpdir(), 'store-migrate-cli-'));
const good = path.join(root, 'good');
const damaged = path.join(root, 'damaged');

beforeAll(async () => {
  cluster = await startPgCluster();
  for (const dir of [good, damaged]) {
    const { store } = await FileStore.open({ dir });
    await store.commitDraft(
      'de-DE',
      { text: markedText('de-DE', 'one'), author: 'anna', message: 'm', action: 'create' },
      null,
    );
    await store.commitDraft(
      'de-DE',
      { text: markedText('de-DE', 'two'), author: 'ben', message: 'm', action: 'save' },
      1,
    );
    await store.publish('de-DE', markedPublication('de-DE', 'two', 2), 2);
    await store.commitDraft('flags', { text: '{"flags": []}\n', author: 'anna', message: 'm', action: 'create' }, null);
    await store.secret('share-links');
    await store.close();
  }
  writeFileSync(versionFilePath(damaged, 'de-DE', 1), '{"changed": true}');
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  rmSync(root, { recursive: true, force: true });
});

/** Runs the command without the caller's database settings, unless `env` gives them. */
async function migrate(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATABASE_URL: _url, TEST_DATABASE_URL: _test, ...rest } = process.env;
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/store-migrate.ts', ...args], {
      env: { ...rest, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every file under `dir` with its bytes' hash and modification time: any write, lock or temp file shows. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        files[path.relative(dir, full)] =
          `${createHash('sha256').update(readFileSync(full)).digest('hex')} ${statSync(full).mtimeMs}`;
    }
  };
  walk(dir);
  return files;
}

describe('npm run store:migrate (the command)', () => {
  it('copies a file store, reports each document and a total, leaves the store untouched, and a second run is up to date', async () => {
    const url = await cluster.createDatabase();
    const before = snapshot(good);
    const first = await migrate(['--from', good, '--to', url]);
    expect([first.code, first.stderr]).toEqual([0, '']);
    expect(first.stdout).toBe(
      [
        'de-DE: 2 versions, 1 publication copied',
        'flags: 1 version, 0 publications copied',
        'secret share-links: copied',
        'sessions: none in the file store',
        'manifest: copied',
        '✓ 2 documents: 2 copied, 0 up to date; other records: 2 copied, 0 up to date',
        '',
      ].join('\n'),
    );
    expect(snapshot(good)).toEqual(before);
    // --to defaults to DATABASE_URL.
    const second = await migrate(['--from', good], { DATABASE_URL: url });
    expect([second.code, second.stdout.split('\n')]).toEqual([
      0,
      [
        'de-DE: up to date',
        'flags: up to date',
        'secret share-links: up to date',
        'sessions: none in the file store',
        'manifest: up to date',
        '✓ 2 documents: 0 copied, 2 up to date; other records: 0 copied, 2 up to date',
        '',
      ],
    ]);
    const store = await PostgresStore.open({ connectionString: url });
    try {
      expect((await store.read('de-DE', 'published'))!.text).toBe(markedText('de-DE', 'two'));
    } finally {
      await store.close();
    }
  }, 60_000);

  it('refuses a damaged store with store:check’s lines, exit 1, and copies nothing', async () => {
    const url = await cluster.createDatabase();
    const result = await migrate(['--from', damaged, '--to', url]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^documents\/de-DE\/versions\/000001\.json: .*sha256/m);
    expect(result.stdout).toContain(
      `✗ not copied: repair the store first (npm run store:check -- --repair --dir ${damaged})\n`,
    );
    // The database was not even opened: no table was made in it.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect((await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows).toEqual(
        [{ n: 0 }],
      );
    } finally {
      await client.end();
    }
  }, 60_000);

  it('a database that cannot be reached: one line without the password, exit 1', async () => {
    const result = await migrate(['--from', good, '--to', 'postgresql://portal:s3cret@127.0.0.1:1/portal_shell']);
    expect([result.code, result.stdout]).toEqual([1, '']);
    expect(result.stderr).toMatch(
      /^store:migrate: the database at postgresql:\/\/portal@127\.0\.0\.1:1\/portal_shell failed: the database cannot be reached \(.*ECONNREFUSED.*\).*; run again once it is fixed\n$/,
    );
  }, 30_000);

  it('bad usage: one line saying what, the usage, exit 2', async () => {
    const unknown = await migrate(['--from', good, '--into', 'x']);
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      expect.stringMatching(
        /^store:migrate: unknown argument "--into"\nusage: npm run store:migrate -- --from <store directory>/,
      ),
    ]);
    const noFrom = await migrate(['--to', 'postgresql://localhost/x']);
    expect([noFrom.code, noFrom.stderr.split('\n')[0]]).toEqual([
      2,
      'store:migrate: --from <store directory> is required',
    ]);
    const noValue = await migrate(['--from', '--to', 'postgresql://localhost/x']);
    expect([noValue.code, noValue.stderr.split('\n')[0]]).toEqual([2, 'store:migrate: --from needs a value']);
    const noDatabase = await migrate(['--from', good]);
    expect([noDatabase.code, noDatabase.stderr.split('\n')[0]]).toEqual([
      2,
      'store:migrate: no database: pass --to postgresql://… or set DATABASE_URL',
    ]);
    const notPostgres = await migrate(['--from', good, '--to', 'mysql://localhost/x']);
    expect([notPostgres.code, notPostgres.stderr.split('\n')[0]]).toEqual([
      2,
      'store:migrate: --to must start with postgres:// or postgresql:// (got "mysql:…")',
    ]);
    const missing = await migrate(['--from', path.join(root, 'nowhere'), '--to', 'postgresql://localhost/x']);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      `store:migrate: no store at ${path.join(root, 'nowhere')}: pass --from <store directory>\n`,
    ]);
  }, 60_000);
});
