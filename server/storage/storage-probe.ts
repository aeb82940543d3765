/**
 * Can the store be written right now? The probe writes a throw-away file the way every save does
 * (writeFileAtomic: temp file, fsync, rename, directory fsync) and removes it again. A result is
 * kept for a few seconds, so readiness probes, however often they come, cost at most one small
 * write per interval; a save that fails on the storage drops it (forget), so readiness does not
 * report "ready" after the API has just answered storage-full.
 */
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { TEMP_SUFFIX, writeFileAtomic, type WriteFaults } from './atomic-write';
import { STORAGE_FAILURE_TEXT, storageFailure, type StorageFailure } from './storage-failure';

/** A temp-file name, so a probe cut short by a crash is swept at the next start like any other leftover. */
export const PROBE_FILE = `.readiness-probe${TEMP_SUFFIX}`;
export const PROBE_CACHE_MS = 5_000;

export type StorageCheck =
  | { ok: true; checkedAt: string }
  | {
      ok: false;
      /** storage-unavailable: the write failed for another reason (an I/O error); the log has it. */
      code: StorageFailure | 'storage-unavailable';
      message: string;
      hint: string;
      checkedAt: string;
      /** The error itself, for the log; never sent to clients (it holds server paths). */
      cause: unknown;
    };

export interface StorageProbeOptions {
  /** Test seam, the store's: the probe fails where a save would. */
  faults?: WriteFaults;
  cacheMs?: number;
  now?: () => number;
}

export class StorageProbe {
  readonly #file: string;
  readonly #faults: WriteFaults | undefined;
  readonly #cacheMs: number;
  readonly #now: () => number;
  #last: { at: number; result: Promise<StorageCheck> } | undefined;

  constructor(dir: string, options: StorageProbeOptions = {}) {
    this.#file = path.join(dir, PROBE_FILE);
    this.#faults = options.faults;
    this.#cacheMs = options.cacheMs ?? PROBE_CACHE_MS;
    this.#now = options.now ?? (() => Date.now());
  }

  /** The last result if it is recent (or still being computed), otherwise a new probe. */
  check(): Promise<StorageCheck> {
    const now = this.#now();
    if (this.#last && now - this.#last.at < this.#cacheMs) return this.#last.result;
    const result = this.#probe();
    this.#last = { at: now, result };
    return result;
  }

  /** Drops the cached result: the next check writes again. */
  forget(): void {
    this.#last = undefined;
  }

  async #probe(): Promise<StorageCheck> {
    const checkedAt = new Date(this.#now()).toISOString();
    try {
      await writeFileAtomic(this.#file, checkedAt, { ...(this.#faults ? { faults: this.#faults } : {}) });
      await unlink(this.#file);
      return { ok: true, checkedAt };
    } catch (cause) {
      const failure = storageFailure(cause);
      if (failure)
        return {
          ok: false,
          code: failure,
          message: STORAGE_FAILURE_TEXT[failure].problem,
          hint: STORAGE_FAILURE_TEXT[failure].fix,
          checkedAt,
          cause,
        };
      const errno = (cause as NodeJS.ErrnoException).code;
      return {
        ok: false,
        code: 'storage-unavailable',
        message: `a test write in the store failed${errno ? ` (${errno})` : ''}`,
        hint: 'check the server log and the volume that holds CONFIG_DIR',
        checkedAt,
        cause,
      };
    }
  }
}
