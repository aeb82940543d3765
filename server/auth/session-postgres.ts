/**
 * Sessions in PostgreSQL, for the Postgres store (docs/operations.md#postgresql): the `sessions` table (migration 2
 * in storage/postgres/migrations.ts) holds the SHA-256 of each token (never the token), the username, the role and
 * the expiry. Every instance on the database reads the same table, so a sign-in on one instance is valid on all of
 * them, a sign-out on one ends the session on all, and a restart signs nobody out.
 *
 * Nothing is kept in memory: each request reads its session (one indexed lookup). The sliding expiry is written
 * at most once per SESSION_EXPIRY_WRITE_MS per session, so a busy editor costs no write per request; a session's
 * stored expiry lags its slide by less than that. Expired rows are swept at open, at sign-in, periodically and
 * when their cookie is used. While the database is away, reads and writes fail with DatabaseUnavailableError
 * (503 with Retry-After), like the documents.
 *
 * Every delete NOTIFYs SESSIONS_CHANNEL with the ids it removed, in the same statement, so each instance ends the
 * connections it holds for them (auth/session-connections.ts, docs/workflow.md#presence); this instance's
 * listeners hear of its own deletes at once, without waiting for the notification.
 */
import type pg from 'pg';
import { holdPool, type HeldPool, type PoolSource } from '../storage/postgres/pool';
import { asDatabaseError } from '../storage/postgres/database-errors';
import type { PostgresStore } from '../storage/postgres/index';
import { SESSIONS_CHANNEL } from '../storage/postgres/publish-listener';
import type { SessionFileLoad, SessionLog } from './session-file';
import {
  newSessionToken,
  SESSION_EXPIRY_WRITE_MS,
  SESSION_IDLE_MS,
  SESSION_SWEEP_MS,
  SessionEndings,
  sessionDigest,
  type Session,
  type SessionStore,
} from './sessions';
import { ROLES, type Role } from './users-file';

export type PostgresSessionOptions = PoolSource & {
  log?: SessionLog;
  /** Keeps a session only while its user still exists with that role (checked on use); default: keep all. */
  accept?: (session: Session) => boolean;
  /** Test seam for the clock of the open and the periodic sweep. */
  now?: () => number;
  sweepEveryMs?: number;
  /** The store's listening connection, where the other instances' ended sessions are heard; without it, only this one's. */
  notices?: Pick<PostgresStore, 'listen'>;
};

/** Sessions are one small query each; a few connections serve any number of requests (when not lent the store's). */
const POOL_SIZE = 4;

export class PostgresSessionStore implements SessionStore {
  readonly #pool: pg.Pool;
  readonly #held: HeldPool;
  readonly #log: SessionLog;
  readonly #accept: (session: Session) => boolean;
  readonly #now: () => number;
  readonly #sweeper: NodeJS.Timeout;
  readonly #endings = new SessionEndings();
  readonly #stopListening: () => void;

  private constructor(held: HeldPool, options: PostgresSessionOptions) {
    this.#held = held;
    this.#pool = held.pool;
    this.#log = options.log ?? (() => undefined);
    this.#accept = options.accept ?? (() => true);
    this.#now = options.now ?? Date.now;
    this.#sweeper = setInterval(
      () => void this.#sweepLogged(this.#now(), 'the periodic sweep'),
      options.sweepEveryMs ?? SESSION_SWEEP_MS,
    );
    this.#sweeper.unref();
    // A gap (notifications missed while the connection was down) needs nothing here: the re-check of the
    // connections held for sessions finds what ended meanwhile (SESSION_RECHECK_MS).
    this.#stopListening =
      options.notices?.listen(
        SESSIONS_CHANNEL,
        (id) => this.#endings.ended(id),
        () => undefined,
      ) ?? (() => undefined);
  }

  /**
   * Connects and sweeps expired sessions. The table must exist: PostgresStore.open applies the migrations first.
   * `load.loaded` counts the live sessions of every instance on the database.
   */
  static async open(
    options: PostgresSessionOptions,
  ): Promise<{ sessions: PostgresSessionStore; load: SessionFileLoad }> {
    const held = holdPool(options, POOL_SIZE);
    const pool = held.pool;
    const sessions = new PostgresSessionStore(held, options);
    try {
      const dropped = await sessions.#sweep(sessions.#now());
      const { rows } = await pool.query<{ live: number }>('SELECT count(*)::int AS live FROM sessions');
      return { sessions, load: { loaded: rows[0]!.live, dropped } };
    } catch (error) {
      await sessions.close();
      throw asDatabaseError(error);
    }
  }

  async create(username: string, role: Role, now = Date.now()): Promise<string> {
    await this.#sweepLogged(now, 'the sweep at sign-in');
    const token = newSessionToken();
    await this.#query('INSERT INTO sessions (sha256, username, role, expires) VALUES ($1, $2, $3, $4)', [
      sessionDigest(token),
      username,
      role,
      new Date(now + SESSION_IDLE_MS),
    ]);
    return token;
  }

  async get(token: string | undefined, now = Date.now()): Promise<Session | undefined> {
    if (!token) return undefined;
    const digest = sessionDigest(token);
    const row = (
      await this.#query<{ username: string; role: string; expires: Date }>(
        'SELECT username, role, expires FROM sessions WHERE sha256 = $1',
        [digest],
      )
    )[0];
    if (!row) return undefined;
    const stored: Session = {
      id: digest,
      username: row.username,
      role: row.role as Role,
      expires: row.expires.getTime(),
    };
    // Expired, or its user is gone or has another role now: the cookie names no session any more, on any instance.
    if (stored.expires <= now || !ROLES.includes(stored.role) || !this.#accept(stored)) {
      await this.#deleteWhere('sha256 = $1', [digest]);
      return undefined;
    }
    const expires = now + SESSION_IDLE_MS;
    // GREATEST: another instance may have slid it further meanwhile; an expiry never moves back.
    if (expires - stored.expires >= SESSION_EXPIRY_WRITE_MS)
      await this.#query('UPDATE sessions SET expires = GREATEST(expires, $2) WHERE sha256 = $1', [
        digest,
        new Date(expires),
      ]);
    return { ...stored, expires };
  }

  async delete(token: string | undefined): Promise<void> {
    if (token) await this.#deleteWhere('sha256 = $1', [sessionDigest(token)]);
  }

  async live(ids: readonly string[], now = Date.now()): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.#query<{ sha256: string }>(
      'SELECT sha256 FROM sessions WHERE sha256 = ANY($1) AND expires > $2',
      [ids, new Date(now)],
    );
    return new Set(rows.map((row) => row.sha256));
  }

  onEnded(listener: (id: string) => void): () => void {
    return this.#endings.add(listener);
  }

  /** Stops the sweep and ends its own pool. Nothing is only in memory: a slide not yet written is under a minute. */
  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    this.#stopListening();
    await this.#held.release();
  }

  async #sweep(now: number): Promise<number> {
    return this.#deleteWhere('expires <= $1', [new Date(now)]);
  }

  /**
   * Deletes the sessions `where` selects and NOTIFYs each one's id, in one statement (so delivered exactly when the
   * delete commits); this instance's listeners are told at once. Returns how many it deleted.
   */
  async #deleteWhere(where: string, params: unknown[]): Promise<number> {
    const gone = await this.#query<{ sha256: string }>(
      `WITH gone AS (DELETE FROM sessions WHERE ${where} RETURNING sha256) SELECT sha256, pg_notify('${SESSIONS_CHANNEL}', sha256) FROM gone`,
      params,
    );
    for (const { sha256 } of gone) this.#endings.ended(sha256);
    return gone.length;
  }

  /** A sweep that fails (the database is away) is logged; the sign-in or the next sweep goes on without it. */
  async #sweepLogged(now: number, what: string): Promise<void> {
    try {
      await this.#sweep(now);
    } catch (error) {
      this.#log(
        'warn',
        `sessions: ${what} failed (${String(asDatabaseError(error))}); expired sessions stay until the next one`,
      );
    }
  }

  async #query<R extends pg.QueryResultRow>(sql: string, params: unknown[]): Promise<R[]> {
    try {
      return (await this.#pool.query<R>(sql, params)).rows;
    } catch (error) {
      throw asDatabaseError(error);
    }
  }
}
