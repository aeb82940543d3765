/**
 * One process owns a CONFIG_DIR (docs/operations.md#one-owner). The file store keeps its records in memory, so a
 * second process on the same directory would answer 200 to two saves carrying the same ETag and lose one of them.
 * At open the store takes `store.lock`, a file created exclusively that names its holder {pid, hostname,
 * startedAt}; a second process finds it and refuses to start (StoreLockedError, one line through
 * server/startup-errors.ts).
 *
 * A lock whose process is gone (same host, process.kill(pid, 0) → ESRCH, or the pid now belongs to a process
 * started after the lock was taken) is stale: it is taken over, and the caller logs that. A lock from another host
 * cannot be checked from here and is never taken over; the message says how to remove it.
 *
 * The lock is per process: a second open of the same directory in the process that holds it shares the lock
 * (tests reopen a store to play a restart) and the file goes when the last holder closes, or at exit.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, unlinkSync } from 'node:fs';
import { link, open, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { fsyncDirectory, TEMP_SUFFIX } from './atomic-write';

export const LOCK_FILE = 'store.lock';
const LOCK_FORMAT = 'portal-shell/store-lock@1';

export interface LockHolder {
  pid: number;
  hostname: string;
  /** ISO time the holder took the lock. */
  startedAt: string;
}

interface LockRecord extends LockHolder {
  format: typeof LOCK_FORMAT;
  /** Tells this holder's file from a later one at the same path, so a release never removes someone else's lock. */
  token: string;
}

export interface StoreLock {
  readonly file: string;
  readonly holder: LockHolder;
  /** The stale lock this one replaced, for the caller's log line. */
  readonly tookOver: LockHolder | undefined;
  /** Releases this holder's share; the file goes with the last one. Idempotent. */
  release(): Promise<void>;
}

/** Another process holds the directory, or its lock cannot be read. The message is the one line to print. */
export class StoreLockedError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly holder: LockHolder | undefined,
  ) {
    super(message);
    this.name = 'StoreLockedError';
  }
}

/** Test seams: what this host and process look like, and whether a pid is alive. */
export interface LockEnvironment {
  pid: number;
  hostname: string;
  now(): Date;
  /** 'alive' | 'gone', or 'reused' when the pid now names a process started after `since`. */
  processState(pid: number, since: Date): 'alive' | 'gone' | 'reused';
}

export const SYSTEM_LOCK_ENVIRONMENT: LockEnvironment = {
  pid: process.pid,
  hostname: hostname(),
  now: () => new Date(),
  processState,
};

interface Held {
  record: LockRecord;
  file: string;
  count: number;
}

/** Directories this process holds, by lock file path. */
const held = new Map<string, Held>();
let exitHookInstalled = false;

export async function acquireStoreLock(
  dir: string,
  env: LockEnvironment = SYSTEM_LOCK_ENVIRONMENT,
): Promise<StoreLock> {
  const file = path.join(path.resolve(dir), LOCK_FILE);
  const mine = held.get(file);
  if (mine) {
    mine.count++;
    return handle(mine, undefined);
  }
  const record: LockRecord = {
    format: LOCK_FORMAT,
    pid: env.pid,
    hostname: env.hostname,
    startedAt: env.now().toISOString(),
    token: randomBytes(12).toString('hex'),
  };
  let tookOver: LockHolder | undefined;
  // A few rounds at most: each one either creates the file, refuses, or removes a stale lock another starter may race us for.
  for (let round = 0; round < 5; round++) {
    if (await createExclusive(file, record)) {
      const entry: Held = { record, file, count: 1 };
      held.set(file, entry);
      installExitHook();
      return handle(entry, tookOver);
    }
    const current = await readLock(file);
    if (current === 'missing') continue;
    if (current === 'damaged')
      throw new StoreLockedError(
        `${file} cannot be read as a lock; if no other config service uses ${path.dirname(file)}, delete ${file} and start again, or set CONFIG_DIR to another directory`,
        file,
        undefined,
      );
    if (!isStale(current, env)) throw lockedError(file, current, env);
    if (await removeIfUnchanged(file, current)) tookOver = holderOf(current);
  }
  throw new StoreLockedError(
    `${file} keeps changing while this process tries to take it (another config service is starting on ${path.dirname(file)}?); start again`,
    file,
    undefined,
  );
}

/** Who holds `dir`, if anyone: for read-only tools (npm run store:check) that do not take the lock. */
export async function readStoreLock(dir: string): Promise<LockHolder | undefined> {
  const current = await readLock(path.join(path.resolve(dir), LOCK_FILE));
  return typeof current === 'object' ? holderOf(current) : undefined;
}

export function describeHolder(holder: LockHolder): string {
  return `pid ${holder.pid} on ${holder.hostname}, since ${holder.startedAt}`;
}

function handle(entry: Held, tookOver: LockHolder | undefined): StoreLock {
  let released = false;
  return {
    file: entry.file,
    holder: holderOf(entry.record),
    tookOver,
    async release() {
      if (released) return;
      released = true;
      if (--entry.count > 0) return;
      held.delete(entry.file);
      const current = await readLock(entry.file);
      // Removed or replaced by hand meanwhile: what is there now is not ours to delete.
      if (typeof current === 'object' && current.token === entry.record.token)
        await unlink(entry.file).catch(() => undefined);
    },
  };
}

function lockedError(file: string, holder: LockRecord, env: LockEnvironment): StoreLockedError {
  const dir = path.dirname(file);
  const who = describeHolder(holder);
  const message =
    holder.hostname === env.hostname
      ? `CONFIG_DIR=${dir} is in use by another config service (${who}; ${LOCK_FILE}); stop that process (kill ${holder.pid}), or set CONFIG_DIR to another directory`
      : `CONFIG_DIR=${dir} is locked by a config service on another host (${who}; ${LOCK_FILE}), which this host cannot check, so the lock is never taken over; stop that service, or, if it is gone, delete ${file} and start again; or set CONFIG_DIR to another directory`;
  return new StoreLockedError(message, file, holderOf(holder));
}

function isStale(holder: LockRecord, env: LockEnvironment): boolean {
  if (holder.hostname !== env.hostname) return false;
  // This process does not hold the directory (held would say so): a lock naming our pid is an earlier life of it,
  // typically a container restarted with the same pid.
  if (holder.pid === env.pid) return true;
  const since = new Date(holder.startedAt);
  return env.processState(holder.pid, Number.isNaN(since.getTime()) ? new Date(0) : since) !== 'alive';
}

/**
 * Writes the record to a temp file and links it to the lock path: link() fails with EEXIST when the lock exists,
 * like open(O_EXCL), and the lock appears with its whole content, so a reader never sees it half-written.
 * A file system without hard links falls back to open(O_EXCL).
 */
async function createExclusive(file: string, record: LockRecord): Promise<boolean> {
  const text = `${JSON.stringify(record, null, 2)}\n`;
  const temp = path.join(
    path.dirname(file),
    `.${LOCK_FILE}.${record.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`,
  );
  await writeFile(temp, text, { flag: 'wx', mode: 0o644 });
  try {
    await link(temp, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ENOENT: a start that holds the directory swept our temp file (sweepTempFiles); the next read names it.
    if (code === 'EEXIST' || code === 'ENOENT') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS' && code !== 'EOPNOTSUPP') throw error;
    try {
      const fd = await open(file, 'wx', 0o644);
      try {
        await fd.writeFile(text);
        await fd.sync();
      } finally {
        await fd.close();
      }
    } catch (fallbackError) {
      if ((fallbackError as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw fallbackError;
    }
  } finally {
    await unlink(temp).catch(() => undefined);
  }
  await fsyncDirectory(path.dirname(file));
  return true;
}

async function readLock(file: string): Promise<LockRecord | 'missing' | 'damaged'> {
  // The open(O_EXCL) fallback writes after creating: an empty or partial file may be a starter mid-write.
  for (let attempt = 0; ; attempt++) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      throw error;
    }
    const record = parseLock(text);
    if (record) return record;
    if (attempt >= 4) return 'damaged';
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function parseLock(text: string): LockRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockRecord> | null;
    if (value?.format !== LOCK_FORMAT) return undefined;
    const { pid, hostname: host, startedAt, token } = value;
    if (
      !Number.isSafeInteger(pid) ||
      pid! <= 0 ||
      typeof host !== 'string' ||
      typeof startedAt !== 'string' ||
      typeof token !== 'string'
    )
      return undefined;
    return value as LockRecord;
  } catch {
    return undefined;
  }
}

/**
 * Moves the stale lock aside rather than deleting it: two starters racing for one stale lock both try, only one
 * rename finds the file, and a starter that moved a lock that is no longer the stale one (a racer's fresh lock)
 * puts it back.
 */
async function removeIfUnchanged(file: string, stale: LockRecord): Promise<boolean> {
  const aside = path.join(
    path.dirname(file),
    `.${LOCK_FILE}.${process.pid}.${randomBytes(6).toString('hex')}.stale${TEMP_SUFFIX}`,
  );
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = parseLock(await readFile(aside, 'utf8').catch(() => ''));
  if (moved?.token === stale.token) {
    await unlink(aside);
    return true;
  }
  await link(aside, file).catch(() => undefined);
  await unlink(aside);
  return false;
}

function holderOf(record: LockHolder): LockHolder {
  return { pid: record.pid, hostname: record.hostname, startedAt: record.startedAt };
}

/** A process that ends without closing its stores (process.exit after a failed start, a test run) still lets go. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const entry of held.values()) {
      try {
        const current = parseLock(readFileSync(entry.file, 'utf8'));
        if (current?.token === entry.record.token) unlinkSync(entry.file);
      } catch {
        // Nothing to release, or nothing that can be done while exiting.
      }
    }
    held.clear();
  });
}

/**
 * kill(pid, 0) says whether the pid exists; EPERM means it does but belongs to another user. On Linux, /proc also
 * says when that process started: one started after the lock was taken is a later process that reuses the pid.
 */
function processState(pid: number, since: Date): 'alive' | 'gone' | 'reused' {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'gone';
  }
  const started = processStartTime(pid);
  // Clock ticks and the boot time are whole units: a second of slack keeps the holder itself from looking reused.
  return started !== undefined && started.getTime() > since.getTime() + 1000 ? 'reused' : 'alive';
}

/** Linux only: /proc/<pid>/stat field 22 is the start time in clock ticks (USER_HZ, 100) after boot. */
function processStartTime(pid: number): Date | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; fields after the last ')' are plain.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    const bootTime = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (!Number.isFinite(ticks) || !Number.isFinite(bootTime)) return undefined;
    return new Date(bootTime * 1000 + (ticks / 100) * 1000);
  } catch {
    return undefined;
  }
}
