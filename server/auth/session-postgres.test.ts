/**
 * Sessions in PostgreSQL (docs/operations.md#postgresql): only digests stored, valid on every instance on the
 * database, signed out everywhere at once, the slide written at most once a minute, expired rows swept, and a
 * session whose user is gone refused. One throwaway cluster for the file (test-support/pg-cluster.ts).
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../storage/postgres/index';
import { startPgCluster, type PgCluster } from '../test-support/pg-cluster';
import { PostgresSessionStore, type PostgresSessionOptions } from './session-postgres';
import { SESSION_EXPIRY_WRITE_MS, SESSION_IDLE_MS, sessionDigest } from './sessions';

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster?.stop());

const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of closing.splice(0).reverse()) await c.close();
});

/** A new database with the schema applied, as the app has it when the sessions open. */
async function database(): Promise<string> {
  const url = await cluster.createDatabase();
  await (await PostgresStore.open({ connectionString: url })).close();
  return url;
}

async function open(url: string, options: Partial<PostgresSessionOptions> = {}) {
  const opened = await PostgresSessionStore.open({ connectionString: url, ...options });
  closing.push(opened.sessions);
  return opened;
}

async function rows(url: string): Promise<{ sha256: string; username: string; role: string; expires: Date }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT sha256, username, role, expires FROM sessions ORDER BY expires')).rows;
  } finally {
    await client.end();
  }
}

/** Now: every open sweeps by the real clock unless given another. */
const T0 = Date.now();

describe('PostgresSessionStore', () => {
  it('stores the digest of the token, never the token, and the session holds on another instance and after a reopen', async () => {
    const url = await database();
    const a = (await open(url)).sessions;
    const token = await a.create('anna', 'editor', T0);
    const stored = await rows(url);
    expect(stored).toEqual([
      { sha256: sessionDigest(token), username: 'anna', role: 'editor', expires: new Date(T0 + SESSION_IDLE_MS) },
    ]);
    expect(JSON.stringify(stored)).not.toContain(token);
    const b = (await open(url)).sessions;
    expect(await b.get(token, T0 + 1_000)).toEqual({
      id: sessionDigest(token),
      username: 'anna',
      role: 'editor',
      expires: T0 + 1_000 + SESSION_IDLE_MS,
    });
    await a.close();
    const reopened = await open(url, { now: () => T0 + 2_000 });
    expect(reopened.load).toEqual({ loaded: 1, dropped: 0 });
    expect(await reopened.sessions.get(token, T0 + 2_000)).toMatchObject({ username: 'anna' });
    expect(await b.get('not-a-token', T0)).toBeUndefined();
    expect(await b.get(undefined, T0)).toBeUndefined();
  });

  it('a sign-out on one instance ends the session on the other', async () => {
    const url = await database();
    const a = (await open(url)).sessions;
    const b = (await open(url)).sessions;
    const token = await a.create('anna', 'editor', T0);
    expect(await b.get(token, T0)).toBeDefined();
    await b.delete(token);
    expect(await a.get(token, T0)).toBeUndefined();
    expect(await rows(url)).toEqual([]);
  });

  it('live() names the sessions that still live; every end is told at once here, and through NOTIFY on the other instance', async () => {
    const url = await database();
    const store = await PostgresStore.open({ connectionString: url });
    closing.push(store);
    const a = (await open(url)).sessions;
    const b = (await open(url, { notices: store })).sessions;
    const onA: string[] = [];
    const onB: string[] = [];
    a.onEnded((id) => onA.push(id));
    b.onEnded((id) => onB.push(id));
    const [out, expired] = [await a.create('anna', 'editor', T0), await a.create('bob', 'editor', T0)];
    const id = (token: string) => sessionDigest(token);
    expect(await b.live([id(out), id(expired), 'f'.repeat(64)], T0)).toEqual(new Set([id(out), id(expired)]));
    expect(await b.live([id(out)], T0 + SESSION_IDLE_MS)).toEqual(new Set());
    expect(await b.live([], T0)).toEqual(new Set());

    await a.delete(out);
    expect(onA).toEqual([id(out)]);
    await expect.poll(() => onB).toEqual([id(out)]);
    expect(await a.get(expired, T0 + SESSION_IDLE_MS)).toBeUndefined();
    expect(onA).toEqual([id(out), id(expired)]);
    await expect.poll(() => onB).toEqual([id(out), id(expired)]);
  });

  it('writes the slid expiry at most once a minute, and never moves it back', async () => {
    const url = await database();
    const { sessions } = await open(url);
    const token = await sessions.create('anna', 'editor', T0);
    await sessions.get(token, T0 + SESSION_EXPIRY_WRITE_MS - 1);
    expect((await rows(url))[0]!.expires.getTime()).toBe(T0 + SESSION_IDLE_MS);
    await sessions.get(token, T0 + SESSION_EXPIRY_WRITE_MS);
    expect((await rows(url))[0]!.expires.getTime()).toBe(T0 + SESSION_EXPIRY_WRITE_MS + SESSION_IDLE_MS);
    // An instance with a slower clock does not shorten what another one wrote.
    await sessions.get(token, T0 + 2 * SESSION_EXPIRY_WRITE_MS + 1);
    await sessions.get(token, T0 + SESSION_EXPIRY_WRITE_MS * 2.5);
    expect((await rows(url))[0]!.expires.getTime()).toBe(T0 + 2 * SESSION_EXPIRY_WRITE_MS + 1 + SESSION_IDLE_MS);
  });

  it('an expired session is refused and deleted on use; the rest are swept at open, at sign-in and periodically', async () => {
    const url = await database();
    const { sessions } = await open(url);
    const old = await sessions.create('anna', 'editor', T0);
    const older = await sessions.create('po', 'approver', T0 - 1_000);
    expect(await sessions.get(old, T0 + SESSION_IDLE_MS)).toBeUndefined();
    expect((await rows(url)).map((r) => r.username)).toEqual(['po']);
    // At sign-in: po's session, expired by then, goes.
    await sessions.create('vic', 'viewer', T0 + SESSION_IDLE_MS);
    expect((await rows(url)).map((r) => r.username)).toEqual(['vic']);
    expect(older).not.toBe(old);

    const at = await open(url, { now: () => T0 + 3 * SESSION_IDLE_MS });
    expect(at.load).toEqual({ loaded: 0, dropped: 1 });

    let clock = T0;
    const periodic = await open(url, { now: () => clock, sweepEveryMs: 20 });
    await periodic.sessions.create('anna', 'editor', T0);
    clock = T0 + SESSION_IDLE_MS + 1;
    await expect.poll(async () => (await rows(url)).length, { timeout: 2_000 }).toBe(0);
  });

  it('refuses and deletes a session whose user is gone or has another role', async () => {
    const url = await database();
    const { sessions } = await open(url, { accept: (s) => s.username === 'anna' && s.role === 'editor' });
    const kept = await sessions.create('anna', 'editor', T0);
    const gone = await sessions.create('bob', 'editor', T0);
    const demoted = await sessions.create('anna', 'viewer', T0);
    expect(await sessions.get(kept, T0)).toMatchObject({ username: 'anna' });
    expect(await sessions.get(gone, T0)).toBeUndefined();
    expect(await sessions.get(demoted, T0)).toBeUndefined();
    expect((await rows(url)).map((r) => `${r.username}/${r.role}`)).toEqual(['anna/editor']);
  });
});
