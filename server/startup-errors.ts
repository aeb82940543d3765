/**
 * Start-up failures an operator can fix — a port in use, a HOST that is not this machine, a
 * CONFIG_DIR that is not a usable directory or that another process owns, a store that refuses the writes a first start needs —
 * told in one line that names the cause and the fix, instead of a stack trace
 * (docs/operations.md#start-up-errors). Anything else is a bug and keeps its stack.
 */
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { maskDatabaseUrl, type ServerEnv } from './env';
import { DatabaseUnavailableError, SchemaTooNewError } from './storage/postgres/index';
import { STORAGE_FAILURE_TEXT, storageFailure } from './storage/storage-failure';
import { StoreLockedError } from './storage/store-lock';

/** A failure whose message is already the one line to print. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

/**
 * CONFIG_DIR must be a directory the server can read, created if missing. Whether it can also be
 * written is readiness's concern: a complete store on a full or read-only volume still serves
 * customers, so it starts degraded rather than not at all.
 */
export async function checkStoreDirectory(dir: string): Promise<void> {
  const notADirectory = (file: string) =>
    new StartupError(
      `CONFIG_DIR=${dir} is not a directory (${file} is a file); set CONFIG_DIR to a directory (default .data/store)`,
    );
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const { code, path: where = dir } = error as NodeJS.ErrnoException;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw notADirectory(await firstNonDirectory(where));
    if (code === 'EACCES' || code === 'EPERM')
      throw new StartupError(
        `CONFIG_DIR=${dir} cannot be created: no permission to write ${path.dirname(where)}; create it for the server's user, or set CONFIG_DIR to a directory it may write`,
      );
    const failure = storageFailure(error);
    if (failure)
      throw new StartupError(
        `CONFIG_DIR=${dir} cannot be created: ${STORAGE_FAILURE_TEXT[failure].problem}; ${STORAGE_FAILURE_TEXT[failure].fix}, then start again`,
      );
    throw error;
  }
  if (!(await stat(dir)).isDirectory()) throw notADirectory(dir);
  try {
    await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    throw new StartupError(
      `CONFIG_DIR=${dir} cannot be read (${code}); give the server's user read and write permission on it, or set CONFIG_DIR to a directory it owns`,
    );
  }
}

/** The one line for a failed start, or undefined when `error` is not one of the known causes. */
export function startupErrorLine(
  error: unknown,
  env: Pick<ServerEnv, 'port' | 'host' | 'configDir'> & Partial<Pick<ServerEnv, 'databaseUrl'>>,
): string | undefined {
  // Another process owns CONFIG_DIR (docs/operations.md#one-owner): the message names it and what to do.
  if (error instanceof StartupError || error instanceof StoreLockedError) return error.message;
  if (env.databaseUrl) {
    const line = databaseLine(error, maskDatabaseUrl(env.databaseUrl));
    if (line) return line;
  }
  const { code, syscall, path: file } = (error ?? {}) as NodeJS.ErrnoException;
  const freePort = 'PORT=0 picks a free one';
  if (syscall === 'listen' && code === 'EADDRINUSE')
    return `port ${env.port} is in use (another npm start?); stop it or set PORT to another port (${freePort})`;
  if (syscall === 'listen' && (code === 'EACCES' || code === 'EPERM'))
    return `port ${env.port} needs privileges this user does not have; set PORT to 1024 or above (${freePort})`;
  if (syscall === 'listen' && code === 'EADDRNOTAVAIL')
    return `HOST=${env.host} is not an address of this machine; set HOST to localhost, 0.0.0.0 (every interface) or one of its addresses`;
  if (syscall === 'getaddrinfo')
    return `HOST=${env.host} does not resolve to an address (${code}); set HOST to localhost, 0.0.0.0 (every interface) or one of this machine's addresses`;
  const failure = storageFailure(error);
  if (failure)
    return `the store in ${env.configDir} cannot be written: ${STORAGE_FAILURE_TEXT[failure].problem}; ${STORAGE_FAILURE_TEXT[failure].fix}, then start again`;
  if (file && isInside(env.configDir, file) && (code === 'EACCES' || code === 'EPERM'))
    return `${file} cannot be ${syscall === 'open' || syscall === 'scandir' ? 'read' : 'changed'} (${code}); give the server's user read and write permission on CONFIG_DIR (${env.configDir}), then start again`;
  return undefined;
}

/**
 * The database named by DATABASE_URL (its password masked) refused or could not be reached at start
 * (docs/operations.md#postgresql). SQLSTATEs from PostgreSQL's errcodes (appendix A).
 */
function databaseLine(error: unknown, url: string): string | undefined {
  if (error instanceof DatabaseUnavailableError)
    return `the database at DATABASE_URL=${url} cannot be reached (${reason(error.cause)}); start PostgreSQL or correct the host and port in DATABASE_URL, then start again`;
  if (error instanceof SchemaTooNewError) return `the database at DATABASE_URL=${url}: ${error.message}`;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (code === '28P01' || code === '28000')
    return `the database at DATABASE_URL=${url} refused the sign-in (${reason(error)}); correct the user and password in DATABASE_URL, or allow them in pg_hba.conf, then start again`;
  if (code === '3D000')
    return `the database at DATABASE_URL=${url} does not exist (${reason(error)}); create it (createdb) or name an existing one in DATABASE_URL, then start again`;
  if (code === '42501')
    return `the database at DATABASE_URL=${url} does not let its user create the service's tables (${reason(error)}); make the user the database's owner, then start again`;
  return undefined;
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The path itself or the nearest ancestor that exists: the file standing where a directory must be. */
async function firstNonDirectory(file: string): Promise<string> {
  for (let at = file; ; at = path.dirname(at)) {
    const info = await stat(at).catch(() => undefined);
    if (info || at === path.dirname(at)) return at;
  }
}

function isInside(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
