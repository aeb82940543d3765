/**
 * Failures of the storage itself — the volume is full, or it refuses writes — as opposed to a bug or
 * a bad request. They are the operator's to fix, so the API names them (`storage-full`,
 * `storage-read-only`) instead of answering `500 internal`, readiness reports them, and a start on
 * such a store stops with one line (docs/operations.md#readiness-disk-full-and-read-only-stores).
 */

export type StorageFailure = 'storage-full' | 'storage-read-only';

/** No space left on the device, or the user's quota is used up. */
const FULL_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT']);
/** Raised only by writes: a file system mounted read-only. */
const READ_ONLY_CODES: ReadonlySet<string> = new Set(['EROFS']);
/** No permission. Reads raise these too, so they mean "read-only" only on a write (StorageWriteError). */
const PERMISSION_CODES: ReadonlySet<string> = new Set(['EACCES', 'EPERM']);

/**
 * A write into the store failed for one of the reasons above. Thrown by writeFileAtomic in place of
 * the raw errno error (kept as `cause`), so a permission error on a write can be told apart from
 * one on a read. `code` stays the errno code, for callers that test it.
 */
export class StorageWriteError extends Error {
  readonly code: string;

  constructor(
    readonly failure: StorageFailure,
    /** The file being written. */
    readonly target: string,
    cause: NodeJS.ErrnoException,
  ) {
    super(`could not write ${target}: ${cause.message}`, { cause });
    this.name = 'StorageWriteError';
    this.code = cause.code ?? 'EIO';
  }
}

/** What a failed write's error says about the storage, or undefined when it is not a storage failure. */
export function writeFailure(error: unknown): StorageFailure | undefined {
  const code = errnoCode(error);
  if (code === undefined) return undefined;
  if (FULL_CODES.has(code)) return 'storage-full';
  if (READ_ONLY_CODES.has(code) || PERMISSION_CODES.has(code)) return 'storage-read-only';
  return undefined;
}

/**
 * The same for an error from anywhere (a request handler, the start): full and read-only file
 * systems are recognised from any operation, permission errors only from a StorageWriteError.
 */
export function storageFailure(error: unknown): StorageFailure | undefined {
  if (error instanceof StorageWriteError) return error.failure;
  const code = errnoCode(error);
  if (code !== undefined && FULL_CODES.has(code)) return 'storage-full';
  if (code !== undefined && READ_ONLY_CODES.has(code)) return 'storage-read-only';
  return undefined;
}

/** What to tell an operator about each failure: what is wrong, and what to do about it (callers add "then …"). */
export const STORAGE_FAILURE_TEXT: Record<StorageFailure, { problem: string; fix: string }> = {
  'storage-full': {
    problem: 'the store has no space left (the disk or the quota of CONFIG_DIR is full)',
    fix: 'free space on the volume that holds CONFIG_DIR, or raise its quota',
  },
  'storage-read-only': {
    problem: 'the store refuses writes (CONFIG_DIR is on a read-only file system, or the server may not write there)',
    fix: "remount the volume read-write, or give the server's user write permission on CONFIG_DIR",
  },
};

function errnoCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}
