/** store:migrate's copy of the signed-in sessions (docs/operations.md#migrating-from-the-file-store), on a throwaway cluster. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PostgresStore } from '../storage/postgres/index';
import { startPgCluster, type PgCluster } from '../test-support/pg-cluster';
import { renderSessions, SESSIONS_FILE } from './session-file';
import { importSessions } from './session-import';
import { PostgresSessionStore } from './session-postgres';
import { sessionDigest } from './sessions';

let cluster: PgCluster;
let dir: string;
beforeAll(async () => {
  cluster = await startPgCluster();
  dir = await mkdtemp(path.join(tmpdir(), 'session-import-'));
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  await rm(dir, { recursive: true, force: true });
});

it('copies the live sessions, so the editor stays signed in after the move; expired ones are left out; a re-run changes nothing', async () => {
  const url = await cluster.createDatabase();
  await (await PostgresStore.open({ connectionString: url })).close();
  const hour = 3_600_000;
  await writeFile(
    path.join(dir, SESSIONS_FILE),
    renderSessions([
      [sessionDigest('live-token'), { username: 'content-manager', role: 'editor', expires: Date.now() + hour }],
      [sessionDigest('old-token'), { username: 'product-owner', role: 'viewer', expires: Date.now() - hour }],
    ]),
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    expect(await importSessions(client, dir)).toEqual({
      subject: 'sessions',
      outcome: 'copied',
      line: 'sessions: 1 session copied (1 expired session left out)',
    });
    expect(await importSessions(client, dir)).toMatchObject({ outcome: 'up-to-date' });
  } finally {
    await client.end();
  }
  const { sessions } = await PostgresSessionStore.open({ connectionString: url });
  try {
    expect(await sessions.get('live-token')).toMatchObject({ username: 'content-manager', role: 'editor' });
    expect(await sessions.get('old-token')).toBeUndefined();
  } finally {
    await sessions.close();
  }
});

it('refuses a damaged sessions file, naming what is wrong, and copies nothing from it', async () => {
  const url = await cluster.createDatabase();
  await (await PostgresStore.open({ connectionString: url })).close();
  const damaged = await mkdtemp(path.join(tmpdir(), 'session-import-bad-'));
  await writeFile(
    path.join(damaged, SESSIONS_FILE),
    '{"format": "portal-shell/sessions@1", "sessions": [{"sha256": "nope"}]}',
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const item = await importSessions(client, damaged);
    expect(item.outcome).toBe('refused');
    expect(item.line).toContain('sessions[0].sha256 is not a SHA-256 in hex');
    expect((await client.query('SELECT count(*)::int AS n FROM sessions')).rows[0].n).toBe(0);
    expect(await importSessions(client, path.join(damaged, 'none'))).toMatchObject({ outcome: 'absent' });
  } finally {
    await client.end();
    await rm(damaged, { recursive: true, force: true });
  }
});
