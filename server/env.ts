/**
 * The server's environment, read and checked once at start. A bad value stops the server with the
 * valid choices named, rather than running half-configured.
 */
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEMO_USERS, type Role } from './auth/users-file';
import { parseAllowedHost, type AllowedHost } from './http/allowed-hosts';
import { parsePublicOrigin, PUBLIC_ORIGIN_EXAMPLE } from './http/public-origin';
import { DEFAULT_PAGE_CACHE_MB } from './render/page-cache';

export interface ServerEnv {
  port: number;
  host: string;
  configDir: string;
  seedDir: string;
  distDir: string;
  bodyLimit: number | undefined;
  signInLimit: number | undefined;
  demoPasswords: Partial<Record<Role, string>>;
  logLevel: string;
  /** ALLOWED_HOSTS; undefined → HOST and the loopback names with PORT (server/http/allowed-hosts.ts). */
  allowedHosts: AllowedHost[] | undefined;
  /** REQUIRE_APPROVAL: four-eyes approval of change sets before publishing (docs/workflow.md#approval). */
  requireApproval: boolean;
  /** DATABASE_URL: the documents, change sets and sessions live in PostgreSQL (docs/operations.md#postgresql). */
  databaseUrl: string | undefined;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For/-Proto/-Host are believed (docs/operations.md#behind-a-proxy). */
  trustProxy: TrustProxy | undefined;
  /** PUBLIC_ORIGIN, as an origin: where the pages' absolute URLs point (docs/operations.md#the-public-origin). */
  publicOrigin: string | undefined;
  /** PAGE_CACHE_MB, in bytes: the server-rendered pages kept (docs/operations.md#the-page-cache). */
  pageCacheBytes: number;
  /** RENDER_THREADS: the threads that render portal pages (docs/operations.md#render-threads); 0: the main thread. */
  renderThreads: number;
}

/** A number of proxy hops in front of the service, or the addresses (IPs, CIDR ranges) of the proxies. */
export type TrustProxy = number | string[];

export const ENV_DOC = {
  PORT: 'port to listen on (default 5173; 0 picks a free one)',
  HOST: 'interface to bind (default localhost; 0.0.0.0 in containers)',
  CONFIG_DIR: 'store directory (default .data/store)',
  SEED_DIR: 'read-only seed for missing documents (default config)',
  DIST_DIR: 'built client for production (default dist/client)',
  BODY_LIMIT_BYTES: 'largest accepted request body (default 524288)',
  SIGNIN_RATE_LIMIT:
    'sign-in attempts per IP per minute (default 10); each account gets as many, from all IPs together',
  ALLOWED_HOSTS:
    'comma-separated Host names the server answers for: name, name:port or https://name behind a TLS proxy (default HOST, localhost, 127.0.0.1 and [::1] with PORT)',
  DEMO_EDITOR_PASSWORD: 'password of content-manager when users.json is created',
  DEMO_VIEWER_PASSWORD: 'password of product-owner when users.json is created',
  DEMO_APPROVER_PASSWORD: 'password of approver when users.json is created',
  REQUIRE_APPROVAL:
    '1 (default): publishing needs a change set approved by someone other than its editors; 0: editors publish directly',
  DATABASE_URL:
    'postgresql://user:password@host/database: keep documents, change sets and sessions in PostgreSQL instead of CONFIG_DIR (default: unset, the file store)',
  TRUST_PROXY:
    'behind a load balancer or TLS proxy: the number of proxy hops (1, 2 …) or the comma-separated addresses of the proxies (10.0.0.0/8,127.0.0.1); the client address and https are then read from X-Forwarded-For and X-Forwarded-Proto (http or https only) (default: unset, trust no proxy)',
  PUBLIC_ORIGIN: `the origin visitors reach the portal by, such as ${PUBLIC_ORIGIN_EXAMPLE}: every absolute URL of the pages (canonical, hreflang, og:image) begins with it (default: the first ALLOWED_HOSTS entry, https behind TRUST_PROXY unless it names http://, else the listen address)`,
  PAGE_CACHE_MB: `megabytes of server-rendered portal pages kept, with their compressed forms (default ${DEFAULT_PAGE_CACHE_MB}; 0 keeps none, every page is rendered)`,
  RENDER_THREADS:
    'threads that render portal pages off the event loop (default one less than the cores, from 1 to 4; 0 renders in the main thread)',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent (default warn)',
} as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class EnvError extends Error {}

export function readEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerEnv {
  const logLevel = env.LOG_LEVEL ?? 'warn';
  if (!LOG_LEVELS.includes(logLevel))
    throw new EnvError(`LOG_LEVEL=${logLevel} is not one of ${LOG_LEVELS.join(', ')}`);
  const demoPasswords: Partial<Record<Role, string>> = {};
  for (const { role, passwordEnv } of DEMO_USERS) {
    const given = env[passwordEnv];
    if (given) demoPasswords[role] = given;
  }
  return {
    port: integer(env, 'PORT', 5173, 0, 65535),
    host: env.HOST || 'localhost',
    configDir: path.resolve(cwd, env.CONFIG_DIR || '.data/store'),
    seedDir: path.resolve(cwd, env.SEED_DIR || 'config'),
    distDir: path.resolve(cwd, env.DIST_DIR || 'dist/client'),
    bodyLimit: env.BODY_LIMIT_BYTES ? integer(env, 'BODY_LIMIT_BYTES', 0, 1024, 64 * 1024 * 1024) : undefined,
    signInLimit: env.SIGNIN_RATE_LIMIT ? integer(env, 'SIGNIN_RATE_LIMIT', 0, 1, 1_000_000) : undefined,
    demoPasswords,
    logLevel,
    allowedHosts: env.ALLOWED_HOSTS ? allowedHosts(env.ALLOWED_HOSTS) : undefined,
    requireApproval: flag(env, 'REQUIRE_APPROVAL', true),
    databaseUrl: env.DATABASE_URL ? databaseUrl(env.DATABASE_URL) : undefined,
    trustProxy: env.TRUST_PROXY ? trustProxy(env.TRUST_PROXY) : undefined,
    publicOrigin: env.PUBLIC_ORIGIN ? publicOrigin(env.PUBLIC_ORIGIN) : undefined,
    pageCacheBytes: integer(env, 'PAGE_CACHE_MB', DEFAULT_PAGE_CACHE_MB, 0, 4096) * 1024 * 1024,
    renderThreads: integer(env, 'RENDER_THREADS', defaultRenderThreads(), 0, 64),
  };
}

/** One thread is the event loop's; the rest render, up to 4 (a page is tens of milliseconds, so more rarely pays). */
export function defaultRenderThreads(cores = availableParallelism()): number {
  return Math.min(4, Math.max(1, cores - 1));
}

/**
 * Never `true` (trust every sender): then anyone could pick their own address for the sign-in limit. A hop count
 * or the proxies' addresses, which Fastify's proxy-addr checks against the socket's peer.
 */
function trustProxy(raw: string): TrustProxy {
  const text = raw.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10)
      throw new EnvError(`TRUST_PROXY=${raw} must be from 1 to 10 hops, or proxy addresses (${ENV_DOC.TRUST_PROXY})`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    if (family === 0 || extra !== undefined || (bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > maxBits)))
      throw new EnvError(
        `TRUST_PROXY: "${entry}" is neither an IP address nor a CIDR range such as 10.0.0.0/8 (${ENV_DOC.TRUST_PROXY})`,
      );
  }
  return entries;
}

function publicOrigin(raw: string): string {
  const parsed = parsePublicOrigin(raw);
  if (typeof parsed === 'string') return parsed;
  throw new EnvError(
    `PUBLIC_ORIGIN=${raw} ${parsed.error}, such as ${PUBLIC_ORIGIN_EXAMPLE} (${ENV_DOC.PUBLIC_ORIGIN})`,
  );
}

function databaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EnvError(`DATABASE_URL=${maskDatabaseUrl(raw)} is not a URL (${ENV_DOC.DATABASE_URL})`);
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new EnvError(
      `DATABASE_URL=${maskDatabaseUrl(raw)} must start with postgres:// or postgresql:// (${ENV_DOC.DATABASE_URL})`,
    );
  return raw;
}

/**
 * The connection string as it may be printed: without its password, and without a query string's password.
 * Used by the start banner and the start-up errors; a string that is not a URL loses everything after `//user:`.
 */
export function maskDatabaseUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '';
    if (url.searchParams.has('password')) url.searchParams.set('password', '***');
    // `user:@host` reads oddly; `user@host` is what people write.
    return url.toString().replace(/^([a-z]+:\/\/[^:@/]*):@/, '$1@');
  } catch {
    return raw.replace(/^([^:]+:\/\/[^:@/]*):[^@]*@/, '$1:***@');
  }
}

function allowedHosts(raw: string): AllowedHost[] {
  const entries = raw.split(',').filter((entry) => entry.trim() !== '');
  if (entries.length === 0) throw new EnvError(`ALLOWED_HOSTS=${raw} names no host (${ENV_DOC.ALLOWED_HOSTS})`);
  return entries.map((entry) => {
    const parsed = parseAllowedHost(entry);
    if ('error' in parsed) throw new EnvError(`ALLOWED_HOSTS: ${parsed.error} (${ENV_DOC.ALLOWED_HOSTS})`);
    return parsed;
  });
}

/** `1` or `0`; anything else stops the start, so a typo never silently turns approval off. */
function flag(env: NodeJS.ProcessEnv, name: keyof typeof ENV_DOC, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1') return true;
  if (raw === '0') return false;
  throw new EnvError(`${name}=${raw} must be 1 or 0 (${ENV_DOC[name]})`);
}

function integer(
  env: NodeJS.ProcessEnv,
  name: keyof typeof ENV_DOC,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max)
    throw new EnvError(`${name}=${raw} must be a whole number from ${min} to ${max} (${ENV_DOC[name]})`);
  return value;
}
