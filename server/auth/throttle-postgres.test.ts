/**
 * Sign-in limits shared through PostgreSQL (docs/operations.md#several-instances): two instances on one database
 * together allow what one did, per client IP and per account; counts are atomic across instances; ended windows
 * start again and are swept; a database that is away answers 503 database-unavailable, never a silent lockout.
 * One throwaway cluster for the file (test-support/pg-cluster.ts), one database per test.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PostgresStore } from '../storage/postgres/index';
import { DatabaseUnavailableError } from '../storage/postgres/database-errors';
import { accountLimiterContract } from '../test-support/account-limiter-contract';
import { startPgCluster, type PgCluster } from '../test-support/pg-cluster';
import { newAddress, signInFrom } from '../test-support/sign-in-from';
import { PASSWORDS, startTestServer, USERNAMES, type TestServer } from '../test-support/test-server';
import { PostgresAccountThrottle, PostgresLimits } from './throttle-postgres';

const LIMIT = 3;
const WINDOW_MS = 60_000;

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(() => cluster?.stop());

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A database with the schema applied (the store's open runs the migrations). */
async function migratedDatabase(): Promise<string> {
  const url = await cluster.createDatabase();
  const store = await PostgresStore.open({ connectionString: url });
  await store.close();
  return url;
}

function limits(url: string, windowMs = WINDOW_MS): PostgresLimits {
  const made = new PostgresLimits({ connectionString: url, windowMs, connectTimeoutMs: 1_000 });
  closers.push(() => made.close());
  return made;
}

async function rows(url: string): Promise<{ key: string; count: number }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ key: string; count: number }>('SELECT key, count FROM sign_in_limits ORDER BY key'))
      .rows;
  } finally {
    await client.end();
  }
}

async function twoInstances(): Promise<[TestServer, TestServer]> {
  const url = await cluster.createDatabase();
  const servers: TestServer[] = [];
  for (let i = 0; i < 2; i++) {
    const server = await startTestServer({ databaseUrl: url, signInLimit: { max: LIMIT, timeWindowMs: WINDOW_MS } });
    closers.push(() => server.close());
    servers.push(server);
  }
  return servers as [TestServer, TestServer];
}

const signIn = signInFrom;

describe('two instances on one database share the sign-in limits', () => {
  it(`per client IP: ${LIMIT} attempts spread over both instances, then 429 on either`, async () => {
    const [a, b] = await twoInstances();
    const address = newAddress();
    const answers = [];
    // Right passwords: the per-IP limit counts every attempt, and successes do not touch the per-account count.
    for (let i = 0; i < LIMIT; i++)
      answers.push((await signIn(i % 2 ? b : a, USERNAMES.viewer, PASSWORDS.viewer, address)).status);
    expect(answers).toEqual(Array(LIMIT).fill(200));
    const refusedOnA = await signIn(a, USERNAMES.viewer, PASSWORDS.viewer, address);
    const refusedOnB = await signIn(b, USERNAMES.viewer, PASSWORDS.viewer, address);
    expect([refusedOnA, refusedOnB]).toMatchObject([
      { status: 429, code: 'rate-limited' },
      { status: 429, code: 'rate-limited' },
    ]);
    expect(Number(refusedOnA.retryAfter)).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn(b, USERNAMES.viewer, PASSWORDS.viewer)).status).toBe(200);
  });

  it(`per account: ${LIMIT} failures from different addresses over both instances, then 429 even with the right password`, async () => {
    const [a, b] = await twoInstances();
    const answers = [];
    for (let i = 0; i < LIMIT; i++) answers.push((await signIn(i % 2 ? a : b, USERNAMES.editor, `guess-${i}`)).code);
    expect(answers).toEqual(Array(LIMIT).fill('invalid-credentials'));
    expect(await signIn(a, USERNAMES.editor, PASSWORDS.editor)).toMatchObject({ status: 429, code: 'rate-limited' });
    expect(await signIn(b, USERNAMES.editor, PASSWORDS.editor)).toMatchObject({ status: 429, code: 'rate-limited' });
    // Unknown names are counted like real ones, and other accounts are left alone.
    const unknown = [];
    for (let i = 0; i <= LIMIT; i++) unknown.push((await signIn(i % 2 ? a : b, 'no-such-user', `guess-${i}`)).code);
    expect(unknown).toEqual([...Array(LIMIT).fill('invalid-credentials'), 'rate-limited']);
    expect((await signIn(a, USERNAMES.viewer, PASSWORDS.viewer)).status).toBe(200);
  });
});

accountLimiterContract(
  'PostgresAccountThrottle',
  async (max, windowMs) => new PostgresAccountThrottle(limits(await migratedDatabase()), { max, windowMs }),
);

describe('PostgresLimits', () => {
  it('counts atomically: concurrent attempts through two pools each get a distinct count', async () => {
    const url = await migratedDatabase();
    const [one, two] = [limits(url), limits(url)];
    const counts = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).hit('ip:x', WINDOW_MS)));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const { ttlMs } of counts) expect(ttlMs).toBeGreaterThan(WINDOW_MS - 10_000);
    expect(await one.read('ip:x', WINDOW_MS)).toMatchObject({ count: 30 });
    expect(await one.read('ip:other', WINDOW_MS)).toEqual({ count: 0, ttlMs: 0 });
  });

  it('starts an ended window again at 1, and the sweep deletes ended windows only', async () => {
    const url = await migratedDatabase();
    const short = limits(url, 300);
    await short.hit('account:a', 300);
    expect((await short.hit('account:a', 300)).count).toBe(2);
    await short.hit('account:b', WINDOW_MS);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await short.read('account:a', 300)).toEqual({ count: 0, ttlMs: 0 });
    expect((await short.hit('account:a', 300)).count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    // account:a's new window has ended too; account:b's started 700 ms ago, beyond the sweep's 300 ms.
    expect(await short.sweep()).toBe(2);
    expect(await rows(url)).toEqual([]);
    await limits(url).hit('account:c', WINDOW_MS);
    expect(await limits(url).sweep()).toBe(0);
    expect(await rows(url)).toEqual([{ key: 'account:c', count: 1 }]);
  });

  it('PostgresAccountThrottle keeps its counts in the table, one row per account that failed', async () => {
    const url = await migratedDatabase();
    const throttle = new PostgresAccountThrottle(limits(url), { max: 2, windowMs: WINDOW_MS });
    for (const succeeded of [true, false, true, false, true, false]) await throttle.attempt('anna', succeeded);
    await throttle.attempt('ben', true);
    expect(await rows(url)).toEqual([{ key: 'account:anna', count: 3 }]);
  });

  it('a table that is missing is DatabaseUnavailableError, not an attempt let through', async () => {
    const url = await cluster.createDatabase();
    await expect(limits(url).hit('ip:x', WINDOW_MS)).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});

// Last: it stops the cluster for a moment.
describe('a database that is away', () => {
  it('sign-in answers 503 database-unavailable with Retry-After, /healthz stays 200 and says the database is down', async () => {
    const [a] = await twoInstances();
    expect((await a.call('GET', '/healthz')).json).toEqual({ ok: true, database: 'ok' });
    await cluster.pause();
    try {
      const refused = await signIn(a, USERNAMES.editor, PASSWORDS.editor);
      expect(refused).toMatchObject({ status: 503, code: 'database-unavailable' });
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      const health = await a.call('GET', '/healthz');
      expect([health.status, health.json]).toEqual([200, { ok: true, database: 'down' }]);
    } finally {
      await cluster.resume();
    }
    expect((await signIn(a, USERNAMES.editor, PASSWORDS.editor)).status).toBe(200);
    expect((await a.call('GET', '/healthz')).json).toEqual({ ok: true, database: 'ok' });
  }, 60_000);
});
