/**
 * Users live in CONFIG_DIR/users.json: `{ "users": [{ "username", "role", "passwordHash" }] }`.
 *
 * When the file is missing, the demo users (DEMO_USERS) are made: their passwords come from
 * DEMO_EDITOR_PASSWORD / DEMO_VIEWER_PASSWORD / DEMO_APPROVER_PASSWORD or are generated, and are returned once so the caller
 * can print them; they are never written anywhere in clear text. The file itself is written by
 * saveCreatedUsers, which the app calls only once the port is bound (app.ts), so a start that fails
 * earlier leaves no file whose generated passwords nobody saw.
 *
 * A file that exists but cannot be used (unreadable, not JSON, wrong shape, unknown role, a hash
 * that is not one) does not stop the service: customers' configs do not depend on it. It is
 * reported — sign-in answers 503 users-file-damaged, readiness is degraded, the start banner says
 * why — and it is never overwritten: it may be the only copy of real users' hashes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROLES, type Role } from '../../schemas/contracts/index';
import { writeFileAtomic } from '../storage/atomic-write';
import { generatePassword, hashPassword, isPasswordHash } from './passwords';

export { ROLES, type Role };

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
  /** Absolute path of users.json. */
  file: string;
  /** Empty when the file is damaged. */
  users: ReadonlyMap<string, UserRecord>;
  /** Set only when the file was missing: the demo users made for it, to print once. */
  created?: CreatedUser[];
  /** Set only when the file exists but cannot be used: what is wrong with it, in one sentence. */
  damage?: string;
}

export const DEMO_USERS = [
  { username: 'content-manager', role: 'editor', passwordEnv: 'DEMO_EDITOR_PASSWORD' },
  { username: 'product-owner', role: 'viewer', passwordEnv: 'DEMO_VIEWER_PASSWORD' },
  { username: 'approver', role: 'approver', passwordEnv: 'DEMO_APPROVER_PASSWORD' },
] as const satisfies readonly { username: string; role: Role; passwordEnv: string }[];

export const USERS_FILE = 'users.json';

/** What an operator does about a damaged users.json (docs/operations.md#start-up-errors). */
export const USERS_FILE_REPAIR =
  'restore users.json in CONFIG_DIR from a backup or correct it by hand ({"users": [{"username", "role", "passwordHash"}]}), ' +
  'or delete it to recreate the demo users with new passwords (printed at the next start); then restart the service';

export function usersFilePath(configDir: string): string {
  return path.join(configDir, USERS_FILE);
}

/**
 * Reads users.json; when it is missing, makes the demo users in memory (see saveCreatedUsers).
 * Never throws for a damaged file: the damage is returned.
 */
export async function loadUsers(
  configDir: string,
  demoPasswords: Partial<Record<Role, string>> = {},
): Promise<UsersLoad> {
  const file = usersFilePath(configDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') return { file, users: new Map(), damage: `it cannot be read (${code ?? String(error)})` };
    return createDemoUsers(file, demoPasswords);
  }
  const parsed = parseUsers(text);
  return typeof parsed === 'string' ? { file, users: new Map(), damage: parsed } : { file, users: parsed };
}

/** Writes the users loadUsers made for a missing file (mode 0600). A no-op for a file that was read. */
export async function saveCreatedUsers(load: UsersLoad): Promise<void> {
  if (!load.created) return;
  // 0600: the hashes are not secrets in clear, but there is no reason for others to read them.
  await writeFileAtomic(load.file, `${JSON.stringify({ users: [...load.users.values()] }, null, 2)}\n`, {
    mode: 0o600,
  });
}

/** Sign-in is refused while users.json is damaged; the API answers it as 503 users-file-damaged (server/http/errors.ts). */
export class UsersFileDamagedError extends Error {
  readonly repair = USERS_FILE_REPAIR;
  constructor(damage: string) {
    super(`${USERS_FILE} in the store is damaged, so nobody can sign in: ${damage}`);
    this.name = 'UsersFileDamagedError';
  }
}

/** The users sign-in checks against; a damaged file throws UsersFileDamagedError instead. */
export function signInUsers(load: UsersLoad): ReadonlyMap<string, UserRecord> {
  if (load.damage === undefined) return load.users;
  throw new UsersFileDamagedError(load.damage);
}

async function createDemoUsers(file: string, demoPasswords: Partial<Record<Role, string>>): Promise<UsersLoad> {
  const created: CreatedUser[] = DEMO_USERS.map(({ username, role }) => {
    const given = demoPasswords[role];
    return { username, role, password: given ?? generatePassword(), generated: given === undefined };
  });
  const records = await Promise.all(
    created.map(async ({ username, role, password }): Promise<UserRecord> => ({
      username,
      role,
      passwordHash: await hashPassword(password),
    })),
  );
  return { file, users: new Map(records.map((u) => [u.username, u])), created };
}

/** The users, or what is wrong with the text, in one sentence that names the entry. */
function parseUsers(text: string): Map<string, UserRecord> | string {
  if (text.trim() === '') return 'it is empty';
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return `it is not valid JSON (${(error as Error).message})`;
  }
  const list = (data as { users?: unknown } | null)?.users;
  if (!Array.isArray(list)) return 'it has no "users" list';
  if (list.length === 0) return 'its "users" list is empty, so nobody can sign in';
  const users = new Map<string, UserRecord>();
  for (const [i, entry] of list.entries()) {
    const u = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    if (typeof u.username !== 'string' || u.username === '') return `users[${i}] has no username`;
    const who = `users[${i}] (${u.username})`;
    if (!ROLES.includes(u.role as Role))
      return `${who} has ${u.role === undefined ? 'no role' : `role ${JSON.stringify(u.role)}`}; a role is ${ROLES.join(' or ')}`;
    if (typeof u.passwordHash !== 'string' || !isPasswordHash(u.passwordHash))
      return `${who} has a passwordHash that is not an scrypt hash (scrypt$N$r$p$salt$hash)`;
    if (users.has(u.username)) return `${who} repeats a username`;
    users.set(u.username, { username: u.username, role: u.role as Role, passwordHash: u.passwordHash });
  }
  return users;
}
