/**
 * Liveness and readiness: /healthz stays "the process answers"; /readyz reports the store's
 * writability (probed, cached), the users file and damaged documents, each with what to do.
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersLoad } from '../auth/users-file';
import { PROBE_FILE, StorageProbe } from '../storage/storage-probe';
import type { DamagedDocument } from '../storage/store';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { checkReadiness, databaseState } from './health-routes';

describe('GET /readyz on a healthy service', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('answers 200 ready, to anyone, never cached, with every check ok', async () => {
    const response = await server.call('GET', '/readyz');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.json).toEqual({
      status: 'ready',
      checks: {
        storage: { ok: true, checkedAt: expect.any(String) },
        users: { ok: true },
        documents: { ok: true, damaged: [] },
        changeSets: { ok: true, damaged: [] },
      },
    });
    // The probe cleans up after itself.
    expect(await readdir(server.configDir)).not.toContain(PROBE_FILE);
  });

  it('/healthz stays liveness', async () => {
    const response = await server.call('GET', '/healthz');
    expect([response.status, response.json]).toEqual([200, { ok: true }]);
  });
});

describe('checkReadiness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  const healthyUsers: UsersLoad = { file: 'users.json', users: new Map() };
  const damage: DamagedDocument = {
    id: 'de-DE',
    file: 'documents/de-DE/meta.json',
    problem: 'is not valid JSON',
    repair: 'npm run store:check -- --repair',
  };
  const noLog = () => undefined;

  it('reports damaged documents from the store, each with its file, problem and repair', async () => {
    const storage = new StorageProbe(server.configDir);
    const readiness = await checkReadiness(
      { storage, users: healthyUsers, store: { health: async () => ({ damaged: [damage] }) } },
      noLog,
    );
    expect(readiness.status).toBe('degraded');
    expect(readiness.checks.documents).toMatchObject({ ok: false, code: 'document-damaged', damaged: [damage] });
    expect(readiness.checks.documents.message).toMatch(/de-DE/);
    expect(readiness.checks.storage.ok).toBe(true);
  });

  it('reports damaged change-set records apart from the documents, which keep working', async () => {
    const storage = new StorageProbe(server.configDir);
    const record = {
      id: 'cs-abcdefghij',
      file: 'changesets/cs-abcdefghij.json',
      problem: 'is not valid JSON',
      repair: 'restore it from a backup',
    };
    const readiness = await checkReadiness(
      { storage, users: healthyUsers, store: { health: async () => ({ damaged: [], damagedChangeSets: [record] }) } },
      noLog,
    );
    expect(readiness.status).toBe('degraded');
    expect(readiness.checks.documents.ok).toBe(true);
    expect(readiness.checks.changeSets).toMatchObject({ ok: false, code: 'change-set-damaged', damaged: [record] });
    expect(readiness.checks.changeSets.message).toMatch(/cs-abcdefghij/);
  });

  it('a database store that is down makes the service degraded, and says so; one that is up adds an ok check', async () => {
    const storage = new StorageProbe(server.configDir);
    const down = await checkReadiness(
      {
        storage,
        users: healthyUsers,
        store: { health: async () => ({ damaged: [], database: { state: 'down', error: 'connect ECONNREFUSED' } }) },
      },
      noLog,
    );
    expect(down.status).toBe('degraded');
    expect(down.checks.database).toMatchObject({ ok: false, code: 'database-unavailable' });
    expect(down.checks.database?.message).toMatch(/ECONNREFUSED/);
    const up = await checkReadiness(
      { storage, users: healthyUsers, store: { health: async () => ({ damaged: [], database: { state: 'ok' } }) } },
      noLog,
    );
    expect([up.status, up.checks.database]).toEqual(['ready', { ok: true }]);
  });

  it('a store that cannot report its health is degraded, and the error goes to the log', async () => {
    const logged: string[] = [];
    const storage = new StorageProbe(server.configDir);
    const store = { health: () => Promise.reject(new Error('boom')) };
    const readiness = await checkReadiness({ storage, users: healthyUsers, store }, (_error, what) =>
      logged.push(what),
    );
    expect(readiness.status).toBe('degraded');
    expect(readiness.checks.documents).toMatchObject({ ok: false, code: 'health-unavailable' });
    expect(logged).toHaveLength(1);
  });
});

describe('databaseState (the database field of /healthz)', () => {
  const never = () => new Promise<never>(() => undefined);

  it('follows the store: ok, down, and nothing for a store without a database', async () => {
    expect(
      await databaseState({
        store: { health: async () => ({ damaged: [], database: { state: 'ok' } }) },
        database: true,
      }),
    ).toBe('ok');
    expect(
      await databaseState({
        store: { health: async () => ({ damaged: [], database: { state: 'down', error: 'connect ECONNREFUSED' } }) },
        database: true,
      }),
    ).toBe('down');
    expect(await databaseState({ store: { health: async () => ({ damaged: [] }) } })).toBeUndefined();
  });

  it('a database that does not answer in time, or a health read that throws, is down; liveness still answers', async () => {
    const t0 = performance.now();
    expect(await databaseState({ store: { health: never }, database: true }, 50)).toBe('down');
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(await databaseState({ store: { health: () => Promise.reject(new Error('boom')) }, database: true })).toBe(
      'down',
    );
    // Without a database there is nothing to report, however the store fares.
    expect(await databaseState({ store: { health: never } }, 50)).toBeUndefined();
  });
});

describe('StorageProbe', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  /** A probe on a clock the test moves, counting the writes it makes. */
  function countingProbe(cacheMs: number) {
    let now = 1_000_000;
    let writes = 0;
    const probe = new StorageProbe(server.configDir, {
      cacheMs,
      now: () => now,
      faults: { midWrite: () => void writes++ },
    });
    return { probe, writes: () => writes, advance: (ms: number) => (now += ms) };
  }

  it('writes at most once per interval, however often it is asked, and again after forget()', async () => {
    const { probe, writes, advance } = countingProbe(5_000);
    const results = await Promise.all([probe.check(), probe.check(), probe.check()]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(writes()).toBe(1);
    advance(4_999);
    await probe.check();
    expect(writes()).toBe(1);
    advance(1);
    await probe.check();
    expect(writes()).toBe(2);
    probe.forget();
    await probe.check();
    expect(writes()).toBe(3);
  });

  it('an I/O error that is neither "full" nor "read-only" is storage-unavailable, with the errno but no path', async () => {
    const eio = Object.assign(new Error(`EIO: i/o error, write '${server.configDir}/x'`), {
      code: 'EIO',
      syscall: 'write',
    });
    const probe = new StorageProbe(server.configDir, { faults: { beforeRename: () => Promise.reject(eio) } });
    const result = await probe.check();
    expect(result).toMatchObject({ ok: false, code: 'storage-unavailable', cause: eio });
    expect(!result.ok && result.message).toMatch(/\(EIO\)/);
    expect(!result.ok && result.message).not.toContain(server.configDir);
  });
});
