/**
 * Crash-safe file replacement: write a temp file beside the target, fsync it, rename it over the
 * target, then fsync the directory so the rename itself survives a power cut. A reader sees the old
 * file or the new one, never a torn one; a failed write removes its temp file, and a crash's
 * leftovers are swept at the next start (sweepTempFiles). A full or read-only store fails with a
 * StorageWriteError, which the API answers as storage-full / storage-read-only.
 */
import { randomBytes } from 'node:crypto';
import { open, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { StorageWriteError, writeFailure } from './storage-failure';

/** Temp files are dot-files ending in this suffix; nothing else in the store ends with it. */
export const TEMP_SUFFIX = '.tmp';

/**
 * Test seam: each hook may throw to simulate an I/O error (or a crash) at that point of the write.
 * Production code never sets these.
 */
export interface WriteFaults {
  /** Runs once half the bytes are in the temp file. */
  midWrite?(target: string): void | Promise<void>;
  /** Runs after the temp file is fsynced, before the rename that makes it visible. */
  beforeRename?(target: string): void | Promise<void>;
}

export interface AtomicWriteOptions {
  faults?: WriteFaults;
  /** File mode for a newly created file; users.json uses 0o600. */
  mode?: number;
}

export async function writeFileAtomic(
  target: string,
  data: Uint8Array | string,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  const dir = path.dirname(target);
  const temp = path.join(
    dir,
    `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`,
  );
  let renamed = false;
  try {
    // 'wx' refuses to reuse an existing path, so a stale or planted file is never written through.
    const handle = await open(temp, 'wx', options.mode ?? 0o644);
    try {
      const half = bytes.length >> 1;
      await handle.writeFile(bytes.subarray(0, half));
      await options.faults?.midWrite?.(target);
      await handle.writeFile(bytes.subarray(half));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await options.faults?.beforeRename?.(target);
    await rename(temp, target);
    renamed = true;
    await fsyncDirectory(dir);
  } catch (error) {
    // A full or read-only store is named as such, so the API can say so (storage-failure.ts).
    const failure = writeFailure(error);
    throw failure ? new StorageWriteError(failure, target, error as NodeJS.ErrnoException) : error;
  } finally {
    if (!renamed) await unlink(temp).catch(() => undefined);
  }
}

/** Makes a rename or a new directory entry durable. Some platforms cannot open directories; they skip it. */
export async function fsyncDirectory(dir: string): Promise<void> {
  let handle;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EBADF') throw error;
  } finally {
    await handle?.close();
  }
}

/** Removes temp files a killed process left behind in `dir` and its subdirectories. Returns how many. */
export async function sweepTempFiles(dir: string): Promise<number> {
  let removed = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) removed += await sweepTempFiles(full);
    else if (entry.isFile() && entry.name.startsWith('.') && entry.name.endsWith(TEMP_SUFFIX)) {
      await unlink(full);
      removed++;
    }
  }
  return removed;
}
