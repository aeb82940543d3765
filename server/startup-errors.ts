/**
 * Start-up failures an operator can fix — a port in use, a HOST that is not this machine, a
 * CONFIG_DIR that is not a usable directory or that another process owns, a store that refuses the writes a first start needs —
 * told in one line that names the cause and the fix, instead of a stack trace
 * (docs/operations.md#start-up-errors). Anything else is a bug and keeps its stack.
 */
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ServerEnv } from './env';
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
  const notADirectory = (file: string) => new StartupError(`CONFIG_DIR=${dir} is not a directory (${file} is a file); set CONFIG_DIR to a directory (default .data/store)`);
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const { code, path: where = dir } = error as NodeJS.ErrnoException;
    if (code === 'EEXIST' || code === 'ENOTDIR') throw notADirectory(await firstNonDirectory(where));
    if (code === 'EACCES' || code === 'EPERM')
      throw new StartupError(`CONFIG_DIR=${dir} cannot be created: no permission to write ${path.dirname(where)}; create it for the server's user, or set CONFIG_DIR to a directory it may write`);
    const failure = storageFailure(error);
    if (failure) throw new StartupError(`CONFIG_DIR=${dir} cannot be created: ${STORAGE_FAILURE_TEXT[failure].problem}; ${STORAGE_FAILURE_TEXT[failure].fix}, then start again`);
    throw error;
  }
  if (!(await stat(dir)).isDirectory()) throw notADirectory(dir);
  try {
    await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EACCES' && code !== 'EPERM') throw error;
    throw new StartupError(`CONFIG_DIR=${dir} cannot be read (${code}); give the server's user read and write permission on it, or set CONFIG_DIR to a directory it owns`);
  }
}

/** The one line for a failed start, or undefined when `error` is not one of the known causes. */
export function startupErrorLine(error: unknown, env: Pick<ServerEnv, 'port' | 'host' | 'configDir'>): string | undefined {
  // Another process owns CONFIG_DIR (docs/operations.md#one-owner): the message names it and what to do.
  if (error instanceof StartupError || error instanceof StoreLockedError) return error.message;
  const { code, syscall, path: file } = (error ?? {}) as NodeJS.ErrnoException;
  const freePort = 'PORT=0 picks a free one';
  if (syscall === 'listen' && code === 'EADDRINUSE') return `port ${env.port} is in use (another npm start?); stop it or set PORT to another port (${freePort})`;
  if (syscall === 'listen' && (code === 'EACCES' || code === 'EPERM')) return `port ${env.port} needs privileges this user does not have; set PORT to 1024 or above (${freePort})`;
  if (syscall === 'listen' && code === 'EADDRNOTAVAIL') return `HOST=${env.host} is not an address of this machine; set HOST to localhost, 0.0.0.0 (every interface) or one of its addresses`;
  if (syscall === 'getaddrinfo') return `HOST=${env.host} does not resolve to an address (${code}); set HOST to localhost, 0.0.0.0 (every interface) or one of this machine's addresses`;
  const failure = storageFailure(error);
  if (failure) return `the store in ${env.configDir} cannot be written: ${STORAGE_FAILURE_TEXT[failure].problem}; ${STORAGE_FAILURE_TEXT[failure].fix}, then start again`;
  if (file && isInside(env.configDir, file) && (code === 'EACCES' || code === 'EPERM'))
    return `${file} cannot be ${syscall === 'open' || syscall === 'scandir' ? 'read' : 'changed'} (${code}); give the server's user read and write permission on CONFIG_DIR (${env.configDir}), then start again`;
  return undefined;
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
