/**
 * A real config service on an ephemeral port over real temp directories, plus a small fetch
 * wrapper that signs in as a role and carries the cookie. Each call gets its own directories.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp, type AppOptions, type StartedApp } from '../app';
import { DEMO_USERS, type Role } from '../auth/users-file';
import { writeSeedFixture } from './seed-fixture';

export const PASSWORDS: Record<Role, string> = {
  editor: 'editor-test-pass',
  viewer: 'viewer-test-pass',
  approver: 'approver-test-pass',
};
export const USERNAMES: Record<Role, string> = Object.fromEntries(
  DEMO_USERS.map((u) => [u.role, u.username]),
) as Record<Role, string>;

export type Who = Role | 'anonymous';

export interface CallOptions {
  as?: Who;
  headers?: Record<string, string>;
  /** Sent as JSON unless it is already a string. */
  body?: unknown;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // Tests read into error bodies and documents freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface TestServer {
  url: string;
  /** Parent temp dir holding store/, seed/ and anything a test adds (e.g. a canary beside the store). */
  root: string;
  configDir: string;
  seedDir: string;
  started: StartedApp;
  call(method: string, urlPath: string, options?: CallOptions): Promise<CallResult>;
  cookie(role: Role): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(options: Partial<AppOptions> = {}): Promise<TestServer> {
  const root = await mkdtemp(path.join(tmpdir(), 'config-service-test-'));
  const seedDir = options.seedDir ?? (await writeSeedFixture(path.join(root, 'seed')));
  const configDir = options.configDir ?? path.join(root, 'store');
  const started = await createApp({ demoPasswords: PASSWORDS, ...options, seedDir, configDir });
  // The start's own background writes (the fragments and the manifest, what fell due) must be over before a test looks
  // at the store: on a loaded machine a half-written manifest's temp file was taken for one the test's write left
  // (storage-failures.hardening.test.ts). A test of the start itself calls createApp.
  await Promise.all([started.fragments.catch(() => undefined), started.workflow.scheduled.catch(() => undefined)]);
  await started.app.listen({ port: 0, host: '127.0.0.1' });
  const address = started.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const cookies = new Map<Role, string>();

  const call: TestServer['call'] = async (method, urlPath, { as = 'anonymous', headers = {}, body } = {}) => {
    const all: Record<string, string> = { ...headers };
    if (as !== 'anonymous') all.cookie = await cookie(as);
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      all['content-type'] ??= 'application/json';
    }
    const response = await fetch(url + urlPath, {
      method,
      headers: all,
      ...(payload !== undefined ? { body: payload } : {}),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };

  const cookie = async (role: Role): Promise<string> => {
    const known = cookies.get(role);
    if (known) return known;
    const response = await fetch(`${url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: USERNAMES[role], password: PASSWORDS[role] }),
    });
    if (response.status !== 200)
      throw new Error(`sign-in as ${role} failed: ${response.status} ${await response.text()}`);
    const value = response.headers.getSetCookie()[0]!.split(';')[0]!;
    cookies.set(role, value);
    return value;
  };

  return {
    url,
    root,
    configDir,
    seedDir,
    started,
    call,
    cookie,
    async close() {
      await started.app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Every file under `dir` (relative path → size and mtime), to prove a request changed nothing. */
export async function snapshotTree(dir: string): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const info = await stat(full);
    result.set(path.relative(dir, full), `${info.size}:${info.mtimeMs}`);
  }
  return result;
}

/** Temp files anywhere under `dir`. */
export async function tempFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.tmp')).map((e) => path.join(e.parentPath, e.name));
}
