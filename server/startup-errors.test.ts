/**
 * The one-line start-up messages for causes the start-up test (server/startup.test.ts) cannot
 * stage as root or without a second network: permissions, privileged ports, a full store.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStoreDirectory, startupErrorLine } from './startup-errors';
import { StorageWriteError } from './storage/storage-failure';
import { StoreLockedError } from './storage/store-lock';

const env = { port: 80, host: 'localhost', configDir: '/srv/portal/store' };
const errno = (code: string, syscall: string, file?: string) =>
  Object.assign(new Error(`${code}: ${syscall}`), { code, syscall, ...(file ? { path: file } : {}) });

describe('startupErrorLine', () => {
  it('names the cause and the fix for a privileged port', () => {
    expect(startupErrorLine(errno('EACCES', 'listen'), env)).toMatch(
      /^port 80 needs privileges .*set PORT to 1024 or above/,
    );
  });

  it('a store that refuses the writes a start needs: what is wrong and what to do', () => {
    const full = new StorageWriteError('storage-full', '/srv/portal/store/users.json', errno('ENOSPC', 'write'));
    expect(startupErrorLine(full, env)).toMatch(
      /^the store in \/srv\/portal\/store cannot be written: the store has no space left.*free space.*then start again$/,
    );
    expect(startupErrorLine(errno('EROFS', 'mkdir', '/srv/portal/store/documents/de-DE'), env)).toMatch(
      /refuses writes.*remount/,
    );
  });

  it('a file in the store the server may not read names that file', () => {
    const line = startupErrorLine(errno('EACCES', 'open', '/srv/portal/store/documents/de-DE/meta.json'), env);
    expect(line).toMatch(
      /^\/srv\/portal\/store\/documents\/de-DE\/meta\.json cannot be read \(EACCES\); give the server's user read and write permission/,
    );
  });

  it('a CONFIG_DIR another process owns: the lock error is the line, naming the holder (docs/operations.md#one-owner)', () => {
    const line =
      'CONFIG_DIR=/srv/portal/store is in use by another config service (pid 7 on web-1, since 2025-03-01T09:00:00.000Z; store.lock); stop that process (kill 7), or set CONFIG_DIR to another directory';
    expect(
      startupErrorLine(
        new StoreLockedError(line, '/srv/portal/store/store.lock', {
          pid: 7,
          hostname: 'web-1',
          startedAt: '2025-03-01T09:00:00.000Z',
        }),
        env,
      ),
    ).toBe(line);
  });

  it('anything else is not a start-up error: it keeps its stack', () => {
    expect(startupErrorLine(errno('EACCES', 'open', '/etc/shadow'), env)).toBeUndefined();
    expect(startupErrorLine(new TypeError('x is undefined'), env)).toBeUndefined();
    expect(startupErrorLine(undefined, env)).toBeUndefined();
  });
});

describe('checkStoreDirectory', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'store-dir-test-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('creates a missing CONFIG_DIR, parents included', async () => {
    const dir = path.join(root, 'a', 'b', 'store');
    await checkStoreDirectory(dir);
    expect((await stat(dir)).isDirectory()).toBe(true);
  });
});
