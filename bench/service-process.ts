/**
 * Real config-service processes for the service benches (server/main.ts in its own process, no npx wrapper, so a
 * SIGKILL hits the server itself), and the few HTTP calls the benches make. Approval is off (REQUIRE_APPROVAL=0)
 * so a single document publishes directly (docs/api.md#post-apidocumentsidpublish--publish-the-draft-editor),
 * unless a bench of the workflow asks for it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PASSWORD = 'bench-editor-password';
/** The demo users' passwords the bench processes are started with (DEMO_*_PASSWORD). */
const PASSWORDS = {
  'content-manager': PASSWORD,
  'product-owner': `${PASSWORD}-viewer`,
  approver: `${PASSWORD}-approver`,
} as const;
export type BenchUser = keyof typeof PASSWORDS;

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  stderr: () => string;
}

export interface ServiceOptions {
  port: number;
  configDir: string;
  databaseUrl?: string;
  /** Four-eyes approval before publishing (docs/workflow.md#approval); off unless asked for. */
  requireApproval?: boolean;
  /** The entry to run: server/main.ts, or scripts/serve.ts (the same server, which refuses to start without a build). */
  entry?: 'server/main.ts' | 'scripts/serve.ts';
  /** More of the environment (DIST_DIR, NODE_ENV, PAGE_CACHE_MB, …). */
  env?: Record<string, string>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export function spawnService(options: ServiceOptions): ServiceProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    CONFIG_DIR: options.configDir,
    REQUIRE_APPROVAL: options.requireApproval ? '1' : '0',
    DEMO_EDITOR_PASSWORD: PASSWORDS['content-manager'],
    DEMO_VIEWER_PASSWORD: PASSWORDS['product-owner'],
    DEMO_APPROVER_PASSWORD: PASSWORDS.approver,
    SIGNIN_RATE_LIMIT: '100000',
    LOG_LEVEL: 'error',
  };
  // The file-store runs must not pick up a DATABASE_URL from the caller's shell.
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env,
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  return { url: `http://127.0.0.1:${options.port}`, child, stderr: () => stderr };
}

export async function waitHealthy(service: ServiceProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service.child.exitCode !== null)
      throw new Error(`server exited with ${service.child.exitCode} during start:\n${service.stderr()}`);
    try {
      if ((await fetch(`${service.url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  service.child.kill('SIGKILL');
  throw new Error(`server did not answer /healthz within ${timeoutMs} ms:\n${service.stderr()}`);
}

export async function startService(options: ServiceOptions): Promise<ServiceProcess> {
  const service = spawnService(options);
  await waitHealthy(service);
  return service;
}

export async function stopService(service: ServiceProcess, signal: NodeJS.Signals): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  const exited = new Promise((resolve) => service.child.once('exit', resolve));
  service.child.kill(signal);
  await exited;
}

// ── HTTP ─────────────────────────────────────────────────────────────────────
export interface Doc {
  etag: string;
  version: number;
  // The bench edits documents freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  content: any;
  text: string;
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads a few known fields of the API's answers
  json: any;
  ms: number;
}

/** Every request has a timeout: a hang is a finding (status 0, `hung`), never a stuck bench. */
export const REQUEST_TIMEOUT_MS = 10_000;

export async function request(
  url: string,
  init: RequestInit = {},
): Promise<Answer & { hung?: boolean; networkError?: string }> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, json, ms: performance.now() - started };
  } catch (error) {
    const hung = (error as Error).name === 'TimeoutError';
    return {
      status: 0,
      json: undefined,
      ms: performance.now() - started,
      hung,
      networkError: (error as Error).message,
    };
  }
}

export async function signIn(url: string, username: BenchUser = 'content-manager'): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORDS[username] }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in as ${username} failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

export async function getDoc(url: string, cookie: string, id: string): Promise<Doc> {
  const answer = await request(`${url}/api/documents/${id}`, { headers: { cookie } });
  if (answer.status !== 200)
    throw new Error(`GET ${id}: ${answer.status} ${JSON.stringify(answer.json) ?? answer.networkError}`);
  return answer.json as Doc;
}

/** `ticket`: the Write-Ticket header, for a writer that takes part in the write turns (docs/api.md#write-turns). */
export function putDoc(
  url: string,
  cookie: string,
  id: string,
  content: unknown,
  etag: string,
  message: string,
  ticket?: string,
) {
  const headers = {
    cookie,
    'content-type': 'application/json',
    'if-match': etag,
    ...(ticket ? { 'write-ticket': ticket } : {}),
  };
  return request(`${url}/api/documents/${id}`, { method: 'PUT', headers, body: JSON.stringify({ content, message }) });
}

export function publishDoc(url: string, cookie: string, id: string, etag: string) {
  return request(`${url}/api/documents/${id}/publish`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'if-match': etag },
    body: '{}',
  });
}

export interface HistoryEntry {
  version: number;
  message: string;
  action: string;
}

export async function history(url: string, cookie: string, id: string): Promise<HistoryEntry[]> {
  const answer = await request(`${url}/api/documents/${id}/history`, { headers: { cookie } });
  if (answer.status !== 200) throw new Error(`GET ${id}/history: ${answer.status}`);
  return answer.json.versions as HistoryEntry[];
}

/**
 * The lost-update check: every acknowledged save's marker is the message of the version it was acknowledged as,
 * and the history's versions are contiguous 1..N. Returns the number of acknowledged saves missing.
 */
export function lostUpdates(
  entries: readonly HistoryEntry[],
  acknowledged: readonly { version: number; marker: string }[],
) {
  const byVersion = new Map(entries.map((e) => [e.version, e.message]));
  const lost = acknowledged.filter((a) => byVersion.get(a.version) !== a.marker).length;
  const versions = entries.map((e) => e.version).sort((a, b) => a - b);
  const contiguous = versions.every((v, i) => v === i + 1);
  return { lost, contiguous, versions: versions.length };
}

/** Full-jitter exponential backoff: a random wait in [0, min(cap, base·2^attempt)). */
export function backoffMs(attempt: number, baseMs = 5, capMs = 200): number {
  return Math.random() * Math.min(capMs, baseMs * 2 ** attempt);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const round = (value: number) => Math.round(value * 10) / 10;
