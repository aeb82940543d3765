/**
 * A full or read-only store, through the real API: every write (save, restore, publish) that the
 * storage refuses answers a named code — 507 storage-full or 503 storage-read-only, with what to do —
 * never 500 internal; it leaves no temp file and changes nothing customers or editors see; readiness
 * turns degraded at once and ready again once the storage recovers.
 *
 * The errno errors are injected through the store's WriteFaults seam, at both points of a write.
 * Prints one line of figures (npm run test:hardening).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { startupErrorLine } from '../startup-errors';
import { writeSeedFixture } from '../test-support/seed-fixture';
import { snapshotTree, startTestServer, tempFiles, type TestServer } from '../test-support/test-server';
import { writeFileAtomic, type WriteFaults } from './atomic-write';
import { storageFailure, StorageWriteError } from './storage-failure';
import { PROBE_CACHE_MS } from './storage-probe';

/** What the kernel says, and what the API must answer (docs/api.md). */
const ERRNOS = [
  { errno: 'ENOSPC', status: 507, code: 'storage-full' },
  { errno: 'EDQUOT', status: 507, code: 'storage-full' },
  { errno: 'EROFS', status: 503, code: 'storage-read-only' },
  { errno: 'EACCES', status: 503, code: 'storage-read-only' },
  { errno: 'EPERM', status: 503, code: 'storage-read-only' },
] as const;
const HOOKS = ['midWrite', 'beforeRename'] as const satisfies readonly (keyof WriteFaults)[];
/** Where the write fails: the operation's first file (nothing written yet), or its commit point (meta.json). */
const WHERE = { 'first write': /./, 'meta.json': /meta\.json$/ } as const;
const OPERATIONS = ['save', 'restore', 'publish'] as const;

function errnoError(code: string, syscall = 'write'): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected by the test, ${syscall}`), { code, errno: -1, syscall });
}

/** Faults that throw `errno` at `hook` for matching targets, for as long as they are armed. */
function storageFaults() {
  let armed: { errno: string; hook: keyof WriteFaults; where: RegExp } | undefined;
  const fire = (hook: keyof WriteFaults) => (target: string) => {
    if (armed?.hook === hook && armed.where.test(target)) throw errnoError(armed.errno);
  };
  return {
    faults: { midWrite: fire('midWrite'), beforeRename: fire('beforeRename') } satisfies WriteFaults,
    arm(errno: string, hook: keyof WriteFaults, where: RegExp) {
      armed = { errno, hook, where };
    },
    disarm() {
      armed = undefined;
    },
  };
}

describe('a full or read-only store, through the API', () => {
  const injector = storageFaults();
  let server: TestServer;
  const figures = { cases: 0, named: 0, internal: 0, tempFilesLeft: 0, visibleChanges: 0 };

  beforeAll(async () => {
    server = await startTestServer({ faults: injector.faults });
    // An unpublished draft, so that publishing writes (a published file, meta.json, the manifest).
    const flags = (await server.call('GET', '/api/documents/flags', { as: 'editor' })).json;
    flags.content.flags[0].description = 'A draft waiting to be published.';
    const saved = await server.call('PUT', '/api/documents/flags', {
      as: 'editor',
      headers: { 'if-match': flags.etag },
      body: { content: flags.content, message: 'unpublished' },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    console.log(
      `storage failures: ${figures.cases} refused writes (${ERRNOS.map((e) => e.errno).join(', ')} × ${OPERATIONS.join('/')} × ${HOOKS.join('/')} × ${Object.keys(WHERE).join('/')}); ` +
        `${figures.named} answered storage-full/storage-read-only, ${figures.internal} answered 500 internal, ${figures.tempFilesLeft} temp files left, ${figures.visibleChanges} visible changes`,
    );
    await server?.close();
  });

  /** What editors and customers can see of flags: the draft, the published version and the manifest. */
  async function visibleState() {
    const draft = (await server.call('GET', '/api/documents/flags', { as: 'editor' })).json;
    const history = (await server.call('GET', '/api/documents/flags/history', { as: 'editor' })).json;
    const manifest = (await server.call('GET', '/configs/manifest.json')).text;
    return {
      draft: [draft.version, draft.text],
      published: history.publishedVersion,
      versions: history.versions.length,
      manifest,
    };
  }

  async function attempt(operation: (typeof OPERATIONS)[number]) {
    const current = (await server.call('GET', '/api/documents/flags', { as: 'editor' })).json;
    const headers = { 'if-match': current.etag };
    if (operation === 'publish') return server.call('POST', '/api/documents/flags/publish', { as: 'editor', headers });
    if (operation === 'restore')
      return server.call('POST', '/api/documents/flags/restore', { as: 'editor', headers, body: { version: 1 } });
    const content = structuredClone(current.content);
    content.flags[0].description = 'This save meets a full or read-only disk.';
    return server.call('PUT', '/api/documents/flags', { as: 'editor', headers, body: { content, message: 'refused' } });
  }

  const cases = ERRNOS.flatMap((e) =>
    OPERATIONS.flatMap((operation) =>
      HOOKS.flatMap((hook) =>
        Object.keys(WHERE).map((where) => ({ ...e, operation, hook, where: where as keyof typeof WHERE })),
      ),
    ),
  );

  it.each(cases)(
    '$errno at $hook of the $where of a $operation: $status $code, nothing visible changes, no temp file',
    async ({ errno, status, code, operation, hook, where }) => {
      const before = await visibleState();
      const treeBefore = await snapshotTree(server.configDir);
      injector.arm(errno, hook, WHERE[where]);
      let response;
      try {
        response = await attempt(operation);
      } finally {
        injector.disarm();
      }
      figures.cases++;
      if (response.json?.error?.code === code) figures.named++;
      if (response.json?.error?.code === 'internal') figures.internal++;
      const leftovers = await tempFiles(server.configDir);
      figures.tempFilesLeft += leftovers.length;
      const after = await visibleState();
      if (JSON.stringify(after) !== JSON.stringify(before)) figures.visibleChanges++;

      expect([response.status, response.json.error.code]).toEqual([status, code]);
      expect(response.json.error.message).toMatch(/nothing was written/);
      expect(response.json.error.hint).toMatch(/CONFIG_DIR/);
      // Server paths stay in the log.
      expect(response.text).not.toContain(server.configDir);
      expect(leftovers).toEqual([]);
      expect(after).toEqual(before);
      // When the very first file fails, not one byte changes on disk.
      if (where === 'first write') expect(await snapshotTree(server.configDir)).toEqual(treeBefore);
    },
  );

  it('readiness turns degraded as soon as a write is refused, and ready again once the storage recovers', async () => {
    expect((await server.call('GET', '/readyz')).status).toBe(200);
    injector.arm('ENOSPC', 'midWrite', /./);
    try {
      expect((await attempt('save')).status).toBe(507);
      // No waiting for the probe's cache: the refused save made it probe again.
      const degraded = await server.call('GET', '/readyz');
      expect(degraded.status).toBe(503);
      expect(degraded.json).toMatchObject({
        status: 'degraded',
        checks: { storage: { ok: false, code: 'storage-full' }, users: { ok: true }, documents: { ok: true } },
      });
      expect(degraded.json.checks.storage.hint).toMatch(/free space/);
    } finally {
      injector.disarm();
    }
    // Still degraded from the cache until it expires; then the probe writes again, and succeeds.
    expect((await server.call('GET', '/readyz')).status).toBe(503);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + PROBE_CACHE_MS + 1000);
      const ready = await server.call('GET', '/readyz');
      expect([ready.status, ready.json.status, ready.json.checks.storage.ok]).toEqual([200, 'ready', true]);
    } finally {
      vi.useRealTimers();
    }
    expect((await attempt('save')).status).toBe(200);
  });
});

describe('writeFileAtomic on a full or read-only store', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it.each(ERRNOS)(
    '$errno: a StorageWriteError ($code) naming the file; the old bytes stay, no temp file',
    async ({ errno, code }) => {
      const target = path.join(server.root, `target-${errno}.json`);
      await writeFileAtomic(target, 'old');
      const failed = writeFileAtomic(target, 'new bytes', {
        faults: { midWrite: () => Promise.reject(errnoError(errno)) },
      });
      await expect(failed).rejects.toBeInstanceOf(StorageWriteError);
      await expect(failed).rejects.toMatchObject({ failure: code, code: errno, target });
      expect(await readFile(target, 'utf8')).toBe('old');
      expect(await tempFiles(server.root)).toEqual([]);
    },
  );

  it('other I/O errors stay what they are (500 internal), and a permission error on a read is not "read-only"', async () => {
    const target = path.join(server.root, 'target-eio.json');
    const failed = writeFileAtomic(target, 'x', { faults: { beforeRename: () => Promise.reject(errnoError('EIO')) } });
    await expect(failed).rejects.toMatchObject({ code: 'EIO' });
    await expect(failed).rejects.not.toBeInstanceOf(StorageWriteError);
    expect(storageFailure(errnoError('EACCES', 'open'))).toBeUndefined();
    expect(storageFailure(errnoError('ENOSPC', 'mkdir'))).toBe('storage-full');
    expect(storageFailure(errnoError('EROFS', 'mkdir'))).toBe('storage-read-only');
  });
});

describe('starting on a full or read-only store', () => {
  let root: string;
  let seedDir: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'storage-start-test-'));
    seedDir = await writeSeedFixture(path.join(root, 'seed'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const refuseEveryWrite = (errno: string): WriteFaults => ({ midWrite: () => Promise.reject(errnoError(errno)) });

  it('a complete store starts degraded: customers are served, writes and readiness name the cause', async () => {
    const configDir = path.join(root, 'complete');
    await (await startTestServer({ configDir, seedDir })).close();
    const server = await startTestServer({ configDir, seedDir, faults: refuseEveryWrite('EROFS') });
    try {
      expect(server.started.startup.storage).toMatchObject({ ok: false, code: 'storage-read-only' });
      expect((await server.call('GET', '/configs/manifest.json')).status).toBe(200);
      const ready = await server.call('GET', '/readyz');
      expect([ready.status, ready.json.checks.storage.code]).toEqual([503, 'storage-read-only']);
      const flags = (await server.call('GET', '/api/documents/flags', { as: 'editor' })).json;
      const save = await server.call('PUT', '/api/documents/flags', {
        as: 'editor',
        headers: { 'if-match': flags.etag },
        body: { content: flags.content },
      });
      expect([save.status, save.json.error.code]).toEqual([503, 'storage-read-only']);
    } finally {
      await server.close();
    }
  });

  it('a first start, which must seed the store and create users.json, stops with one line naming the cause', async () => {
    const configDir = path.join(root, 'fresh');
    const failed = await createApp({ configDir, seedDir, faults: refuseEveryWrite('ENOSPC') }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failed).toBeDefined();
    expect(startupErrorLine(failed, { port: 5173, host: 'localhost', configDir })).toMatch(
      new RegExp(`^the store in ${configDir} cannot be written: the store has no space left .*then start again$`),
    );
  });
});
