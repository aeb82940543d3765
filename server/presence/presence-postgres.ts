/**
 * Presence across instances on one database (docs/operations.md#several-instances): each instance keeps the entries
 * of its own streams in its row of `presence_instances` and NOTIFYs PRESENCE_CHANNEL when they change; the others
 * read the rows again. A row is refreshed every REFRESH_MS, so the row of an instance that was killed is ignored
 * after STALE_MS and its people drop out of everyone's picture.
 *
 * Informative only, like presence itself: a database error here is logged and the picture stays as it was.
 */
import { randomUUID } from 'node:crypto';
import type { PresenceEntry } from '../../schemas/contracts/index';
import { PRESENCE_CHANNEL } from '../storage/postgres/publish-listener';
import type { PostgresStore } from '../storage/postgres/index';
import type { PresenceExchange } from './presence-hub';

export const REFRESH_MS = 15_000;
/** Three missed refreshes: an instance this quiet is gone. */
export const STALE_MS = 3 * REFRESH_MS;

export interface PostgresPresenceOptions {
  refreshMs?: number;
  staleMs?: number;
  log?: (error: unknown, what: string) => void;
}

export class PostgresPresenceExchange implements PresenceExchange {
  readonly #store: PostgresStore;
  readonly #instance = randomUUID();
  readonly #staleMs: number;
  readonly #log: (error: unknown, what: string) => void;
  readonly #timer: NodeJS.Timeout;
  #entries: PresenceEntry[] = [];
  #listener: ((entries: PresenceEntry[]) => void) | undefined;
  #stopListening: (() => void) | undefined;
  /** Writes go one after another, so an older picture never lands after a newer one. */
  #writes: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(store: PostgresStore, options: PostgresPresenceOptions = {}) {
    this.#store = store;
    this.#staleMs = options.staleMs ?? STALE_MS;
    this.#log = options.log ?? (() => undefined);
    this.#timer = setInterval(() => {
      this.#write();
      void this.#read();
    }, options.refreshMs ?? REFRESH_MS);
    this.#timer.unref();
  }

  publish(entries: PresenceEntry[]): void {
    this.#entries = entries;
    this.#write(true);
  }

  subscribe(listener: (entries: PresenceEntry[]) => void): void {
    this.#listener = listener;
    this.#stopListening = this.#store.listen(
      PRESENCE_CHANNEL,
      (instance) => {
        if (instance !== this.#instance) void this.#read();
      },
      () => void this.#read(),
    );
    void this.#read();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    this.#stopListening?.();
    await this.#writes;
    await this.#store.pool
      .query(
        `WITH gone AS (DELETE FROM presence_instances WHERE instance = $1) SELECT pg_notify('${PRESENCE_CHANNEL}', $1)`,
        [this.#instance],
      )
      .catch((error: unknown) =>
        this.#log(error, 'presence: this instance could not take its row out; the others drop it within a minute'),
      );
  }

  /** Stores this instance's entries; `notify` tells the others to read them now (a refresh only keeps the row alive). */
  #write(notify = false): void {
    const entries = JSON.stringify(this.#entries);
    this.#writes = this.#writes.then(async () => {
      if (this.#closed) return;
      try {
        await this.#store.pool.query(
          `WITH up AS (INSERT INTO presence_instances (instance, entries, seen_at) VALUES ($1, $2, now())
             ON CONFLICT (instance) DO UPDATE SET entries = EXCLUDED.entries, seen_at = now())
           SELECT CASE WHEN $3 THEN pg_notify('${PRESENCE_CHANNEL}', $1) END`,
          [this.#instance, entries, notify],
        );
      } catch (error) {
        this.#log(error, 'presence: this instance could not tell the others who it holds');
      }
    });
  }

  async #read(): Promise<void> {
    try {
      const { rows } = await this.#store.pool.query<{ entries: PresenceEntry[] }>(
        `SELECT entries FROM presence_instances WHERE instance <> $1 AND seen_at > now() - $2 * interval '1 millisecond' ORDER BY instance`,
        [this.#instance, this.#staleMs],
      );
      if (!this.#closed) this.#listener?.(rows.flatMap((row) => row.entries));
    } catch (error) {
      this.#log(error, 'presence: the other instances could not be read');
    }
  }
}
