/**
 * More users than the three demo ones, for tests that need two people of one role (two editors, so one can
 * hand the other's edit on: docs/workflow.md#approval). users.json is written before the app starts, so the app
 * reads it instead of making the demo users; the demo users keep the test passwords, so `server.call({ as })`
 * still signs in as them.
 */
import { mkdir } from 'node:fs/promises';
import { hashPassword } from '../auth/passwords';
import { DEMO_USERS, usersFilePath, type Role, type UserRecord } from '../auth/users-file';
import { writeFileAtomic } from '../storage/atomic-write';
import { PASSWORDS, type TestServer } from './test-server';

export interface ExtraUser {
  username: string;
  role: Role;
  password: string;
}

/** Writes `configDir`/users.json: the demo users with the test passwords, then `extra`. */
export async function writeUsers(configDir: string, extra: readonly ExtraUser[]): Promise<void> {
  const everyone = [
    ...DEMO_USERS.map(({ username, role }) => ({ username, role, password: PASSWORDS[role] })),
    ...extra,
  ];
  const users: UserRecord[] = await Promise.all(
    everyone.map(async ({ username, role, password }) => ({
      username,
      role,
      passwordHash: await hashPassword(password),
    })),
  );
  await mkdir(configDir, { recursive: true });
  await writeFileAtomic(usersFilePath(configDir), `${JSON.stringify({ users }, null, 2)}\n`, { mode: 0o600 });
}

/** Signs `user` in on `server`; the session cookie (`name=value`) to send as the `cookie` header. */
export async function signIn(server: TestServer, user: Pick<ExtraUser, 'username' | 'password'>): Promise<string> {
  const response = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in as ${user.username} failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}
