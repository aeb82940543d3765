/**
 * Users live in CONFIG_DIR/users.json: `{ "users": [{ "username", "role", "passwordHash" }] }`.
 * When the file is missing, it is created with the two demo users; their passwords come from
 * DEMO_EDITOR_PASSWORD / DEMO_VIEWER_PASSWORD or are generated, and are returned once so the
 * caller can print them. They are never written anywhere in clear text.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../storage/atomic-write';
import { generatePassword, hashPassword } from './passwords';

export type Role = 'editor' | 'viewer';
export const ROLES: readonly Role[] = ['editor', 'viewer'];

export interface UserRecord {
  username: string;
  role: Role;
  passwordHash: string;
}

export interface CreatedUser {
  username: string;
  role: Role;
  password: string;
  /** True when generated here; false when it came from the environment. */
  generated: boolean;
}

export interface UsersLoad {
  file: string;
  users: ReadonlyMap<string, UserRecord>;
  /** Set only when this call created the file. */
  created?: CreatedUser[];
}

export const DEMO_USERS = [
  { username: 'content-manager', role: 'editor', passwordEnv: 'DEMO_EDITOR_PASSWORD' },
  { username: 'product-owner', role: 'viewer', passwordEnv: 'DEMO_VIEWER_PASSWORD' },
] as const;

export function usersFilePath(configDir: string): string {
  return path.join(configDir, 'users.json');
}

export async function loadOrCreateUsers(configDir: string, demoPasswords: Partial<Record<Role, string>> = {}): Promise<UsersLoad> {
  const file = usersFilePath(configDir);
  let text: string | undefined;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text !== undefined) return { file, users: parseUsers(file, text) };

  const created: CreatedUser[] = DEMO_USERS.map(({ username, role }) => {
    const given = demoPasswords[role];
    return { username, role, password: given ?? generatePassword(), generated: given === undefined };
  });
  const records: UserRecord[] = await Promise.all(created.map(async ({ username, role, password }) => ({ username, role, passwordHash: await hashPassword(password) })));
  // 0600: the hashes are not secrets in clear, but there is no reason for others to read them.
  await writeFileAtomic(file, `${JSON.stringify({ users: records }, null, 2)}\n`, { mode: 0o600 });
  return { file, users: new Map(records.map((u) => [u.username, u])), created };
}

function parseUsers(file: string, text: string): Map<string, UserRecord> {
  const fail = (why: string): never => {
    throw new Error(`${file}: ${why}. Fix it, or delete it to recreate the demo users.`);
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    fail('not valid JSON');
  }
  const users = (data as { users?: unknown })?.users;
  if (!Array.isArray(users)) return fail('expected { "users": [...] }');
  const map = new Map<string, UserRecord>();
  users.forEach((u: Partial<UserRecord>, i) => {
    if (typeof u?.username !== 'string' || typeof u.passwordHash !== 'string' || !ROLES.includes(u.role as Role))
      fail(`users[${i}] needs username, passwordHash and a role of ${ROLES.join(' or ')}`);
    map.set(u.username!, { username: u.username!, role: u.role!, passwordHash: u.passwordHash! });
  });
  return map;
}
