/**
 * CONFIG_DIR/sessions.json (docs/operations.md#sessions): sessions survive a reopen, the file holds digests and never
 * a token, expired sessions are swept (at open, on use, periodically), a slid expiry is written at most once a
 * minute, and a damaged file is moved aside and logged, never fatal.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FileSessionStore, SESSIONS_FILE, type FileSessionOptions } from './session-file';
import { SESSION_EXPIRY_WRITE_MS, SESSION_IDLE_MS, sessionDigest } from './sessions';

let root: string;
let n = 0;
const opened: FileSessionStore[] = [];
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'session-file-'));
});
afterEach(async () => {
  for (const s of opened.splice(0)) await s.close();
});
afterAll(() => rm(root, { recursive: true, force: true }));

const T0 = Date.parse('2025-03-01T08:00:00.000Z');

async function open(options: Partial<FileSessionOptions> & { dir: string }) {
  const result = await FileSessionStore.open({ now: () => T0, ...options });
  opened.push(result.sessions);
  return result;
}
const freshDir = () => path.join(root, `store-${++n}`);
const fileOf = async (dir: string) =>
  JSON.parse(await readFile(path.join(dir, SESSIONS_FILE), 'utf8')) as {
    sessions: { sha256: string; username: string; role: string; expires: string }[];
  };

describe('FileSessionStore', () => {
  it('a session survives a reopen; the file, mode 0600, holds its digest, user, role and expiry, never the token', async () => {
    const dir = freshDir();
    const { sessions } = await open({ dir });
    const token = await sessions.create('anna', 'editor', T0);
    const text = await readFile(path.join(dir, SESSIONS_FILE), 'utf8');
    expect(text).not.toContain(token);
    expect(JSON.parse(text).sessions).toEqual([
      {
        sha256: sessionDigest(token),
        username: 'anna',
        role: 'editor',
        expires: new Date(T0 + SESSION_IDLE_MS).toISOString(),
      },
    ]);
    expect((await stat(path.join(dir, SESSIONS_FILE))).mode & 0o777).toBe(0o600);

    const { sessions: reopened, load } = await open({ dir });
    expect(load).toEqual({ loaded: 1, dropped: 0 });
    expect(await reopened.get(token, T0 + 1000)).toEqual({
      id: sessionDigest(token),
      username: 'anna',
      role: 'editor',
      expires: T0 + 1000 + SESSION_IDLE_MS,
    });
    expect(await reopened.get('not-a-token', T0)).toBeUndefined();
  });

  it('sign-out deletes the session from the file, so it does not come back after a reopen', async () => {
    const dir = freshDir();
    const { sessions } = await open({ dir });
    const token = await sessions.create('anna', 'editor', T0);
    const other = await sessions.create('otto', 'viewer', T0);
    await sessions.delete(token);
    expect((await fileOf(dir)).sessions.map((s) => s.username)).toEqual(['otto']);
    const { sessions: reopened } = await open({ dir });
    expect(await reopened.get(token, T0)).toBeUndefined();
    expect(await reopened.get(other, T0)).toBeDefined();
  });

  it('tells its listeners the id of each session that ends (sign-out, expiry on use, sweep); live() names those still live', async () => {
    const dir = freshDir();
    let now = T0;
    const { sessions } = await open({ dir, now: () => now, sweepEveryMs: 20 });
    const ended: string[] = [];
    const stop = sessions.onEnded((id) => ended.push(id));
    const [out, used, swept] = [
      await sessions.create('out', 'viewer', T0),
      await sessions.create('used', 'viewer', T0),
      await sessions.create('swept', 'viewer', T0 + 1000),
    ];
    const id = (token: string) => sessionDigest(token);
    expect(await sessions.live([id(out), id(swept), 'f'.repeat(64)], T0)).toEqual(new Set([id(out), id(swept)]));
    expect(await sessions.live([id(out)], T0 + SESSION_IDLE_MS)).toEqual(new Set());

    // Told before the file is written: whoever holds a connection for it need not wait for the disk.
    const signedOut = sessions.delete(out);
    expect(ended).toEqual([id(out)]);
    await signedOut;
    expect(await sessions.get(used, T0 + SESSION_IDLE_MS)).toBeUndefined();
    expect(ended).toEqual([id(out), id(used)]);
    now = T0 + 1000 + SESSION_IDLE_MS;
    await expect.poll(() => ended).toEqual([id(out), id(used), id(swept)]);
    stop();
    await sessions.delete(await sessions.create('after', 'viewer', now));
    expect(ended).toHaveLength(3);
  });

  it('sweeps expired sessions at open, at sign-in and on use', async () => {
    const dir = freshDir();
    const { sessions } = await open({ dir });
    const early = await sessions.create('early', 'viewer', T0);
    const late = await sessions.create('late', 'viewer', T0 + 60 * 60 * 1000);
    const expiredEarly = T0 + SESSION_IDLE_MS;

    // At open: a store opened after the first session's expiry drops it and rewrites the file without it.
    const { sessions: reopened, load } = await open({ dir, now: () => expiredEarly + 1 });
    expect(load).toEqual({ loaded: 1, dropped: 1 });
    expect((await fileOf(dir)).sessions.map((s) => s.username)).toEqual(['late']);
    expect(await reopened.get(early, expiredEarly + 1)).toBeUndefined();

    // On use: an expired token is refused and gone from the file.
    const lateExpiry = T0 + 60 * 60 * 1000 + SESSION_IDLE_MS;
    expect(await reopened.get(late, lateExpiry)).toBeUndefined();
    await reopened.close();
    expect((await fileOf(dir)).sessions).toEqual([]);

    // At sign-in: creating a session drops the expired ones.
    const { sessions: third } = await open({ dir });
    await third.create('a', 'viewer', T0);
    await third.create('b', 'viewer', T0 + SESSION_IDLE_MS + 1);
    expect((await fileOf(dir)).sessions.map((s) => s.username)).toEqual(['b']);
  });

  it('sweeps periodically, without a request', async () => {
    const dir = freshDir();
    let now = T0;
    const { sessions } = await open({ dir, now: () => now, sweepEveryMs: 20 });
    await sessions.create('anna', 'editor', T0);
    now = T0 + SESSION_IDLE_MS + 1;
    await expect.poll(async () => (await fileOf(dir)).sessions.length, { timeout: 2000 }).toBe(0);
  });

  it('a request slides the expiry in memory; the file gets it at most once a minute per session, and at close', async () => {
    const dir = freshDir();
    const { sessions } = await open({ dir });
    const token = await sessions.create('anna', 'editor', T0);
    const onDisk = async () => Date.parse((await fileOf(dir)).sessions[0]!.expires) - SESSION_IDLE_MS;

    for (let second = 1; second < 60; second++) expect(await sessions.get(token, T0 + second * 1000)).toBeDefined();
    expect(await onDisk()).toBe(T0);
    await sessions.get(token, T0 + SESSION_EXPIRY_WRITE_MS);
    await expect.poll(onDisk).toBe(T0 + SESSION_EXPIRY_WRITE_MS);
    await sessions.get(token, T0 + SESSION_EXPIRY_WRITE_MS + 5000);
    await sessions.close();
    expect(await onDisk()).toBe(T0 + SESSION_EXPIRY_WRITE_MS + 5000);
  });

  it('drops at open the sessions the caller no longer accepts (a user removed, or given another role)', async () => {
    const dir = freshDir();
    const { sessions } = await open({ dir });
    const anna = await sessions.create('anna', 'editor', T0);
    const otto = await sessions.create('otto', 'editor', T0);
    const { sessions: reopened, load } = await open({ dir, accept: (s) => s.username === 'anna' });
    expect(load).toEqual({ loaded: 1, dropped: 1 });
    expect(await reopened.get(anna, T0)).toBeDefined();
    expect(await reopened.get(otto, T0)).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"format": "portal-shell/sessions@1", "sessions": [', /is not JSON/],
    ['another format', '{"format": "something-else", "sessions": []}', /is not a sessions file/],
    [
      'an entry with a token in place of a digest',
      JSON.stringify({
        format: 'portal-shell/sessions@1',
        sessions: [{ sha256: 'abc', username: 'a', role: 'editor', expires: '2025-03-01T09:00:00Z' }],
      }),
      /sessions\[0\]\.sha256 is not a SHA-256 in hex/,
    ],
    [
      'an unknown role',
      JSON.stringify({
        format: 'portal-shell/sessions@1',
        sessions: [{ sha256: 'a'.repeat(64), username: 'a', role: 'root', expires: '2025-03-01T09:00:00Z' }],
      }),
      /sessions\[0\]\.role is not one of editor/,
    ],
  ])(
    'a damaged file (%s) is logged and kept aside as .damaged; the store starts empty and writes a new file',
    async (_, text, problem) => {
      const dir = freshDir();
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, SESSIONS_FILE), text);
      const logged: string[] = [];
      const { sessions, load } = await open({ dir, log: (level, message) => logged.push(`${level}: ${message}`) });
      expect(load.loaded).toBe(0);
      expect(load.damaged?.problem).toMatch(problem);
      expect(await readFile(path.join(dir, `${SESSIONS_FILE}.damaged`), 'utf8')).toBe(text);
      expect(logged).toEqual([
        expect.stringMatching(
          new RegExp(
            `^error: ${path.join(dir, SESSIONS_FILE)} .*kept as .*sessions\\.json\\.damaged; everyone signed in before must sign in again`,
          ),
        ),
      ]);
      await sessions.create('anna', 'editor', T0);
      expect((await fileOf(dir)).sessions).toHaveLength(1);
    },
  );

  it('a second damaged file never replaces the first one kept aside', async () => {
    const dir = freshDir();
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, SESSIONS_FILE), 'first');
    await open({ dir });
    await writeFile(path.join(dir, SESSIONS_FILE), 'second');
    const { load } = await open({ dir });
    expect(await readFile(path.join(dir, `${SESSIONS_FILE}.damaged`), 'utf8')).toBe('first');
    expect(await readFile(load.damaged!.keptAs!, 'utf8')).toBe('second');
    expect(existsSync(path.join(dir, SESSIONS_FILE))).toBe(false);
  });
});
