/**
 * A damaged users.json, each variant followed by a restart of the service on the same store: the
 * service starts, customers still get every published config, sign-in answers 503
 * users-file-damaged naming the file, what is wrong and how to repair it, readiness is degraded,
 * and the file is never rewritten. Prints one line of figures (npm run test:hardening).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORDS, startTestServer, USERNAMES } from '../test-support/test-server';
import { writeSeedFixture } from '../test-support/seed-fixture';
import { usersFilePath } from './users-file';

let root: string;
let configDir: string;
let seedDir: string;
let valid: string;
const figures = { variants: 0, outages: 0, namedAtSignIn: 0, degradedReadiness: 0, fileRewritten: 0 };

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'users-file-test-'));
  configDir = path.join(root, 'store');
  seedDir = await writeSeedFixture(path.join(root, 'seed'));
  // A first start seeds and publishes the store and writes a healthy users.json.
  const first = await startTestServer({ configDir, seedDir });
  await first.close();
  valid = await readFile(usersFilePath(configDir), 'utf8');
});
afterAll(async () => {
  console.log(
    `users.json damage: ${figures.variants} variants, each followed by a restart; ${figures.outages} service-wide outages, ` +
      `${figures.namedAtSignIn} answered users-file-damaged at sign-in, ${figures.degradedReadiness} reported by /readyz, ${figures.fileRewritten} files rewritten`,
  );
  await rm(root, { recursive: true, force: true });
});

const entry = (changes: Record<string, unknown>) => () => {
  const users = JSON.parse(valid).users as Record<string, unknown>[];
  return JSON.stringify({ users: [{ ...users[0], ...changes }, users[1]] });
};

/** The damage, and the words the answer must use to say what it is. */
const VARIANTS: { name: string; text: () => string | Buffer; says: RegExp }[] = [
  { name: 'truncated mid-file', text: () => valid.slice(0, valid.length >> 1), says: /not valid JSON/ },
  { name: 'empty', text: () => '', says: /empty/ },
  { name: 'only whitespace', text: () => '\n  \n', says: /empty/ },
  { name: '{}', text: () => '{}', says: /no "users" list/ },
  { name: 'null', text: () => 'null', says: /no "users" list/ },
  { name: 'an array', text: () => '[]', says: /no "users" list/ },
  { name: '"users" is an object', text: () => '{"users": {}}', says: /no "users" list/ },
  { name: 'no users', text: () => '{"users": []}', says: /empty, so nobody can sign in/ },
  {
    name: 'an entry that is a string',
    text: () => '{"users": ["content-manager"]}',
    says: /users\[0\] has no username/,
  },
  { name: 'unknown role', text: entry({ role: 'admin' }), says: /users\[0\] \(content-manager\) has role "admin"/ },
  { name: 'no role', text: entry({ role: undefined }), says: /users\[0\] \(content-manager\) has no role/ },
  {
    name: 'a clear-text password instead of a hash',
    text: entry({ passwordHash: PASSWORDS.editor }),
    says: /users\[0\] \(content-manager\) has a passwordHash that is not an scrypt hash/,
  },
  {
    name: 'a hash whose cost no server can check',
    text: entry({
      passwordHash: 'scrypt$1048576$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    }),
    says: /passwordHash that is not an scrypt hash/,
  },
  {
    name: 'a repeated username',
    text: () => JSON.stringify({ users: [JSON.parse(valid).users[0], JSON.parse(valid).users[0]] }),
    says: /users\[1\] \(content-manager\) repeats a username/,
  },
  { name: 'binary garbage', text: () => Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x80, 0x22]), says: /not valid JSON/ },
];

describe('a damaged users.json never takes the service down', () => {
  it.each(VARIANTS)(
    '$name: the service starts, customers are served, sign-in says what is wrong',
    async ({ text, says }) => {
      const file = usersFilePath(configDir);
      const damaged = text();
      await writeFile(file, damaged);
      figures.variants++;
      let server;
      try {
        server = await startTestServer({ configDir, seedDir });
      } catch (error) {
        figures.outages++;
        throw error;
      }
      try {
        // Customers: the manifest and every file it names.
        const manifest = await server.call('GET', '/configs/manifest.json');
        expect(manifest.status).toBe(200);
        const files = Object.values(manifest.json.documents as Record<string, { file: string }>).map((d) => d.file);
        expect(files.length).toBeGreaterThan(0);
        for (const name of files) expect((await server.call('GET', `/configs/${name}`)).status).toBe(200);

        const signIn = await server.call('POST', '/api/session', {
          body: { username: USERNAMES.editor, password: PASSWORDS.editor },
        });
        expect([signIn.status, signIn.json.error.code]).toEqual([503, 'users-file-damaged']);
        expect(signIn.json.error.message).toMatch(/^users\.json /);
        expect(signIn.json.error.message).toMatch(says);
        expect(signIn.json.error.hint).toMatch(/backup/);
        expect(signIn.json.error.hint).toMatch(/delete it/);
        if (signIn.json.error.code === 'users-file-damaged') figures.namedAtSignIn++;
        // Still deny by default: no way in without a session.
        expect((await server.call('GET', '/api/documents')).status).toBe(401);

        const ready = await server.call('GET', '/readyz');
        expect(ready.status).toBe(503);
        expect(ready.json.checks.users).toMatchObject({ ok: false, code: 'users-file-damaged' });
        expect(ready.json.checks.users.message).toMatch(says);
        if (ready.json.checks.users.ok === false) figures.degradedReadiness++;
        expect(ready.json.checks.storage.ok).toBe(true);
      } finally {
        await server.close();
      }
      const after = await readFile(file);
      if (!after.equals(Buffer.from(damaged))) figures.fileRewritten++;
      expect(after.equals(Buffer.from(damaged))).toBe(true);
    },
  );

  it('users.json that cannot be read (a directory in its place): reported with the errno, left alone', async () => {
    const file = usersFilePath(configDir);
    await rm(file, { force: true });
    await mkdir(file);
    const server = await startTestServer({ configDir, seedDir });
    try {
      expect((await server.call('GET', '/configs/manifest.json')).status).toBe(200);
      const signIn = await server.call('POST', '/api/session', {
        body: { username: USERNAMES.editor, password: PASSWORDS.editor },
      });
      expect([signIn.status, signIn.json.error.code]).toEqual([503, 'users-file-damaged']);
      expect(signIn.json.error.message).toMatch(/cannot be read \(EISDIR\)/);
    } finally {
      await server.close();
      await rm(file, { recursive: true, force: true });
    }
  });

  it('once repaired (restored from a backup) and restarted, sign-in works again', async () => {
    await writeFile(usersFilePath(configDir), valid);
    const server = await startTestServer({ configDir, seedDir });
    try {
      const signIn = await server.call('POST', '/api/session', {
        body: { username: USERNAMES.editor, password: PASSWORDS.editor },
      });
      expect(signIn.status).toBe(200);
      expect((await server.call('GET', '/readyz')).json.checks.users).toEqual({ ok: true });
    } finally {
      await server.close();
    }
  });
});
