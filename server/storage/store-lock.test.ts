/**
 * store.lock in one process, with the host and the liveness of pids played by a LockEnvironment: who holds it, when a
 * lock is stale, what is never taken over, and that a release removes only its own file. Real processes:
 * store-lock.process.test.ts.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from './file-store';
import {
  acquireStoreLock,
  LOCK_FILE,
  readStoreLock,
  StoreLockedError,
  SYSTEM_LOCK_ENVIRONMENT,
  type LockEnvironment,
} from './store-lock';

let root: string;
let n = 0;
const freshDir = () => path.join(root, `store-${++n}`);
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'store-lock-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const HERE: LockEnvironment = {
  pid: 1000,
  hostname: 'here',
  now: () => new Date('2025-03-01T10:00:00.000Z'),
  processState: () => 'alive',
};
const foreignLock = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: 'portal-shell/store-lock@1',
    pid: 2000,
    hostname: 'here',
    startedAt: '2025-03-01T09:00:00.000Z',
    token: 'theirs',
    ...over,
  });

async function withLockFile(text: string): Promise<string> {
  const dir = freshDir();
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, LOCK_FILE), text);
  return dir;
}

describe('acquireStoreLock', () => {
  it('creates store.lock naming this process, and removes it on release', async () => {
    const dir = freshDir();
    await mkdir(dir);
    const lock = await acquireStoreLock(dir, HERE);
    expect(JSON.parse(await readFile(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: 1000,
      hostname: 'here',
      startedAt: '2025-03-01T10:00:00.000Z',
    });
    expect(await readStoreLock(dir)).toEqual({ pid: 1000, hostname: 'here', startedAt: '2025-03-01T10:00:00.000Z' });
    expect(lock.tookOver).toBeUndefined();
    await lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    await lock.release();
  });

  it('refuses while the holder on this host is alive, naming it and what to do', async () => {
    const dir = await withLockFile(foreignLock());
    const refused = await acquireStoreLock(dir, HERE).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreLockedError);
    expect((refused as Error).message).toBe(
      `CONFIG_DIR=${dir} is in use by another config service (pid 2000 on here, since 2025-03-01T09:00:00.000Z; store.lock); stop that process (kill 2000), or set CONFIG_DIR to another directory`,
    );
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(foreignLock());
  });

  it.each([
    ['its pid is gone', { processState: () => 'gone' as const }, {}],
    ['its pid now names a process started after the lock', { processState: () => 'reused' as const }, {}],
    [
      'it names this very pid, which this process does not hold (an earlier life, e.g. a restarted container)',
      {},
      { pid: 1000 },
    ],
  ])('takes over a stale lock: %s', async (_, env, lockFields) => {
    const dir = await withLockFile(foreignLock(lockFields));
    const lock = await acquireStoreLock(dir, { ...HERE, ...env });
    expect(lock.tookOver).toEqual({
      pid: (lockFields as { pid?: number }).pid ?? 2000,
      hostname: 'here',
      startedAt: '2025-03-01T09:00:00.000Z',
    });
    expect(JSON.parse(await readFile(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: 1000,
      hostname: 'here',
    });
    await lock.release();
  });

  it('never takes over a lock from another host, whatever its pid does here', async () => {
    const dir = await withLockFile(foreignLock({ hostname: 'elsewhere' }));
    const refused = await acquireStoreLock(dir, { ...HERE, processState: () => 'gone' }).catch(
      (error: unknown) => error as Error,
    );
    expect(refused).toBeInstanceOf(StoreLockedError);
    expect((refused as Error).message).toMatch(
      /locked by a config service on another host \(pid 2000 on elsewhere, since 2025-03-01T09:00:00\.000Z; store\.lock\), which this host cannot check, so the lock is never taken over/,
    );
    expect((refused as Error).message).toContain(`delete ${path.join(dir, LOCK_FILE)} and start again`);
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(foreignLock({ hostname: 'elsewhere' }));
  });

  it('refuses a lock it cannot read, rather than guess whose it is', async () => {
    const dir = await withLockFile('{"pid": ');
    await expect(acquireStoreLock(dir, HERE)).rejects.toThrow(
      `${path.join(dir, LOCK_FILE)} cannot be read as a lock; if no other config service uses ${dir}, delete`,
    );
  });

  it('is shared within the process that holds it, and goes with the last release', async () => {
    const dir = freshDir();
    const first = await FileStore.open({ dir });
    const again = await FileStore.open({ dir });
    expect((await readStoreLock(dir))?.pid).toBe(process.pid);
    await first.store.close();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(true);
    await again.store.close();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it('a release leaves alone a lock that is no longer its own (removed and retaken meanwhile)', async () => {
    const dir = freshDir();
    const { store } = await FileStore.open({ dir });
    await writeFile(path.join(dir, LOCK_FILE), foreignLock());
    await store.close();
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(foreignLock());
  });

  it('the real liveness check: this process is alive since before now; the same pid against an older lock is a reuse; a pid past the limit is gone', () => {
    expect(SYSTEM_LOCK_ENVIRONMENT.processState(process.pid, new Date())).toBe('alive');
    const anHourBeforeThisProcess = new Date(Date.now() - process.uptime() * 1000 - 3_600_000);
    expect(SYSTEM_LOCK_ENVIRONMENT.processState(process.pid, anHourBeforeThisProcess)).toBe('reused');
    expect(SYSTEM_LOCK_ENVIRONMENT.processState(2 ** 22 + 1, new Date())).toBe('gone');
  });
});

describe('FileStore and the lock', () => {
  it('an inspection (store:check without --repair) takes no lock and opens beside a holder', async () => {
    const dir = await withLockFile(foreignLock({ pid: 1 }));
    const { recovery } = await FileStore.open({ dir, repair: false });
    expect(recovery.findings.map((f) => f.file)).not.toContain(LOCK_FILE);
    expect(await readFile(path.join(dir, LOCK_FILE), 'utf8')).toBe(foreignLock({ pid: 1 }));
  });

  it('a repairing open refuses a live holder: it reads and writes nothing', async () => {
    // pid 1 is always alive on this host, and started before this lock.
    const dir = await withLockFile(
      foreignLock({ pid: 1, hostname: SYSTEM_LOCK_ENVIRONMENT.hostname, startedAt: new Date().toISOString() }),
    );
    await expect(FileStore.open({ dir })).rejects.toBeInstanceOf(StoreLockedError);
    expect(existsSync(path.join(dir, 'documents'))).toBe(false);
  });
});
