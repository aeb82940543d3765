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
 */
import type pg from 'pg';
import { holdPool, type HeldPool, type PoolSource } from '../storage/postgres/pool';
import { asDatabaseError } from '../storage/postgres/database-errors';
import type { SessionFileLoad, SessionLog } from './session-file';
import { newSessionToken, SESSION_EXPIRY_WRITE_MS, SESSION_IDLE_MS, SESSION_SWEEP_MS, sessionDigest, type Session, type SessionStore } from './sessions';
import { ROLES, type Role } from './users-file';

export type PostgresSessionOptions = PoolSource & {
  log?: SessionLog;
  /** Keeps a session only while its user still exists with that role (checked on use); default: keep all. */
  accept?: (session: Session) => boolean;
  /** Test seam for the clock of the open and the periodic sweep. */
  now?: () => number;
  sweepEveryMs?: number;
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

  private constructor(held: HeldPool, options: PostgresSessionOptions) {
    this.#held = held;
    this.#pool = held.pool;
    this.#log = options.log ?? (() => undefined);
    this.#accept = options.accept ?? (() => true);
    this.#now = options.now ?? Date.now;
    this.#sweeper = setInterval(() => void this.#sweepLogged(this.#now(), 'the periodic sweep'), options.sweepEveryMs ?? SESSION_SWEEP_MS);
    this.#sweeper.unref();
  }

  /**
   * Connects and sweeps expired sessions. The table must exist: PostgresStore.open applies the migrations first.
   * `load.loaded` counts the live sessions of every instance on the database.
   */
  static async open(options: PostgresSessionOptions): Promise<{ sessions: PostgresSessionStore; load: SessionFileLoad }> {
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
    await this.#query('INSERT INTO sessions (sha256, username, role, expires) VALUES ($1, $2, $3, $4)', [sessionDigest(token), username, role, new Date(now + SESSION_IDLE_MS)]);
    return token;
  }

  async get(token: string | undefined, now = Date.now()): Promise<Session | undefined> {
    if (!token) return undefined;
    const digest = sessionDigest(token);
    const row = (await this.#query<{ username: string; role: string; expires: Date }>('SELECT username, role, expires FROM sessions WHERE sha256 = $1', [digest]))[0];
    if (!row) return undefined;
    const stored: Session = { username: row.username, role: row.role as Role, expires: row.expires.getTime() };
    // Expired, or its user is gone or has another role now: the cookie names no session any more, on any instance.
    if (stored.expires <= now || !ROLES.includes(stored.role) || !this.#accept(stored)) {
      await this.#query('DELETE FROM sessions WHERE sha256 = $1', [digest]);
      return undefined;
    }
    const expires = now + SESSION_IDLE_MS;
    // GREATEST: another instance may have slid it further meanwhile; an expiry never moves back.
    if (expires - stored.expires >= SESSION_EXPIRY_WRITE_MS) await this.#query('UPDATE sessions SET expires = GREATEST(expires, $2) WHERE sha256 = $1', [digest, new Date(expires)]);
    return { username: stored.username, role: stored.role, expires };
  }

  async delete(token: string | undefined): Promise<void> {
    if (token) await this.#query('DELETE FROM sessions WHERE sha256 = $1', [sessionDigest(token)]);
  }

  /** Stops the sweep and ends its own pool. Nothing is only in memory: a slide not yet written is under a minute. */
  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    await this.#held.release();
  }

  async #sweep(now: number): Promise<number> {
    const { rowCount } = await this.#pool.query('DELETE FROM sessions WHERE expires <= $1', [new Date(now)]);
    return rowCount ?? 0;
  }

  /** A sweep that fails (the database is away) is logged; the sign-in or the next sweep goes on without it. */
  async #sweepLogged(now: number, what: string): Promise<void> {
    try {
      await this.#sweep(now);
    } catch (error) {
      this.#log('warn', `sessions: ${what} failed (${String(asDatabaseError(error))}); expired sessions stay until the next one`);
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
