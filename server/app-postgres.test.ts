/**
 * The whole config service on PostgreSQL (DATABASE_URL, docs/operations.md#postgresql), over HTTP: the seed
 * published into the database, a save with If-Match and its 412, a change set approved and published, the manifest
 * served; two instances on one database, where a publication on one is served by the other at once; and a restart
 * that keeps the editor signed in. One throwaway cluster for the file (test-support/pg-cluster.ts), one database
 * per test.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceSnapshot } from '../schemas/contracts/index';
import { createApp } from './app';
import { openEventStream } from './presence/event-stream-client';
import { startupErrorLine } from './startup-errors';
import { startPgCluster, type PgCluster } from './test-support/pg-cluster';
import { startTestServer, type TestServer } from './test-support/test-server';

let cluster: PgCluster;
let shared: string;
beforeAll(async () => {
  cluster = await startPgCluster();
  shared = await mkdtemp(path.join(tmpdir(), 'app-postgres-'));
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  await rm(shared, { recursive: true, force: true });
});

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function start(
  databaseUrl: string,
  options: { configDir?: string; requireApproval?: boolean } = {},
): Promise<TestServer> {
  const server = await startTestServer({
    databaseUrl,
    requireApproval: options.requireApproval ?? false,
    ...(options.configDir ? { configDir: options.configDir } : {}),
  });
  servers.push(server);
  return server;
}

async function stop(server: TestServer): Promise<void> {
  servers.splice(servers.indexOf(server), 1);
  await server.close();
}

async function count(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  } finally {
    await client.end();
  }
}

const manifest = async (server: TestServer) =>
  (await server.call('GET', '/configs/manifest.json')).json as {
    documents: Record<string, { hash: string; file: string }>;
  };

async function editDeDe(server: TestServer, text: string) {
  const { json: draft } = await server.call('GET', '/api/documents/de-DE', { as: 'editor' });
  draft.content.header.logoItems[0].alt = text;
  return server.call('PUT', '/api/documents/de-DE', {
    as: 'editor',
    headers: { 'if-match': draft.etag },
    body: { content: draft.content, message: text },
  });
}

describe('the config service on PostgreSQL', () => {
  it('seeds and publishes into the database, saves with If-Match (412 when stale), publishes a change set and serves the manifest', async () => {
    const url = await cluster.createDatabase();
    const server = await start(url, { requireApproval: true });
    // The documents are in the database; CONFIG_DIR holds users.json and no document.
    const { seeded, published: seedPublished } = server.started.startup.seed;
    expect(seeded.length).toBeGreaterThan(0);
    expect(await count(url, 'documents')).toBe(seeded.length);
    expect(server.started.startup.recovery).toEqual({ tempFilesRemoved: 0, findings: [], lock: {} });
    expect((await readdir(server.configDir)).filter((f) => !f.startsWith('users.json'))).toEqual([]);

    const before = await manifest(server);
    expect(Object.keys(before.documents).sort()).toEqual([...seedPublished].sort());
    expect(before.documents['de-DE']).toBeDefined();
    const published = await server.call('GET', `/configs/${before.documents['de-DE']!.file}`);
    expect(published.status).toBe(200);

    const { json: draft } = await server.call('GET', '/api/documents/de-DE', { as: 'editor' });
    const saved = await editDeDe(server, 'Depona aus Postgres');
    expect(saved.status, saved.text).toBe(200);
    const stale = await server.call('PUT', '/api/documents/de-DE', {
      as: 'editor',
      headers: { 'if-match': draft.etag },
      body: { content: draft.content, message: 'stale' },
    });
    expect([stale.status, stale.json.error.code]).toEqual([412, 'stale-version']);

    const created = await server.call('POST', '/api/change-sets', {
      as: 'editor',
      body: { title: 'Postgres', documents: ['de-DE'] },
    });
    expect(created.status, created.text).toBe(201);
    const act = async (who: 'editor' | 'approver', body: unknown) => {
      const etag = (await server.call('GET', `/api/change-sets/${created.json.id}`, { as: 'editor' })).headers.get(
        'etag',
      )!;
      return server.call('POST', `/api/change-sets/${created.json.id}/actions`, {
        as: who,
        headers: { 'if-match': etag },
        body,
      });
    };
    expect((await act('editor', { action: 'submit' })).json.state).toBe('in-review');
    expect((await act('approver', { action: 'approve' })).json.state).toBe('approved');
    const done = await act('editor', { action: 'publish' });
    expect([done.status, done.json.state]).toEqual([200, 'published']);

    const after = await manifest(server);
    expect(after.documents['de-DE']!.hash).not.toBe(before.documents['de-DE']!.hash);
    const file = await server.call('GET', `/configs/${after.documents['de-DE']!.file}`);
    expect(file.text).toContain('Depona aus Postgres');
    expect((await server.call('GET', '/readyz')).json.checks.database).toMatchObject({ ok: true });
  });

  it('two instances on one database: a publication on A is served by B within 200 ms', async () => {
    const url = await cluster.createDatabase();
    const a = await start(url);
    const b = await start(url);
    const before = (await manifest(b)).documents['de-DE']!.hash;
    expect((await editDeDe(a, 'published on A')).status).toBe(200);
    const etag = (await a.call('GET', '/api/documents/de-DE', { as: 'editor' })).headers.get('etag')!;
    const publish = await a.call('POST', '/api/documents/de-DE/publish', {
      as: 'editor',
      headers: { 'if-match': etag },
    });
    expect(publish.status, publish.text).toBe(200);
    const onA = (await manifest(a)).documents['de-DE']!.hash;
    expect(onA).not.toBe(before);

    const t0 = performance.now();
    let onB = before;
    while (onB !== onA && performance.now() - t0 < 2_000) onB = (await manifest(b)).documents['de-DE']!.hash;
    const elapsed = performance.now() - t0;
    expect(onB).toBe(onA);
    expect(elapsed).toBeLessThan(200);
    // A session made on A is one B knows: they share the sessions table.
    const cookie = await a.cookie('editor');
    const who = await fetch(`${b.url}/api/session`, { headers: { cookie } });
    expect(who.status).toBe(200);
  });

  it('presence is shared: someone editing on A shows on B, and leaves B when their page closes', async () => {
    const databaseUrl = await cluster.createDatabase();
    const [a, b] = [await start(databaseUrl), await start(databaseUrl)];
    const onB = await openEventStream(`${b.url}/api/presence/stream`, await b.cookie('viewer'));
    const picture = async (want: string[]) => {
      for (;;) {
        const event = await onB.next(3_000);
        const entries = (JSON.parse(event!.data) as PresenceSnapshot).entries.map(
          (e) => `${e.username}@${e.document ?? '-'}`,
        );
        if (JSON.stringify(entries) === JSON.stringify(want)) return;
      }
    };
    try {
      await picture(['product-owner@-']);
      const onA = await openEventStream(`${a.url}/api/presence/stream?document=de-DE`, await a.cookie('editor'));
      await picture(['content-manager@de-DE', 'product-owner@-']);
      onA.close();
      await picture(['product-owner@-']);
    } finally {
      onB.close();
    }
  });

  it('a restart on the same database keeps the session; a sign-out ends it on every instance', async () => {
    const url = await cluster.createDatabase();
    // users.json stays in CONFIG_DIR: the restart uses the same one.
    const configDir = path.join(shared, `store-${Date.now()}`);
    const first = await start(url, { configDir });
    const cookie = await first.cookie('editor');
    expect((await first.call('GET', '/api/session', { headers: { cookie } })).status).toBe(200);
    await stop(first);

    const second = await start(url, { configDir });
    expect(second.started.startup.sessions).toEqual({ loaded: 1, dropped: 0 });
    const again = await second.call('GET', '/api/session', { headers: { cookie } });
    expect([again.status, again.json.username]).toEqual([200, 'content-manager']);

    const other = await start(url, { configDir });
    const out = await second.call('DELETE', '/api/session', { headers: { cookie } });
    expect(out.status).toBeLessThan(300);
    expect((await other.call('GET', '/api/session', { headers: { cookie } })).status).toBe(401);
    expect(await count(url, 'sessions')).toBe(0);
  });
});

describe('a database that refuses at start', () => {
  /** The one line run-server.ts prints for what createApp threw (server/startup-errors.ts). */
  async function startLine(databaseUrl: string): Promise<string | undefined> {
    const configDir = path.join(shared, `refused-${Date.now()}`);
    const error = await createApp({ databaseUrl, configDir, seedDir: configDir }).then(
      async (started) => {
        await started.app.close();
        throw new Error('the start succeeded');
      },
      (thrown: unknown) => thrown,
    );
    return startupErrorLine(error, { port: 5173, host: 'localhost', configDir, databaseUrl });
  }

  it('cannot be reached: names the URL without its password and what to do', async () => {
    const line = await startLine('postgresql://portal:s3cret@127.0.0.1:1/portal_shell');
    expect(line).toMatch(
      /^the database at DATABASE_URL=postgresql:\/\/portal@127\.0\.0\.1:1\/portal_shell cannot be reached \(.*ECONNREFUSED.*\); start PostgreSQL or correct the host and port in DATABASE_URL, then start again$/,
    );
    expect(line).not.toContain('s3cret');
  });

  it('does not exist: says so and how to create it', async () => {
    const url = new URL(await cluster.createDatabase());
    url.pathname = '/no_such_database';
    expect(await startLine(url.toString())).toContain(
      'does not exist (database "no_such_database" does not exist); create it (createdb) or name an existing one in DATABASE_URL',
    );
  });
});
